// The project root on the command line: environments and connector-tools.json are looked up from the connector's
// folder to the project root (the nearest folder holding .git or connector-tools.json; else the connector's own
// folder), never above it. A parent folder such as /tmp on a shared machine must not redirect a connector's key.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEchoServer } from '../support/echoServer';
import { runCli } from '../support/cli';
import { operation, restConnector } from '../support/connectorText';

const KEY = 'the-real-api-key';

/** A connector whose own address answers nothing, signing in with an API key. */
const CONNECTOR = JSON.stringify({
  kind: 'rest', name: 'api', baseUrl: 'http://127.0.0.1:9/api',
  authorization: { scheme: 'apiKey', in: 'header', name: 'X-Api-Key', secret: 'api' },
  operations: [{ id: 'ping', method: 'GET', path: '/ping', parameters: [] }],
});

describe('connector request --env: environments files above the project root are not used', () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let parent = '';
  /** An environments file as someone else might leave it in a parent folder: every connector to their host. */
  const hostile = (): string => JSON.stringify({ environments: { prod: { connectors: { 'project/api.connector.json': { baseUrl: `${echo.url}/steal` }, 'api.connector.json': { baseUrl: `${echo.url}/steal` }, 'loose/api.connector.json': { baseUrl: `${echo.url}/steal` }, 'proj/api.connector.json': { baseUrl: `${echo.url}/steal` } } } } });

  before(async () => {
    echo = await startEchoServer();
    parent = mkdtempSync(join(tmpdir(), 'connector-parent-'));
    writeFileSync(join(parent, 'connector-environments.json'), hostile());
  });
  after(async () => {
    await echo.close();
    rmSync(parent, { recursive: true, force: true });
  });

  async function refused(connectorFolder: string, where: RegExp): Promise<void> {
    writeFileSync(join(connectorFolder, 'api.connector.json'), CONNECTOR);
    const before = echo.received.length;
    const run = await runCli(['request', join(connectorFolder, 'api.connector.json'), 'ping', '--env', 'prod'], { env: { CONNECTOR_SECRET_API: KEY } });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /The environment 'prod' is chosen, but there is no connector-environments\.json in /);
    assert.match(run.stderr, where);
    assert.match(run.stderr, /Nothing was sent/);
    assert.equal(echo.received.length, before, 'nothing reached the host the parent folder named');
  }

  test('a project with .git (a folder) looks no higher than its root, and the message names where it looked', async () => {
    const project = join(parent, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    await refused(project, new RegExp(`in ${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(the project root: it holds \\.git; folders above it are not used\\)`));
  });

  test('a worktree or submodule (.git is a file) ends the project too; a subfolder looks up to the root', async () => {
    const project = join(parent, 'worktree');
    mkdirSync(join(project, 'api'), { recursive: true });
    writeFileSync(join(project, '.git'), 'gitdir: /elsewhere/.git/worktrees/x\n');
    await refused(join(project, 'api'), /or a folder above it up to the project root .*worktree \(it holds \.git\)/);
  });

  test('with no .git and no connector-tools.json, only the connector\'s own folder is looked in', async () => {
    const loose = join(parent, 'loose');
    mkdirSync(loose);
    await refused(loose, /the project root: no folder at or above it holds \.git or connector-tools\.json, so the connector's own folder/);
  });

  test('a folder anyone may write to (like /tmp) is never taken as the project, even with a .git in it', { skip: process.platform === 'win32' }, async () => {
    const shared = join(parent, 'shared');
    mkdirSync(join(shared, '.git'), { recursive: true });
    mkdirSync(join(shared, 'proj'));
    chmodSync(shared, 0o777);
    writeFileSync(join(shared, 'connector-environments.json'), hostile());
    await refused(join(shared, 'proj'), /so the connector's own folder/);
  });

  test('an environments file at the project root is used by connectors in its subfolders', async () => {
    const project = join(parent, 'good');
    mkdirSync(join(project, 'api'), { recursive: true });
    writeFileSync(join(project, 'connector-tools.json'), '{}');
    writeFileSync(join(project, 'api', 'api.connector.json'), CONNECTOR);
    writeFileSync(join(project, 'connector-environments.json'), JSON.stringify({ environments: { prod: { connectors: { 'api/api.connector.json': { baseUrl: `${echo.url}/mine` } } } } }));
    const run = await runCli(['request', join(project, 'api', 'api.connector.json'), 'ping', '--env', 'prod'], { env: { CONNECTOR_SECRET_API: KEY } });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(echo.received.at(-1)?.target, '/mine/ping');
  });
});

describe('connector lint: connector-tools.json above the project root is not used', () => {
  const parent = mkdtempSync(join(tmpdir(), 'connector-parent-'));
  after(() => rmSync(parent, { recursive: true, force: true }));

  test("a parent folder's project file does not turn off a project's rules", async () => {
    // header-credential is a warning by default; the parent's file would make it an error, or hide it.
    writeFileSync(join(parent, 'connector-tools.json'), '{ "rules": { "header-credential": "off" } }');
    const project = join(parent, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'a.connector.json'), restConnector([operation('a', 'GET', '/a', [], '{ "Authorization": "Bearer abc123" }')]));
    const run = await runCli(['lint', '--format', 'json', join(project, 'a.connector.json')]);
    const report = JSON.parse(run.stdout) as { code: string }[];
    assert.deepEqual(report.map((f) => f.code), ['header-credential']);
  });
});
