import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SERVER_PATH } from '../support/lspClient';

// A real LSP client nobody here wrote: Neovim (Debian's package), headless, drives the built server through a
// user's steps. What works in VS Code must work there too, without VS Code's extensions to the protocol.

const ROOT = join(__dirname, '..', '..');

interface NeovimRun {
  steps: string[];
  error?: string;
  diagnostics: { code: string; line: number }[];
  actions: string[];
  applied_fix?: string;
  after_fix: { code: string }[];
  completion: { label: string; format?: number; text?: string }[];
  command: { added?: string[]; applied?: boolean; error?: string };
  buffer: string;
}

test('Neovim: diagnostics, a quick fix, plain-text completion and the query-parameters command', () => {
  const folder = mkdtempSync(join(tmpdir(), 'connector-nvim-'));
  try {
    const file = join(folder, 'broken-rest.connector.json');
    copyFileSync(join(ROOT, 'examples', 'broken-rest.connector.json'), file);
    const out = join(folder, 'out.json');
    const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-u', join(__dirname, '..', 'support', 'neovim', 'client.lua')], {
      encoding: 'utf8', timeout: 120_000, env: { ...process.env, CONNECTOR_SERVER: SERVER_PATH, CONNECTOR_FILE: file, CONNECTOR_OUT: out },
    });
    assert.equal(run.status, 0, `nvim: ${run.stderr}`);
    const result = JSON.parse(readFileSync(out, 'utf8')) as NeovimRun;
    assert.equal(result.error, undefined);
    assert.deepEqual(result.steps, ['diagnostics', 'fix', 'completion', 'command']);

    const codes = result.diagnostics.map((d) => d.code);
    for (const code of ['multi-on-path', 'duplicate-operation-id', 'invalid-value']) assert.ok(codes.includes(code), `${code} in ${codes.join()}`);
    assert.ok(!result.actions.includes('Add multiple query parameters…'), 'no prompt-based action for a client that cannot prompt');
    assert.match(result.applied_fix ?? '', /csv/);
    assert.ok(!result.after_fix.some((d) => d.code === 'multi-on-path'), 'the fix took effect and the server re-checked');

    assert.ok(result.completion.length > 0);
    for (const item of result.completion) {
      assert.equal(item.format ?? 1, 1, `${item.label} is plain text for a client without snippets`);
      assert.doesNotMatch(item.text ?? '', /\$\d|\$\{/, item.label);
    }

    assert.deepEqual(result.command.added, ['cursor', 'pageSize']);
    assert.equal(result.command.applied, true);
    assert.match(result.buffer, /"name": "pageSize", "location": "query", "type": "integer"/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
