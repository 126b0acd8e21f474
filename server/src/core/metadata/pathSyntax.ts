/**
 * The syntax of a Custom request url's resource path, before any meaning: where the service root ends, the
 * segments between slashes (a slash inside parentheses or quotes does not split), and each segment's name and
 * parenthesised arguments. Every piece keeps its index range in the url text.
 */
import { namesScheme, withoutTrailingSlashes } from '../http/url';

/** A range of indices in the url text, end exclusive. */
export interface Range {
  start: number;
  end: number;
}

/** One `name=value` (or positional `value`) inside parentheses. */
export interface Argument {
  name?: string;
  nameRange?: Range;
  value: string;
  valueRange: Range;
}

export interface RawSegment {
  range: Range;
  text: string;
  /** The name before any parentheses, percent-decoded. */
  name: string;
  nameRange: Range;
  /** The text between the parentheses, when the segment has them. */
  args?: { text: string; range: Range; items: Argument[] };
  /** Text after the closing parenthesis, which no segment may have. */
  trailing?: Range;
}

/** Where the path lies in the url, or why it cannot be told (another service, a url that is a parameter). */
export type PathLocation = { ok: true; start: number; end: number } | { ok: false; reason: 'other-service' | 'parameter' };

function stripSlashes(value: string): string {
  return withoutTrailingSlashes(value);
}

/** Finds the resource path in a url: after `baseUrl` when the url is absolute, up to the query. */
export function locatePath(url: string, baseUrl: string | undefined): PathLocation {
  // Only a url that names its scheme is compared with the base url; a relative one starts where it stands.
  let start = 0;
  if (namesScheme(url)) {
    const base = stripSlashes(baseUrl ?? '');
    if (!base || !url.toLowerCase().startsWith(base.toLowerCase()) || !/^($|[/?#])/.test(url.slice(base.length))) return { ok: false, reason: 'other-service' };
    start = base.length;
  } else if (url.startsWith('{')) {
    return { ok: false, reason: 'parameter' };
  }
  while (url[start] === '/') start++;
  let end = start;
  let quoted = false;
  for (; end < url.length; end++) {
    const c = url[end];
    if (c === "'") quoted = !quoted;
    else if (!quoted && (c === '?' || c === '#')) break;
  }
  return { ok: true, start, end };
}

function decode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Splits at `separator` outside quotes and parentheses, keeping ranges. */
export function splitOutside(text: string, offset: number, separator: string): { text: string; range: Range }[] {
  const parts: { text: string; range: Range }[] = [];
  let depth = 0;
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === separator && depth === 0) {
      parts.push({ text: text.slice(from, i), range: { start: offset + from, end: offset + i } });
      from = i + 1;
    }
  }
  parts.push({ text: text.slice(from), range: { start: offset + from, end: offset + text.length } });
  return parts;
}

/** Reads `a=1,b='x'` or `'x'` into arguments. */
export function readArguments(text: string, offset: number): Argument[] {
  if (text.trim() === '') return [];
  return splitOutside(text, offset, ',').map(({ text: part, range }) => {
    const match = /^(\s*)([A-Za-z_@][\w.]*)(\s*)=/.exec(part);
    if (!match || part.startsWith("'")) {
      const lead = part.length - part.trimStart().length;
      return { value: decode(part.trim()), valueRange: { start: range.start + lead, end: range.start + lead + part.trim().length } };
    }
    const nameStart = range.start + (match[1]?.length ?? 0);
    const name = match[2] ?? '';
    const valueText = part.slice(match[0].length);
    const lead = valueText.length - valueText.trimStart().length;
    const valueStart = range.start + match[0].length + lead;
    return { name, nameRange: { start: nameStart, end: nameStart + name.length }, value: decode(valueText.trim()), valueRange: { start: valueStart, end: valueStart + valueText.trim().length } };
  });
}

/** The segments of the path between `start` and `end` of the url. */
export function pathSegments(url: string, start: number, end: number): RawSegment[] {
  if (start >= end) return [];
  return splitOutside(url.slice(start, end), start, '/').map(({ text, range }) => {
    const open = text.indexOf('(');
    const nameText = open >= 0 ? text.slice(0, open) : text;
    const segment: RawSegment = { range, text, name: decode(nameText), nameRange: { start: range.start, end: range.start + nameText.length } };
    if (open >= 0) {
      let depth = 0;
      let quoted = false;
      let close = -1;
      for (let i = open; i < text.length; i++) {
        const c = text[i];
        if (c === "'") quoted = !quoted;
        else if (quoted) continue;
        else if (c === '(') depth++;
        else if (c === ')' && --depth === 0) {
          close = i;
          break;
        }
      }
      const argsEnd = close >= 0 ? close : text.length;
      const argsText = text.slice(open + 1, argsEnd);
      const argsStart = range.start + open + 1;
      segment.args = { text: argsText, range: { start: argsStart, end: argsStart + argsText.length }, items: readArguments(argsText, argsStart) };
      if (close >= 0 && close < text.length - 1) segment.trailing = { start: range.start + close + 1, end: range.end };
      if (close < 0) segment.trailing = { start: range.end, end: range.end };
    }
    return segment;
  });
}
