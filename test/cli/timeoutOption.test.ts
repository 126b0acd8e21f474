import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from '../support/cli';

// One rule for --timeout in every command that sends: a whole number of milliseconds up to an hour. A larger
// number would overflow the timer, which then fires at once; a fraction or text is a mistake to say so about.
for (const command of [['request', 'x.connector.json', 'op'], ['test'], ['metadata', 'fetch', 'x.connector.json']]) {
  for (const value of ['99999999999', '1.5', 'soon', '0', '-5']) {
    test(`connector ${command[0]} --timeout ${value} is a usage error that says the range`, async () => {
      const run = await runCli([...command, '--timeout', value]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /--timeout takes a whole number of milliseconds from 1 to 3600000/);
    });
  }
}
