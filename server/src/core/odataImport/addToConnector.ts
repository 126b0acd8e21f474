import { ConnectorText } from '../importing/connectorText';
import { IdAllocator } from '../importing/names';
import type { ImportNote } from '../importing/notes';
import { qualifyName } from '../metadata/lookups';
import type { ServiceMetadata } from '../metadata/model';
import { locatePath, pathSegments } from '../metadata/pathSyntax';
import { pathSuggestions, resolvePath, suggested, type PathSuggestions } from '../metadata/resourcePath';
import type { JsonValue } from '../tree';
import type { CustomRequestJson, ODataConnectorJson } from './types';

/** What adding to a connector file did, in the user's words, and the file's new text. */
export interface AddedToConnector {
  text: string;
  /** The ids of the requests added, as written. */
  added: string[];
  /** Each change to the file, and what was kept as it was. */
  changes: string[];
  /** Requests added under another id than planned, because the file had that id for something else. */
  notes: ImportNote[];
}

type JsonObject = { [key: string]: JsonValue };

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/**
 * What a request does, as far as telling an imported request from one already in the file goes: its kind and its
 * resource path with key values, parameters and aliases left out (`update Orders()`, `action Orders()/Ns.Release`).
 */
function requestSignature(service: ServiceMetadata, baseUrl: string | undefined, operation: unknown, url: unknown): string | undefined {
  if (typeof operation !== 'string' || typeof url !== 'string') return undefined;
  const located = locatePath(url, baseUrl);
  if (!located.ok) return undefined;
  const segments = pathSegments(url, located.start, located.end).map((s) => `${qualifyName(service, s.name)}${s.args ? '()' : ''}`);
  return `${operation} ${segments.join('/')}`;
}

/** Why a request of the file does not fit the service: the first problem of its path (a set, key or operation it lacks). */
function misfit(service: ServiceMetadata, baseUrl: string | undefined, url: unknown, suggestions: PathSuggestions): string | undefined {
  if (typeof url !== 'string') return undefined;
  const resolved = resolvePath(service, url, baseUrl);
  const problem = resolved.ok ? resolved.path.problems[0] : undefined;
  return problem && suggested(problem, suggestions).message;
}

function requestsOf(json: JsonObject): JsonObject[] {
  return (Array.isArray(json.customRequests) ? json.customRequests : []).map(asObject).filter((r): r is JsonObject => r !== undefined);
}

type Finder = (request: Pick<CustomRequestJson, 'id' | 'operation' | 'url'>) => { request: JsonObject; sameId: boolean } | undefined;

/** How an imported request is found among a file's: the same id and kind, else the same kind on the same resource. */
function finderOf(existing: readonly JsonObject[], service: ServiceMetadata, baseUrl: string | undefined): Finder {
  const byId = new Map(existing.map((r) => [r.id, r]));
  const bySignature = new Map<string, JsonObject>();
  for (const r of existing) {
    const signature = requestSignature(service, baseUrl, r.operation, r.url);
    if (signature !== undefined && !bySignature.has(signature)) bySignature.set(signature, r);
  }
  return (request) => {
    const same = byId.get(request.id);
    if (same && same.operation === request.operation) return { request: same, sameId: true };
    const signature = requestSignature(service, baseUrl, request.operation, request.url);
    const equivalent = signature === undefined ? undefined : bySignature.get(signature);
    return equivalent ? { request: equivalent, sameId: false } : undefined;
  };
}

/** Which of an import's requests a connector text already has (by the id it has it under), as the import would find them. */
export function requestsAlreadyIn(text: string, service: ServiceMetadata): (request: Pick<CustomRequestJson, 'id' | 'operation' | 'url'>) => string | undefined {
  const json = new ConnectorText(text).json();
  const find = finderOf(requestsOf(json), service, typeof json.baseUrl === 'string' ? json.baseUrl : undefined);
  return (request) => {
    const id = find(request)?.request.id;
    return typeof id === 'string' ? id : undefined;
  };
}

/**
 * Adds an import's Custom requests to an existing OData connector file. A request the file already has (the same id,
 * or the same kind on the same resource) is left exactly as the user keeps it; new ones are appended, under another
 * id where the file uses theirs for something else. The connector's settings and comments stay; a request of the
 * file whose resource the service no longer has is reported, never removed.
 */
export function addToConnector(text: string, imported: ODataConnectorJson, service: ServiceMetadata): AddedToConnector | { problem: string } {
  const file = new ConnectorText(text);
  const tooDeep = file.nestingProblem();
  if (tooDeep !== undefined) return { problem: tooDeep };
  const json = file.json();
  if (json.kind !== 'odata') return { problem: 'The existing file is not an OData connector ("kind": "odata"); choose another file to write to.' };
  const changes: string[] = [];
  const notes: ImportNote[] = [];
  // Each where an import writes it: after the name, the base URL, the version.
  const places = { baseUrl: ['description', 'name', 'kind'], connectorVersion: ['baseUrl', 'description', 'name'], metadata: ['connectorVersion', 'baseUrl'] };
  for (const key of ['baseUrl', 'connectorVersion', 'metadata'] as const) {
    if (json[key] === undefined) {
      file.insert(key, imported[key], places[key]);
      changes.push(`${key} added (${JSON.stringify(imported[key])}).`);
    } else if (key === 'metadata' && json[key] !== imported[key]) {
      changes.push(`metadata kept as it is in the file (${JSON.stringify(json[key])}); this import read ${JSON.stringify(imported[key])}, and the checks read the file the connector names.`);
    }
  }
  const baseUrl = typeof json.baseUrl === 'string' ? json.baseUrl : imported.baseUrl;
  const existing = requestsOf(json);
  const ids = new IdAllocator(existing.map((r) => r.id).filter((id): id is string => typeof id === 'string'));
  const find = finderOf(existing, service, baseUrl);
  const added: CustomRequestJson[] = [];
  const keptAs: string[] = [];
  let kept = 0;
  for (const request of imported.customRequests) {
    const found = find(request);
    if (found?.sameId) kept++;
    else if (found) keptAs.push(`${request.id}: the file has '${String(found.request.id)}' for it (${request.operation} ${request.url}); kept as it is.`);
    if (found) continue;
    const id = ids.allocate(request.id);
    if (id !== request.id) notes.push({ kind: 'changed', where: id, reason: `The file already has a request '${request.id}' that does something else; this one is '${id}'.` });
    added.push({ ...request, id });
  }
  file.append('customRequests', added as unknown as JsonValue[]);
  for (const request of added) changes.push(`Custom request '${request.id}' added (${request.operation} ${request.url}).`);
  if (kept > 0) changes.push(`${kept} request${kept === 1 ? ' was' : 's were'} already in the file; kept as ${kept === 1 ? 'it is' : 'they are'}.`);
  changes.push(...keptAs);
  // The file's requests share one budget of suggestions, as they do in its check.
  const suggestions = pathSuggestions();
  for (const request of existing) {
    const problem = misfit(service, baseUrl, request.url, suggestions);
    if (problem && typeof request.id === 'string') changes.push(`Custom request '${request.id}' does not fit the service's metadata (any longer): ${problem} Kept as it is; change or remove it.`);
  }
  return { text: file.text, added: added.map((r) => r.id), changes, notes };
}
