import { mediaType } from '../mediaType';
import { asArray, asObject, asString } from './document';
import { ModelCollector, schemaType } from './models';
import { importParameter, orderedParameter, separationOfStyle } from './parameters';
import { formatFor, itemsOf, valueRules } from './schemaFields';
import type { ImportNote, JsonObject, OpenApiVersion, ParameterJson } from './types';

const FORM_URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
const OCTET_STREAM = 'application/octet-stream';

/** What an operation's request body becomes: body or form parameters, the Content-Type to send, and notes. */
export interface BodyOutcome {
  parameters: ParameterJson[];
  contentType?: string;
  notes: Omit<ImportNote, 'where'>[];
}

/** Everything body mapping needs from the operation being imported. */
export interface BodyContext {
  document: JsonObject;
  version: OpenApiVersion;
  models: ModelCollector;
  operationId: string;
  method: string;
  deref: (value: JsonObject) => JsonObject | undefined;
}

const isJson = (media: string): boolean => /^application\/(.+\+)?json$/.test(media) || media === '*/*';
const isXml = (media: string): boolean => /^(application|text)\/(.+\+)?xml$/.test(media);

/** The media type to send among those a body accepts: JSON first, then forms, XML, binary, text, then the first. */
export function preferredMediaType(types: string[]): string | undefined {
  const lower = types.map((t) => mediaType(t) ?? '');
  const pick = (test: (m: string) => boolean): string | undefined => {
    const at = lower.findIndex(test);
    return at >= 0 ? types[at] : undefined;
  };
  return pick(isJson) ?? pick((m) => m === MULTIPART) ?? pick((m) => m === FORM_URLENCODED) ?? pick(isXml) ?? pick((m) => m === OCTET_STREAM) ?? pick((m) => m.startsWith('text/')) ?? types[0];
}

/** A body schema as one body parameter: a model for objects, an array with its items, a scalar, or a stream. */
function bodyParameter(name: string, schema: JsonObject | undefined, media: string, required: boolean, context: BodyContext, notes: BodyOutcome['notes']): ParameterJson | undefined {
  const resolved = schema ? context.deref(schema) : undefined;
  const { type, several } = schemaType(resolved);
  const binary = resolved && type === 'string' && (resolved.format === 'binary' || typeof resolved.contentMediaType === 'string');
  if (media.toLowerCase() === OCTET_STREAM || binary || (!resolved && !isJson(media) && !isXml(media) && !media.startsWith('text/'))) {
    return { name, location: 'body', type: 'stream', ...(required ? { required } : {}) };
  }
  let parameter: ParameterJson;
  if (type === 'array' && resolved) {
    const { items, problem, objectItems, innerSchema } = itemsOf(resolved, true, () => undefined, context.deref);
    if (!items) {
      notes.push({ kind: 'left-out', item: name, reason: `The body is an array whose ${problem ?? 'items cannot be held'}.` });
      return undefined;
    }
    parameter = { name, location: 'body', type: 'array', items, ...valueRules(resolved, 'array', items, innerSchema).fields };
    // An array of objects names the model each object follows, as an object body does.
    if (objectItems) {
      const ref = asString(objectItems.$ref);
      const model = ref ? context.models.modelForRef(ref) : context.models.modelForInline(objectItems, `${context.operationId}Item`);
      if (model) parameter.model = model;
    }
  } else if (type && type !== 'object' && !several && resolved) {
    parameter = { name, location: 'body', type };
    const format = formatFor(type, asString(resolved.format));
    if (format !== undefined) parameter.format = format;
  } else {
    const ref = asString(schema?.$ref);
    const model = ref ? context.models.modelForRef(ref) : context.models.modelForInline(resolved ?? {}, `${context.operationId}Body`);
    if (!model) {
      notes.push({ kind: 'left-out', item: name, reason: `The body's schema $ref '${ref ?? ''}' points at nothing in the document.` });
      return undefined;
    }
    if (several || asArray(resolved?.oneOf).length || asArray(resolved?.anyOf).length) {
      notes.push({ kind: 'changed', item: name, reason: 'The body is one of several shapes; the platform sends one model, so the model describes the choice in words.' });
    }
    parameter = { name, location: 'body', type: 'object', model };
  }
  if (required) parameter.required = true;
  const description = asString(resolved?.description);
  if (description && parameter.type !== 'object') parameter.description = description;
  return orderedParameter(parameter);
}

