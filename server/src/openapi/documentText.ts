// One file of an OpenAPI document, from text to a value, within limits: JSON or YAML read as the OpenAPI parser reads
// them, and refused when its YAML aliases expand it beyond what a file may hold or it nests too deeply (JSON past
// the one nesting limit of every JSON reader, YAML past its reader's own; see limits.ts).
import { binaryTag, CORE_SCHEMA, load, loadAll, mergeTag, omapTag, pairsTag, setTag, timestampTag, YAMLException } from 'js-yaml';
import { MAX_NESTING, nestingTooDeep, tooDeepAt } from '../core';
import { MAX_EXPANDED_CHARS, MAX_YAML_DEPTH, sizeText } from './limits';

/** The YAML schema the OpenAPI parser falls back to when the core schema fails (YAML 1.1 timestamps, merge keys, ...). */
const LEGACY_SCHEMA = CORE_SCHEMA.withTags(timestampTag, mergeTag, binaryTag, omapTag, pairsTag, setTag);

/**
 * A file's value, or why it has none: `limit` when it is readable but beyond a limit of the import; `nesting` (the
 * shared words for where JSON text nests past MAX_NESTING) when that is the reason.
 */
export type ParsedText =
  | { ok: true; value: unknown; refersOutside: boolean }
  | { ok: false; reason: string; limit: boolean; nesting?: undefined }
  | { ok: false; nesting: string; limit: true };

/** An error's message without a stack, at most six lines (the OpenAPI parser's messages can run long). */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').slice(0, 6).join('\n').trim();
}

/** A YAML error as one sentence with its line and column. */
function yamlReason(error: unknown): string {
  if (error instanceof YAMLException) {
    const reason = error.reason.replace(/^nesting exceeded maxDepth \((\d+)\)$/, 'it nests objects and arrays deeper than $1 levels');
    return error.mark ? `${reason} (line ${error.mark.line + 1}, column ${error.mark.column + 1})` : reason;
  }
  return errorMessage(error);
}

/** Parses JSON, else YAML (as the OpenAPI parser does: the core schema, then the YAML 1.1 tags), into a value. */
function parseText(text: string): { ok: true; value: unknown; json?: boolean } | Exclude<ParsedText, { ok: true }> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^\s*[[{]/.test(body)) {
    // Measured on the text before anything reads it, as every JSON text is (YAML's flow style too, which looks alike).
    const deep = tooDeepAt(body);
    if (deep >= 0) return { ok: false, nesting: nestingTooDeep(body, deep), limit: true };
    try {
      return { ok: true, value: JSON.parse(body), json: true };
    } catch {
      // Not JSON after all: YAML (a superset) reads it or says where it goes wrong.
    }
  }
  try {
    return { ok: true, value: load(body, { schema: CORE_SCHEMA }) };
  } catch {
    try {
      return { ok: true, value: load(body, { schema: LEGACY_SCHEMA }) };
    } catch (error) {
      try {
        if (loadAll(body, { schema: CORE_SCHEMA }).length === 0) return { ok: true, value: undefined };
      } catch {
        // The reason below is the one to give.
      }
      const limit = error instanceof YAMLException && /maxDepth/.test(error.reason);
      return { ok: false, reason: yamlReason(error), limit };
    }
  }
}

/** Characters a scalar takes as JSON text (near enough: escapes are not counted). */
function scalarChars(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number') return String(value).length;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value instanceof Date) return 26;
  if (ArrayBuffer.isView(value)) return Math.ceil(value.byteLength / 3) * 4 + 2;
  return 4;
}

/** One object or array being measured: its children still to visit, and what the visited ones add up to. */
interface Frame {
  node: object;
  keys: readonly string[] | undefined;
  count: number;
  next: number;
  chars: number;
  depth: number;
}

/**
 * What measuring a parsed value found: its size as JSON text and depth after aliases, and whether it has a `$ref` to
 * another file (one that does not start with '#'); or why it is refused.
 */
export type Measured = { ok: true; chars: number; depth: number; refersOutside: boolean } | { ok: false; over: 'size' | 'depth' | 'cycle' };

