import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CLI_PATH, runCli } from '../support/cli';
import { fileUri, startLsp } from '../support/lspClient';

// The command line and the language server as shipped start from V8's compiled-code cache: written by the first
// start into CONNECTOR_TOOLS_CACHE, used by the next, never changing what they answer.
const ROOT = join(__dirname, '..', '..');
const PETSTORE = join(ROOT, 'examples', 'petstore.connector.json');

const compiledFiles = (cache: string): string[] => (existsSync(join(cache, 'compiled')) ? readdirSync(join(cache, 'compiled')).sort() : []);

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 30_000) assert.fail(`${what} did not happen`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('starting from the compiled-code cache', () => {
  it('connector: the first run writes the cache, the next runs from it with the same output, threads included', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'connector-cache-'));
    const env = { CONNECTOR_TOOLS_CACHE: cache };
    const first = await runCli(['lint', '--format', 'json', PETSTORE], { env });
    const written = compiledFiles(cache);
    assert.equal(written.length, 1);
    assert.match(written[0] ?? '', /^cli-main-[0-9a-f]{8}-[0-9a-f]{24}\.bin$/);
    const before = readFileSync(join(cache, 'compiled', written[0] ?? ''));
    const second = await runCli(['lint', '--format', 'json', PETSTORE], { env });
    assert.deepEqual({ code: second.code, stdout: second.stdout, stderr: second.stderr }, { code: first.code, stdout: first.stdout, stderr: first.stderr });
    assert.ok(first.stdout.includes('"problems"') || first.stdout.length > 0);
    // A run from the cache leaves it as it was.
    assert.deepEqual(readFileSync(join(cache, 'compiled', written[0] ?? '')), before);
    const threaded = await runCli(['lint', '--format', 'json', '--concurrency', '2', join(ROOT, 'examples')], { env });
    const single = await runCli(['lint', '--format', 'json', '--concurrency', 'off', join(ROOT, 'examples')], { env });
    assert.deepEqual({ code: threaded.code, stdout: threaded.stdout }, { code: single.code, stdout: single.stdout });
  });

  it('connector: CONNECTOR_TOOLS_CACHE=off writes nothing; an unwritable cache folder changes nothing', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'connector-cache-'));
    const off = await runCli(['lint', PETSTORE], { env: { CONNECTOR_TOOLS_CACHE: 'off', HOME: cache, XDG_CACHE_HOME: cache } });
    assert.deepEqual(readdirSync(cache), []);
    const blocked = await runCli(['lint', PETSTORE], { env: { CONNECTOR_TOOLS_CACHE: join(PETSTORE, 'inside-a-file') } });
    assert.deepEqual({ code: blocked.code, stdout: blocked.stdout, stderr: blocked.stderr }, { code: off.code, stdout: off.stdout, stderr: off.stderr });
  });

  it('connector: an installation without its bundle says so in one line, no stack trace', () => {
    const folder = mkdtempSync(join(tmpdir(), 'connector-broken-'));
    copyFileSync(CLI_PATH, join(folder, 'cli.js'));
    const run = spawnSync(process.execPath, [join(folder, 'cli.js'), 'lint', PETSTORE], { encoding: 'utf8', env: { ...process.env, CONNECTOR_TOOLS_CACHE: 'off' } });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^Connector Tools cannot start: .*cli-main\.js could not be loaded \(.*\)\. Reinstall the extension or package\.\n$/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  it('language server: writes the cache once it has checked a file, and answers the same from it', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'connector-cache-'));
    const text = readFileSync(PETSTORE, 'utf8').replace('"summary"', '"sumary"');
    const diagnosticsOf = async (): Promise<unknown> => {
      const lsp = await startLsp({ env: { CONNECTOR_TOOLS_CACHE: cache } });
      const uri = fileUri('cached.connector.json');
      const pending = lsp.diagnostics(uri, 1);
      await lsp.open(uri, text);
      const found = await pending;
      await until(() => compiledFiles(cache).length === 1, 'writing the server’s cache');
      await lsp.stop();
      return found;
    };
    const first = await diagnosticsOf();
    assert.match(compiledFiles(cache)[0] ?? '', /^server-main-[0-9a-f]{8}-[0-9a-f]{24}\.bin$/);
    const second = await diagnosticsOf();
    assert.ok(Array.isArray(first) && first.length > 0, 'the misspelt property is reported');
    assert.deepEqual(second, first);
  });
});
