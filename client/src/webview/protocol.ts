import type { ConnectorResult } from '../../../server/src/core/request/types';

/** What the result panel shows: one sending of one operation, already redacted by the extension. */
export interface ResultView {
  operationId: string;
  request: { method: string; url: string };
  result: ConnectorResult;
  /** The response body as received (redacted), for the raw view. */
  rawText: string;
  /** ISO 8601 time the result arrived. */
  receivedAt: string;
}

/** Buttons in the panel; the extension carries them out (the webview has no file or clipboard access). */
export type PanelAction = 'copyData' | 'copyRaw' | 'save' | 'openInEditor' | 'sendAgain';

export type ExtensionToPanelMessage = { type: 'show'; view: ResultView };
export type PanelToExtensionMessage = { type: 'action'; action: PanelAction } | { type: 'ready' };
