import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RunningService } from '../../scripts/demo/http';
import { PETSTORE_API_KEY, startPetstore } from '../../scripts/demo/petstore';
import { runCli } from '../support/cli';

describe('connector request', () => {
  let service: RunningService;
  let dir: string;
  let file: string;
  const secret = { CONNECTOR_SECRET_PETSTORE: PETSTORE_API_KEY };

  before(async () => {
    service = await startPetstore(0);
    dir = mkdtempSync(join(tmpdir(), 'connector-cli-request-'));
    file = join(dir, 'petstore.connector.json');
    const text = readFileSync(join(__dirname, '..', '..', 'examples', 'petstore.connector.json'), 'utf8').replace('http://127.0.0.1:3030/api', service.url);
    writeFileSync(file, text);
  });
  after(() => service.close());

  test('sends and prints the result; exit 0 on 2xx', async () => {
    const run = await runCli(['request', file, 'getPet', '--value', 'petId=1', '--value', 'lang=de'], { env: secret });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Status: 200/);
    assert.match(run.stdout, /"name": "Rex"/);
    assert.match(run.stdout, /"lang": "de"/);
  });

  test('--format json prints the result object', async () => {
    const run = await runCli(['request', file, 'findPets', '--value', 'status=c3', '--format', 'json'], { env: secret });
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { status: number; data: { name: string }[] };
    assert.equal(result.status, 200);
    assert.deepEqual(result.data.map((p) => p.name), ['Nemo']);
  });

  test('an error result exits 1 with the message', async () => {
    const run = await runCli(['request', file, 'getPet', '--value', 'petId=99'], { env: secret });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /Error: HTTP 404 Not Found: No pet with id 99/);
  });

  test('a missing value or secret exits 2 and says how to give it; nothing is sent', async () => {
    const missing = await runCli(['request', file, 'getPet'], { env: secret });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /'petId' \(path integer\) is required.*--value petId=/);
    const noSecret = await runCli(['request', file, 'getPet', '--value', 'petId=1'], { env: { CONNECTOR_SECRET_PETSTORE: undefined } });
    assert.equal(noSecret.code, 2);
    assert.match(noSecret.stderr, /CONNECTOR_SECRET_PETSTORE/);
  });

  test('--dry-run and --curl show the request with the secret redacted, and send nothing', async () => {
    const dry = await runCli(['request', file, 'findPets', '--value', 'tags=a,b', '--dry-run'], { env: secret });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^GET http:\/\/127\.0\.0\.1:\d+\/api\/pets\?tags=a,b&limit=20\nX-Api-Key: •••/);
    const curl = await runCli(['request', file, 'getPet', '--value', 'petId=1', '--curl'], { env: secret });
    assert.equal(curl.code, 0);
    assert.ok(!curl.stdout.includes(PETSTORE_API_KEY));
    assert.match(curl.stdout, /^curl --globoff -X GET '[^']+' -H 'X-Api-Key: '"\$CONNECTOR_SECRET_PETSTORE"/);
  });

  test('a connector with errors is refused with file:line:col', async () => {
    const broken = join(__dirname, '..', '..', 'examples', 'broken-rest.connector.json');
    const run = await runCli(['request', broken, 'getPet'], {});
    assert.equal(run.code, 2);
    assert.match(run.stderr, /broken-rest\.connector\.json:14:\d+ {2}'\{shelter\}' in the path has no path parameter/);
  });

  test('the project file\'s levels apply as in the editor: a rule it turns off no longer refuses the request', async () => {
    const project = mkdtempSync(join(tmpdir(), 'connector-cli-request-project-'));
    const connector = join(project, 'petstore.connector.json');
    // Another operation with the same id: an error of the file, which refuses every request from it.
    writeFileSync(connector, readFileSync(file, 'utf8').replace('"id": "uploadPhoto"', '"id": "addPet"'));
    const refused = await runCli(['request', connector, 'findPets', '--dry-run'], { env: secret });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /petstore\.connector\.json:\d+:\d+ {2}.*addPet/);
    writeFileSync(join(project, 'connector-tools.json'), '{ "rules": { "duplicate-operation-id": "off" } }');
    const allowed = await runCli(['request', connector, 'findPets', '--dry-run'], { env: secret });
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stdout, /^GET http:\/\/127\.0\.0\.1:\d+\/api\/pets/);
  });

  test('a values file is checked before use', async () => {
    const values = join(dir, 'petstore.values.json');
    writeFileSync(values, '{ "getPet": { "petID": 1 } }');
    const run = await runCli(['request', file, 'getPet', '--values', values], { env: secret });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /petstore\.values\.json:1:\d+ {2}'getPet' has no input 'petID'\. Did you mean 'petId'\?/);
    writeFileSync(values, '{ "getPet": { "petId": 2 } }');
    const ok = await runCli(['request', file, 'getPet', '--values', values], { env: secret });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /"name": "Tom"/);
  });

  test('a values file that cannot be read is exit 2 with the reason, before anything else is looked at', async () => {
    const missing = join(dir, 'nope.values.json');
    const run = await runCli(['request', file, 'getPet', '--values', missing, '--env', 'nowhere'], { env: secret });
    assert.equal(run.code, 2);
    assert.equal(run.stderr, `connector request: cannot read the values file ${missing}: no such file or directory.\n`);
    const folder = await runCli(['request', file, 'getPet', '--values', dir], { env: secret });
    assert.equal(folder.code, 2);
    assert.equal(folder.stderr, `connector request: cannot read the values file ${dir}: not a regular file.\n`);
  });

  test('--dry-run of an OAuth2 connector names both origins that receive a credential and shows the token request first', async () => {
    const orders = join(__dirname, '..', '..', 'examples', 'ifs-orders.connector.json');
    for (const env of [{ CONNECTOR_SECRET_IFS: undefined }, { CONNECTOR_SECRET_IFS: 'a-client-secret-value' }]) {
      const dry = await runCli(['request', orders, 'getOrder', '--value', 'orderNo=A-1', '--dry-run'], { env });
      assert.equal(dry.code, 0, dry.stderr);
      assert.ok(!dry.stdout.includes('a-client-secret-value') && !dry.stdout.includes(Buffer.from('workflow:a-client-secret-value').toString('base64')));
      const [credentials = '', token = '', api = ''] = dry.stdout.split('\n\n# ');
      assert.equal(credentials, [
        '# Credentials go to:',
        "#   http://127.0.0.1:3032  the client id 'workflow' and the client secret 'ifs' (Basic authorization), for a token",
        '#   http://127.0.0.1:3031  the token from http://127.0.0.1:3032 (Authorization: Bearer)',
      ].join('\n'));
      assert.match(token, /^1\. Sign-in at http:\/\/127\.0\.0\.1:3032, sent first \(unless a token from it is still fresh in memory\):\nPOST http:\/\/127\.0\.0\.1:3032\/realms\/demo\/protocol\/openid-connect\/token\n/);
      assert.match(token, /^Authorization: Basic •••$/m);
      assert.match(token, /\n\ngrant_type=client_credentials$/);
      assert.match(api, /^2\. The request to http:\/\/127\.0\.0\.1:3031, with the token:\nGET http:\/\/127\.0\.0\.1:3031\/odata\/v4\/orders\/Orders\('A-1'\)\n/);
      assert.match(api, /^Authorization: Bearer •••$/m);
    }
    const json = await runCli(['request', orders, 'getOrder', '--value', 'orderNo=A-1', '--dry-run', '--format', 'json'], {});
    assert.equal(json.code, 0, json.stderr);
    const shown = JSON.parse(json.stdout) as { url: string; credentials: { origin: string; what: string }[]; tokenRequest?: { method: string; url: string; headers: [string, string][] } };
    assert.deepEqual(shown.credentials.map((c) => c.origin), ['http://127.0.0.1:3032', 'http://127.0.0.1:3031']);
    assert.equal(shown.tokenRequest?.method, 'POST');
    assert.equal(shown.tokenRequest?.url, 'http://127.0.0.1:3032/realms/demo/protocol/openid-connect/token');
    assert.deepEqual(shown.tokenRequest?.headers.find(([n]) => n === 'Authorization'), ['Authorization', 'Basic •••']);
    // A secret that goes to the request's own origin only: the request line names it; the JSON names it too.
    const key = await runCli(['request', file, 'getPet', '--value', 'petId=1', '--dry-run', '--format', 'json'], { env: secret });
    assert.deepEqual((JSON.parse(key.stdout) as { credentials: unknown }).credentials, [{ origin: new URL(service.url).origin, what: "the secret 'petstore' in the header X-Api-Key" }]);
  });

  test('usage mistakes exit 2 with help', async () => {
    const run = await runCli(['request', file], {});
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Give the connector file and the operation id/);
  });
});
