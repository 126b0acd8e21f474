// How deep JSON text nests, measured before anything recursive reads it. jsonc-parser's parseTree and visit, the
// model reader, schema checks and exact values all recurse once per level; a document nested 100,000 levels deep
// exhausts the stack in any of them. Every JSON text a user gives (connector, values, tests, environments and
// settings files, request bodies and body files, typed values, OpenAPI documents, metadata) is measured here first,
// and a service's answer against the same limit as values/exactParse.ts reads it; past the limit the text is refused
// with where it passes it, so the answer is a precise message instead of the engine's.
import { parseTree, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';
import { LineIndex } from '../lineIndex';
import { jsoncNodesOf } from './jsoncNodes';
import { parseRegularJson } from './regular';

/** Deeper than this (512 levels), no file or value Connector Tools reads is written by hand; readers stay far from the stack's end. */
export const MAX_NESTING = 512;

/** Where nesting first passes `limit` levels (outside strings and comments), or -1. One linear pass. */
export function tooDeepAt(text: string, limit = MAX_NESTING): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92 /* \ */) i++;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return i;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
    }
  }
  return -1;
}

/** "nesting deeper than 512 levels at line 3, column 7" (1-based): the words for text that passes the limit at `offset`. */
export function nestingTooDeep(text: string, offset: number, limit = MAX_NESTING): string {
  const { line, character } = new LineIndex(text).positionAt(offset);
  return `nesting deeper than ${limit} levels at line ${line + 1}, column ${character + 1}`;
}

/**
 * jsonc-parser's parseTree for text measured first: text nested deeper than MAX_NESTING is not parsed, `tooDeep`
 * says where. Plain JSON (what nearly every request body is) takes the fast parser and gets the same nodes; anything
 * else, and every error, is jsonc-parser's.
 */
export function parseJsonTree(text: string, options: ParseOptions): { root: Node | undefined; errors: ParseError[]; tooDeep?: undefined } | { tooDeep: number } {
  const tooDeep = tooDeepAt(text);
  if (tooDeep >= 0) return { tooDeep };
  const plain = parseRegularJson(text, MAX_NESTING);
  if (plain) return { root: jsoncNodesOf(plain), errors: [] };
  const errors: ParseError[] = [];
  return { root: parseTree(text, errors, options), errors };
}
