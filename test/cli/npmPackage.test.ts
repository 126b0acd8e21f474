import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import semver from 'semver';
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
    const build = spawnSync(process.execPath, ['esbuild.mjs', '--production', `--outdir=${join(source, 'dist')}`, `--metafile=${join(work, 'bundled.json')}`], { cwd: ROOT, encoding: 'utf8' });
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
    assert.deepEqual(files.map((f) => f.path).sort(), ['LICENSE', 'README.md', 'dist/cli-main.js', 'dist/cli.js', 'dist/http-client.js', 'dist/openapi-parser.js', 'dist/pattern-matcher.js', 'dist/server-main.js', 'dist/server.js', 'dist/xml-parser.js', 'package.json']);
    // 867 KB before the OData metadata checks, which both the command line and the server carry (about 48 KB each,
    // packed); 1,005 KB with the kept metadata models and the compiled-code entries. A dependency bundled by mistake
    // (hundreds of KB) still fails this.
    assert.ok(packedSize < 1_100_000, `packed size ${packedSize} bytes`);
  });

  it("declares the Node.js its bundle needs (engines), and the one its development needs (devEngines)", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; devEngines: { runtime: { name: string; version: string } } };
    const enginesOf = (folder: string): string | undefined => (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { engines?: { node?: unknown } }).engines?.node as string | undefined;
    // The packages the published files hold, by folder (node_modules/x, node_modules/a/node_modules/@s/y).
    const bundled = JSON.parse(readFileSync(join(work, 'bundled.json'), 'utf8')) as Record<string, string[]>;
    const shipped = new Set(files.map((f) => f.path));
    const folders = new Set<string>();
    for (const [outfile, inputs] of Object.entries(bundled)) {
      if (!shipped.has(`dist/${basename(outfile)}`)) continue;
      for (const input of inputs) {
        const at = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
        if (at?.[1] && existsSync(join(ROOT, at[1], 'package.json'))) folders.add(at[1]);
      }
    }
    const needs = [...folders].flatMap((folder) => { const range = enginesOf(join(ROOT, folder)); return range ? [[folder, range] as const] : []; });
    assert.ok(needs.some(([folder]) => folder === 'node_modules/undici'), 'the HTTP client is bundled and says what it needs');
    const floor = semver.minVersion(manifest.engines.node)?.version ?? '';
    for (const [folder, range] of needs) assert.ok(semver.satisfies(floor, range), `${folder} needs Node.js ${range}; engines.node says ${manifest.engines.node}`);
    assert.ok(needs.some(([, range]) => semver.minVersion(range)?.version === floor), `engines.node (${manifest.engines.node}) asks more than any bundled package: ${JSON.stringify(needs)}`);

    // Development: every installed development package runs on the lowest version of each line devEngines allows.
    const { runtime } = manifest.devEngines;
    assert.equal(runtime.name, 'node');
    const lowest = new semver.Range(runtime.version).set.map((comparators) => semver.minVersion(comparators.map((c) => c.value).join(' '))?.version ?? '');
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: unknown }; optional?: boolean }> };
    const refused = Object.entries(lock.packages).flatMap(([folder, info]) => {
      const range = info.engines?.node;
      if (folder === '' || info.optional || typeof range !== 'string') return [];
      return lowest.filter((version) => !semver.satisfies(version, range)).map((version) => `${folder} needs ${range}, not ${version}`);
    });
    assert.deepEqual(refused, []);
    // The development floor is above the published one: the README says which is which.
    assert.match(readFileSync(join(ROOT, 'README.md'), 'utf8'), new RegExp(`Node\\.js ${lowest[0]?.replace(/\.0$/, '').replace(/\./g, '\\.')} or later`));
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
