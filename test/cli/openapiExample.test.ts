import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PETSTORE_API_KEY, startPetstore } from '../../scripts/demo/petstore';
import { makeTempFolder, runCli } from '../support/cli';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

test('examples/petstore-openapi.connector.json is what connector import openapi makes of examples/petstore.openapi.yaml', async () => {
  const run = await runCli(['import', 'openapi', 'petstore.openapi.yaml'], { cwd: EXAMPLES });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, readFileSync(join(EXAMPLES, 'petstore-openapi.connector.json'), 'utf8'));
  // Nothing to report: the demo API's description fits the platform exactly.
  assert.equal(run.stderr, 'Imported 4 operations from petstore.openapi.yaml into the connector.\n');
});

test('the imported example sends the demo pet store the requests it expects', async () => {
  const service = await startPetstore(0);
  const folder = makeTempFolder({
    'pets.connector.json': readFileSync(join(EXAMPLES, 'petstore-openapi.connector.json'), 'utf8').replace('http://127.0.0.1:3030/api', service.url),
  });
  writeFileSync(join(folder.path, 'photo.png'), 'not really a png');
  try {
    const env = { CONNECTOR_SECRET_PETSTORE: PETSTORE_API_KEY };
    const get = await runCli(['request', 'pets.connector.json', 'getPet', '--value', 'petId=1', '--value', 'lang=de', '--format', 'json'], { cwd: folder.path, env });
    assert.equal(get.code, 0, get.stderr);
    assert.deepEqual((JSON.parse(get.stdout) as { data: { name: string; lang: string } }).data.lang, 'de');
    const find = await runCli(['request', 'pets.connector.json', 'findPets', '--value', 'status=c1,c3', '--value', 'includeDeleted=true', '--format', 'json'], { cwd: folder.path, env });
    assert.equal(find.code, 0, find.stderr);
    assert.deepEqual((JSON.parse(find.stdout) as { data: { name: string }[] }).data.map((p) => p.name), ['Rex', 'Nemo', 'Old Bess']);
    const upload = await runCli(['request', 'pets.connector.json', 'uploadPhoto', '--value', 'petId=2', '--value', 'caption=Tom', '--value', 'photo=photo.png', '--format', 'json'], { cwd: folder.path, env });
    assert.equal(upload.code, 0, upload.stderr);
    assert.deepEqual((JSON.parse(upload.stdout) as { data: unknown }).data, { petId: 2, caption: 'Tom', files: [{ field: 'photo', filename: 'unknown', bytes: 16 }] });
  } finally {
    folder.remove();
    await service.close();
  }
});
