// What a checked version of a large file holds on to once the check is over: an editor keeps the last version's check
// for as long as the file is open, so what the check read only to judge it must not stay with it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { lintFully, lintText } from '../../server/src/core/lint';
import type { RestConnector, RestOperation, RestParameter } from '../../server/src/core/model';
import type { Rule } from '../../server/src/core/rules/types';
import { parseDocument } from '../../server/src/core/parse';
import { ARRAY, OBJECT, type JsonTree } from '../../server/src/core/parse/jsonTree';
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

test('checks run one after another in one task, awaiting between them, each let go of what they read before the next', async () => {
  const text = generateConnectorWithFindings(20);
  for (let i = 0; i < 3; i++) {
    const connector = lintFully(text).result.connector as RestConnector;
    const operation = connector.operations[7];
    assert.ok(operation && operation.parameters.length > 0);
    const read = { parameters: operation.parameters, headers: operation.headers };
    // A microtask, not a new task: a weakly held value would still be alive here, and every check's with it.
    await Promise.resolve();
    assert.notEqual(operation.parameters, read.parameters, 'the parameters read by the check are still held once its run is over');
    assert.notEqual(operation.headers, read.headers, 'the headers read by the check are still held once its run is over');
    assert.deepEqual(operation.parameters.map((p) => p.name?.value), read.parameters.map((p) => p.name?.value));
  }
});

test('a check lets go of each operation\'s parameters and headers once its rules are done with it, not when the whole check ends', () => {
  // A rule that keeps what each operation handed it; all the rules of one operation see the same objects.
  const seen: { operation: RestOperation; parameters: RestParameter[]; headers: unknown }[] = [];
  const keeper: Rule = {
    id: 'keeps-what-it-reads',
    subject: 'operation',
    defaultSeverity: 'error',
    docs: { summary: 'Keeps what it reads, for testing.', why: 'To see what a check holds while it runs.' },
    check(operation) {
      seen.push({ operation, parameters: operation.parameters, headers: operation.headers });
    },
  };
  const sameOperation: Rule = {
    id: 'reads-them-again',
    subject: 'parameter',
    defaultSeverity: 'error',
    docs: { summary: 'Reads the operation again, for testing.', why: 'To see that one operation\'s rules share its parts.' },
    check(parameter, { operation }) {
      assert.equal(operation.parameters, seen.at(-1)?.parameters);
      assert.ok(operation.parameters.includes(parameter));
    },
  };
  const { findings } = lintText(generateConnectorWithFindings(20), {}, [keeper, sameOperation]);
  assert.deepEqual(findings, []);
  assert.equal(seen.length, 20);
  // Still within the run of the check (no microtask yet): every operation already reads its parts anew.
  for (const { operation, parameters, headers } of seen) {
    assert.ok(parameters.length > 0 && headers !== undefined);
    assert.notEqual(operation.parameters, parameters, 'the parameters of an operation the walk left are still held');
    assert.notEqual(operation.headers, headers, 'the headers of an operation the walk left are still held');
    assert.deepEqual(operation.parameters.map((p) => p.name?.value), parameters.map((p) => p.name?.value));
  }
});

/** The indexes of a tree's objects and arrays whose plain value it holds now. */
function heldContainerValues(tree: JsonTree): number[] {
  const { kinds, values: blocks } = tree.storage();
  // A hole reads as undefined: concat keeps each entry at its index.
  const values = ([] as unknown[]).concat(...blocks);
  const held: number[] = [];
  for (let i = 0; i < kinds.length && i < values.length; i++) if ((kinds[i] === OBJECT || kinds[i] === ARRAY) && values[i] !== undefined) held.push(i);
  return held;
}

test("a full check lets go of the file's plain values of objects and arrays; asked for again, they are built as the parser built them", () => {
  const texts = [
    generateConnectorWithFindings(5),
    // Recovered from syntax errors, repeated keys (the last wins), "__proto__" as a plain key, a property without a value.
    '{ "kind": "rest", "name": "a", "name": "b", "__proto__": { "x": [1, {"y": null}] }, "operations": [ { "id": "op", "parameters": [ {"name": "q",, } ] } ], "z": }',
  ];
  for (const text of texts) {
    const state = lintFully(text);
    const tree = state.result.parsed.tree as JsonTree;
    assert.deepEqual(heldContainerValues(tree), [], 'the checked tree still holds plain values of objects and arrays');
    const fresh = parseDocument(text).tree as JsonTree;
    assert.deepEqual(tree.value(0), fresh.value(0));
    assert.equal(Object.getPrototypeOf(tree.value(0)), Object.getPrototypeOf(fresh.value(0)));
    // Built once, then kept while asked for: the same object each time.
    assert.equal(tree.value(0), tree.value(0));
  }
});
