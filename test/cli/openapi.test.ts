import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import { makeTempFolder, runCli, STACK_TRACE } from '../support/cli';
import { oasExample } from '../support/openapiDocuments';

const PETSTORE = oasExample('2.0', 'petstore').path;

test('connector import openapi: prints the connector, reports per operation on stderr, and the result lints', async () => {
  const folder = makeTempFolder({});
  try {
    const run = await runCli(['import', 'openapi', PETSTORE, '--operations', 'uploadFile,findPetsBy*', '--name', 'Pets'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^\/\/ Imported from petstore\.json \(Swagger 2\.0\) by connector import openapi\.\n\{/);
    const connector = parse(run.stdout) as { name: string; operations: { id: string }[] };
    assert.equal(connector.name, 'Pets');
    assert.deepEqual(connector.operations.map((o) => o.id), ['findPetsByStatus', 'findPetsByTags', 'uploadFile']);
    assert.match(run.stderr, /Imported 3 operations from .*petstore\.json into the connector\./);
    // These three operations sign in with OAuth2 only: the nearest the connector offers is a bearer token, reported.
    assert.match(run.stderr, / {2}connector\n {4}changed {3}'petstore_auth' signs in with OAuth2 \(implicit\)/);
    writeFileSync(join(folder.path, 'pets.connector.json'), run.stdout);
    const lint = await runCli(['lint', 'pets.connector.json'], { cwd: folder.path });
    assert.equal(lint.code, 0, lint.stdout);
  } finally {
    folder.remove();
  }
});

test('connector import openapi --out: writes the file, then updates it in place keeping comments, listing changes', async () => {
  const folder = makeTempFolder({});
  try {
    const first = await runCli(['import', 'openapi', PETSTORE, '--out', 'pets.connector.json', '--operations', 'getPetById'], { cwd: folder.path });
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout, '');
    const path = join(folder.path, 'pets.connector.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"kind": "rest",', '"kind": "rest", // keep me'));
    const second = await runCli(['import', 'openapi', PETSTORE, '--out', 'pets.connector.json', '--operations', 'getPetById,deletePet'], { cwd: folder.path });
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, /Updated pets\.connector\.json from .*\(2 operations imported\):\n {2}Operation 'deletePet' added \(DELETE \/pet\/\{petId\}\)\./);
    const text = readFileSync(path, 'utf8');
    assert.ok(text.includes('// keep me'));
    assert.deepEqual((parse(text) as { operations: { id: string }[] }).operations.map((o) => o.id), ['getPetById', 'deletePet']);
  } finally {
    folder.remove();
  }
});

test('connector import openapi: bad input is one message and exit 2, nothing written, no stack trace', async () => {
  const folder = makeTempFolder({ 'not-api.json': '{"hello": "world"}', 'existing.connector.json': '{ "kind": "odata", "name": "x", "baseUrl": "https://h" }' });
  try {
    const cases: [string[], RegExp][] = [
      [['import', 'openapi', 'missing.yaml'], /Cannot read missing\.yaml: no such file\.\nNothing was written\./],
      [['import', 'openapi', 'not-api.json'], /neither 'openapi' nor 'swagger'/],
      [['import', 'openapi', PETSTORE, '--operations', 'nope*'], /No operation matches 'nope\*'\./],
      [['import', 'openapi', PETSTORE, '--out', 'existing.connector.json'], /not a REST connector/],
      [['import', 'openapi', PETSTORE, '--base-url', 'ftp://x'], /--base-url takes an absolute http\(s\) URL/],
      [['import', 'wsdl', 'x.json'], /'connector import wsdl' is not known/],
      [['import', 'openapi'], /Give one OpenAPI or Swagger document/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args, { cwd: folder.path });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.doesNotMatch(run.stderr, STACK_TRACE);
    }
    assert.equal(readFileSync(join(folder.path, 'existing.connector.json'), 'utf8'), '{ "kind": "odata", "name": "x", "baseUrl": "https://h" }');
  } finally {
    folder.remove();
  }
});

