// The limits of an OpenAPI import: YAML alias bombs, documents too large once expanded, a deadline and a memory limit
// for the worker that reads the document, and stopping it. The command line ends with exit 2 and a message naming the
// document and the limit; it never hangs (the run's own timeout is a guard against a hang, not a measurement).
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { importOpenApiFile, listOperationsInFile } from '../../server/src/openapi/importFile';
import { makeTempFolder, runCli, STACK_TRACE } from '../support/cli';
import { aliasBombYaml, largeOpenApiJson } from '../support/hostileOpenApi';

/** The worker script the command line and the server start, as built. */
const WORKER = join(__dirname, '..', '..', 'dist', 'openapi-parser.js');

test('connector import openapi: a YAML alias bomb ends with exit 2 and says which document and which limit, in an unused extension or an operation description', async () => {
  const folder = makeTempFolder({
    'unused.yaml': aliasBombYaml('unused-extension'),
    'used.yaml': aliasBombYaml('operation-description'),
    // Aliases that stay small are read as the document says.
    'shared.yaml': 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /a: { get: { operationId: a, responses: &ok { "200": { description: OK } } } }\n  /b: { get: { operationId: b, responses: *ok } }\n',
  });
  try {
    for (const name of ['unused.yaml', 'used.yaml']) {
      const run = await runCli(['import', 'openapi', name, '--out', 'api.connector.json'], { cwd: folder.path, timeoutMs: 60_000 });
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr, `connector import: ${name} cannot be read as an OpenAPI document: its YAML aliases (*name) repeat so much that, expanded, it would be larger than 64 MB, the most the import reads; refer to shared parts with $ref instead.\nNothing was written.\n`);
      assert.doesNotMatch(run.stderr, STACK_TRACE);
      assert.equal(existsSync(join(folder.path, 'api.connector.json')), false);
    }
    const shared = await runCli(['import', 'openapi', 'shared.yaml'], { cwd: folder.path });
    assert.equal(shared.code, 0, shared.stderr);
    assert.match(shared.stderr, /Imported 2 operations from shared\.yaml/);
  } finally {
    folder.remove();
  }
});

test('connector import openapi: an alias inside what it names, YAML nested deeper than 100 levels, JSON deeper than 512 and a file over 64 MB are refused by name', async () => {
  const deep = `openapi: 3.0.3\ninfo: { title: T, version: "1" }\nx-deep: ${'['.repeat(120)}${']'.repeat(120)}\npaths: {}\n`;
  const nestedJson = (levels: number): string => JSON.stringify({
    openapi: '3.0.3', info: { title: 'T', version: '1' }, servers: [{ url: 'https://h' }],
    paths: { '/a': { get: { operationId: 'a', responses: { 200: { description: 'OK' } } } } },
  }).replace(/}$/, `,"x-deep":${'['.repeat(levels)}${']'.repeat(levels)}}`);
  const deepJson = nestedJson(600);
  const folder = makeTempFolder({
    'loop.yaml': 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\nx-loop: &loop [*loop]\npaths: {}\n',
    'deep.yaml': deep,
    'deep.json': deepJson,
    // Past YAML's 100 levels but within JSON's 512: JSON is read to the one limit of every JSON file.
    'nested.json': nestedJson(120),
  });
  try {
    writeFileSync(join(folder.path, 'huge.json'), Buffer.alloc(64 * 1024 * 1024 + 1, 0x20));
    // The first bracket past 512 levels (the document's own object is the first level), 1-based.
    const column = deepJson.indexOf('"x-deep":[') + '"x-deep":'.length + 511 + 1;
    const cases: [string, string][] = [
      ['loop.yaml', 'loop.yaml cannot be read as an OpenAPI document: a YAML alias (*name) is used inside the part it names, which makes the document endless.'],
      ['deep.yaml', 'deep.yaml cannot be read as an OpenAPI document: it nests objects and arrays deeper than 100 levels (line 3, column 108).'],
      ['deep.json', `deep.json: nesting deeper than 512 levels at line 1, column ${column}; OpenAPI documents are not nested this deep.`],
      ['huge.json', 'huge.json is larger than 64 MB, the most the import reads.'],
    ];
    for (const [name, message] of cases) {
      const run = await runCli(['import', 'openapi', name], { cwd: folder.path });
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr, `connector import: ${message}\nNothing was written.\n`);
    }
    const nested = await runCli(['import', 'openapi', 'nested.json'], { cwd: folder.path });
    assert.equal(nested.code, 0, nested.stderr);
    assert.match(nested.stderr, /Imported 1 operation from nested\.json/);
  } finally {
    folder.remove();
  }
});

test('the import worker: stopped at its deadline and at its memory limit with a message naming the document and the limit, and when the request is cancelled', async () => {
  assert.ok(existsSync(WORKER), `${WORKER} is missing: run npm run build first.`);
  const folder = makeTempFolder({ 'api.json': largeOpenApiJson(2000) });
  const spec = join(folder.path, 'api.json');
  try {
    const late = await listOperationsInFile(spec, undefined, { workerScript: WORKER, budget: { deadlineMs: 50, msPerByte: 0, memoryMb: 512 } });
    assert.deepEqual(late, { ok: false, failure: { code: 'too-slow', message: `${spec} took longer than 0.1 s to read and import, the time the import gives a document of 2 MB; it was stopped.` } });
    const small = await importOpenApiFile({ spec, specLabel: 'api.json' }, { workerScript: WORKER, budget: { deadlineMs: 120_000, msPerByte: 0, memoryMb: 8 } });
    assert.deepEqual(small, { ok: false, failure: { code: 'too-large', message: `${spec} needs more memory to read and import than the 8 MB the import gives a document of 2 MB; it was stopped.` } });
    const controller = new AbortController();
    const cancelled = listOperationsInFile(spec, undefined, { workerScript: WORKER, signal: controller.signal });
    controller.abort();
    assert.deepEqual(await cancelled, { ok: false, failure: { code: 'unreadable', message: `The import of ${spec} was cancelled.` } });
    // Within the budget for its size, the same document is read whole.
    const listed = await listOperationsInFile(spec, undefined, { workerScript: WORKER });
    assert.ok(listed.ok, listed.ok ? '' : listed.failure.message);
    assert.equal(listed.operations.length, 2000);
  } finally {
    folder.remove();
  }
});

test('connector import openapi --out: updating a connector of 2,000 operations, each of them changed, fits the time the import gives it', async () => {
  const folder = makeTempFolder({ 'api.json': largeOpenApiJson(2000) });
  try {
    const first = await runCli(['import', 'openapi', 'api.json', '--out', 'api.connector.json'], { cwd: folder.path });
    assert.equal(first.code, 0, first.stderr);
    writeFileSync(join(folder.path, 'api.json'), largeOpenApiJson(2000).replace(/Update item /g, 'Replace item '));
    const update = await runCli(['import', 'openapi', 'api.json', '--out', 'api.connector.json'], { cwd: folder.path });
    assert.equal(update.code, 0, update.stderr);
    assert.match(update.stderr, /^Updated api\.connector\.json from api\.json \(2000 operations imported\):\n {2}Operation 'updateItem0': summary changed\.\n/);
    assert.equal(update.stderr.match(/summary changed\./g)?.length, 2000);
    const again = await runCli(['import', 'openapi', 'api.json', '--out', 'api.connector.json'], { cwd: folder.path });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /\(2000 operations imported\):\n {2}Nothing changed\.\n/);
  } finally {
    folder.remove();
  }
});
