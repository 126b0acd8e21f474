import { isJsonObject, resultOfPortable, type ConnectorResult, type ExactJson } from '../../../server/src/core';
import { jsonNode } from './jsonTree';
import { rowLists, sortableTable } from './table';
import { PANEL_BUTTONS, RAW_VIEW_LIMIT, type PanelAction, type PanelButton, type ResultView } from './protocol';
import { el, type ElementNode, type ViewNode } from './viewNode';

export { RAW_VIEW_LIMIT };

/** The CSS class for a status: its class of response, or a network error (status 0). */
export function statusClass(status: number): string {
  if (status >= 200 && status < 600) return `status-${Math.floor(status / 100)}xx`;
  return 'status-error';
}

function button(action: PanelAction): ElementNode {
  const caption = PANEL_BUTTONS.find((b) => b.action === action)?.caption ?? action;
  return el('button', 'action', [caption], { action, attributes: { title: caption } });
}

/** The buttons this result offers, in the order PANEL_BUTTONS gives. */
function actionBar(view: ResultView): ElementNode {
  const offered = PANEL_BUTTONS.filter((b: PanelButton) => b.offered === undefined || b.offered(view));
  return el('div', 'actions', offered.map((b) => button(b.action)));
}

function header(view: ResultView): ElementNode {
  const { status, timing, truncated, pages } = view.result;
  const statusText = status === 0 ? 'No response' : String(status);
  return el('section', 'header', [
    el('span', `status ${statusClass(status)}`, [statusText], { attributes: { role: 'status', 'aria-label': `Status ${statusText}` } }),
    el('span', 'timing', [`${timing.totalMs.toFixed(0)} ms`]),
    ...(pages !== undefined ? [el('span', 'pages', [`${pages} page${pages === 1 ? '' : 's'}`])] : []),
    el('code', 'request-line', [`${view.request.method} ${view.request.url}`]),
    ...(view.environment ? [el('span', 'environment', [`environment ${view.environment}`])] : []),
    ...(view.source ? [el('span', 'source', [view.source])] : []),
    ...(truncated ? [el('span', 'truncated', ['Response cut at the size limit'])] : []),
  ]);
}

function messageList(title: string, className: string, messages: readonly string[]): ViewNode[] {
  if (messages.length === 0) return [];
  return [el('section', className, [el('h2', undefined, [title]), el('ul', undefined, messages.map((m) => el('li', undefined, [m])))])];
}

/** A batch: one section per item, headed by its request, change set and status, with its errors and data. */
function batchSections(items: NonNullable<ConnectorResult['batchItems']>, data: readonly ExactJson[]): ViewNode[] {
  return items.map((item, i) => {
    const entry = data[i];
    const part = isJsonObject(entry) ? entry : {};
    const status = typeof part.status === 'number' ? part.status : 0;
    const errors = Array.isArray(part.errors) ? part.errors.filter((e): e is string => typeof e === 'string') : [];
    return el('section', 'batch-item', [
      el('h2', undefined, [`Item ${i + 1}: ${item.request}${item.changeSet !== undefined ? ` (change set '${item.changeSet}')` : ''}`]),
      el('span', `status ${statusClass(status)}`, [status === 0 ? 'No response' : String(status)]),
      ...(errors.length ? [el('ul', 'errors', errors.map((e) => el('li', undefined, [e])))] : []),
      ...(isJsonObject(part.headers) ? [jsonNode(part.headers, undefined, false)] : []),
      ...(part.data !== undefined && part.data !== null ? [jsonNode(part.data, undefined, true)] : []),
    ]);
  });
}

function dataSection(result: ConnectorResult): ViewNode[] {
  const { data } = result;
  if (data === undefined) return [];
  if (result.batchItems && Array.isArray(data)) return batchSections(result.batchItems, data);
  const body = typeof data === 'string' ? el('pre', 'text-data', [data]) : jsonNode(data, undefined, true);
  const tables = typeof data === 'string' ? [] : rowLists(data).map((list) => sortableTable(list.title, list.rows));
  const tree = el('div', 'tree-view', [el('h2', undefined, ['Data']), body]);
  // Lists of rows read best as tables; the tree beside them holds everything, nested values included.
  return [el('section', tables.length ? 'data with-tables' : 'data', [...(tables.length ? [el('div', 'tables', tables)] : []), tree])];
}

