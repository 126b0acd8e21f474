import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileUri, startLsp, type LspSession } from '../support/lspClient';

const BROKEN = readFileSync(join(__dirname, '..', '..', 'examples', 'broken-rest.connector.json'), 'utf8');

function codesOn(diagnostics: Diagnostic[], line: number): string[] {
  return diagnostics.filter((d) => d.range.start.line === line - 1).map((d) => String(d.code)).sort();
}

function apply(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), edits);
}

describe('language server over stdio', () => {
  let lsp: LspSession;
  before(async () => {
    lsp = await startLsp();
  });
  after(() => lsp.stop());

  test('opening the broken example publishes its problems on the expected lines and ranges', async () => {
    const uri = fileUri('broken.connector.json');
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, BROKEN);
    const diagnostics = await pending;
    assert.deepEqual(codesOn(diagnostics, 20), ['multi-on-path']);
    assert.deepEqual(codesOn(diagnostics, 40), ['form-and-body-together', 'unknown-model']);
    const multi = diagnostics.find((d) => d.code === 'multi-on-path');
    const line = BROKEN.split('\n')[19] ?? '';
    assert.equal(multi?.range.start.character, line.indexOf('"multi"'));
    assert.equal(multi?.range.end.character, line.indexOf('"multi"') + '"multi"'.length);
    assert.equal(multi?.source, 'connector');
    const unnecessary = diagnostics.find((d) => d.code === 'separation-without-effect');
    assert.deepEqual(unnecessary?.tags, [1]);
  });

  test('a key written twice is published on the second key with related information pointing at the first', async () => {
    const uri = fileUri('duplicate-method.connector.json');
    const text = '{ "kind": "rest", "name": "d", "baseUrl": "https://a.example",\n  "operations": [ { "id": "a", "method": "GET",\n    "method": "POST", "path": "/a" } ] }';
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, text);
    const duplicate = (await pending).find((d) => d.code === 'duplicate-key');
    assert.deepEqual(duplicate?.range, { start: { line: 2, character: 4 }, end: { line: 2, character: 12 } });
    assert.match(String(duplicate?.message), /first is on line 2/);
    assert.deepEqual(duplicate?.relatedInformation?.map((r) => [r.location.uri, r.location.range.start]), [[uri, { line: 1, character: text.split('\n')[1]?.indexOf('"method"') }]]);
  });

  test('editing publishes updated diagnostics for the new version', async () => {
    const uri = fileUri('edit.connector.json');
    const first = lsp.diagnostics(uri, 1);
    await lsp.open(uri, '{ "kind": "rest", "name": "x", "baseUrl": "https://a.b" }');
    assert.deepEqual(await first, []);
    const second = lsp.diagnostics(uri, 2);
    await lsp.change(uri, '{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "sumary": 1 }', 2);
    assert.deepEqual((await second).map((d) => d.code), ['unknown-property']);
  });

  test('a burst of edits is checked once for the last version, and stale versions are never published', async () => {
    const uri = fileUri('burst.connector.json');
    await lsp.open(uri, '{}');
    for (let v = 2; v <= 30; v++) await lsp.change(uri, `{ "kind": "rest", "name": "v${v}", "baseUrl": "https://a.b"${v === 30 ? ', "x": 1' : ''} }`, v);
    const last = await lsp.diagnostics(uri, 30);
    assert.deepEqual(last.map((d) => d.code), ['unknown-property']);
    const versions = lsp.published.filter((p) => p.uri === uri).map((p) => p.version ?? 0);
    assert.ok(versions.length < 10, `published ${versions.length} times for 30 versions`);
    assert.deepEqual([...versions].sort((a, b) => a - b), versions, 'versions only move forward');
  });

  test('a quick fix edit removes the problem it fixes', async () => {
    const uri = fileUri('fix.connector.json');
    const text = '{\n  "kind": "rest",\n  "name": "x",\n  "baseUrl": "https://a.b",\n  "operations": [{ "id": "a", "method": "GET", "path": "/p", "parameters": [{ "name": "q", "location": "Query", "type": "string" }] }]\n}';
    const opened = lsp.diagnostics(uri, 1);
    await lsp.open(uri, text);
    const [diagnostic] = await opened;
    assert.equal(diagnostic?.code, 'invalid-value');
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic?.range,
      context: { diagnostics: [diagnostic], only: ['quickfix'] },
    });
    const fix = actions.find((a) => a.isPreferred);
    assert.equal(fix?.title, "Change to 'query'");
    const fixed = apply(text, fix?.edit?.changes?.[uri] ?? []);
    assert.ok(fixed.includes('"location": "query"'));
    const after = lsp.diagnostics(uri, 2);
    await lsp.change(uri, fixed, 2);
    assert.deepEqual(await after, []);
  });

  test('settings turn a rule off and change its severity', async () => {
    const uri = fileUri('settings.connector.json');
    const text = '{ "kind": "rest", "name": "x", "baseUrl": "https://a.b", "operations": [{ "id": "a", "method": "GET", "path": "/p", "parameters": [{ "name": "q", "location": "query", "type": "string", "maxLength": 3, "uniqueItems": true }] }] }';
    await lsp.open(uri, text);
    const before = await lsp.diagnostics(uri, 1);
    assert.ok(before.some((d) => d.code === 'constraints-not-enforced'));
    lsp.settings = { rules: { 'constraints-not-enforced': 'off', 'unique-items-documentation-only': 'error' } };
    const count = lsp.published.length;
    await lsp.notify('workspace/didChangeConfiguration', { settings: null });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !lsp.published.slice(count).some((p) => p.uri === uri)) await new Promise((r) => setTimeout(r, 20));
    const latest = lsp.published.slice(count).filter((p) => p.uri === uri).pop()?.diagnostics ?? [];
    assert.ok(!latest.some((d) => d.code === 'constraints-not-enforced'));
    assert.equal(latest.find((d) => d.code === 'unique-items-documentation-only')?.severity, 1);
    lsp.settings = {};
  });

  test('a file past the size limit gets one clear diagnostic instead of a check', async () => {
    await lsp.changeSettings({ validation: { maxFileSizeKb: 1 } });
    const uri = fileUri('huge.connector.json');
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, `{ "kind": "rest", "x": "${'a'.repeat(4000)}" }`);
    const diagnostics = await pending;
    assert.deepEqual(diagnostics.map((d) => d.code), ['file-too-large']);
    assert.match(String(diagnostics[0]?.message ?? ''), /maxFileSizeKb/);
    await lsp.changeSettings({});
  });

  test('formatting keeps comments', async () => {
    const uri = fileUri('format.connector.json');
    const text = '{\n// the kind\n"kind":"rest",   "name":"x",\n"baseUrl":"https://a.b"}';
    await lsp.open(uri, text);
    const edits = await lsp.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const formatted = apply(text, edits);
    assert.ok(formatted.includes('// the kind'));
    assert.ok(formatted.includes('  "kind": "rest"'));
  });

  test('closing a document clears its diagnostics', async () => {
    const uri = fileUri('close.connector.json');
    await lsp.open(uri, '{ "kind": 1 }');
    assert.ok((await lsp.diagnostics(uri, 1)).length > 0);
    const cleared = lsp.diagnostics(uri);
    await lsp.notify('textDocument/didClose', { textDocument: { uri } });
    assert.deepEqual(await cleared, []);
  });

  test('files that are not connector files are left alone', async () => {
    const uri = fileUri('package.json');
    await lsp.open(uri, '{ "kind": 1 }');
    // The server handles notifications in order and checks an opened file at once: by the time a connector file
    // opened afterwards has its diagnostics, anything it would have published for package.json has arrived.
    const later = fileUri('after-package.connector.json');
    const laterChecked = lsp.diagnostics(later, 1);
    await lsp.open(later, '{ "kind": 1 }');
    await laterChecked;
    assert.ok(!lsp.published.some((p) => p.uri === uri));
  });
});
