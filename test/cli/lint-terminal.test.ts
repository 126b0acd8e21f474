import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { wrapText } from '../../server/src/cli/format/stylish';
import { CLI_PATH, runCli } from '../support/cli';

// The stylish report is read in a terminal: it fits the terminal's width there, and stays one finding per line
// when piped, so scripts and grep keep working.

const BROKEN = join(__dirname, '..', '..', 'examples', 'broken-odata.connector.json');
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** Runs the CLI with a real pseudo-terminal of the given width (util-linux `script`), returning what it printed. */
function lintInTerminal(columns: number): string {
  const command = `stty cols ${columns} rows 50; exec node ${CLI_PATH} lint ${BROKEN}`;
  const run = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  assert.equal(run.status, 1, run.stderr);
  return run.stdout.replace(ANSI, '').replace(/\r\n/g, '\n');
}

describe('connector lint in a terminal', () => {
  it('wraps messages to an 80-column terminal, every line within it, the rule id kept whole', () => {
    const text = lintInTerminal(80);
    const lines = text.split('\n');
    const tooWide = lines.filter((line) => line.length > 80);
    assert.deepEqual(tooWide, []);
    // The long message of the first finding really wrapped (it is over 150 characters) and nothing was lost.
    const joined = lines.map((line) => line.trim()).join(' ');
    assert.match(joined, /Custom request is available from connector version 2\.1\.17; this connector targets 2\.1\.10\. Upgrade the connector and set "connectorVersion": "2\.1\.17" or later\. +custom-request-version/);
    assert.ok(lines.some((line) => /^ {10,}\S/.test(line)), 'continuation lines are indented under the message column');
  });

  it('uses a wide terminal: a short message stays on one line with its rule id', () => {
    const text = lintInTerminal(200);
    assert.match(text, /^ {2}17:24 +error +'None' is how the platform's UI shows it; in a connector file 'metadataLevel' is written 'none'\. {2}invalid-value$/m);
  });

  it('piped: one finding per line, no padding after the message', async () => {
    const run = await runCli(['lint', BROKEN]);
    assert.equal(run.code, 1);
    const findings = run.stdout.split('\n').filter((line) => /^ {2}\d+:\d+/.test(line));
    assert.ok(findings.length >= 8);
    for (const line of findings) {
      assert.match(line, /^ {2}\d+:\d+ +(error|warning|info) +\S.*\S {2}[a-z0-9-]+$/);
      assert.doesNotMatch(line, / {3,}[a-z0-9-]+$/, 'the message is not padded to the longest one');
    }
  });
});

describe('wrapText', () => {
  it('breaks at spaces, cuts a word longer than the width, keeps every character', () => {
    assert.deepEqual(wrapText('aaa bbb ccc', 7), ['aaa bbb', 'ccc']);
    assert.deepEqual(wrapText('abcdefghij kl', 4), ['abcd', 'efgh', 'ij', 'kl']);
    assert.deepEqual(wrapText('', 10), ['']);
  });
});
