import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, STACK_TRACE } from '../support/cli';

// Windows editors (Notepad among them) save UTF-8 with a byte-order mark first. Editors do not show it, and every
// command must read such a file as the editor shows it: a mark is not a syntax error at 1:1.

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const BOM = '\uFEFF';

function folderWithBom(): { dir: string; connector: string } {
  const dir = mkdtempSync(join(tmpdir(), 'connector-bom-'));
  const connector = join(dir, 'petstore.connector.json');
  writeFileSync(connector, BOM + readFileSync(join(EXAMPLES, 'petstore.connector.json'), 'utf8'));
  return { dir, connector };
}

describe('files saved with a byte-order mark', () => {
  test('connector request previews them, with a values file saved the same way', async () => {
    const { dir, connector } = folderWithBom();
    const values = join(dir, 'petstore.values.json');
    writeFileSync(values, `${BOM}{ "getPet": { "petId": 7 } }`);
    const run = await runCli(['request', connector, 'getPet', '--values', values, '--dry-run'], {});
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^GET http:\/\/127\.0\.0\.1:3030\/api\/pets\/7/);
  });

  test('connector export openapi exports them', async () => {
    const { connector } = folderWithBom();
    const run = await runCli(['export', 'openapi', connector], {});
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { openapi: string }).openapi, '3.1.0');
  });

  test('connector import openapi into one updates it and keeps its mark', async () => {
    const { dir, connector } = folderWithBom();
    const run = await runCli(['import', 'openapi', join(EXAMPLES, 'petstore.openapi.yaml'), '--out', connector], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Updated /);
    const written = readFileSync(connector, 'utf8');
    assert.ok(written.startsWith(BOM) && !written.startsWith(BOM + BOM), 'one mark, as before');
    const lint = await runCli(['lint', connector], {});
    assert.equal(lint.code, 0, lint.stdout);
  });
});

describe('paths that are not regular files', () => {
  test('a device or a FIFO is refused at once by every command that reads a JSON file, never read until memory runs out', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'connector-fifo-'));
    const fifo = join(dir, 'pipe.connector.json');
    execFileSync('mkfifo', [fifo]);
    const petstore = join(EXAMPLES, 'petstore.connector.json');
    const commands = [
      ['request', '/dev/zero', 'getPet'],
      ['request', fifo, 'getPet'],
      ['request', petstore, 'getPet', '--values', '/dev/zero'],
      ['export', 'openapi', '/dev/zero'],
      ['metadata', 'fetch', fifo],
      ['import', 'openapi', join(EXAMPLES, 'petstore.openapi.yaml'), '--out', '/dev/zero'],
      ['lint', fifo],
    ];
    for (const args of commands) {
      const run = await runCli(args, {});
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, /not a regular file/, args.join(' '));
      assert.doesNotMatch(run.stderr, STACK_TRACE);
    }
  });
});
