// A request's body as the operation's parameters: form fields (urlencoded or multipart, files as file parameters), a
// JSON body as a body parameter with a model inferred from the example, text as a string, XML as an object when the
// tool writes it back byte for byte, anything else as a stream from a file. Each with its example.
import { looksLikeCredential } from '../credentialNames';
import { mediaType } from '../model';
import type { ModelJson } from '../openapi/types';
import { xmlOf } from '../request/xml';
import { isJsonObject, stringifyExact, type ExactJson } from '../values/exactJson';
import { parseExact } from '../values/exactParse';
import { typeOfExampleText } from '../values/examples';
import { xmlLibrary } from '../xmlLibrary';
import type { CapturedBody } from './captured';
import { modelOfExample } from './exampleModel';
import { parameterFromTexts, parametersFromPairs, type Written } from './examples';

/** What the body mapping needs to know. */
export interface BodyContext {
  method: string;
  /** The request's Content-Type, when it has one. */
  contentType: string | undefined;
  /** A free model name for the operation's body. */
  modelName: () => string;
  /** A file path as the values file names it (relative to the connector when inside its folder). */
  filePath: (path: string) => string;
  /** Credential values found in the body, which no file may hold. */
  secrets: string[];
}

/** The body's parameters, models and examples, and the Content-Type to send (null: none). */
export interface MappedBody {
  models: Record<string, ModelJson>;
  contentType?: string | null;
}

const OCTET_STREAM = 'application/octet-stream';
const JSON_MEDIA = /^application\/(.+\+)?json$/;
const XML_MEDIA = /^(application|text)\/(.+\+)?xml$/;

