// A version is published once (server/src/lsp/validation.ts): opening a document both opens and changes it, and each
// asks for a check; the second found the same analysis and made and wrote every diagnostic again, which in a large
// file full of findings delayed the first keystroke typed right after the first diagnostics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Connection, PublishDiagnosticsParams, TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService, LineIndex } from '../../server/src/core';
import type { AnalysisCache } from '../../server/src/lsp/analysis';
import type { DocumentAnalysis } from '../../server/src/lsp/context';
import { ValidationScheduler } from '../../server/src/lsp/validation';

const URI = 'file:///project/opened.connector.json';
const TEXT = '{ "kind": "rest", "operations": [ { "id": "a", "method": "GET", "path": "/a" } ] }';

test('a version already published is not published again; a new version, or a new check of the same one, is', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let document = TextDocument.create(URI, 'connector-json', 1, TEXT);
  const documents = { get: (uri: string) => (uri === URI ? document : undefined), all: () => [document] } as unknown as TextDocuments<TextDocument>;
  const sent: PublishDiagnosticsParams[] = [];
  const connection = { sendDiagnostics: (params: PublishDiagnosticsParams) => (sent.push(params), Promise.resolve()) } as unknown as Connection;
  const service = getLanguageService();
  const analyses = new Map<string, DocumentAnalysis>();
  let settingsGeneration = 0;
  // As the real cache: one analysis per version and settings.
  const cache = {
    analyze: (uri: string): DocumentAnalysis => {
      const key = `${document.version}:${settingsGeneration}`;
      const known = analyses.get(key);
      if (known) return known;
      const made = { uri, version: document.version, text: TEXT, lines: new LineIndex(TEXT), result: service.update(undefined, TEXT).result };
      analyses.set(key, made);
      return made;
    },
    rehearsal: (): undefined => undefined,
    forget: (): void => analyses.clear(),
  } as unknown as AnalysisCache;
  const scheduler = new ValidationScheduler(connection, documents, cache, () => 0, (message) => assert.fail(message), service);

  // Opened: the open's check, then the change's.
  scheduler.schedule(URI, true);
  scheduler.schedule(URI, false);
  assert.deepEqual(sent.map((p) => p.version), [1]);
  assert.ok(sent[0]!.diagnostics.length > 0, 'the file has findings to publish');

  document = TextDocument.create(URI, 'connector-json', 2, TEXT);
  scheduler.schedule(URI, false);
  assert.deepEqual(sent.map((p) => p.version), [1, 2]);

  // Settings changed: the same version checked anew is published.
  settingsGeneration++;
  scheduler.revalidateAll();
  assert.deepEqual(sent.map((p) => p.version), [1, 2, 2]);

  // Closed and opened again: published again.
  scheduler.clear(URI);
  document = TextDocument.create(URI, 'connector-json', 1, TEXT);
  scheduler.schedule(URI, true);
  assert.deepEqual(sent.map((p) => [p.version, p.diagnostics.length > 0]), [[1, true], [2, true], [2, true], [undefined, false], [1, true]]);
});
