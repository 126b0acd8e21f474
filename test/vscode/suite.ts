// Runs inside a downloaded VS Code (npm run test:vscode): the same checks as the end-to-end tests, through the API.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

async function diagnosticsOf(uri: vscode.Uri): Promise<vscode.Diagnostic[]> {
  for (let i = 0; i < 300; i++) {
    const found = vscode.languages.getDiagnostics(uri);
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

/** Entry point called by @vscode/test-electron. */
export async function run(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const broken = vscode.Uri.file(path.join(folder, 'broken-rest.connector.json'));
  const document = await vscode.workspace.openTextDocument(broken);
  await vscode.window.showTextDocument(document);
  assert.equal(document.languageId, 'connector-json');
  const diagnostics = await diagnosticsOf(broken);
  const codes = diagnostics.map((d) => String(typeof d.code === 'object' ? d.code.value : d.code));
  for (const code of ['multi-on-path', 'unknown-model', 'form-without-content-type']) assert.ok(codes.includes(code), `missing ${code}`);

  const multi = diagnostics.find((d) => d.code === 'multi-on-path');
  assert.ok(multi);
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', broken, multi.range);
  const fix = actions.find((a) => a.isPreferred);
  assert.ok(fix?.edit, 'a preferred quick fix for multi-on-path');
  assert.ok(await vscode.workspace.applyEdit(fix.edit));
  assert.ok(document.getText().includes('"separation": "csv"'));

  const petstore = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(folder, 'petstore.connector.json')));
  const text = petstore.getText();
  const at = petstore.positionAt(text.indexOf('"location": "query", "type": "integer"') + 13);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', petstore.uri, at);
  const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label)).sort();
  assert.deepEqual(labels, ['"body"', '"form"', '"header"', '"matrix"', '"path"', '"query"']);
}
