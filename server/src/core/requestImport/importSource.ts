// An import of requests from start to text: the source read (a curl command line, a Postman collection, a HAR file,
// or what the text turns out to be), the connector made, and the connector file's and values file's new texts (a new
// file, or the user's file with what is new added, their comments and operations kept). Shared by the command line,
// the editor's command and the conversion of a pasted curl command.
import type { ImportNote } from '../importing/notes';
import { printConnectorJson } from '../importing/printConnector';
import { authorizationOf, reimportInto } from '../openapi/reimport';
import type { JsonValue } from '../tree';
import type { CapturedRequest } from './captured';
import { readCurlScript } from './curlScript';
import { isHar, readHar } from './har';
import { importRequests, listOrigins, type RequestImportOptions, type RequestImportResult } from './importRequests';
import { isPostmanCollection, readPostmanCollection } from './postman';
import { shellQuote } from '../request/curl';
import { ConnectorText } from '../importing/connectorText';
import { valuesFileText } from './valuesText';

/** The kinds of source an import of requests reads. */
export type RequestSourceKind = 'curl' | 'postman' | 'har';

/** The names of the kinds, for messages. */
export const SOURCE_NAMES: Record<RequestSourceKind, string> = { curl: 'curl command', postman: 'Postman collection', har: 'HAR file' };

/** What an import of requests is given. */
export interface RequestImportInput extends RequestImportOptions {
  /** What the source is; found from the text when absent. */
  kind?: RequestSourceKind;
  /** The source's text (a command line, a collection's or HAR file's JSON). */
  text: string;
  /** How the source is named in the connector's first-line comment. */
  label: string;
  /** HAR: globs over the URLs to take instead of the API calls. */
  include?: string;
  /** Postman: an environment export whose values fill the collection's variables (its JSON text). */
  environmentText?: string;
  /** The connector file being updated, when it exists. */
  existingText?: string;
  /** Its values file, when it exists. */
  existingValuesText?: string;
}

/** What the import made, ready to write. */
export interface RequestImportTexts {
  kind: RequestSourceKind;
  /** The connector file's new text. */
  text: string;
  /** The values file's new text (undefined when there are no examples and no file). */
  valuesText?: string;
  result: RequestImportResult;
  /** For an update: what changed in the connector. */
  changes?: string[];
  /** What changed in the values file. */
  valuesChanges: string[];
}

/** Why nothing was made: a message, and for a command line where in it. */
export interface RequestImportError {
  message: string;
  offset?: number;
}

/** What a source's text is: JSON with a HAR log or a collection's info and items, else a command line. */
export function detectRequestSource(text: string): RequestSourceKind | undefined {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (isHar(value)) return 'har';
      if (isPostmanCollection(value)) return 'postman';
    } catch {
      return undefined;
    }
    return undefined;
  }
  return /(^|[\s;&|(])curl(\.exe)?\s/.test(trimmed) ? 'curl' : undefined;
}

/** Whether a text is an OpenAPI or Swagger document (JSON or YAML with `openapi` or `swagger` at its top level), which the OpenAPI import reads. */
export function isOpenApiText(text: string): boolean {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      return typeof value === 'object' && value !== null && ('openapi' in value || 'swagger' in value);
    } catch {
      return false;
    }
  }
  return /^(?:openapi|swagger|"openapi"|"swagger"|'openapi'|'swagger')[ \t]*:/m.test(trimmed);
}

/** A command line of the arguments a shell already split (`connector import curl -- -X POST ...`). */
export function commandLineOf(argv: readonly string[]): string {
  const words = argv[0] === 'curl' ? argv.slice(1) : argv;
  return ['curl', ...words.map((w) => shellQuote(w))].join(' ');
}