/** The form parameters of a 3.x form body: one per property of its schema, with the encoding's style. */
function formParameters(schema: JsonObject | undefined, media: string, encoding: JsonObject | undefined, context: BodyContext, notes: BodyOutcome['notes']): ParameterJson[] {
  const resolved = schema ? context.deref(schema) : undefined;
  const merged = resolved && asArray(resolved.allOf).length ? { properties: Object.assign({}, ...asArray(resolved.allOf).map((p) => asObject(context.deref(asObject(p) ?? {})?.properties) ?? {})), required: asArray(resolved.allOf).flatMap((p) => asArray(context.deref(asObject(p) ?? {})?.required)) } : resolved;
  const properties = asObject(merged?.properties) ?? {};
  const required = asArray(merged?.required);
  const out: ParameterJson[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const property = context.deref(asObject(value) ?? {}) ?? {};
    const { type } = schemaType(property);
    const binaryItems = type === 'array' && asObject(property.items) && ['binary', 'base64'].includes(asString(asObject(property.items)?.format) ?? '');
    if (binaryItems) {
      notes.push({ kind: 'left-out', item: name, reason: 'It uploads several files in one field; a platform file parameter holds one file.' });
      continue;
    }
    if (type === 'object') {
      notes.push({ kind: 'left-out', item: name, reason: 'It is an object sent as one form field; form parameters hold strings, numbers, booleans, arrays and files.' });
      continue;
    }
    const style = asObject(encoding?.[name]);
    // Url-encoded arrays follow the encoding's style (form, exploded by default). A multipart array without an
    // encoding is one part with the items comma-separated, as swagger-client sends it.
    const styleName = asString(style?.style) ?? 'form';
    const explode = typeof style?.explode === 'boolean' ? style.explode : media === MULTIPART && !style?.style ? false : styleName === 'form';
    const separation = separationOfStyle(styleName, explode);
    const description = asString(property.description);
    const outcome = importParameter({ name, in: 'formData', ...(required.includes(name) ? { required: true } : {}), ...(description ? { description } : {}), schema: property, ...(separation === 'multi' ? { style: 'form', explode: true } : { style: styleName, explode }) }, '3.0', context.deref);
    if (!outcome.ok) {
      notes.push({ kind: 'left-out', item: name, reason: `${outcome.reason[0]?.toUpperCase() ?? ''}${outcome.reason.slice(1)}.` });
      continue;
    }
    for (const change of outcome.changes) notes.push({ kind: 'changed', item: name, reason: `${change[0]?.toUpperCase() ?? ''}${change.slice(1)}.` });
    if (outcome.parameter.type === 'file' && media !== MULTIPART) {
      notes.push({ kind: 'left-out', item: name, reason: 'A file can only be sent in a multipart/form-data body.' });
      continue;
    }
    out.push(outcome.parameter);
  }
  return out;
}

/** A 3.x `requestBody` as body or form parameters. */
export function importRequestBody(rawBody: JsonObject, context: BodyContext): BodyOutcome {
  const notes: BodyOutcome['notes'] = [];
  const body = context.deref(rawBody);
  const content = asObject(body?.content) ?? {};
  const types = Object.keys(content);
  const media = preferredMediaType(types);
  if (!body || !media) return { parameters: [], notes };
  const others = types.filter((t) => t !== media);
  const mediaLower = mediaType(media) ?? '';
  const chosen = asObject(content[media]) ?? {};
  const schema = asObject(chosen.schema);
  const required = body.required === true;
  let parameters: ParameterJson[];
  let contentType = media === '*/*' ? 'application/json' : media;
  if (mediaLower === MULTIPART || mediaLower === FORM_URLENCODED) {
    parameters = formParameters(schema, mediaLower, asObject(chosen.encoding), context, notes);
  } else {
    const name = asString(rawBody['x-codegen-request-body-name']) ?? asString(body['x-codegen-request-body-name']) ?? 'body';
    const parameter = bodyParameter(name, schema, mediaLower, required, context, notes);
    parameters = parameter ? [parameter] : [];
    if (parameter?.type === 'stream' && mediaLower !== OCTET_STREAM) {
      notes.push({ kind: 'changed', item: name, reason: `The body is sent as ${media}; the platform sends binary bodies as ${OCTET_STREAM}, so that is the Content-Type.` });
      contentType = OCTET_STREAM;
    }
    const description = asString(body.description);
    if (parameter && description && !parameter.description) parameter.description = description;
  }
  if (others.length > 0) {
    notes.push({ kind: 'changed', item: 'requestBody', reason: `The body can also be sent as ${others.join(', ')}; the connector sends ${contentType}.` });
  }
  return { parameters, contentType, notes };
}

/** A Swagger 2.0 `in: body` parameter as a body parameter, sent as the operation's preferred `consumes` type. */
export function importBodyParameter2(raw: JsonObject, consumes: string[], context: BodyContext): BodyOutcome {
  const notes: BodyOutcome['notes'] = [];
  const types = consumes.length ? consumes : ['application/json'];
  const media = preferredMediaType(types.filter((t) => t !== MULTIPART && t !== FORM_URLENCODED)) ?? 'application/json';
  const name = asString(raw.name) ?? 'body';
  const parameter = bodyParameter(name, asObject(raw.schema), media.toLowerCase(), raw.required === true, context, notes);
  const description = asString(raw.description);
  if (parameter && description && !parameter.description) parameter.description = description;
  const others = types.filter((t) => t !== media);
  if (others.length > 0) notes.push({ kind: 'changed', item: name, reason: `The body can also be sent as ${others.join(', ')}; the connector sends ${media}.` });
  let contentType = media;
  if (parameter?.type === 'stream' && media.toLowerCase() !== OCTET_STREAM) {
    notes.push({ kind: 'changed', item: name, reason: `The body is sent as ${media}; the platform sends binary bodies as ${OCTET_STREAM}, so that is the Content-Type.` });
    contentType = OCTET_STREAM;
  }
  return { parameters: parameter ? [parameter] : [], contentType, notes };
}

/** The Content-Type of a Swagger 2.0 form: multipart when it holds a file or prefers it, else url-encoded. */
export function formContentType2(form: ParameterJson[], consumes: string[]): string {
  if (form.some((p) => p.type === 'file')) return MULTIPART;
  const first = consumes.find((c) => c === MULTIPART || c === FORM_URLENCODED);
  return first ?? FORM_URLENCODED;
}
