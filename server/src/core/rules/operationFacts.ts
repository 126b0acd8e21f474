import { headerEntry, mediaType, type MapEntry, type RestOperation, type RestParameter } from '../model';
import { pathPlaceholders, type Placeholder } from '../placeholders';

const NONE: readonly RestParameter[] = [];

/** What several rules ask of one operation, worked out once per check when first asked. */
export class OperationFacts {
  #byLocation: Map<string, RestParameter[]> | undefined;
  #contentType: { entry: MapEntry<string> | undefined; media: string | undefined } | undefined;
  #pathPlaceholders: readonly Placeholder[] | undefined;

  constructor(readonly operation: RestOperation) {}

  /** The operation's parameters in one location, in order. */
  in(location: string): readonly RestParameter[] {
    if (!this.#byLocation) {
      this.#byLocation = new Map();
      for (const parameter of this.operation.parameters) {
        const where = parameter.location?.value;
        if (where === undefined) continue;
        const list = this.#byLocation.get(where);
        if (list) list.push(parameter);
        else this.#byLocation.set(where, [parameter]);
      }
    }
    return this.#byLocation.get(location) ?? NONE;
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
