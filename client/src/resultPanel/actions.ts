// What the extension does for each button of the result panel: one handler per action the page declares
// (PANEL_BUTTONS in client/src/webview/protocol.ts). The handlers reach the editor and the language server through a
// PanelHost (editorHost.ts gives VS Code's), so a new button is one entry there and one handler here.
import type * as vscode from 'vscode';
import type { Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { resultJsonText, resultOfPortable, stringifyExact } from '../../../server/src/core';
import {
  SAVE_AS_EXPECTATION, USE_AS_RESPONSE_STRUCTURE,
  type SaveAsExpectationParams, type SaveAsExpectationResult, type UseAsResponseStructureParams, type UseAsResponseStructureResult,
} from '../../../server/src/protocol';
import type { PanelAction, ResultView } from '../webview/protocol';

/** The operation a panel's result came from: what "Send again" sends and the server's edits change. */
export interface PanelTarget {
  uri: vscode.Uri;
  operationId: string;
}

/** Which pages a sending reads: the page a result linked (Next page), or every page (All pages). */
export type PageChoice = { pageUrl: string } | { allPages: true };

/** What the panel's actions ask of the editor and the language server. */
export interface PanelHost {
  copy(text: string): Promise<void>;
  /** Opens the text in a new, unsaved editor. */
  openText(content: string, language: 'json' | 'plaintext'): Promise<void>;
  /** Asks where to save, and writes the text there. */
  saveText(text: string): Promise<void>;
  /** Sends the operation again with the values it was last sent with (Send Request with Last Values); at a next page, or reading all pages. */
  sendAgain(target: PanelTarget, pages?: PageChoice): Promise<void>;
  /** Starts Send Request for an operation, its prompts starting from these texts (the user confirms each, and may cancel). */
  sendWithDefaults(target: PanelTarget, texts: readonly [string, string][]): Promise<void>;
  /** Asks the user to choose one of the items; undefined when dismissed. */
  pick(items: readonly { label: string; detail: string }[], title: string): Promise<number | undefined>;
  request<R>(method: string, params: object): Promise<R>;
  /** Applies a server's edit; false when the editor did not. */
  applyEdit(edit: WorkspaceEdit): Promise<boolean>;
  /** Opens a file in the first column with the cursor at the start of a range. */
  showAt(uri: vscode.Uri, range: Range): Promise<void>;
  writeFile(uri: string, text: string): Promise<void>;
  /** Opens a file at the last place a text stands in it. */
  openAtText(uri: string, text: string): Promise<void>;
  /** A file's path as the workspace names it. */
  relativePath(uri: string): string;
  info(message: string): void;
  error(message: string): void;
}

/** What a handler works on: the result shown, where it came from, and the editor. */
export interface ActionContext {
  view: ResultView;
  target: PanelTarget | undefined;
  host: PanelHost;
}

export type ActionHandler = (context: ActionContext) => Promise<void>;

/** Writes the answer's skeleton as the Custom request's responseStructure, and shows where. */
async function useAsStructure({ view, target, host }: ActionContext): Promise<void> {
  if (!target) return;
  const params: UseAsResponseStructureParams = { uri: target.uri.toString(), operationId: target.operationId, rawText: view.rawText };
  const answer = await host.request<UseAsResponseStructureResult>(USE_AS_RESPONSE_STRUCTURE, params);
  if (!answer.ok) return host.error(`Cannot use the answer as the response structure: ${answer.message}`);
  if (!(await host.applyEdit(answer.edit))) return;
  await host.showAt(target.uri, answer.range);
  host.info(`The response structure of ${target.operationId} now lists the answer's properties; remove what the workflow does not need, then save.`);
}

/** Adds the answer as a case of NAME.tests.json (a new file when there is none), and opens it there. */
async function saveAsExpectation({ view, target, host }: ActionContext): Promise<void> {
  if (!target || view.valuesJson === undefined) return;
  const { data } = resultOfPortable(view.result);
  const params: SaveAsExpectationParams = {
    uri: target.uri.toString(), operationId: target.operationId, valuesJson: view.valuesJson, status: view.result.status,
    ...(data !== undefined ? { dataJson: stringifyExact(data) } : {}),
  };
  const answer = await host.request<SaveAsExpectationResult>(SAVE_AS_EXPECTATION, params);
  if (!answer.ok) return host.error(`Cannot save the expectation: ${answer.message}`);
  if (answer.newText !== undefined) await host.writeFile(answer.testsUri, answer.newText);
  else if (answer.edit && !(await host.applyEdit(answer.edit))) return;
  await host.openAtText(answer.testsUri, JSON.stringify(answer.name));
  host.info(`Saved as the case '${answer.name}' in ${host.relativePath(answer.testsUri)}${answer.newText === undefined ? ' (unsaved)' : ''}.`);
}

/**
 * Starts Send Request for a Custom request the answer's ETag can be sent with (chosen when there are several), its
 * prompts filled with the ETag and the answer's values: nothing is sent until the user confirms them.
 */
async function sendWithEtag({ view, target, host }: ActionContext): Promise<void> {
  const followUps = view.etagFollowUps ?? [];
  if (!target || followUps.length === 0) return;
  const chosen = followUps.length === 1 ? 0 : await host.pick(
    followUps.map((f) => ({ label: `Send ${f.operationId} with this ETag…`, detail: f.texts.map(([name, text]) => `${name} = ${JSON.stringify(text)}`).join(', ') })),
    'Send with the answer\'s ETag',
  );
  const followUp = chosen === undefined ? undefined : followUps[chosen];
  if (followUp) await host.sendWithDefaults({ uri: target.uri, operationId: followUp.operationId }, followUp.texts);
}

/**
 * One handler per button of the panel. The result is read from its exact text where needed: copied, opened and
 * saved with the service's digits.
 */
export const PANEL_ACTION_HANDLERS: { readonly [A in PanelAction]: ActionHandler } = {
  sendAgain: async ({ target, host }) => {
    if (target) await host.sendAgain(target);
  },
  nextPage: async ({ view, target, host }) => {
    if (target && view.nextPageUrl !== undefined) await host.sendAgain(target, { pageUrl: view.nextPageUrl });
  },
  allPages: async ({ target, host }) => {
    if (target) await host.sendAgain(target, { allPages: true });
  },
  copyData: ({ view, host }) => host.copy(stringifyExact(resultOfPortable(view.result).data ?? null, 2)),
  copyRaw: ({ view, host }) => host.copy(view.rawText),
  save: ({ view, host }) => host.saveText(resultJsonText(resultOfPortable(view.result))),
  openInEditor: ({ view, host }) => {
    const { data } = resultOfPortable(view.result);
    const isJson = data !== undefined && typeof data !== 'string';
    return host.openText(isJson ? stringifyExact(data, 2) : view.rawText, isJson ? 'json' : 'plaintext');
  },
  useAsStructure,
  sendWithEtag,
  saveAsExpectation,
};

function isPanelAction(action: unknown): action is PanelAction {
  return typeof action === 'string' && Object.hasOwn(PANEL_ACTION_HANDLERS, action);
}

/** Carries out what the page asked for; a message naming no action of the panel does nothing. */
export async function runPanelAction(action: unknown, context: ActionContext): Promise<void> {
  if (isPanelAction(action)) await PANEL_ACTION_HANDLERS[action](context);
}
