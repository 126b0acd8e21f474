// An OData $batch from Custom requests built one by one: each item's request written relative to the service root,
// items of one change set kept together, Content-IDs and `$n` references, as multipart/mixed (OData 4.0) or as a
// JSON batch (OData 4.01). Pure: the items come built, the boundaries from the caller.
import { headerProblem, headerValue, setContentLength, setHeader } from '../http/headers';
import { batchUnits, type BatchUnit } from '../http/batchResponse';
import type { BatchPartShaping, BuiltRequest } from '../http/types';
import { againstBase, joinBase, splitUrl, withoutTrailingSlashes } from '../http/url';
import type { CustomRequest, ODataConnector } from '../model';
import { isOneOf, ODATA_BATCH_FORMATS, type ODataBatchFormat } from '../vocabulary';
import type { BuildOutcome, BuildProblem } from './types';

/** One built item of a batch: its request, the Custom request's id, and its change set's name. */
export interface BatchItemBuilt {
  request: BuiltRequest;
  requestId: string;
  changeSet?: string;
}

/** `$n` at the start of a request line, or an If-Match of `$n`: the 1-based item it refers to. */
const REFERENCE = /^\$(\d+)(?=[/?(]|$)/;

/** The request line's target relative to the service root, `$n` kept as OData writes it; or why it cannot be. */
function relativeTarget(serviceRoot: string, url: string, position: number): { ok: true; target: string } | { ok: false; message: string } {
  const root = withoutTrailingSlashes(splitUrl(serviceRoot).path);
  let rest: string | undefined;
  if (url.startsWith(`${root}/`)) rest = url.slice(root.length + 1);
  else if (url === root || url.startsWith(`${root}?`)) rest = url.slice(root.length);
  if (rest === undefined) return { ok: false, message: `Item ${position}'s url ${JSON.stringify(url)} is not under the service root ${JSON.stringify(root)}; a batch holds requests to its own service only.` };
  // A `$n` value sits in the url encoded as a path parameter's text is.
  const target = rest.replace(/^%24(\d+)(?=[/?(]|$)/, '$$$1');
  if (/[\s\0]/.test(target)) return { ok: false, message: `Item ${position}'s url holds a space, line break or NUL (${JSON.stringify(target)}), which would break its request line; encode the value or use parameterMode "queryAndPath".` };
  return { ok: true, target };
}

/** A reference to an item that is not an earlier one: a problem, since OData resolves `$n` only from results already there. */
function referenceProblem(n: number, position: number, where: string): BuildProblem | undefined {
  if (n >= 1 && n < position) return undefined;
  const what = n === position ? 'itself' : n > position ? `item ${n}, which comes later` : `item ${n}, which does not exist`;
  return { code: 'invalid-value', message: `Item ${position}'s ${where} refers with '$${n}' to ${what}; '$n' may only name an earlier item of the batch (1 to ${position - 1}).` };
}

/** Where the batch is sent: its `url` (absolute or relative to baseUrl), else `<baseUrl>/$batch`. */
export function batchUrl(connector: ODataConnector, batch: CustomRequest): string {
  const base = connector.baseUrl?.value ?? '';
  const url = batch.url?.value;
  if (url === undefined) return joinBase(base, '$batch');
  return againstBase(base, url);
}

/** One item's request as its part says it: method, target and headers (no Content-Length: the boundary ends the part). */
interface ItemLines {
  method: string;
  target: string;
  headers: [string, string][];
  body?: string;
  /** The 1-based items it refers to with `$n`. */
  dependsOn: number[];
}

function itemLines(serviceRoot: string, item: BatchItemBuilt, position: number, problems: BuildProblem[]): ItemLines | undefined {
  const target = relativeTarget(serviceRoot, item.request.url, position);
  if (!target.ok) return void problems.push({ code: 'invalid-url', message: target.message });
  const dependsOn: number[] = [];
  const reference = REFERENCE.exec(target.target);
  const ifMatch = headerValue(item.request.headers, 'If-Match');
  const ifMatchReference = ifMatch === undefined ? null : /^\$(\d+)$/.exec(ifMatch);
  for (const [found, where] of [[reference, 'url'], [ifMatchReference, 'If-Match header']] as const) {
    if (!found) continue;
    const n = Number(found[1]);
    const problem = referenceProblem(n, position, where);
    if (problem) problems.push(problem);
    else if (!dependsOn.includes(n)) dependsOn.push(n);
  }
  const headers = item.request.headers.filter(([name]) => name.toLowerCase() !== 'content-length');
  const body = item.request.body?.kind === 'text' ? item.request.body.text : undefined;
  return { method: item.request.method, target: target.target, headers, ...(body !== undefined ? { body } : {}), dependsOn };
}

/** An item's part of a multipart batch: its MIME headers, then the HTTP request it carries, CRLF exact. */
function multipartItem(lines: ItemLines, position: number): string {
  const head = `Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: ${position}\r\n\r\n`;
  const request = `${lines.method} ${lines.target} HTTP/1.1\r\n${lines.headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
  return head + request + (lines.body ?? '');
}

/** A multipart/mixed body (RFC 2046): each delimiter is preceded by CRLF, which belongs to it. */
function multipart(boundary: string, parts: readonly string[]): string {
  return `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`;
}

/** The JSON batch (OData 4.01): each item's body spliced in as its JSON text, so its numbers keep their digits. */
function jsonBatch(units: readonly BatchUnit[], lines: readonly ItemLines[]): string {
  const entries: string[] = [];
  for (const unit of units) {
    for (const item of unit.kind === 'single' ? [unit.item] : unit.items) {
      const l = lines[item] as ItemLines;
      const headers = Object.fromEntries(l.headers);
      const fields = [
        `"id":${JSON.stringify(String(item + 1))}`,
        ...(unit.kind === 'changeSet' ? [`"atomicityGroup":${JSON.stringify(unit.name)}`] : []),
        ...(l.dependsOn.length ? [`"dependsOn":${JSON.stringify(l.dependsOn.map(String))}`] : []),
        `"method":${JSON.stringify(l.method)}`,
        `"url":${JSON.stringify(l.target)}`,
        `"headers":${JSON.stringify(headers)}`,
        ...(l.body !== undefined ? [`"body":${l.body}`] : []),
      ];
      entries.push(`{${fields.join(',')}}`);
    }
  }
  return `{"requests":[${entries.join(',')}]}`;
}

/** A boundary found in none of the texts: drawn again while one holds it (a value may hold anything). */
function freeBoundary(next: () => string, texts: readonly string[]): string | undefined {
  for (let attempt = 0; attempt < 16; attempt++) {
    const boundary = next();
    // A boundary inside another one's text, or the other way round, would end a part early too.
    if (!texts.some((text) => text.includes(boundary) || boundary.includes(text))) return boundary;
  }
  return undefined;
}

/**
 * Builds the batch request from its built items: the body exactly as sent (multipart with fresh boundaries that no
 * item's text contains, or JSON), the batch's own headers, and how each part's result is shaped.
 */
export function buildBatchRequest(connector: ODataConnector, batch: CustomRequest, items: readonly BatchItemBuilt[], newBoundary: () => string): BuildOutcome {
  const problems: BuildProblem[] = [];
  const format: ODataBatchFormat = isOneOf(ODATA_BATCH_FORMATS, batch.format?.value) ? batch.format.value : 'multipart';
  const serviceRoot = connector.baseUrl?.value ?? '';
  const units = batchUnits(items.map((i) => i.changeSet));
  const lines = items.map((item, i) => itemLines(serviceRoot, item, i + 1, problems));
  if (items.length === 0) problems.push({ code: 'invalid-connector', message: `Batch '${batch.id?.value ?? ''}' has no requests; list at least one in 'requests'.` });
  const url = batchUrl(connector, batch);
  const headers: [string, string][] = [['OData-Version', '4.0']];
  let body = '';
  if (problems.length === 0) {
    const all = lines as ItemLines[];
    if (format === 'json') {
      headers.push(['Accept', 'application/json'], ['Content-Type', 'application/json']);
      headers[0] = ['OData-Version', '4.01'];
      body = jsonBatch(units, all);
    } else {
      const texts = all.map((l, i) => multipartItem(l, i + 1));
      const boundary = freeBoundary(() => `batch_${newBoundary()}`, texts);
      const changeSetBoundary = boundary === undefined ? undefined : freeBoundary(() => `changeset_${newBoundary()}`, [...texts, boundary]);
      if (boundary === undefined || changeSetBoundary === undefined) {
        problems.push({ code: 'invalid-body', message: 'No multipart boundary could be found that the items do not contain; nothing was sent.' });
      } else {
        const parts = units.map((unit) =>
          unit.kind === 'single'
            ? (texts[unit.item] as string)
            : `Content-Type: multipart/mixed; boundary=${changeSetBoundary}\r\n\r\n${multipart(changeSetBoundary, unit.items.map((i) => texts[i] as string))}`,
        );
        headers.push(['Accept', 'multipart/mixed'], ['Content-Type', `multipart/mixed; boundary=${boundary}`]);
        body = multipart(boundary, parts);
      }
    }
  }
  for (const entry of batch.headers?.entries ?? []) {
    if (entry.value === undefined) continue;
    const problem = headerProblem(entry.name, entry.value);
    if (problem) problems.push({ code: 'invalid-header', message: problem });
    else if (entry.name.toLowerCase() !== 'content-type') setHeader(headers, entry.name, entry.value);
  }
  if (problems.length) return { ok: false, problems };
  setContentLength(headers, 'POST', Buffer.byteLength(body));
  const parts: BatchPartShaping[] = items.map((item) => ({
    requestId: item.requestId,
    ...(item.changeSet !== undefined ? { changeSet: item.changeSet } : {}),
    shaping: item.request.shaping,
  }));
  return {
    ok: true,
    request: {
      method: 'POST',
      url,
      headers,
      body: { kind: 'text', text: body },
      secrets: [],
      warnings: items.flatMap((item, i) => item.request.warnings.map((w) => `Item ${i + 1} ('${item.requestId}'): ${w}`)),
      shaping: { kind: 'odataBatch', format, parts, includeHeaders: batch.includeHeaders?.value === true },
    },
  };
}
