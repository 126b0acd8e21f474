import { withoutTrailingSlashes } from '../http/url';
import { globsMatcher } from '../importing/names';
import type { ImportNote } from '../importing/notes';
import { propertiesOf, structuredType } from '../metadata/lookups';
import type { ServiceMetadata } from '../metadata/model';
import { CUSTOM_REQUEST_MIN_VERSION } from '../vocabulary';
import { planService, type PlannedChoice } from './plan';
import type { MetadataChoice, ODataConnectorJson, ODataImportFailure, ODataImportOptions, ODataImportResult } from './types';
import { writeRequest } from './writeRequests';

/** The base URL written when neither the user nor an existing connector gives one: a reserved name that reaches nothing. */
export const PLACEHOLDER_BASE_URL = 'https://service.example/odata';

const plans = new WeakMap<ServiceMetadata, PlannedChoice[]>();

/** The service's plan, made once per service. */
function planOf(service: ServiceMetadata): PlannedChoice[] {
  let choices = plans.get(service);
  if (!choices) {
    choices = planService(service);
    plans.set(service, choices);
  }
  return choices;
}

const listed = new WeakMap<ServiceMetadata, MetadataChoice[]>();

/** What a service offers to import, in the document's order, for pickers and for choosing by glob (made once per service). */
export function listMetadataChoices(service: ServiceMetadata): MetadataChoice[] {
  const known = listed.get(service);
  if (known) return known;
  const choices = planOf(service).map((c): MetadataChoice => ({
    key: c.key,
    kind: c.kind,
    source: c.source,
    label: c.label,
    requests: c.requests.map((r) => {
      const written = writeRequest(service, r);
      return { id: r.id, operation: written.operation, url: written.url };
    }),
    leftOut: c.leftOut,
  }));
  listed.set(service, choices);
  return choices;
}

/** The connector's default name: the namespace its entity container is declared in (`IfsApp.CustomerOrderHandling`). */
function serviceName(service: ServiceMetadata): string {
  const container = service.container;
  if (!container) return 'OData service';
  const namespace = container.qualifiedName.slice(0, container.qualifiedName.length - container.name.length - 1);
  return namespace || container.name;
}

/** Notes on what the chosen sources hold that no Custom request can carry: stream properties and media content. */
function streamNotes(service: ServiceMetadata, chosen: readonly PlannedChoice[]): ImportNote[] {
  const notes: ImportNote[] = [];
  const seen = new Set<string>();
  for (const choice of chosen) {
    if ((choice.kind !== 'entitySet' && choice.kind !== 'singleton') || seen.has(choice.source)) continue;
    seen.add(choice.source);
    const child = service.container?.children.get(choice.source);
    const type = child?.kind === 'entitySet' ? structuredType(service, child.entityType) : child?.kind === 'singleton' ? structuredType(service, child.type) : undefined;
    if (!type) continue;
    for (const property of propertiesOf(service, type).values()) {
      if (property.type.name !== 'Edm.Stream') continue;
      notes.push({ kind: 'left-out', where: choice.source, item: property.name, reason: `'${property.name}' is a stream property (binary content): a Custom request sends and answers JSON only, so it is in no body or response structure. Use the projection's own binary-download operation for it.` });
    }
    if (type.hasStream) notes.push({ kind: 'left-out', where: choice.source, item: '$value', reason: `${choice.source} holds media entities: their binary content ($value) cannot be downloaded with a Custom request; the requests read and write their properties only.` });
  }
  return notes;
}

/** The choices an import takes: the keys given, else those whose entity set, singleton or import matches the globs. */
function chosenOf(all: readonly PlannedChoice[], options: ODataImportOptions): PlannedChoice[] {
  if (options.choices) {
    const keys = new Set(options.choices);
    return all.filter((c) => keys.has(c.key));
  }
  const matches = globsMatcher(options.entitySets);
  return all.filter((c) => matches(c.source));
}

/**
 * Writes an OData connector's Custom requests from a service's metadata: for each chosen entity set its list, get,
 * create, update and delete, its bound actions and functions, and the chosen operation imports, each with the
 * response structure the metadata gives. What the metadata forbids or the platform cannot hold is a note.
 */
export function importMetadata(service: ServiceMetadata, options: ODataImportOptions): { ok: true; result: ODataImportResult } | { ok: false; failure: ODataImportFailure } {
  if (!service.container) return { ok: false, failure: { code: 'no-container', message: 'The metadata declares no entity container, so the service offers nothing to call.' } };
  const all = planOf(service);
  const chosen = chosenOf(all, options);
  const requests = chosen.flatMap((c) => c.requests);
  if (requests.length === 0 && chosen.every((c) => c.leftOut.length === 0)) {
    const names = [...new Set(all.map((c) => c.source))];
    const listed = `${names.slice(0, 12).join(', ')}${names.length > 12 ? `, ... (${names.length} in all)` : ''}`;
    const message = options.entitySets
      ? `No entity set, singleton or operation import matches '${options.entitySets}'. The service has: ${listed || 'nothing'}.`
      : options.choices ? 'Nothing was chosen that the service has.' : 'The service declares no entity set, singleton or operation import.';
    return { ok: false, failure: { code: 'nothing-chosen', message } };
  }
  const notes: ImportNote[] = [];
  if (!options.baseUrl) notes.push({ kind: 'changed', where: 'connector', item: 'baseUrl', reason: `The metadata does not say where the service is; baseUrl is ${PLACEHOLDER_BASE_URL}. Set the service root (or import with --base-url).` });
  const reported = new Set<string>();
  for (const choice of chosen) {
    for (const reason of choice.leftOut) {
      if (reported.has(`${choice.source}\n${reason}`)) continue;
      reported.add(`${choice.source}\n${reason}`);
      notes.push({ kind: 'left-out', where: choice.source, reason });
    }
  }
  notes.push(...streamNotes(service, chosen));
  for (const request of requests) {
    if (request.clashed) notes.push({ kind: 'changed', where: request.id, reason: `Another request of this service is named '${request.clashed}'; this one is '${request.id}'.` });
  }
  const connector: ODataConnectorJson = {
    kind: 'odata',
    name: options.name ?? serviceName(service),
    baseUrl: withoutTrailingSlashes(options.baseUrl ?? PLACEHOLDER_BASE_URL),
    connectorVersion: CUSTOM_REQUEST_MIN_VERSION,
    metadata: options.metadataPath,
    customRequests: requests.map((r) => writeRequest(service, r)),
  };
  return { ok: true, result: { connector, notes } };
}