function parseJson(text: string, what: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (error) {
    return { ok: false, message: `The ${what} is not JSON: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

/** Reads a source into requests. */
export function readRequests(input: RequestImportInput): { ok: true; kind: RequestSourceKind; requests: CapturedRequest[]; notes: ImportNote[]; name: string } | ({ ok: false } & RequestImportError) {
  const kind = input.kind ?? detectRequestSource(input.text);
  if (!kind) return { ok: false, message: `${input.label} is neither a curl command, a Postman collection (v2.0 or v2.1) nor a HAR file.` };
  if (kind === 'curl') {
    const read = readCurlScript(input.text);
    if (!read.ok) return { ok: false, message: `The curl command cannot be read: ${read.message}.`, offset: read.offset };
    const host = read.requests[0]?.origin.replace(/^[a-z]+:\/\//, '') ?? '';
    return { ok: true, kind, requests: read.requests, notes: read.notes, name: host || 'Imported API' };
  }
  const parsed = parseJson(input.text, SOURCE_NAMES[kind]);
  if (!parsed.ok) return parsed;
  if (kind === 'har') {
    const read = readHar(parsed.value, input.include);
    return read.ok ? { ...read, kind } : read;
  }
  let environment: unknown;
  if (input.environmentText !== undefined) {
    const env = parseJson(input.environmentText, 'Postman environment');
    if (!env.ok) return env;
    environment = env.value;
  }
  const read = readPostmanCollection(parsed.value, environment);
  return read.ok ? { ...read, kind } : read;
}

/** Imports a source into connector and values texts: a new connector, or the existing one brought up to date. */
export function importRequestTexts(input: RequestImportInput): ({ ok: true } & RequestImportTexts) | ({ ok: false } & RequestImportError) {
  const read = readRequests(input);
  if (!read.ok) return read;
  const existing = input.existingText !== undefined && input.existingText.trim() !== '' ? input.existingText : undefined;
  let existingOptions: RequestImportOptions['existing'];
  if (existing !== undefined) {
    const file = new ConnectorText(existing);
    const json = file.json();
    if (file.nestingProblem() === undefined && json.kind !== undefined && json.kind !== 'rest') return { ok: false, message: 'The existing file is not a REST connector ("kind": "rest"); choose another file to write to.' };
    const authorization = authorizationOf(existing);
    const models = json.models;
    existingOptions = {
      ...(typeof json.baseUrl === 'string' && /^https?:\/\//i.test(json.baseUrl) ? { baseUrl: json.baseUrl } : {}),
      ...(authorization ? { authorization } : {}),
      modelNames: models && typeof models === 'object' && !Array.isArray(models) ? Object.keys(models) : [],
    };
  }
  const imported = importRequests(read.requests, read.name, { ...input, ...(existingOptions ? { existing: existingOptions } : {}) }, read.notes);
  if (!imported.ok) return { ok: false, message: imported.failure.message };
  const result = imported.result;
  let text: string;
  let changes: string[] | undefined;
  if (existing !== undefined) {
    const updated = reimportInto(existing, result.connector);
    if ('problem' in updated) return { ok: false, message: updated.problem };
    text = updated.text;
    changes = updated.changes.filter((c) => !/is not in the imported operations/.test(c));
  } else {
    text = `// Imported from ${input.label.replace(/[\r\n]+/g, ' ')} by connector import ${read.kind}.\n${printConnectorJson(result.connector as unknown as JsonValue)}\n`;
  }
  let valuesText: string | undefined;
  let valuesChanges: string[] = [];
  if (Object.keys(result.values).length > 0) {
    const values = valuesFileText(input.existingValuesText, result.values);
    if (!values.ok) return { ok: false, message: values.problem };
    valuesText = values.text;
    valuesChanges = values.changes;
  }
  return { ok: true, kind: read.kind, text, ...(valuesText !== undefined ? { valuesText } : {}), result, ...(changes ? { changes } : {}), valuesChanges };
}

/** What a source is and the origins its requests go to (most requests first), for choosing one. */
export function listRequestOrigins(input: Pick<RequestImportInput, 'text' | 'label' | 'kind' | 'environmentText' | 'include'>): { ok: true; kind: RequestSourceKind; origins: { origin: string; count: number }[] } | ({ ok: false } & RequestImportError) {
  const read = readRequests(input);
  if (!read.ok) return read;
  return { ok: true, kind: read.kind, origins: listOrigins(read.requests) };
}
