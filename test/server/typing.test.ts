// Typing through the real server, as the editor sends it (ranges, several changes in one message, several messages
// before a check): after every version, the diagnostics are exactly those of the same text opened afresh.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateConnectorWithFindings } from '../bench/generate';
import { fileUri, startLsp, type LspSession } from '../support/lspClient';

/** An edit at an offset of the text it is made in: `remove` characters replaced by `insert`. */
interface Edit {
  at: number;
  remove: number;
  insert: string;
}

/** A small seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Diagnostics as compared: the document's own uri left out of related locations. */
function comparable(diagnostics: Diagnostic[]): unknown[] {
  return diagnostics.map((d) => ({ ...d, relatedInformation: d.relatedInformation?.map((r) => ({ range: r.location.range, message: r.message })) }));
}

const INSERTS = ['x', ' ', '\n', '\r\n', '"', '{', '}', ',', '', 'get', '"path"', '  "a": 1,\n'];

/** Random edits, most of them inside a string of an operation (where only that operation is checked again). */
function editsFor(text: string, next: () => number): Edit[] {
  const count = 1 + Math.floor(next() * 3);
  const edits: Edit[] = [];
  let now = text;
  for (let i = 0; i < count; i++) {
    const strings = [...now.matchAll(/"(summary|name|in|method|type)": "/g)].map((m) => (m.index ?? 0) + m[0].length);
    const at = next() < 0.8 && strings.length > 0 ? strings[Math.floor(next() * strings.length)] as number : Math.floor(next() * now.length);
    const edit = { at, remove: Math.floor(next() * 3), insert: INSERTS[Math.floor(next() * INSERTS.length)] as string };
    edits.push(edit);
    now = now.slice(0, edit.at) + edit.insert + now.slice(edit.at + edit.remove);
  }
  return edits;
}

describe('typing in a file full of findings through the server', () => {
  let lsp: LspSession;
  let fresh = 0;
  before(async () => {
    lsp = await startLsp({ settings: { validation: { debounceMs: 0 } } });
    await lsp.changeSettings({ validation: { debounceMs: 0 } });
  });
  after(() => lsp.stop());

  /** The diagnostics of `text` opened as a new document. */
  async function diagnosticsOfFresh(text: string): Promise<unknown[]> {
    const uri = fileUri(`fresh-${fresh++}.connector.json`);
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, text);
    const diagnostics = await pending;
    await lsp.notify('textDocument/didClose', { textDocument: { uri } });
    return comparable(diagnostics);
  }

  /** The quick fixes the server offers over the whole of the open document `uri`, `text` long: titles and edits. */
  async function quickFixes(uri: string, text: string): Promise<{ title: string }[]> {
    const whole = TextDocument.create(uri, 'connector-json', 0, text);
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: whole.positionAt(text.length) },
      context: { diagnostics: [], only: ['quickfix'] },
    });
    return actions.map((a) => ({ title: a.title, preferred: a.isPreferred, edits: a.edit?.changes?.[uri] }));
  }

  /** The quick fixes of `text` opened as a new document. */
  async function quickFixesOfFresh(text: string): Promise<{ title: string }[]> {
    const uri = fileUri(`fresh-${fresh++}.connector.json`);
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, text);
    await pending;
    const fixes = await quickFixes(uri, text);
    await lsp.notify('textDocument/didClose', { textDocument: { uri } });
    return fixes;
  }

  /** Opens `start` as `name` and waits for its first diagnostics; the editor's copy of it, to make changes in. */
  async function opened(name: string, start: string): Promise<{ uri: string; document: TextDocument; diagnostics: Diagnostic[] }> {
    const uri = fileUri(name);
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, start);
    return { uri, document: TextDocument.create(uri, 'connector-json', 1, start), diagnostics: await pending };
  }

  /** Sends `edits` as one message of changes (each range in the text the previous changes made; some given backwards). */
  async function send(uri: string, document: TextDocument, edits: readonly Edit[], version: number, backwards: boolean): Promise<void> {
    const changes: TextDocumentContentChangeEvent[] = [];
    for (const edit of edits) {
      const start = document.positionAt(edit.at);
      const end = document.positionAt(edit.at + edit.remove);
      const change = { range: backwards ? { start: end, end: start } : { start, end }, text: edit.insert };
      changes.push(change);
      TextDocument.update(document, [change], version);
    }
    await lsp.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  for (const [name, eol] of [['LF', '\n'], ['CR LF', '\r\n']] as const) {
    test(`${name}: edits before, inside and after findings, adding and removing lines and findings, give the diagnostics of a fresh open`, async () => {
      const { uri, document, diagnostics } = await opened(`typing-${name.replace(' ', '')}.connector.json`, generateConnectorWithFindings(6).replace(/\n/g, eol));
      assert.ok(diagnostics.length > 10, 'the file has findings to move');
      const next = random(eol.length * 7919);
      let version = 1;
      for (let step = 0; step < 40; step++) {
        version++;
        const pending = lsp.diagnostics(uri, version);
        await send(uri, document, editsFor(document.getText(), next), version, step % 5 === 4);
        assert.deepEqual(comparable(await pending), await diagnosticsOfFresh(document.getText()), `after edit ${step} (version ${version})`);
      }
    });
  }

  test('quick fixes asked for after edits in other operations (enabling a setting at the file\'s end) are those of a fresh open', async () => {
    const { uri, document } = await opened('typing-fixes.connector.json', generateConnectorWithFindings(8));
    // A letter typed in operation 5, deleted again, then typed in 2 and 7: the fixes of the findings before and after
    // each edit are asked for before another document is opened.
    const steps = [['5', '5x'], ['5x', '5'], ['2', '2x'], ['7', '7x']] as const;
    let version = 1;
    for (const [from, to] of steps) {
      const at = document.getText().indexOf(`"summary": "Search items ${from}"`) + '"summary": "Search items '.length;
      const pending = lsp.diagnostics(uri, ++version);
      await send(uri, document, [{ at, remove: from.length, insert: to }], version, false);
      await pending;
      const fixes = await quickFixes(uri, document.getText());
      assert.ok(fixes.filter((f) => f.title === 'Enable constraint enforcement').length >= 8);
      assert.deepEqual(fixes, await quickFixesOfFresh(document.getText()), `quick fixes after ${from} → ${to}`);
    }
  });

  test('opening a file publishes its diagnostics once (the open and the change it also reports ask for one check)', async () => {
    const uri = fileUri('opened-once.connector.json');
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, generateConnectorWithFindings(3));
    assert.ok((await pending).length > 0, 'the file has findings');
    // The server answers in order: whatever it published on opening was written before this answer.
    await lsp.request('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(lsp.published.filter((p) => p.uri === uri).length, 1);
  });

  test('a large file: the first keystroke, one at the end of the file (after the fixes\' edits), and their undoing give the diagnostics and quick fixes of a fresh open', async () => {
    const start = generateConnectorWithFindings(220);
    assert.ok(start.length > 256 * 1024, 'a file the server rehearses and collects for');
    const { uri, document } = await opened('typing-large.connector.json', start);
    assert.deepEqual(await quickFixes(uri, start), await quickFixesOfFresh(start), 'quick fixes once opened');
    const summary = start.indexOf('"summary": "Search items 110"') + '"summary": "Search items 11'.length;
    const steps: Edit[] = [{ at: summary, remove: 0, insert: 'x' }, { at: start.length - 2, remove: 0, insert: ' ' }, { at: start.length - 2, remove: 1, insert: '' }, { at: summary, remove: 1, insert: '' }];
    let version = 1;
    for (const edit of steps) {
      const pending = lsp.diagnostics(uri, ++version);
      await send(uri, document, [edit], version, false);
      assert.deepEqual(comparable(await pending), await diagnosticsOfFresh(document.getText()), `after ${JSON.stringify(edit)}`);
      const fixes = await quickFixes(uri, document.getText());
      assert.ok(fixes.filter((f) => f.title === 'Enable constraint enforcement').length >= 200);
      assert.deepEqual(fixes, await quickFixesOfFresh(document.getText()), `quick fixes after ${JSON.stringify(edit)}`);
    }
    assert.equal(document.getText(), start);
  });

  test('a character replaced by a line break and back (the length kept, the lines after it moved) gives the diagnostics of a fresh open', async () => {
    const start = generateConnectorWithFindings(6);
    const { uri, document } = await opened('typing-same-length.connector.json', start);
    // A space in the connector's authorization, then one before the second operation's summary's value: a line
    // break there keeps the file valid.
    const places = [start.indexOf('"scheme":') + '"scheme":'.length, start.indexOf('"summary": "', start.indexOf('"summary": "') + 1) + '"summary":'.length];
    let version = 1;
    for (const at of places) {
      for (const insert of ['\n', ' ', '\r', ' ']) {
        const pending = lsp.diagnostics(uri, ++version);
        await send(uri, document, [{ at, remove: 1, insert }], version, false);
        assert.deepEqual(comparable(await pending), await diagnosticsOfFresh(document.getText()), `after ${JSON.stringify(insert)} at ${at}`);
      }
    }
  });

  test('several messages of changes before one check (a debounce) give the diagnostics of a fresh open', async () => {
    await lsp.changeSettings({ validation: { debounceMs: 30 } });
    const { uri, document } = await opened('typing-debounced.connector.json', generateConnectorWithFindings(6));
    const next = random(42);
    let version = 1;
    for (let round = 0; round < 10; round++) {
      for (let message = 0; message < 3; message++) await send(uri, document, editsFor(document.getText(), next), ++version, false);
      const pending = lsp.diagnostics(uri, version);
      assert.deepEqual(comparable(await pending), await diagnosticsOfFresh(document.getText()), `after round ${round} (version ${version})`);
    }
    await lsp.changeSettings({ validation: { debounceMs: 0 } });
  });
});
