import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startEchoServer } from '../support/echoServer';

// The command line as a user gets it from npm: `npm pack` of this project, installed into an empty folder,
// run as `npx connector-tools ...`. Built into a copy, so the repository's dist/ (used by other tests) is untouched.

const ROOT = join(__dirname, '..', '..');

interface PackedFile { path: string; size: number }

describe('the npm package', () => {
  let work = '';
  let tarball = '';
  let files: PackedFile[] = [];
  let packedSize = 0;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'connector-npm-'));
    const source = join(work, 'source');
    for (const name of ['package.json', '.npmignore', 'README.md', 'LICENSE']) {
      spawnSync('mkdir', ['-p', source]);
      copyFileSync(join(ROOT, name), join(source, name));
    }
    // What `prepack` does, into the copy.
    const build = spawnSync(process.execPath, ['esbuild.mjs', '--production', `--outdir=${join(source, 'dist')}`], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: source, encoding: 'utf8' });
    assert.equal(pack.status, 0, pack.stderr);
    const [info] = JSON.parse(pack.stdout) as { filename: string; size: number; files: PackedFile[] }[];
    assert.ok(info);
    tarball = join(work, info.filename);
    files = info.files;
    packedSize = info.size;
    echo = await startEchoServer();
  });
  after(async () => {
    await echo?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('holds the bundled command, README, licence and manifest only, and is small', () => {
    assert.deepEqual(files.map((f) => f.path).sort(), ['LICENSE', 'README.md', 'dist/cli.js', 'dist/http-client.js', 'dist/openapi-parser.js', 'dist/pattern-matcher.js', 'dist/server.js', 'dist/xml-parser.js', 'package.json']);
    // 867 KB before the OData metadata checks, which both the command line and the server carry (about 48 KB each, packed).
    assert.ok(packedSize < 1_000_000, `packed size ${packedSize} bytes`);
  });

  it('installs into an empty folder without fetching a dependency, and lints and sends as `npx connector-tools`', async () => {
    const project = join(work, 'user-project');
    spawnSync('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
    const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, encoding: 'utf8' });
    assert.equal(install.status, 0, install.stderr);
    assert.match(install.stdout, /added 1 package/);

    writeFileSync(join(project, 'echo.connector.json'), JSON.stringify({
      kind: 'rest', name: 'Echo', baseUrl: echo.url,
      operations: [{ id: 'ping', method: 'GET', path: '/ping', parameters: [{ name: 'n', location: 'query', type: 'integer' }] }],
    }));
    writeFileSync(join(project, 'broken.connector.json'), '{ "kind": "rest", "name": "B", "baseUrl": "http://127.0.0.1:1", "operations": [ { "id": "x", "method": "GET", "path": "/a/{id}" } ] }');
    const npx = (...args: string[]): ReturnType<typeof spawnSync> =>
      spawnSync('npx', ['--offline', 'connector-tools', ...args], { cwd: project, encoding: 'utf8' });

    const clean = npx('lint', 'echo.connector.json');
    assert.equal(clean.status, 0, String(clean.stderr));
    assert.match(String(clean.stdout), /No problems found in 1 connector file/);
    const broken = npx('lint', 'broken.connector.json', '--format', 'json');
    assert.equal(broken.status, 1);
    assert.match(String(broken.stdout), /path-placeholder-without-parameter/);

    // The OpenAPI reader is a second bundle, loaded on demand: it must be in the package and found from it.
    copyFileSync(join(ROOT, 'examples', 'petstore.openapi.yaml'), join(project, 'petstore.openapi.yaml'));
    const imported = npx('import', 'openapi', 'petstore.openapi.yaml', '--out', 'imported.connector.json');
    assert.equal(imported.status, 0, String(imported.stderr));
    assert.equal(npx('lint', 'imported.connector.json').status, 0);

    // The language server for other editors answers initialize over stdio.
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const answer = await new Promise<string>((resolve, reject) => {
      const server = spawn('npx', ['--offline', 'connector-language-server', '--stdio'], { cwd: project, detached: true });
      let text = '';
      const timer = setTimeout(() => reject(new Error(`no answer to initialize: ${text}`)), 30_000);
      server.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (!text.includes('"serverInfo"')) return;
        clearTimeout(timer);
        process.kill(-(server.pid ?? 0));
        resolve(text);
      });
      server.stdin.write(`Content-Length: ${Buffer.byteLength(initialize)}\r\n\r\n${initialize}`);
    });
    assert.match(answer, /"serverInfo":\{"name":"connector-tools"/);

    // Asynchronously: the echo server answers from this process.
    await promisify(execFile)('npx', ['--offline', 'connector-tools', 'request', 'echo.connector.json', 'ping', '--value', 'n=7'], { cwd: project });
    assert.equal(echo.received.at(-1)?.target, '/ping?n=7');
  });
});
