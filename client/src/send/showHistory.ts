import * as vscode from 'vscode';
import type { ResultPanels } from '../resultPanel/panels';
import type { SendHistory } from './history';

/** Show Sent Requests: the workspace's last results, newest first; the one picked opens in its operation's panel. */
export async function showHistory(history: SendHistory, panels: ResultPanels): Promise<void> {
  const entries = history.entries();
  if (entries.length === 0) {
    void vscode.window.showInformationMessage('No requests sent in this workspace yet.');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    entries.map((e) => ({
      label: `${e.view.operationId} — ${e.view.result.status || 'no response'}`,
      description: `${e.view.request.method} ${e.view.request.url}`,
      detail: new Date(e.view.receivedAt).toLocaleString(),
      entry: e,
    })),
    { title: 'Sent requests', matchOnDescription: true },
  );
  if (picked) panels.show(picked.entry.key, picked.entry.view, { uri: vscode.Uri.parse(picked.entry.fileUri), operationId: picked.entry.view.operationId });
}