/** A JSON example without its credentials: properties named like a password or token lose their value (it is recorded as a secret). */
function withoutCredentials(value: ExactJson, secrets: string[], removed: string[], depth = 0): ExactJson {
  if (depth > 32) return value;
  if (Array.isArray(value)) return value.map((v) => withoutCredentials(v, secrets, removed, depth + 1));
  if (!isJsonObject(value)) return value;
  const out: { [key: string]: ExactJson } = {};
  for (const [key, member] of Object.entries(value)) {
    if (looksLikeCredential(key) && (typeof member === 'string' || typeof member === 'number')) {
      if (member !== '') secrets.push(String(member));
      removed.push(key);
      continue;
    }
    Object.defineProperty(out, key, { value: withoutCredentials(member, secrets, removed, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** An XML document as the object the tool writes back to the same bytes, with its root element's name; undefined when it is not. */
function xmlObject(text: string): { root: string; value: ExactJson } | undefined {
  try {
    const parser = new (xmlLibrary().XMLParser)({ ignoreAttributes: false, parseTagValue: false, ignoreDeclaration: true, isArray: () => false });
    const parsed = parser.parse(text, true) as Record<string, unknown>;
    const keys = Object.keys(parsed);
    if (keys.length !== 1) return undefined;
    const root = keys[0] as string;
    const value = parsed[root];
    if (!isJsonObject(value as ExactJson)) return undefined;
    const typed = typedXml(value as ExactJson);
    return xmlOf(root, typed) === text ? { root, value: typed } : undefined;
  } catch {
    return undefined;
  }
}

/** XML text values typed as examples type them (the tool writes each back as its text). */
function typedXml(value: ExactJson): ExactJson {
  if (typeof value === 'string') return typeOfExampleText(value).value;
  if (Array.isArray(value)) return value.map(typedXml);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typedXml(v)]));
  return value;
}

/** The body parameter of a JSON (or XML) value: object with its model, array (of objects with a model), or a scalar. */
function valueParameter(out: Written, models: Record<string, ModelJson>, value: ExactJson, context: BodyContext, modelName?: string): void {
  if (isJsonObject(value)) {
    const name = modelName ?? context.modelName();
    models[name] = modelOfExample(value);
    out.parameters.push({ name: 'body', location: 'body', type: 'object', required: true, model: name });
    out.examples.body = value;
    return;
  }
  if (Array.isArray(value)) {
    const model = modelOfExample(value);
    const items = model.items;
    if (items?.type === 'object') {
      const name = context.modelName();
      models[name] = items;
      out.parameters.push({ name: 'body', location: 'body', type: 'array', required: true, items: { type: 'object' }, model: name });
    } else {
      out.parameters.push({ name: 'body', location: 'body', type: 'array', required: true, items: { type: items?.type ?? 'string', ...(items?.format ? { format: items.format } : {}) } });
    }
    out.examples.body = value;
    return;
  }
  const text = value === null ? 'null' : stringifyExact(value);
  const typed = typeof value === 'string' ? { type: 'string' as const, value } : typeOfExampleText(text);
  out.parameters.push({ name: 'body', location: 'body', type: typed.type, required: true, ...('format' in typed && typed.format && typed.format !== 'date-time' ? { format: typed.format } : {}) });
  out.examples.body = typed.value;
}

/** Maps a body to parameters (added to `out`); what it cannot keep as it is goes to `out.notes`. */
export function mapBody(body: CapturedBody, out: Written, context: BodyContext): MappedBody {
  const media = mediaType(context.contentType) ?? '';
  const models: Record<string, ModelJson> = {};
  if (body.kind === 'multipart') {
    for (const part of body.parts) {
      if (part.kind === 'field') {
        const secret = looksLikeCredential(part.name) && !part.hole;
        if (secret && part.value !== '') context.secrets.push(part.value);
        if (secret) out.notes.push({ kind: 'changed', item: part.name, reason: `Form field '${part.name}' looks like a credential; its value is not written to any file: supply it when sending.` });
        parameterFromTexts(out, part.name, 'form', [part.value], { withoutExample: secret || part.hole !== undefined });
        continue;
      }
      const path = part.path === undefined ? undefined : context.filePath(part.path);
      const named = part.filename !== undefined && part.filename !== 'unknown';
      out.parameters.push({ name: part.name, location: 'form', type: named ? 'fileGallery' : 'file' });
      if (path !== undefined) out.examples[part.name] = named ? { Filename: part.filename ?? '', Data: path } : path;
      if (part.contentType !== undefined && part.contentType !== 'application/octet-stream') out.notes.push({ kind: 'changed', item: part.name, reason: `File part '${part.name}' is sent as application/octet-stream, as the platform sends files (the source said ${part.contentType}).` });
      if (part.filename === undefined && part.path !== undefined) out.notes.push({ kind: 'changed', item: part.name, reason: `File part '${part.name}' is named 'unknown', as the platform names an uploaded file (the source sent its file name).` });
    }
    return { models, contentType: 'multipart/form-data' };
  }
  if (body.kind === 'urlencoded') {
    parametersFromPairs(out, 'form', body.fields.map((f) => ({ name: f.name, value: encodeURIComponent(f.value) })), false);
    return { models, contentType: 'application/x-www-form-urlencoded' };
  }
  if (body.kind === 'file') {
    out.parameters.push({ name: 'body', location: 'body', type: 'stream', required: true });
    out.examples.body = context.filePath(body.path);
    if (media !== OCTET_STREAM) out.notes.push({ kind: 'changed', item: 'body', reason: `The body is file ${body.path}, sent as ${OCTET_STREAM}, as the platform sends a file body${media ? ` (the source said ${media})` : ''}.` });
    return { models, contentType: OCTET_STREAM };
  }
  const text = body.text;
  if (media === 'application/x-www-form-urlencoded' && context.method !== 'DELETE') {
    const pairs = text.split('&').filter((p) => p !== '').map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? { name: decodeURIComponent(pair.replace(/\+/g, ' ')), value: '' } : { name: decodeURIComponent(pair.slice(0, eq).replace(/\+/g, ' ')), value: pair.slice(eq + 1) };
    });
    for (const pair of pairs) {
      if (looksLikeCredential(pair.name) && pair.value !== '') {
        context.secrets.push(decodeURIComponent(pair.value.replace(/\+/g, ' ')), pair.value);
        out.notes.push({ kind: 'changed', item: pair.name, reason: `Form field '${pair.name}' looks like a credential; its value is not written to any file: supply it when sending.` });
      }
    }
    const before = out.parameters.length;
    parametersFromPairs(out, 'form', pairs, true);
    for (const parameter of out.parameters.slice(before)) if (looksLikeCredential(parameter.name)) delete out.examples[parameter.name];
    return { models };
  }
  if (media === '' || JSON_MEDIA.test(media)) {
    const parsed = text.trim() === '' ? undefined : parseExact(text);
    if (parsed?.ok) {
      const removed: string[] = [];
      const value = withoutCredentials(parsed.value, context.secrets, removed);
      valueParameter(out, models, value, context);
      if (removed.length > 0) out.notes.push({ kind: 'changed', item: 'body', reason: `The body's ${removed.map((r) => `'${r}'`).join(', ')} look${removed.length === 1 ? 's' : ''} like credentials: the example in the values file leaves ${removed.length === 1 ? 'it' : 'them'} out; supply ${removed.length === 1 ? 'it' : 'them'} when sending.` });
      if (stringifyExact(parsed.value) !== text) out.notes.push({ kind: 'changed', item: 'body', reason: 'The JSON body is sent as compact JSON (the same value, without the spaces and line breaks of the source).' });
      return { models };
    }
    if (media !== '') out.notes.push({ kind: 'changed', item: 'body', reason: `The body is not valid JSON (${parsed ? parsed.message : 'it is empty'}).` });
  }
  if (media.startsWith('text/') && !XML_MEDIA.test(media)) {
    out.parameters.push({ name: 'body', location: 'body', type: 'string', required: true });
    out.examples.body = text;
    return { models };
  }
  if (XML_MEDIA.test(media)) {
    const xml = xmlObject(text);
    if (xml) {
      valueParameter(out, models, xml.value, context, xml.root);
      return { models };
    }
  }
  // What the tool itself writes for a scalar or a list under such a Content-Type: its JSON text.
  const json = parseExact(text);
  if (json.ok && !isJsonObject(json.value) && stringifyExact(json.value) === text && !(Array.isArray(json.value) && XML_MEDIA.test(media))) {
    valueParameter(out, models, json.value, context);
    return { models };
  }
  if (XML_MEDIA.test(media)) {
    out.parameters.push({ name: 'body', location: 'body', type: 'string', required: true });
    out.examples.body = text;
    out.notes.push({ kind: 'changed', item: 'body', reason: `The XML body is not one the tool writes from a model (attributes, namespaces or mixed content); it is a text body sent as it is, with Content-Type text/xml instead of ${media}.` });
    return media === 'text/xml' ? { models } : { models, contentType: 'text/xml' };
  }
  out.parameters.push({ name: 'body', location: 'body', type: 'stream', required: true });
  out.notes.push({ kind: 'changed', item: 'body', reason: `The ${media || 'untyped'} body (${Buffer.byteLength(text)} bytes) is sent as it is from a file with Content-Type ${OCTET_STREAM}, as the platform sends such a body: save the example as a file and name it in the values file.` });
  return { models, contentType: OCTET_STREAM };
}