/**
 * The size (as JSON text) and depth of a parsed value with every YAML alias expanded, without expanding them: an
 * alias is the same object as its anchor, so each object is measured once. Stops as soon as a limit is passed.
 * `tree` says no object appears twice (JSON): nothing needs remembering then.
 */
export function measureExpanded(root: unknown, maxChars = MAX_EXPANDED_CHARS, maxDepth = MAX_YAML_DEPTH, tree = false): Measured {
  if (root === null || typeof root !== 'object' || ArrayBuffer.isView(root) || root instanceof Date) return { ok: true, chars: scalarChars(root), depth: 0, refersOutside: false };
  const measured = new Map<object, { chars: number; depth: number }>();
  const open = new Set<object>();
  const frameOf = (node: object): Frame => {
    const keys = Array.isArray(node) ? undefined : Object.keys(node);
    const count = keys ? keys.length : (node as unknown[]).length;
    return { node, keys, count, next: 0, chars: 2 + Math.max(0, count - 1), depth: 0 };
  };
  const stack: Frame[] = [frameOf(root)];
  open.add(root);
  let result = { chars: 0, depth: 0 };
  let refersOutside = false;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next < frame.count) {
      const at = frame.next++;
      const key = frame.keys?.[at];
      const child = key === undefined ? (frame.node as unknown[])[at] : (frame.node as Record<string, unknown>)[key];
      if (key !== undefined) {
        frame.chars += key.length + 3;
        if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) refersOutside = true;
      }
      if (child === null || typeof child !== 'object' || ArrayBuffer.isView(child) || child instanceof Date) {
        frame.chars += scalarChars(child);
      } else {
        const known = tree ? undefined : measured.get(child);
        if (known) {
          frame.chars += known.chars;
          frame.depth = Math.max(frame.depth, known.depth);
        } else if (!tree && open.has(child)) {
          return { ok: false, over: 'cycle' };
        } else {
          if (stack.length >= maxDepth) return { ok: false, over: 'depth' };
          stack.push(frameOf(child));
          if (!tree) open.add(child);
        }
      }
      if (frame.chars > maxChars) return { ok: false, over: 'size' };
      continue;
    }
    stack.pop();
    const done = { chars: frame.chars, depth: frame.depth + 1 };
    if (!tree) {
      open.delete(frame.node);
      measured.set(frame.node, done);
    }
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.chars += done.chars;
      parent.depth = Math.max(parent.depth, done.depth);
      if (parent.chars > maxChars) return { ok: false, over: 'size' };
    } else {
      result = done;
    }
  }
  return { ok: true, ...result, refersOutside };
}

/**
 * A file's text as a value, or why it cannot be one: not JSON or YAML (with line and column), YAML aliases that
 * expand it beyond the most a file may hold, nesting deeper than the import follows, or an alias inside itself.
 */
export function parseDocumentText(text: string): ParsedText {
  const parsed = parseText(text);
  if (!parsed.ok) return parsed;
  // JSON's nesting was measured on its text (at most MAX_NESTING); it has no aliases to expand.
  const json = parsed.json === true;
  const measured = measureExpanded(parsed.value, MAX_EXPANDED_CHARS, json ? MAX_NESTING : MAX_YAML_DEPTH, json);
  if (measured.ok) return { ok: true, value: parsed.value, refersOutside: measured.refersOutside };
  switch (measured.over) {
    case 'size':
      return { ok: false, limit: true, reason: `its YAML aliases (*name) repeat so much that, expanded, it would be larger than ${sizeText(MAX_EXPANDED_CHARS)}, the most the import reads; refer to shared parts with $ref instead` };
    case 'depth':
      return { ok: false, limit: true, reason: `it nests objects and arrays deeper than ${MAX_YAML_DEPTH} levels (YAML aliases included), deeper than the import follows` };
    case 'cycle':
      return { ok: false, limit: true, reason: 'a YAML alias (*name) is used inside the part it names, which makes the document endless' };
  }
}
