// What the VS Code extension ships besides the server: the client (dist/client.js) and the result page
// (dist/webview.js) use a few pure functions of the core, through its entry, and must not carry the rule engine or
// the HTTP client with them. Built by esbuild.mjs itself into a folder of its own, so dist/ is untouched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

const ROOT = join(__dirname, '..', '..');

/** Files that check connectors (the rule engine, its schema, rules and $metadata checks) or send requests. */
const NOT_IN_THE_EXTENSION = [
  'server/src/core/service.ts', 'server/src/core/lint.ts', 'server/src/core/check/', 'server/src/core/rules/', 'server/src/core/schema/',
  'server/src/core/metadata/', 'server/src/core/http/send.ts', 'server/src/core/http/dispatcher.ts', 'server/src/core/http/wireBody.ts',
  'server/src/core/http/exchange.ts', 'server/src/core/http/tokenEndpoint.ts', 'server/src/core/http/tokenCache.ts',
  'node_modules/undici/', 'node_modules/re2js/', 'node_modules/ajv/', 'node_modules/ajv-formats/', 'node_modules/fast-xml-parser/',
];

describe('the extension bundles', () => {
  let work = '';
  let held: Record<string, string[]> = {};
  const bundle = (name: string): { files: string[]; text: string } => ({
    files: held[join(work, name)] ?? [],
    text: readFileSync(join(work, name), 'utf8'),
  });

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'connector-bundles-'));
    const build = spawnSync(process.execPath, ['esbuild.mjs', `--outdir=${work}`, `--metafile=${join(work, 'held.json')}`], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    held = JSON.parse(readFileSync(join(work, 'held.json'), 'utf8')) as Record<string, string[]>;
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  for (const name of ['client.js', 'webview.js']) {
    test(`${name} holds functions of the core, and neither the rule engine nor the HTTP client`, () => {
      const { files } = bundle(name);
      assert.ok(files.some((f) => f.startsWith('server/src/core/')), `${name} holds no file of the core: ${files.join(', ')}`);
      const carried = files.filter((f) => NOT_IN_THE_EXTENSION.some((prefix) => f.startsWith(prefix)));
      assert.deepEqual(carried, [], `${name} carries ${carried.length} file(s) it never runs`);
    });
  }

  test("the client starts the language server with glibc's large-block threshold fixed (client/src/serverEnvironment.ts)", () => {
    const { files, text } = bundle('client.js');
    assert.ok(files.includes('client/src/serverEnvironment.ts'), 'the client does not give the server its environment');
    assert.match(text, /MALLOC_MMAP_THRESHOLD_/);
  });

  test("every bundle requires at run time only Node's own modules, its sibling bundles and (the client) VS Code's API, nothing from a node_modules", () => {
    // node: names Node's own modules, those of later versions too (the HTTP client asks for node:sqlite only where Node has it).
    const builtin = (id: string): boolean => id.startsWith('node:') || builtinModules.includes(id);
    const bundles = readdirSync(work).filter((name) => name.endsWith('.js'));
    assert.ok(bundles.includes('cli-main.js') && bundles.includes('server-main.js'), `built: ${bundles.join(', ')}`);
    for (const name of bundles) {
      // A call, not the text of one inside a string (ajv's generated code names its runtime helpers so).
      const asked = [...bundle(name).text.matchAll(/(?<!['"`])\b(?:__)?require(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] as string);
      const outside = asked.filter((id) => !builtin(id) && !id.startsWith('./') && !(name === 'client.js' && id === 'vscode'));
      assert.deepEqual(outside, [], `${name} looks for packages that the published extension and package do not hold (and a user's node_modules may): ${outside.join(', ')}`);
    }
  });

  test('the result page loads no module at run time: a webview has no require', () => {
    const { text } = bundle('webview.js');
    assert.ok(text.includes('acquireVsCodeApi'), 'the result page was built');
    assert.doesNotMatch(text, /\brequire\s*\(/);
  });
});
