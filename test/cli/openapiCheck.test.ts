// `connector import openapi SPEC --out FILE --check`: writes nothing; exit 0 when the connector is in step with the
// document, 1 listing every difference when the API has drifted, 2 when there is nothing to compare.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { makeTempFolder, runCli, STACK_TRACE } from '../support/cli';

/** A document as tests change it: any member may be replaced. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test's document, changed freely
type Loose = Record<string, any>;

function document(change: (d: Loose) => void = () => undefined): string {
  const d: Loose = {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    servers: [{ url: 'https://pets.example.com/v1' }],
    paths: {
      '/pets': {
        get: { operationId: 'listPets', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } } },
        post: { operationId: 'addPet', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: { 201: { description: 'made' } } },
      },
      '/pets/{petId}': {
        get: { operationId: 'getPet', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } }], responses: { 200: { description: 'ok' } } },
      },
    },
    components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer' } } } } },
  };
  change(d);
  return JSON.stringify(d, null, 2);
}

describe('import openapi --check', () => {
  test('in step: exit 0, nothing written, the user\'s comments and layout untouched', async () => {
    const folder = makeTempFolder({ 'pets.json': document() });
    const imported = await runCli(['import', 'openapi', 'pets.json', '--out', 'pets.connector.json'], { cwd: folder.path });
    assert.equal(imported.code, 0, imported.stderr);
    const path = join(folder.path, 'pets.connector.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"name": "Pets",', '"name": "Pets", // our name'));
    const before = readFileSync(path, 'utf8');
    const check = await runCli(['import', 'openapi', 'pets.json', '--out', 'pets.connector.json', '--check'], { cwd: folder.path });
    assert.equal(check.code, 0, check.stderr);
    assert.match(check.stdout, /pets\.connector\.json is in step with pets\.json \(3 operations\)/);
    assert.equal(readFileSync(path, 'utf8'), before);
  });

  test('drifted: exit 1 listing every operation added, removed or changed, parameters, types, required flags and models', async () => {
    const folder = makeTempFolder({ 'pets.json': document() });
    assert.equal((await runCli(['import', 'openapi', 'pets.json', '--out', 'pets.connector.json'], { cwd: folder.path })).code, 0);
    const path = join(folder.path, 'pets.connector.json');
    const before = readFileSync(path, 'utf8');
    writeFileSync(join(folder.path, 'pets.json'), document((d) => {
      d.paths['/pets'].get.parameters = [{ name: 'limit', in: 'query', required: true, schema: { type: 'string' } }, { name: 'tag', in: 'query', schema: { type: 'string' } }];
      delete d.paths['/pets/{petId}'];
      d.paths['/pets/{petId}/photo'] = { put: { operationId: 'uploadPhoto', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { 204: { description: 'done' } } } };
      d.components.schemas.Pet.properties.age = { type: 'number' };
    }));
    const check = await runCli(['import', 'openapi', 'pets.json', '--out', 'pets.connector.json', '--check'], { cwd: folder.path });
    assert.doesNotMatch(check.stderr, STACK_TRACE);
    assert.equal(check.code, 1, check.stderr);
    const expected = [
      /differs from pets\.json in 7 places \(nothing was written/,
      /Operation 'listPets': parameter 'limit' \(query\): type "integer" → "string" \(connector → document\)\./,
      /Operation 'listPets': parameter 'limit' \(query\): required \(none\) → true/,
      /Operation 'listPets': parameter 'tag' \(query\) is in the document, not in the connector \(string\)\./,
      /Operation 'uploadPhoto' \(PUT \/pets\/\{petId\}\/photo\) is in the document, not in the connector\./,
      /Operation 'getPet' \(GET \/pets\/\{petId\}\) is in the connector, not in the document\./,
      /Model 'Pet': property age \{"type":"integer"\} → \{"type":"number"\}/,
    ];
    for (const line of expected) assert.match(check.stderr, line);
    assert.equal(readFileSync(path, 'utf8'), before);
  });

  test('nothing to compare: --check without --out, or with a connector that does not exist, is exit 2', async () => {
    const folder = makeTempFolder({ 'pets.json': document() });
    const noOut = await runCli(['import', 'openapi', 'pets.json', '--check'], { cwd: folder.path });
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /--check compares the connector --out names with the document: give --out FILE/);
    const missing = await runCli(['import', 'openapi', 'pets.json', '--out', 'none.connector.json', '--check'], { cwd: folder.path });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /none\.connector\.json does not exist/);
  });
});
