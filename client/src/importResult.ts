// What an import does with its result in the editor: writes the connector text through an edit (so it can be undone),
// and shows a summary with, on request, the report: what changed in the connector, what the platform cannot hold as
// the source says, where the source breaks its own specification, and what the checks find in the result.
import * as vscode from 'vscode';
import type { ImportNote } from '../../server/src/core';

/**
 * The save dialog's filter for a connector file. `json` beside `connector.json`: VS Code's own dialog (in the browser,
 * or with files.simpleDialog) compares only the last extension and would otherwise make `shop.connector.json`
 * `shop.connector.json.connector.json`; a name typed without an extension still gets `.connector.json`.
 */
export const CONNECTOR_FILE_FILTERS = { 'Connector files': ['connector.json', 'json'] };

/** What an import reports. */
export interface ImportReport {
  changes?: string[];
  notes: ImportNote[];
  problems?: string[];
  findings: string[];
}

/** The report as Markdown, under a title and a one-line summary. */
export function importReportMarkdown(title: string, summary: string, report: ImportReport, source = 'the document'): string {
  const lines = [`# ${title}`, '', summary, ''];
  if (report.changes) lines.push('## Changes to the connector', '', ...(report.changes.length ? report.changes.map((c) => `- ${c}`) : ['- Nothing changed.']), '');
  if (report.notes.length) {
    lines.push(`## What the platform cannot hold as ${source} says`, '');
    const byPlace = new Map<string, ImportNote[]>();
    for (const note of report.notes) byPlace.set(note.where, [...(byPlace.get(note.where) ?? []), note]);
    for (const [where, notes] of byPlace) lines.push(`### ${where}`, '', ...notes.map((n) => `- **${n.kind === 'left-out' ? 'left out' : 'changed'}**: ${n.reason}`), '');
  }
  if (report.problems?.length) lines.push('## Where the document does not follow the specification', '', ...report.problems.map((p) => `- ${p.replace(/\s*\n\s*/g, ' ')}`), '');
  if (report.findings.length) lines.push('## Checks on the connector', '', ...report.findings.map((f) => `- ${f}`), '');
  return lines.join('\n');
}

/** Writes a connector's new text through the editor (an open file's text is replaced, a new file created), saves and (unless `show` is false) shows it. */
export async function writeImportedText(target: vscode.Uri, text: string, show = true): Promise<boolean> {
  const edit = new vscode.WorkspaceEdit();
  let exists = true;
  try {
    await vscode.workspace.fs.stat(target);
  } catch {
    exists = false;
  }
  if (exists) {
    const document = await vscode.workspace.openTextDocument(target);
    edit.replace(target, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  } else {
    edit.createFile(target, { contents: new TextEncoder().encode(text) });
  }
  if (!(await vscode.workspace.applyEdit(edit))) {
    void vscode.window.showErrorMessage(`Could not write ${vscode.workspace.asRelativePath(target)}.`);
    return false;
  }
  const opened = await vscode.workspace.openTextDocument(target);
  await opened.save();
  if (show) await vscode.window.showTextDocument(opened);
  return true;
}

/** Shows the summary; "Show Report" opens the report beside the connector. */
export async function offerReport(summary: string, markdown: () => string): Promise<void> {
  const choice = await vscode.window.showInformationMessage(summary, 'Show Report');
  if (!choice) return;
  const report = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown() });
  await vscode.window.showTextDocument(report, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}
