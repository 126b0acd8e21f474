import { headerEntry, mediaType, type MapEntry, type RestOperation, type RestParameter } from '../model';
import { pathPlaceholders, type Placeholder } from '../placeholders';
import { LOCATIONS } from '../vocabulary';

const NONE: readonly RestParameter[] = [];

/** What several rules ask of one operation, worked out once per check when first asked. */
export class OperationFacts {
  /** Per location (LOCATIONS' order), its parameters once asked for. */
  #byLocation: (readonly RestParameter[] | undefined)[] | undefined;
  #contentType: { entry: MapEntry<string> | undefined; media: string | undefined } | undefined;
  #pathPlaceholders: readonly Placeholder[] | undefined;

  constructor(readonly operation: RestOperation) {}

  /** The operation's parameters in one location, in order. */
  in(location: string): readonly RestParameter[] {
    const slot = (LOCATIONS as readonly string[]).indexOf(location);
    if (slot < 0) return parametersIn(this.operation.parameters, location);
    const lists = (this.#byLocation ??= new Array<readonly RestParameter[] | undefined>(LOCATIONS.length).fill(undefined));
    return (lists[slot] ??= parametersIn(this.operation.parameters, location));
  }

  /** The `{name}` placeholders of the operation's path, in order (none without a path). */
  get pathPlaceholders(): readonly Placeholder[] {
    return (this.#pathPlaceholders ??= this.operation.path ? pathPlaceholders(this.operation.path.value) : []);
  }

  /** The Content-Type header entry and its media type (lower-case, without parameters). */
  get contentType(): { entry: MapEntry<string> | undefined; media: string | undefined } {
    if (!this.#contentType) {
      const entry = headerEntry(this.operation.headers, 'Content-Type');
      this.#contentType = { entry, media: mediaType(entry?.value) };
    }
    return this.#contentType;
  }

  /** Whether a form parameter carries binary data (file or fileGallery). */
  get hasBinaryForm(): boolean {
    return this.in('form').some((p) => p.type?.value === 'file' || p.type?.value === 'fileGallery');
  }
}

/**
 * The parameters in one location, in order, in a list of their exact number (most locations of an operation have none
 * or one, and a list grown by pushing holds room for sixteen).
 */
function parametersIn(parameters: readonly RestParameter[], location: string): readonly RestParameter[] {
  // Indexed loops: an operation's facts are asked for while the code is still unoptimized, where for-of makes an
  // iterator and an object per step.
  let count = 0;
  for (let i = 0; i < parameters.length; i++) if ((parameters[i] as RestParameter).location?.value === location) count++;
  if (count === 0) return NONE;
  const list = new Array<RestParameter>(count);
  let at = 0;
  for (let i = 0; i < parameters.length; i++) {
    const parameter = parameters[i] as RestParameter;
    if (parameter.location?.value === location) list[at++] = parameter;
  }
  return list;
}
