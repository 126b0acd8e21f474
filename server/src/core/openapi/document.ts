import type { JsonValue } from '../tree';
import { JsonNumber } from '../values/exactJson';
import type { JsonObject, OpenApiVersion } from './types';

/** Returns the value as an object when it is one (not an array, not null, not a number kept with its digits). */
export function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !((value as unknown) instanceof JsonNumber) ? value : undefined;
}

/** Returns the value as an array when it is one. */
export function asArray(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/** Returns the value when it is a string. */
export function asString(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Returns the value when it is a finite number. */
export function asNumber(value: JsonValue | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Which OpenAPI version a parsed document declares, or undefined when it declares none this import reads. */
export function versionOf(document: JsonObject): OpenApiVersion | undefined {
  if (document.swagger === '2.0') return '2.0';
  const openapi = asString(document.openapi);
  if (openapi?.startsWith('3.0.')) return '3.0';
  if (openapi?.startsWith('3.1.')) return '3.1';
  return undefined;
}

/** Decodes one JSON Pointer token (`~1` is `/`, `~0` is `~`), after URI decoding as a `$ref` fragment needs. */
function pointerToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // A malformed escape is taken as written.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `$ref`s followed on the way to one target at most: a longer chain is taken to be a loop. */
const MAX_REF_HOPS = 64;

/** Encodes one JSON Pointer token. */
function pointerSegment(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Where a local `$ref` (`#/a/b`) leads: the value, and the pointer that reaches it without passing through another
 * `$ref`. A pointer may pass through one on its way (`.../requestBody/content/application~1json/schema/properties/x`
 * where `schema` is a `$ref`): that one is followed, as the OpenAPI parser's bundling does. Undefined when it leads nowhere.
 */
export function resolvePointer(document: JsonObject, ref: string, hops = 0): { value: JsonValue; pointer: string } | undefined {
  if (!ref.startsWith('#') || hops > MAX_REF_HOPS) return undefined;
  const path = ref.slice(1);
  if (path === '') return { value: document, pointer: '#' };
  if (!path.startsWith('/')) return undefined;
  let current: JsonValue | undefined = document;
  let pointer = '#';
  for (const raw of path.slice(1).split('/')) {
    const token = pointerToken(raw);
    const object = asObject(current);
    if (object && typeof object.$ref === 'string' && !Object.prototype.hasOwnProperty.call(object, token)) {
      const through = resolvePointer(document, object.$ref, hops + 1);
      if (!through) return undefined;
      current = through.value;
      pointer = through.pointer;
    }
    if (Array.isArray(current)) current = /^\d+$/.test(token) ? current[Number(token)] : undefined;
    else current = asObject(current)?.[token];
    if (current === undefined) return undefined;
    pointer = `${pointer}/${pointerSegment(token)}`;
  }
  return { value: current, pointer };
}

/** The value a local `$ref` (`#/a/b`) points at in the document, or undefined when it points nowhere. */
export function pointerTarget(document: JsonObject, ref: string): JsonValue | undefined {
  return resolvePointer(document, ref)?.value;
}

/** The last token of a `$ref`'s pointer (`#/components/schemas/Pet` → `Pet`). */
export function refName(ref: string): string {
  const tokens = ref.split('/');
  return pointerToken(tokens[tokens.length - 1] ?? ref);
}

/**
 * Follows `$ref`s (of parameters, request bodies, schemas) until a value without one; undefined on a dangling or
 * circular chain. Sibling keys of a 3.1 `$ref` (summary, description) are kept over the target's.
 */
export function deref(document: JsonObject, value: JsonValue | undefined): JsonObject | undefined {
  let current = asObject(value);
  const seen = new Set<string>();
  let siblings: JsonObject = {};
  while (current && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref)) return undefined;
    seen.add(ref);
    const { $ref: _ignored, ...rest } = current;
    siblings = { ...rest, ...siblings };
    current = asObject(pointerTarget(document, ref));
  }
  if (!current) return undefined;
  return Object.keys(siblings).length ? { ...current, ...siblings } : current;
}

/** The HTTP methods an OpenAPI path item can hold, in the order operations are listed. */
export const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
