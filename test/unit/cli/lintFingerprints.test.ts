// Each finding of `connector lint` carries a fingerprint: a hash of its rule, the file's path, its line (trimmed) and
// its own text, then how many findings before it had the same. SARIF keeps it to tell results apart across runs.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintFiles } from '../../../server/src/cli/lint/lintFiles';

function fingerprint(code: string, path: string, line: string, span: string): string {
  return createHash('sha256').update([code, path, line, span].join('\u0000')).digest('hex').slice(0, 32);
}

const connector = (path: string): string => `{ "kind": "rest", "name": "T", "baseUrl": "https://a.example", "operations": [ { "id": "a", "method": "GET", "path": "${path}", "parameters": [] } ] }`;

test('a fingerprint hashes rule, path, trimmed line and the finding\'s text; the same again counts up', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'fingerprints-'));
  const text = `\n   ${connector('/{a}/{b}/{a}')}   \n`;
  const run = await lintFiles([{ path: join(folder, 'x.connector.json'), text }], {}, folder);
  const found = run.files[0]?.findings ?? [];
  const line = connector('/{a}/{b}/{a}');
  assert.deepEqual(found.map((f) => f.fingerprint), [
    `${fingerprint('path-placeholder-without-parameter', 'x.connector.json', line, '{a}')}:1`,
    `${fingerprint('path-placeholder-without-parameter', 'x.connector.json', line, '{b}')}:1`,
    `${fingerprint('path-placeholder-without-parameter', 'x.connector.json', line, '{a}')}:2`,
  ]);
});

test('20,000 findings on the one line of a minified file: each fingerprinted as alone, the line read once', { timeout: 120_000 }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'fingerprints-'));
  const path = Array.from({ length: 20_000 }, (_, i) => `/{p${i}}`).join('');
  const text = connector(path);
  const run = await lintFiles([{ path: join(folder, 'min.connector.json'), text }], {}, folder);
  const found = run.files[0]?.findings ?? [];
  assert.equal(found.length, 20_000);
  assert.equal(new Set(found.map((f) => f.fingerprint)).size, 20_000);
  assert.equal(found[19_999]?.fingerprint, `${fingerprint('path-placeholder-without-parameter', 'min.connector.json', text, '{p19999}')}:1`);
  assert.equal(found[19_999]?.column, text.indexOf('{p19999}') + 1);
});
