import * as vscode from 'vscode';
import { viewForPage, type ExtensionToPanelMessage, type PanelToExtensionMessage, type ResultView } from '../webview/protocol';
import { runPanelAction, type PanelHost, type PanelTarget } from './actions';
import { createNonce, resultPanelHtml } from './html';

interface OpenPanel {
  panel: vscode.WebviewPanel;
  view: ResultView;
  target: PanelTarget | undefined;
  ready: boolean;
}

/** One result panel per operation: showing a new result for the same operation reuses its panel. Its buttons run actions.ts. */
export class ResultPanels implements vscode.Disposable {
  private readonly panels = new Map<string, OpenPanel>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: PanelHost,
  ) {}

  /** Shows a result in the operation's panel, creating the panel beside the editor when needed. */
  show(key: string, view: ResultView, target?: PanelTarget): void {
    const existing = this.panels.get(key);
    if (existing) {
      existing.view = view;
      existing.target = target;
      existing.panel.title = `${view.operationId} — ${view.result.status || 'error'}`;
      if (existing.ready) void this.post(existing.panel, { type: 'show', view: viewForPage(view) });
      existing.panel.reveal(undefined, true);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      'connectorTools.result',
      `${view.operationId} — ${view.result.status || 'error'}`,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')] },
    );
    const entry: OpenPanel = { panel, view, target, ready: false };
    this.panels.set(key, entry);
    const script = panel.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview.js'));
    panel.webview.html = resultPanelHtml(script.toString(), createNonce(), view.operationId);
    panel.webview.onDidReceiveMessage((message: PanelToExtensionMessage) => {
      if (message.type === 'ready') {
        entry.ready = true;
        void this.post(panel, { type: 'show', view: viewForPage(entry.view) });
      } else if (message.type === 'action') {
        void runPanelAction(message.action, { view: entry.view, target: entry.target, host: this.host });
      }
    });
    panel.onDidDispose(() => this.panels.delete(key));
  }

  private post(panel: vscode.WebviewPanel, message: ExtensionToPanelMessage): Thenable<boolean> {
    return panel.webview.postMessage(message);
  }

  dispose(): void {
    for (const { panel } of this.panels.values()) panel.dispose();
    this.panels.clear();
  }
}
