import { jsonNode } from './jsonTree';
import type { PanelAction, ResultView } from './protocol';
import { el, type ElementNode, type ViewNode } from './viewNode';

/** Past this many characters the raw view shows the start and offers the whole body in an editor. */
export const RAW_VIEW_LIMIT = 100_000;

/** The CSS class for a status: its class of response, or a network error (status 0). */
export function statusClass(status: number): string {
  if (status >= 200 && status < 600) return `status-${Math.floor(status / 100)}xx`;
  return 'status-error';
}

function button(caption: string, action: PanelAction): ElementNode {
  return el('button', 'action', [caption], { action, attributes: { title: caption } });
}

function header(view: ResultView): ElementNode {
  const { status, timing, truncated } = view.result;
  const statusText = status === 0 ? 'No response' : String(status);
  return el('section', 'header', [
    el('span', `status ${statusClass(status)}`, [statusText], { attributes: { role: 'status', 'aria-label': `Status ${statusText}` } }),
    el('span', 'timing', [`${timing.totalMs.toFixed(0)} ms`]),
    el('code', 'request-line', [`${view.request.method} ${view.request.url}`]),
    ...(truncated ? [el('span', 'truncated', ['Response cut at the size limit'])] : []),
  ]);
}

function messageList(title: string, className: string, messages: readonly string[]): ViewNode[] {
  if (messages.length === 0) return [];
  return [el('section', className, [el('h2', undefined, [title]), el('ul', undefined, messages.map((m) => el('li', undefined, [m])))])];
}

function dataSection(view: ResultView): ViewNode[] {
  const { data } = view.result;
  if (data === undefined) return [];
  const body = typeof data === 'string' ? el('pre', 'text-data', [data]) : jsonNode(data, undefined, true);
  return [el('section', 'data', [el('h2', undefined, ['Data']), body])];
}

function recordSection(title: string, className: string, record: object | undefined): ViewNode[] {
  if (record === undefined) return [];
  return [el('section', className, [el('h2', undefined, [title]), jsonNode(record as Parameters<typeof jsonNode>[0], undefined, true)])];
}

function rawSection(view: ResultView): ElementNode {
  const raw = view.rawText;
  const cut = raw.length > RAW_VIEW_LIMIT;
  return el('section', 'raw', [
    el('details', 'raw-view', [
      el('summary', undefined, [`Raw response (${raw.length.toLocaleString('en-US')} characters)`]),
      el('pre', 'raw-text', [cut ? raw.slice(0, RAW_VIEW_LIMIT) : raw]),
      ...(cut
        ? [el('div', 'raw-cut', [`Showing the first ${RAW_VIEW_LIMIT.toLocaleString('en-US')} characters. `, button('Open in editor', 'openInEditor')])]
        : []),
    ]),
  ]);
}

/** The whole panel for one result: status first, then redirects, errors and warnings, data, headers, descriptor, raw view. */
export function renderResult(view: ResultView): ElementNode {
  const { result } = view;
  return el('div', 'result', [
    header(view),
    el('div', 'actions', [
      button('Send again', 'sendAgain'),
      button('Copy data', 'copyData'),
      button('Copy raw', 'copyRaw'),
      button('Save…', 'save'),
      button('Open in editor', 'openInEditor'),
    ]),
    ...messageList('Redirects', 'redirects', (result.redirects ?? []).map((r) => `${r.status} ${r.from} → ${r.to}${r.credentialsWithheld ? ' (credentials not sent)' : ''}`)),
    ...messageList('Errors', 'errors', result.errors),
    ...messageList('Warnings', 'warnings', result.warnings),
    ...dataSection(view),
    ...recordSection('Headers', 'headers', result.headers),
    ...recordSection('Entity descriptor', 'entity-descriptor', result.entityDescriptor),
    rawSection(view),
  ]);
}
