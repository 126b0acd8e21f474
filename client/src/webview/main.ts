// Runs inside the result panel's webview: receives a result, renders it, sends button presses back.
import { mount } from './mount';
import type { ExtensionToPanelMessage, PanelAction, PanelToExtensionMessage, ResultView } from './protocol';
import { renderResult } from './render';

interface VsCodeApi {
  postMessage(message: PanelToExtensionMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root');

function send(action: PanelAction): void {
  vscode.postMessage({ type: 'action', action });
}

function show(view: ResultView): void {
  if (!root) return;
  root.replaceChildren(mount(renderResult(view), document, send));
}

window.addEventListener('message', (event: MessageEvent<ExtensionToPanelMessage>) => {
  if (event.data?.type === 'show') show(event.data.view);
});

// No copy of the result is kept in the page's saved state (for a long answer, a copy of several MB made on every
// result): a page shown again after being hidden starts anew and asks, and the extension sends its result again.
vscode.postMessage({ type: 'ready' });
