// Scenarios in a tests file through the real language server over stdio: the checks before sending as diagnostics
// where they are written, and completion of operations and of the names earlier steps capture.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { CompletionItem, Diagnostic } from 'vscode-languageserver-protocol';
import { startLsp, type LspSession } from '../support/lspClient';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

describe('scenarios in the language server', () => {
  let lsp: LspSession;
  let dir = '';
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'connector-scenarios-lsp-'));
    cpSync(EXAMPLES, dir, { recursive: true });
    lsp = await startLsp({ workspaceFolder: dir, initializationOptions: { connectorToolsExtension: true } });
  });
  after(async () => {
    await lsp.stop();
  });

  test('diagnostics at the unknown operation, the uncaptured placeholder and the impossible pointer; completion of names', async () => {
    const uri = pathToFileURL(join(dir, 'petstore.tests.json')).href;
    const text = [
      '{ "cases": [ { "name": "life", "steps": [',
      '  { "operation": "addPet", "values": { "name": "p-{{$uuid}}" }, "capture": { "id": "/data/id", "bad": "/status/x" } },',
      '  { "operation": "getPett", "values": { "petId": "{{idd}}" } },',
      '  { "operation": "getPet", "values": { "petId": "{{" } }',
      '] } ] }',
    ].join('\n');
    await lsp.open(uri, text);
    const diagnostics = await lsp.diagnostics(uri, 1);
    const where = (d: Diagnostic): string => text.split('\n')[d.range.start.line]?.slice(d.range.start.character, d.range.end.character) ?? '';
    const found = diagnostics.map((d) => [where(d), String(d.message)]);
    assert.ok(found.some(([at, m]) => at === '"/status/x"' && /cannot point inside it/.test(m)), JSON.stringify(found));
    assert.ok(found.some(([at, m]) => at === '"getPett"' && /Did you mean 'getPet'/.test(m)), JSON.stringify(found));
    assert.ok(found.some(([at, m]) => at === '{{idd}}' && /No earlier step captures 'idd'. Did you mean 'id'\?/.test(m)), JSON.stringify(found));
    const line3 = text.split('\n')[3] ?? '';
    const names = await lsp.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 3, character: line3.indexOf('{{') + 2 } });
    assert.deepEqual(names.map((c) => c.label), ['id', 'bad', '$uuid', '$timestamp', '$isoTimestamp', '$randomInt']);
    const operations = await lsp.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: (text.split('\n')[2] ?? '').indexOf('"getPett"') + 1 } });
    assert.deepEqual(operations.map((c) => c.label), ['findPets', 'getPet', 'addPet', 'uploadPhoto']);
  });
});
