// A check sends nothing, so neither `connector lint` nor the language server, up to its first diagnostics, loads
// Node's http, https or tls modules: every start would pay about 10 ms for them (core/http/nodeNetwork.ts loads them
// on first use). Each process is started with a preload that writes, as it exits, the list of Node's own modules it
// loaded.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli';
import { fileUri, startLsp } from '../support/lspClient';

const ROOT = join(__dirname, '..', '..');
const NETWORK_MODULES = ['http', 'https', 'tls'];

describe("Node's network modules are loaded only to send", () => {
  let work = '';
  let preload = '';
  // Each process writes its own list, named in its environment: the tests may run at the same time.
  const listOf = (name: string): { env: Record<string, string>; loaded: () => string[] } => {
    const list = join(work, `${name}.txt`);
    return { env: { MODULE_LIST: list }, loaded: () => readFileSync(list, 'utf8').split('\n').filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)) };
  };
  const networkModulesIn = (modules: string[]): string[] => NETWORK_MODULES.filter((name) => modules.includes(name));

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'connector-modules-'));
    preload = join(work, 'record.js');
    writeFileSync(preload, "process.on('exit', () => require('node:fs').writeFileSync(process.env.MODULE_LIST, process.moduleLoadList.join('\\n')));\n");
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  test('the record sees a network module that a process loads', () => {
    const { env, loaded } = listOf('control');
    const run = spawnSync(process.execPath, ['--require', preload, '-e', "require('node:http'); require('node:https')"], { encoding: 'utf8', env: { ...process.env, ...env } });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(networkModulesIn(loaded()), NETWORK_MODULES);
  });

  test('connector lint of a REST and an OData connector with its $metadata', async () => {
    const files = ['petstore.connector.json', 'ifs-orders.connector.json'].map((name) => join(ROOT, 'examples', name));
    const { env, loaded } = listOf('lint');
    const run = await runCli(['lint', '--concurrency', 'off', ...files], { env: { ...env, NODE_OPTIONS: `--require ${preload}` } });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const modules = loaded();
    assert.ok(modules.includes('fs'), 'the record was written by the lint');
    assert.deepEqual(networkModulesIn(modules), []);
  });

  test('the language server, up to the diagnostics of an opened connector', async () => {
    const { env, loaded } = listOf('server');
    const lsp = await startLsp({ execArgv: ['--require', preload], env });
    const exited = new Promise<number | null>((resolve) => lsp.process.once('exit', resolve));
    const uri = fileUri('petstore.connector.json');
    const published = lsp.diagnostics(uri, 1);
    await lsp.open(uri, readFileSync(join(ROOT, 'examples', 'petstore.connector.json'), 'utf8'));
    assert.deepEqual(await published, []);
    await lsp.request('shutdown', null);
    await lsp.notify('exit', null);
    assert.equal(await exited, 0);
    lsp.connection.dispose();
    assert.deepEqual(networkModulesIn(loaded()), []);
  });
});
