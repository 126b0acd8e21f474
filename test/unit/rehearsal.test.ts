// The first keystroke in a large file is rehearsed once the user pauses after opening it (server/src/lsp/validation.ts),
// never while the user types: a rehearsal between two keystrokes would delay the second by a whole check.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Connection, TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService, LineIndex, type Finding } from '../../server/src/core';
import { AnalysisCache } from '../../server/src/lsp/analysis';
import { LARGE } from '../../server/src/lsp/idleCollection';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';
import { generateConnectorWithFindings } from '../bench/generate';
import type { DocumentAnalysis } from '../../server/src/lsp/context';
import { ValidationScheduler } from '../../server/src/lsp/validation';

const URI = 'file:///project/large.connector.json';
const TEXT = '{ "kind": "rest", "operations": [] }';

test('the rehearsal waits until no check has run for a moment: none between keystrokes, one once the user pauses', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let document = TextDocument.create(URI, 'connector-json', 1, TEXT);
  const documents = { get: (uri: string) => (uri === URI ? document : undefined), all: () => [document] } as unknown as TextDocuments<TextDocument>;
  const connection = { sendDiagnostics: () => Promise.resolve() } as unknown as Connection;
  const result = getLanguageService().update(undefined, TEXT).result;
  const events: string[] = [];
  const cache = {
    analyze: (uri: string): DocumentAnalysis => {
      events.push(`check ${document.version}`);
      return { uri, version: document.version, text: TEXT, lines: new LineIndex(TEXT), result };
    },
    rehearsal: (): undefined => {
      events.push('rehearsal');
      return undefined;
    },
  } as unknown as AnalysisCache;
  const scheduler = new ValidationScheduler(connection, documents, cache, () => 0, (message) => assert.fail(message), getLanguageService());

  scheduler.schedule(URI, true);
  // A keystroke every 100 ms for two seconds, the first at once after opening.
  for (let version = 2; version <= 21; version++) {
    document = TextDocument.create(URI, 'connector-json', version, TEXT);
    scheduler.schedule(URI, false);
    t.mock.timers.tick(100);
  }
  assert.deepEqual(events.filter((e) => e === 'rehearsal'), [], 'no rehearsal while typing');
  t.mock.timers.tick(1_000);
  assert.equal(events.at(-1), 'rehearsal', 'a rehearsal once the user paused');
  assert.equal(events.filter((e) => e === 'rehearsal').length, 1);
});

test('the rehearsal runs ten times, one run per turn of the event loop, and a keystroke stops the runs left', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let document = TextDocument.create(URI, 'connector-json', 1, TEXT);
  const documents = { get: (uri: string) => (uri === URI ? document : undefined), all: () => [document] } as unknown as TextDocuments<TextDocument>;
  const sent: number[] = [];
  const connection = { sendDiagnostics: (params: { version: number }) => (sent.push(params.version), Promise.resolve()) } as unknown as Connection;
  const result = getLanguageService().update(undefined, TEXT).result;
  const analysisOf = (version: number): DocumentAnalysis => ({ uri: URI, version, text: TEXT, lines: new LineIndex(TEXT), result });
  let runs = 0;
  let offered = false;
  const cache = {
    analyze: (): DocumentAnalysis => analysisOf(document.version),
    // As the real cache: offered once per document; each run gives undefined once the document has moved on.
    rehearsal: (): (() => DocumentAnalysis | undefined) | undefined => {
      if (offered) return undefined;
      offered = true;
      const version = document.version;
      return () => (document.version === version ? (runs++, analysisOf(version)) : undefined);
    },
  } as unknown as AnalysisCache;
  const scheduler = new ValidationScheduler(connection, documents, cache, () => 0, (message) => assert.fail(message), getLanguageService());

  scheduler.schedule(URI, true);
  t.mock.timers.tick(300);
  assert.equal(runs, 1, 'the first run once the user paused');
  t.mock.timers.tick(1);
  t.mock.timers.tick(1);
  assert.equal(runs, 3, 'one more run per turn');
  // A keystroke: its check is published, and no run follows it.
  document = TextDocument.create(URI, 'connector-json', 2, TEXT);
  scheduler.schedule(URI, false);
  t.mock.timers.tick(5_000);
  assert.equal(runs, 3, 'no run after the keystroke');
  assert.deepEqual(sent, [1, 2], 'nothing of the rehearsal sent');

  // Another document, left alone: ten runs, then none.
  document = TextDocument.create(URI, 'connector-json', 3, TEXT);
  offered = false;
  runs = 0;
  scheduler.schedule(URI, true);
  for (let turn = 0; turn < 50; turn++) t.mock.timers.tick(300);
  assert.equal(runs, 10);
  assert.deepEqual(sent, [1, 2, 3]);
});

test("the server's cache rehearses a large file's current version, forgets each run, and offers it once", () => {
  const text = generateConnectorWithFindings(220);
  assert.ok(text.length >= LARGE, 'a file large enough to rehearse');
  let document = TextDocument.create(URI, 'connector-json', 1, text);
  const documents = { get: (uri: string) => (uri === URI ? document : undefined), all: () => [document] } as unknown as TextDocuments<TextDocument>;
  const cache = new AnalysisCache(getLanguageService(), documents, () => DEFAULT_SETTINGS);
  const opened = cache.analyze(URI);
  assert.ok(opened && opened.result.findings.length > 500);

  const run = cache.rehearsal(URI);
  assert.ok(run, 'offered once the version is checked');
  assert.equal(cache.rehearsal(URI), undefined, 'offered once');
  for (let i = 0; i < 3; i++) {
    const rehearsal: DocumentAnalysis | undefined = run();
    assert.ok(rehearsal, `run ${i + 1}`);
    assert.equal(rehearsal.version, 1);
    assert.equal(rehearsal.edit?.fromVersion, 1, 'a keystroke after the version checked');
    assert.equal(rehearsal.text.length, text.length + 1);
    assert.deepEqual(rehearsal.result.findings.map((f: Finding) => f.code), opened.result.findings.map((f: Finding) => f.code), 'the edit changes nothing a rule reads');
  }
  assert.equal(cache.analyze(URI), opened, 'the version checked is still the one cached');

  // The user types: the runs left give nothing, and there is nothing more to rehearse.
  document = TextDocument.create(URI, 'connector-json', 2, `${text} `);
  assert.equal(run(), undefined);
  cache.analyze(URI);
  assert.equal(cache.rehearsal(URI), undefined);
  // A small file is never rehearsed.
  cache.forget(URI);
  document = TextDocument.create(URI, 'connector-json', 3, TEXT);
  cache.analyze(URI);
  assert.equal(cache.rehearsal(URI), undefined);
});
