import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { restConnector, operation } from '../support/connectorText';
import { startLsp, type LspSession } from '../support/lspClient';

// The editor reads the same connector-tools.json as `connector lint`, and follows it when it changes.

const CONNECTOR = restConnector([operation('a', 'GET', '/a', [], '{ "Authorization": "Bearer abc123" }')]);
const codes = (diagnostics: Diagnostic[]): string[] => diagnostics.map((d) => `${String(d.code)}:${d.severity}`);

describe('the project file in the language server', () => {
  let lsp: LspSession;
  let folder = '';
  const configPath = (): string => join(folder, 'connector-tools.json');
  const configUri = (): string => pathToFileURL(configPath()).href;
  const docUri = (): string => pathToFileURL(join(folder, 'api', 'a.connector.json')).href;
  // Written whole at once (as editors save): the server's scan of the workspace at start-up may still be reading the
  // project file on a busy machine, and must never see it half written.
  const writeConfig = (text: string): void => {
    writeFileSync(`${configPath()}.tmp`, text);
    renameSync(`${configPath()}.tmp`, configPath());
  };

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'connector-project-'));
    mkdirSync(join(folder, 'api'));
    writeFileSync(join(folder, 'api', 'a.connector.json'), CONNECTOR);
    writeFileSync(configPath(), '{ "rules": { "header-credential": "error" } }');
    lsp = await startLsp({ workspaceFolder: folder });
  });
  after(async () => {
    await lsp.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  test('levels from the project file apply; each diagnostic links to its rule', async () => {
    const pending = lsp.diagnostics(docUri(), 1);
    await lsp.open(docUri(), CONNECTOR);
    const diagnostics = await pending;
    assert.deepEqual(codes(diagnostics), ['header-credential:1']);
    assert.match(diagnostics[0]?.codeDescription?.href ?? '', /docs\/rules\.md#header-credential$/);
  });

  test('a changed project file, reported by the client, re-checks open files; its own mistakes show on it', async () => {
    writeConfig('{ "rules": { "header-credential": "off", "multi-on-paht": "off" } }');
    const configDiagnostics = lsp.diagnostics(configUri());
    const pending = lsp.diagnostics(docUri(), 1);
    await lsp.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri(), type: 2 }] });
    assert.deepEqual(codes(await pending), []);
    const onConfig = await configDiagnostics;
    assert.deepEqual(codes(onConfig), ['unknown-rule:1']);
    assert.match(String(onConfig[0]?.message ?? ''), /Did you mean 'multi-on-path'\?/);
  });

  test('ignored files show no problems but keep editor features', async () => {
    writeConfig('{ "ignore": ["api/**"] }');
    const cleared = lsp.diagnostics(configUri());
    const pending = lsp.diagnostics(docUri(), 1);
    await lsp.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri(), type: 2 }] });
    assert.deepEqual(await cleared, [], 'the fixed project file has no problems left');
    assert.deepEqual(codes(await pending), []);
    const symbols = await lsp.request<{ name: string }[]>('textDocument/documentSymbol', { textDocument: { uri: docUri() } });
    assert.ok(symbols.length > 0);
  });

  test('ignore covers values, tests and environments files too, as on the command line; a file outside it keeps its problems', async () => {
    mkdirSync(join(folder, 'legacy'), { recursive: true });
    mkdirSync(join(folder, 'current'), { recursive: true });
    const uriOf = (path: string): string => pathToFileURL(join(folder, path)).href;
    for (const place of ['legacy', 'current']) writeFileSync(join(folder, place, 'a.connector.json'), CONNECTOR);
    // Each with a mistake the editor reports: an operation the connector lacks, an unknown setting.
    const values = '{ "nope": { "x": 1 } }';
    const tests = '{ "cases": [{ "name": "c", "operation": "nope", "expect": { "status": 200 } }] }';
    const environments = '{ "environments": { "dev": { "baseUrll": "https://dev.example.com" } } }';
    const files: [string, string][] = [['a.values.json', values], ['a.tests.json', tests], ['connector-environments.json', environments]];
    const opened = async (place: string): Promise<number[]> => {
      const counts: number[] = [];
      for (const [name, text] of files) {
        const pending = lsp.diagnostics(uriOf(`${place}/${name}`));
        await lsp.open(uriOf(`${place}/${name}`), text);
        counts.push((await pending).length);
      }
      return counts;
    };
    // The server handles messages in order: the change is known before the files open.
    writeConfig('{ "ignore": ["legacy/**"] }');
    await lsp.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri(), type: 2 }] });
    assert.deepEqual(await opened('legacy'), [0, 0, 0]);
    const current = await opened('current');
    assert.ok(current.every((count) => count > 0), `problems outside the ignored folder: ${current.join(', ')}`);
    // The project file no longer ignoring them: the open files are checked again and show their problems.
    const again = files.map(([name]) => lsp.diagnostics(uriOf(`legacy/${name}`)));
    writeConfig('{ }');
    await lsp.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri(), type: 2 }] });
    const counts = (await Promise.all(again)).map((d) => d.length);
    assert.ok(counts.every((count) => count > 0), `problems once no longer ignored: ${counts.join(', ')}`);
  });

  test('a rule id unknown to the editor settings is named with the closest one', async () => {
    const messages: string[] = [];
    lsp.connection.onRequest('window/showMessageRequest', (params: { message: string }) => {
      messages.push(params.message);
      return null;
    });
    lsp.settings = { rules: { 'header-credentials': 'off' } };
    await lsp.notify('workspace/didChangeConfiguration', { settings: {} });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && messages.length === 0) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(messages, ["connectorTools.rules: there is no rule 'header-credentials'. Did you mean 'header-credential'?"]);
  });
});

test("a project file's problems show as soon as the workspace opens, before any connector file", async () => {
  const folder = mkdtempSync(join(tmpdir(), 'connector-project-'));
  mkdirSync(join(folder, 'team'));
  writeFileSync(join(folder, 'team', 'connector-tools.json'), '{ "rules": { "multi-on-paht": "off" } }');
  const configUri = pathToFileURL(join(folder, 'team', 'connector-tools.json')).href;
  const lsp = await startLsp({ workspaceFolder: folder });
  try {
    const diagnostics = await lsp.diagnostics(configUri);
    assert.deepEqual(diagnostics.map((d) => d.code), ['unknown-rule']);
  } finally {
    await lsp.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
