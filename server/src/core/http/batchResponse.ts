// Reading an OData batch answer: multipart/mixed (OData 4.0) parts, each an HTTP response or a change set's
// multipart of them; or a JSON batch (OData 4.01). Whatever the service sends, the answer is a value: a part that
// cannot be read says why, and nothing loops or nests without bound.

/** What goes on the wire together: one item alone, or a change set's items (positions in the batch, from 0). */
export type BatchUnit = { kind: 'single'; item: number } | { kind: 'changeSet'; name: string; items: number[] };

/** The items in units: a change set stands where its first item stands, its items in their order. */
export function batchUnits(changeSets: readonly (string | undefined)[]): BatchUnit[] {
  const units: BatchUnit[] = [];
  const byName = new Map<string, number[]>();
  changeSets.forEach((name, item) => {
    if (name === undefined) return void units.push({ kind: 'single', item });
    const existing = byName.get(name);
    if (existing) return void existing.push(item);
    const items = [item];
    byName.set(name, items);
    units.push({ kind: 'changeSet', name, items });
  });
  return units;
}

/** One HTTP response found in a batch answer. */
export interface PartResponse {
  status: number;
  statusText: string;
  /** Names lower-case, as the result's headers are. */
  headers: Record<string, string>;
  body: string;
  contentId?: string;
}

/** A top-level part of the answer: one response, a change set's responses, or a part that could not be read. */
export type AnswerUnit = { kind: 'response'; response: PartResponse } | { kind: 'changeSet'; responses: PartResponse[] } | { kind: 'unreadable'; message: string };

/** The answer's parts in order, or why the answer is no batch answer at all. */
export type ParsedBatch = { ok: true; units: AnswerUnit[]; complete: boolean } | { ok: false; message: string };

/** A Content-Type's boundary parameter (quoted or not), when it is multipart/mixed. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/mixed\s*(;|$)/i.test(contentType)) return undefined;
  const found = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^\s;,"]{1,200}))/i.exec(contentType);
  return found ? (found[1] ?? found[2]) : undefined;
}

/** Header lines up to the first empty line, then the rest; lines may end in CRLF or LF. */
function splitHead(text: string): { headers: Record<string, string>; rest: string; firstLine: string } {
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  const rest = end ? text.slice(end.index + end[0].length) : '';
  const lines = head.split(/\r?\n/);
  const headers: Record<string, string> = {};
  let firstLine = '';
  lines.forEach((line, i) => {
    const colon = line.indexOf(':');
    if (i === 0 && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(line)) firstLine = line;
    else if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  });
  return { headers, rest, firstLine };
}

/**
 * The bodies between a boundary's delimiters (RFC 2046): the CRLF before a delimiter belongs to it, text before the
 * first and after the last is ignored. `closed` is false when the closing delimiter never came (a cut answer).
 */
export function multipartBodies(text: string, boundary: string): { bodies: string[]; closed: boolean } | undefined {
  const delimiter = `--${boundary}`;
  const source = `\n${text}`;
  const find = (from: number): number => {
    for (let at = source.indexOf(`\n${delimiter}`, from); at >= 0; at = source.indexOf(`\n${delimiter}`, at + 1)) {
      const after = source.charAt(at + 1 + delimiter.length);
      // A longer boundary that starts with this one is not this one's delimiter.
      if (after === '' || after === '-' || after === '\r' || after === '\n' || after === ' ' || after === '\t') return at;
    }
    return -1;
  };
  let at = find(0);
  if (at < 0) return undefined;
  const bodies: string[] = [];
  for (;;) {
    const afterDelimiter = at + 1 + delimiter.length;
    if (source.startsWith('--', afterDelimiter)) return { bodies, closed: true };
    const lineEnd = source.indexOf('\n', afterDelimiter);
    if (lineEnd < 0) return { bodies, closed: false };
    const next = find(lineEnd + 1);
    // A part without the delimiter after it was cut: it is not read as if it were whole.
    if (next < 0) return { bodies, closed: false };
    bodies.push(source.slice(lineEnd + 1, source.charAt(next - 1) === '\r' ? next - 1 : next));
    at = next;
  }
}

/** An `application/http` part: its MIME headers, then a status line, headers and body. */
function httpResponse(part: string): PartResponse | string {
  const mime = splitHead(part);
  const http = splitHead(mime.rest);
  const status = /^HTTP\/\d(?:\.\d)? (\d{3})(?: (.*))?$/.exec(http.firstLine);
  if (!status) return `a part without an HTTP status line (it starts ${JSON.stringify(mime.rest.slice(0, 40))})`;
  const contentId = mime.headers['content-id'] ?? http.headers['content-id'];
  return { status: Number(status[1]), statusText: status[2] ?? '', headers: http.headers, body: http.rest, ...(contentId !== undefined ? { contentId } : {}) };
}

/** Reads a multipart/mixed batch answer; a change set's own multipart is read one level deep and no deeper. */
export function parseMultipartBatch(contentType: string | undefined, body: string): ParsedBatch {
  const boundary = multipartBoundary(contentType);
  if (boundary === undefined) return { ok: false, message: `The service answered with ${contentType ? `Content-Type ${contentType}` : 'no Content-Type'}, not multipart/mixed with a boundary; it is no batch answer.` };
  const split = multipartBodies(body, boundary);
  if (!split) return { ok: false, message: `The answer's boundary '${boundary}' does not occur in its body; it cannot be read as a batch answer.` };
  const units = split.bodies.map((part): AnswerUnit => {
    const head = splitHead(part);
    const inner = multipartBoundary(head.headers['content-type']);
    if (inner === undefined) {
      const response = httpResponse(part);
      return typeof response === 'string' ? { kind: 'unreadable', message: `The service answered ${response}.` } : { kind: 'response', response };
    }
    const changeSet = multipartBodies(head.rest, inner);
    if (!changeSet) return { kind: 'unreadable', message: `A change set's answer does not contain its boundary '${inner}'.` };
    const responses: PartResponse[] = [];
    for (const one of changeSet.bodies) {
      if (multipartBoundary(splitHead(one).headers['content-type']) !== undefined) return { kind: 'unreadable', message: 'A change set\'s answer holds another multipart; OData change sets do not nest.' };
      const response = httpResponse(one);
      if (typeof response === 'string') return { kind: 'unreadable', message: `A change set's answer holds ${response}.` };
      responses.push(response);
    }
    return { kind: 'changeSet', responses };
  });
  return { ok: true, units, complete: split.closed };
}