test('connector export openapi: an OpenAPI 3.1 document that imports back to the same connector', async () => {
  const folder = makeTempFolder({});
  try {
    const imported = await runCli(['import', 'openapi', PETSTORE, '--out', 'pets.connector.json'], { cwd: folder.path });
    assert.equal(imported.code, 0, imported.stderr);
    const exported = await runCli(['export', 'openapi', 'pets.connector.json', '--out', 'pets.openapi.json'], { cwd: folder.path });
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /Exported 14 paths to pets\.openapi\.json\./);
    const again = await runCli(['import', 'openapi', 'pets.openapi.json'], { cwd: folder.path });
    assert.equal(again.code, 0, again.stderr);
    const strip = (text: string): unknown => parse(text);
    assert.deepEqual(strip(again.stdout), strip(readFileSync(join(folder.path, 'pets.connector.json'), 'utf8')));
    const printed = await runCli(['export', 'openapi', 'pets.connector.json'], { cwd: folder.path });
    assert.equal((JSON.parse(printed.stdout) as { openapi: string }).openapi, '3.1.0');
  } finally {
    folder.remove();
  }
});

test('connector export openapi writes every number with the digits the connector gives', async () => {
  const connector = `{ "kind": "rest", "name": "Big", "baseUrl": "https://h",
    "models": { "Order": { "type": "object", "properties": { "id": { "type": "integer", "format": "int64", "minimum": -9223372036854775808, "maximum": 9223372036854775807 }, "rate": { "type": "number", "multipleOf": 0.10 } } } },
    "operations": [{ "id": "get", "method": "GET", "path": "/orders", "parameters": [
      { "name": "after", "location": "query", "type": "integer", "format": "int64", "minimum": 9007199254740993, "default": "9007199254740993" }
    ] }] }`;
  const folder = makeTempFolder({ 'big.connector.json': connector });
  try {
    const run = await runCli(['export', 'openapi', 'big.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /"minimum": -9223372036854775808,\s*"maximum": 9223372036854775807/);
    assert.match(run.stdout, /"multipleOf": 0\.10/);
    assert.match(run.stdout, /"minimum": 9007199254740993\b/);
    assert.match(run.stdout, /"default": "9007199254740993"/);
    assert.equal((JSON.parse(run.stdout) as { openapi: string }).openapi, '3.1.0');
  } finally {
    folder.remove();
  }
});

test('connector export openapi: refuses a connector with errors or an OData connector (exit 2)', async () => {
  const folder = makeTempFolder({
    'broken.connector.json': '{ "kind": "rest", "name": "x", "baseUrl": "https://h", "operations": [{ "id": "a", "method": "GET", "path": "/x/{id}", "parameters": [] }] }',
    'odata.connector.json': '{ "kind": "odata", "name": "x", "baseUrl": "https://h", "connectorVersion": "2.1.17", "customRequests": [] }',
  });
  try {
    const broken = await runCli(['export', 'openapi', 'broken.connector.json'], { cwd: folder.path });
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /fix these first.*\nbroken\.connector\.json:1:\d+ .*path-placeholder-without-parameter/s);
    const odata = await runCli(['export', 'openapi', 'odata.connector.json'], { cwd: folder.path });
    assert.equal(odata.code, 2);
    assert.match(odata.stderr, /is an OData connector; the export describes REST connectors/);
  } finally {
    folder.remove();
  }
});

test('connector export openapi judges the connector with its project file\'s levels, as connector lint does', async () => {
  const connector = readFileSync(join(__dirname, '..', '..', 'examples', 'petstore.connector.json'), 'utf8').replace('"id": "uploadPhoto"', '"id": "addPet"');
  const folder = makeTempFolder({ 'pets.connector.json': connector });
  try {
    const refused = await runCli(['export', 'openapi', 'pets.connector.json'], { cwd: folder.path });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /Another operation already has the id 'addPet'.*duplicate-operation-id/);
    writeFileSync(join(folder.path, 'connector-tools.json'), '{ "rules": { "duplicate-operation-id": "off" } }');
    const exported = await runCli(['export', 'openapi', 'pets.connector.json'], { cwd: folder.path });
    assert.equal(exported.code, 0, exported.stderr);
    assert.doesNotMatch(exported.stderr, STACK_TRACE);
  } finally {
    folder.remove();
  }
});
