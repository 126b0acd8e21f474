// Runs inside the result panel's webview: receives a result, renders it, sends button presses back.
import { mount } from './mount';
import type { ExtensionToPanelMessage, PanelAction, PanelToExtensionMessage, ResultView } from './protocol';
import { renderResult } from './render';

interface VsCodeApi {
  postMessage(message: PanelToExtensionMessage): void;
  getState(): ResultView | undefined;
  setState(state: ResultView): void;
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
  // Kept by VS Code while the panel is hidden, so coming back shows the same result without asking again.
  vscode.setState(view);
}

window.addEventListener('message', (event: MessageEvent<ExtensionToPanelMessage>) => {
  if (event.data?.type === 'show') show(event.data.view);
});

const saved = vscode.getState();
if (saved) show(saved);
vscode.postMessage({ type: 'ready' });