/** The request that was sent, in its own section: line, headers, body, the sign-in and every redirect. */
function requestSection(view: ResultView): ViewNode[] {
  const { request, result } = view;
  if (!request.headers && !result.redirects?.length && !view.signIn && !view.credentials?.length) return [];
  const lines = [`${request.method} ${request.url}`, ...(request.headers ?? []).map(([n, v]) => `${n}: ${v}`)];
  return [el('section', 'request', [
    el('details', 'request-view', [
      el('summary', undefined, [`Request sent${result.redirects?.length ? ` (${result.redirects.length} redirect${result.redirects.length === 1 ? '' : 's'})` : ''}`]),
      ...(view.credentials?.length
        ? [el('div', 'credentials', [el('span', 'label', ['Credentials went to:']), el('ul', 'credential-list', view.credentials.map((c) => el('li', undefined, [`${c.origin}: ${c.what}`])))])]
        : []),
      ...(view.signIn ? [el('div', 'sign-in', [`Signed in with a token from ${view.signIn.tokenUrl}${view.signIn.fromCache ? ' (reused from memory)' : ' (fetched for this request)'}; the token and the secrets that signed in are shown as •••.`])] : []),
      ...(view.tokenRequest !== undefined ? [el('pre', 'token-request-text', [view.tokenRequest])] : []),
      el('pre', 'request-text', [`${lines.join('\n')}${request.body !== undefined ? `\n\n${request.body}` : ''}`]),
      ...(result.redirects?.length ? [el('ul', 'redirect-list', result.redirects.map((r) => el('li', undefined, [`${r.status} ${r.from} → ${r.to}${r.credentialsWithheld ? ' (credentials not sent)' : ''}`])))] : []),
    ], { open: true }),
  ])];
}

/** Every response header, in its own section (the result keeps them only when the connector asks). */
function responseHeadersSection(view: ResultView): ViewNode[] {
  const headers = view.responseHeaders;
  if (!headers || Object.keys(headers).length === 0) return [];
  return [el('section', 'response-headers', [
    el('details', undefined, [
      el('summary', undefined, [`Response headers (${Object.keys(headers).length})`]),
      el('table', 'headers-table', [el('tbody', undefined, Object.entries(headers).map(([n, v]) => el('tr', undefined, [el('th', undefined, [n], { attributes: { scope: 'row' } }), el('td', undefined, [v])])))]),
    ]),
  ])];
}

/** What the response structure does to this answer: what it drops, and what it expects that did not come. */
function structureSection(view: ResultView): ViewNode[] {
  const report = view.structure;
  if (!report) return [];
  const summary = report.dropped.length === 0 && report.missing.length === 0
    ? 'The response structure keeps the whole answer.'
    : `The response structure drops ${report.dropped.length} propert${report.dropped.length === 1 ? 'y' : 'ies'} of the answer and expects ${report.missing.length} that did not come.`;
  return [el('section', 'structure', [
    el('h2', undefined, ['Response structure']),
    el('div', 'structure-summary', [summary]),
    ...(report.dropped.length ? [el('div', 'dropped', [el('span', 'label', ['Dropped (in the answer, not in the structure): ']), el('ul', undefined, report.dropped.map((p) => el('li', 'dropped-path', [p])))])] : []),
    ...(report.missing.length ? [el('div', 'missing', [el('span', 'label', ['Expected but not in the answer: ']), el('ul', undefined, report.missing.map((p) => el('li', 'missing-path', [p])))])] : []),
  ])];
}

function recordSection(title: string, className: string, record: Parameters<typeof jsonNode>[0] | undefined): ViewNode[] {
  if (record === undefined) return [];
  return [el('section', className, [el('h2', undefined, [title]), jsonNode(record, undefined, true)])];
}

function rawSection(view: ResultView): ElementNode {
  const raw = view.rawText;
  const length = Math.max(raw.length, view.rawLength ?? 0);
  const cut = length > RAW_VIEW_LIMIT;
  return el('section', 'raw', [
    el('details', 'raw-view', [
      el('summary', undefined, [`Raw response (${length.toLocaleString('en-US')} characters)`]),
      el('pre', 'raw-text', [cut ? raw.slice(0, RAW_VIEW_LIMIT) : raw]),
      ...(cut
        ? [el('div', 'raw-cut', [`Showing the first ${RAW_VIEW_LIMIT.toLocaleString('en-US')} characters. `, button('openInEditor')])]
        : []),
    ]),
  ]);
}

/** A section of the panel: what it shows of a result, nothing when the result has nothing for it. */
type Section = (view: ResultView, result: ConnectorResult) => ViewNode[];

/**
 * The panel's sections, top to bottom: status first, then the buttons, redirects, errors and warnings, what the
 * response structure does, data (tables beside the tree), the request sent, response headers, the result's headers
 * and descriptor, and the raw view. A new section is one function and one entry here.
 */
const SECTIONS: readonly Section[] = [
  (view) => [header(view)],
  (view) => [actionBar(view)],
  (_view, result) => messageList('Redirects', 'redirects', (result.redirects ?? []).map((r) => `${r.status} ${r.from} → ${r.to}${r.credentialsWithheld ? ' (credentials not sent)' : ''}`)),
  (_view, result) => messageList('Errors', 'errors', result.errors),
  (_view, result) => messageList('Warnings', 'warnings', result.warnings),
  (view) => structureSection(view),
  (_view, result) => dataSection(result),
  (view) => requestSection(view),
  (view) => responseHeadersSection(view),
  (_view, result) => recordSection('Headers', 'headers', result.headers),
  (_view, result) => recordSection('Entity descriptor', 'entity-descriptor', result.entityDescriptor),
  (view) => [rawSection(view)],
];

/** The whole panel for one result. */
export function renderResult(view: ResultView): ElementNode {
  // The data arrives as exact JSON text and is read here, numbers with the service's digits.
  const result = resultOfPortable(view.result);
  return el('div', 'result', SECTIONS.flatMap((section) => section(view, result)));
}
