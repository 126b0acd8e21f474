import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { zipEntries } from '../support/zipListing';

const ROOT = join(__dirname, '..', '..');

test('the .vsix holds only the bundles, schemas, grammar, icon, walkthrough pages, docs files and manifest', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'connector-vsix-')), 'connector-tools.vsix');
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const files = zipEntries(out).filter((f) => f.startsWith('extension/')).map((f) => f.slice('extension/'.length)).sort();
  assert.deepEqual(files, [
    'LICENSE.txt', 'changelog.md', 'dist/client.js', 'dist/http-client.js', 'dist/openapi-parser.js', 'dist/pattern-matcher.js', 'dist/server-main.js', 'dist/server.js', 'dist/webview.js', 'dist/xml-parser.js', 'images/icon.png',
    'media/walkthrough/ci.md', 'media/walkthrough/fix.md', 'media/walkthrough/open-example.md', 'media/walkthrough/send.md', 'package.json', 'readme.md',
    'schemas/connector-environments.schema.json', 'schemas/connector-tests.schema.json', 'schemas/connector-tools.schema.json', 'schemas/connector.schema.json', 'syntaxes/connector-json.language-configuration.json', 'syntaxes/connector-json.tmLanguage.json',
  ]);
});

test('the manifest names publisher, repository, categories, engines, activation and every command', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & {
    contributes: { commands: { command: string }[] }; activationEvents: string[]; repository: { url: string }; engines: { vscode: string };
    capabilities: { untrustedWorkspaces: { supported: string } };
  };
  assert.equal(manifest.publisher, 'connector-tools');
  assert.match(manifest.repository.url, /^https:\/\//);
  assert.ok((manifest.categories as string[]).length > 0 && (manifest.keywords as string[]).length > 0);
  assert.equal(manifest.engines.vscode, '^1.95.0');
  assert.ok(manifest.activationEvents.includes('onLanguage:connector-json'));
  assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
  // Every source file of the extension: a command may be registered in any of them.
  const client = readdirSync(join(ROOT, 'client/src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(ROOT, 'client/src', file), 'utf8'))
    .join('\n');
  for (const { command } of manifest.contributes.commands) assert.ok(client.includes(`'${command}'`), `${command} is contributed but not registered`);
});

test('every dependency with an install script is decided on (npm ci prints no install-script notice)', () => {
  const run = spawnSync('npm', ['install-scripts', 'ls'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /No packages with unreviewed install scripts/);
  // esbuild's allowed script really ran: it put its platform binary in place of the JavaScript launcher.
  const esbuild = spawnSync(join(ROOT, 'node_modules/esbuild/bin/esbuild'), ['--version'], { encoding: 'utf8' });
  assert.equal(esbuild.status, 0, esbuild.stderr);
});
