import type { PortableResult } from '../../../server/src/core';

/** What the result panel shows: one sending of one operation, already redacted by the extension. */
export interface ResultView {
  operationId: string;
  /** The request that was sent (secrets redacted): line, headers and body as shown by a preview. */
  request: { method: string; url: string; headers?: [string, string][]; body?: string };
  /** Its data as exact JSON text: the panel's messages and saved state are JSON, which would round its numbers. */
  result: PortableResult;
  /** The response body as received (redacted), for the raw view; the page gets only its start (see viewForPage). */
  rawText: string;
  /** The whole body's length, when `rawText` holds only its start. */
  rawLength?: number;
  /** ISO 8601 time the result arrived. */
  receivedAt: string;
  /** Every response header as received (redacted). */
  responseHeaders?: Record<string, string>;
  /** The environment it was sent in. */
  environment?: string;
  /** OAuth2: where the token came from, and whether it was reused. */
  signIn?: { tokenUrl: string; fromCache: boolean };
  /** Every origin that received a credential with the request, and what it received. */
  credentials?: { origin: string; what: string }[];
  /** OAuth2: the token request sent first (secrets redacted); absent when a token from memory was used. */
  tokenRequest?: string;
  /** With a response structure: what it drops from the answer and what it expects that the answer lacks. */
  structure?: { dropped: string[]; missing: string[] };
  /** Offers "Use as response structure" (an OData Custom request with a JSON answer). */
  canUseAsStructure?: boolean;
  /** Offers "Save as expectation" (the values it was sent with are known). */
  canSaveAsExpectation?: boolean;
  /** Where it came from, when not from Send Request (a test case). */
  source?: string;
  /** The values it was sent with (JSON text, every digit kept), for "Save as expectation"; not shown. */
  valuesJson?: string;
  /** The answer links a next page (on the request's origin): "Next page" sends the request there. */
  nextPageUrl?: string;
  /** The answer's ETag can be sent with these Custom requests of the file (If-Match): "Send with this ETag…" offers them. */
  etagFollowUps?: { operationId: string; texts: [string, string][] }[];
}

/** Past this many characters the raw view shows the start and offers the whole body in an editor. */
export const RAW_VIEW_LIMIT = 100_000;

/**
 * What the page is sent of a result: the raw body only as far as the raw view shows it. The extension keeps the
 * whole body for Copy raw and Open in editor; a copy of several MB in the page would only cost memory and time.
 */
export function viewForPage(view: ResultView): ResultView {
  if (view.rawText.length <= RAW_VIEW_LIMIT) return view;
  return { ...view, rawText: view.rawText.slice(0, RAW_VIEW_LIMIT), rawLength: view.rawLength ?? view.rawText.length };
}

/** One button of the panel: the action it asks the extension for, its caption, and when it is offered (always if no condition). */
export interface PanelButton {
  action: string;
  caption: string;
  offered?: (view: ResultView) => boolean;
}

/**
 * The panel's buttons, in the order shown. The page has no file, clipboard or server access: a button posts its
 * action, and the extension's controller (client/src/resultPanel/actions.ts) has one handler per action. A new
 * button is one entry here and one handler there.
 */
export const PANEL_BUTTONS = [
  { action: 'sendAgain', caption: 'Send again' },
  { action: 'nextPage', caption: 'Next page', offered: (view) => view.nextPageUrl !== undefined },
  { action: 'allPages', caption: 'All pages', offered: (view) => view.nextPageUrl !== undefined },
  { action: 'copyData', caption: 'Copy data' },
  { action: 'copyRaw', caption: 'Copy raw' },
  { action: 'save', caption: 'Save…' },
  { action: 'openInEditor', caption: 'Open in editor' },
  { action: 'useAsStructure', caption: 'Use as response structure', offered: (view) => view.canUseAsStructure === true },
  { action: 'sendWithEtag', caption: 'Send with this ETag…', offered: (view) => (view.etagFollowUps?.length ?? 0) > 0 },
  { action: 'saveAsExpectation', caption: 'Save as expectation', offered: (view) => view.canSaveAsExpectation === true },
] as const satisfies readonly PanelButton[];

/** What a button asks the extension to do. */
export type PanelAction = (typeof PANEL_BUTTONS)[number]['action'];

/** extension → page: show this result. */
export type ExtensionToPanelMessage = { type: 'show'; view: ResultView };
/** page → extension: a button was pressed, or the page is ready for its result. */
export type PanelToExtensionMessage = { type: 'action'; action: PanelAction } | { type: 'ready' };
