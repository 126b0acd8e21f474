// What a checked version of a large file holds on to once the check is over: an editor keeps the last version's check
// for as long as the file is open, so what the check read only to judge it must not stay with it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { lintFully } from '../../server/src/core/lint';
import type { RestConnector } from '../../server/src/core/model';
import { generateConnectorWithFindings } from '../bench/generate';

/** V8's full collection (the test runner does not start node with --expose-gc). */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Lets the current task end: what it kept alive through weak references may be collected after it. */
const nextTask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test("a check's model lets go of every operation's headers and parameters once the check is over, and reads them again when asked", async () => {
  const collect = fullCollection();
  const state = lintFully(generateConnectorWithFindings(20));
  assert.ok(state.result.findings.length > 20, 'the file is full of findings: the rules read every parameter');
  const connector = state.result.connector as RestConnector;
  const operation = connector.operations[7];
  assert.ok(operation);
  // Within one task the same objects are handed out (rules and features compare them).
  assert.equal(operation.parameters, operation.parameters);
  assert.equal(operation.headers, operation.headers);
  const names = operation.parameters.map((p) => p.name?.value);
  const headerNames = operation.headers?.entries.map((e) => e.name);
  assert.ok(names.length > 0 && headerNames && headerNames.length > 0);
  const parameters = new WeakRef(operation.parameters);
  const headers = new WeakRef(operation.headers as object);
  await nextTask();
  collect();
  assert.equal(parameters.deref(), undefined, 'the parameters read by the check are still held by the model');
  assert.equal(headers.deref(), undefined, 'the headers read by the check are still held by the model');
  // Read again from the tree, the same as before.
  assert.deepEqual(operation.parameters.map((p) => p.name?.value), names);
  assert.deepEqual(operation.headers?.entries.map((e) => e.name), headerNames);
});
