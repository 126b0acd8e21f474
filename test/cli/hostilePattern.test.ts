import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { operation, restConnector } from '../support/connectorText';
import { runCli } from '../support/cli';

const HOSTILE_VALUE = `q=${'a'.repeat(60_000)}!`;

function connectorFile(enforce: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'connector-pattern-'));
  const file = join(dir, 'hostile.connector.json');
  const parameter = '{ "name": "q", "location": "query", "type": "string", "pattern": "^(a+)+$" }';
  writeFileSync(file, restConnector([operation('find', 'GET', '/find', [parameter])], enforce ? '"advanced": { "enforceConstraints": true }' : ''));
  return file;
}

// The finding: this command ran for more than 20 s. The timeout is a guard against a hang, not a speed assertion.
test('an enforced backtracking pattern and a hostile value: refused at once (exit 2), nothing sent', async () => {
  const run = await runCli(['request', connectorFile(true), 'find', '--value', HOSTILE_VALUE, '--dry-run'], { timeoutMs: 20_000 });
  assert.equal(run.signal, null, 'the CLI finished by itself');
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /'q' does not match the pattern \^\(a\+\)\+\$/);
});

test('the same pattern while constraints are not enforced: a warning, and the request is shown', async () => {
  const run = await runCli(['request', connectorFile(false), 'find', '--value', HOSTILE_VALUE, '--dry-run'], { timeoutMs: 20_000 });
  assert.equal(run.signal, null, 'the CLI finished by itself');
  assert.equal(run.code, 0, run.stderr);
  assert.ok(run.stdout.startsWith(`GET https://api.example.com/find?q=${'a'.repeat(60_000)}`), run.stdout.slice(0, 100));
  assert.match(run.stderr, /Warning: .*'q' does not match the pattern/);
});

test('a pattern the matcher refuses is a lint error with the reason', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'connector-pattern-'));
  const file = join(dir, 'lookahead.connector.json');
  writeFileSync(file, restConnector([operation('find', 'GET', '/find', ['{ "name": "q", "location": "query", "type": "string", "pattern": "^(?=.*\\\\d).+$" }'])]));
  const run = await runCli(['lint', file]);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /This 'pattern' cannot be used: it uses a lookahead/);
});
