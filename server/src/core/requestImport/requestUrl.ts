// A request URL as a source wrote it, split into what a connector holds apart: origin, path, matrix parameters at the
// end of the path, and query parameters. Nothing is decoded or normalised here: the operation sends the bytes the
// source sent, so each piece stays as written until the mapping decides what it is.
import type { CapturedQuery, CapturedRequest, Hole } from './captured';
import { MarkedText } from './marked';

/** What a URL holds apart from the path. */
export interface SplitUrl {
  origin: string;
  path: CapturedRequest['path'];
  matrix: CapturedRequest['matrix'];
  query: CapturedQuery[];
  /** `user:password` written into the URL: a credential. */
  userinfo?: string;
  /** The URL named no scheme; curl assumes http://. */
  schemeAssumed: boolean;
  /** The fragment (`#...`), which is never sent. */
  fragment?: string;
}

/** Query pairs of a raw (encoded) query string, each name decoded and each value kept as written. */
export function queryOf(query: MarkedText): CapturedQuery[] {
  if (query.text === '') return [];
  return query.split('&').filter((p) => p.text !== '').map((pair) => {
    const at = pair.text.indexOf('=');
    const name = decodeLoosely(pair.slice(0, at < 0 ? undefined : at).shown((h) => `{${h.name}}`));
    if (at < 0) return { name };
    const value = pair.slice(at + 1);
    const hole = value.soleHole();
    return hole ? { name, value: '', hole } : { name, value: value.shown((h: Hole) => h.example ?? `\${${h.name}}`) };
  });
}

/** Percent-decoding that leaves a malformed escape as it is (a URL from a command line may hold a lone `%`). */
export function decodeLoosely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/**
 * A path without its `.` and `..` segments, as RFC 3986 removes them and curl does before sending (unless told
 * `--path-as-is`): `/a/./b/../c` → `/a/c`, `/a/..` → `/a/`. Only segments that are exactly `.` or `..` count.
 */
function withoutDotSegments(path: MarkedText): MarkedText {
  const segments = path.text.split('/').slice(1);
  if (!segments.some((s) => s === '.' || s === '..')) return path;
  const kept: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === '..') kept.pop();
    if (segment !== '.' && segment !== '..') kept.push(segment);
    else if (last) kept.push('');
  }
  return new MarkedText(`/${kept.join('/')}`, path.holes);
}

/**
 * Splits a URL (with variables marked) into origin, path, matrix and query. A variable at its start stands for the
 * origin and any path before the first `/` (`$BASE/pets`, `{{baseUrl}}/pets`): the origin is then empty. With
 * `dotSegments: 'remove'` the path loses its `.` and `..` segments, as the client that sent it did.
 */
export function splitUrl(url: MarkedText, options: { dotSegments?: 'keep' | 'remove' } = {}): SplitUrl {
  let rest = url;
  let fragment: string | undefined;
  const hash = rest.text.indexOf('#');
  if (hash >= 0) {
    fragment = rest.text.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  let query: CapturedQuery[] = [];
  const question = rest.text.indexOf('?');
  if (question >= 0) {
    query = queryOf(rest.slice(question + 1));
    rest = rest.slice(0, question);
  }
  let origin = '';
  let userinfo: string | undefined;
  let schemeAssumed = false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(rest.text);
  const startsWithHole = /^\uE000\d+\uE001/.exec(rest.text);
  if (startsWithHole && !scheme) {
    rest = rest.slice(startsWithHole[0].length);
  } else {
    const afterScheme = scheme ? scheme[0].length : 0;
    if (!scheme) schemeAssumed = true;
    const slash = rest.text.indexOf('/', afterScheme);
    let authority = rest.text.slice(afterScheme, slash < 0 ? undefined : slash);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      userinfo = authority.slice(0, at);
      authority = authority.slice(at + 1);
    }
    origin = `${scheme ? scheme[1]?.toLowerCase() : 'http'}://${authority.toLowerCase()}`;
    rest = slash < 0 ? rest.slice(rest.text.length) : rest.slice(slash);
  }
  if (options.dotSegments === 'remove' && rest.text.startsWith('/')) rest = withoutDotSegments(rest);
  // Matrix parameters: `;name=value` pairs in the last segment, where the platform puts them.
  const matrix: SplitUrl['matrix'] = [];
  const lastSlash = rest.text.lastIndexOf('/');
  const semicolon = rest.text.indexOf(';', lastSlash + 1);
  if (semicolon >= 0 && !rest.slice(semicolon).hasHoles) {
    const pairs = rest.text.slice(semicolon + 1).split(';');
    if (pairs.every((p) => /^[^=]+=/.test(p))) {
      for (const pair of pairs) {
        const eq = pair.indexOf('=');
        matrix.push({ name: decodeLoosely(pair.slice(0, eq)), value: pair.slice(eq + 1) });
      }
      rest = rest.slice(0, semicolon);
    }
  }
  return { origin, path: rest.pieces(), matrix, query, ...(userinfo !== undefined ? { userinfo } : {}), schemeAssumed, ...(fragment !== undefined ? { fragment } : {}) };
}
