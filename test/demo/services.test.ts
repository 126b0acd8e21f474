import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import type { RunningService } from '../../scripts/demo/http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCsdl } from '../../server/src/core/metadata/readCsdl';
import { ODATA_PASSWORD, ODATA_USER, startOrdersOData } from '../../scripts/demo/ordersOData';
import { PETSTORE_API_KEY, startPetstore } from '../../scripts/demo/petstore';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';

const basic = `Basic ${Buffer.from(`${ODATA_USER}:${ODATA_PASSWORD}`).toString('base64')}`;

async function getJson(url: string, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, unknown> }> {
  const response = await request(url, { headers });
  const text = await response.body.text();
  return { status: response.statusCode, body: JSON.parse(text) as Record<string, unknown>, headers: response.headers };
}

describe('demo OData service', () => {
  let service: RunningService;
  before(async () => (service = await startOrdersOData(0)));
  after(() => service.close());

  test('refuses a request without the demo credentials, with an OData error body', async () => {
    const { status, body } = await getJson(`${service.url}/Orders`, {});
    assert.equal(status, 401);
    assert.match(String((body.error as { message: string }).message), /secret 'ifs'/);
  });

  test('filters, selects and counts; annotations follow the metadata level', async () => {
    const minimal = await getJson(`${service.url}/Orders?$filter=${encodeURIComponent("Status eq 'Released' and CustomerNo eq 'C100'")}&$select=OrderNo&$count=true`, { authorization: basic });
    assert.equal(minimal.status, 200);
    assert.equal(minimal.body['@odata.count'], 1);
    assert.deepEqual((minimal.body.value as Record<string, unknown>[]).map((r) => Object.keys(r).sort()), [['@odata.etag', 'OrderNo']]);
    const full = await getJson(`${service.url}/Orders('A-1')`, { authorization: basic, accept: 'application/json;odata.metadata=full' });
    assert.equal(full.body['@odata.editLink'], "Orders('A-1')");
    const none = await getJson(`${service.url}/Orders('A-1')`, { authorization: basic, accept: 'application/json;odata.metadata=none' });
    assert.ok(!Object.keys(none.body).some((k) => k.startsWith('@')));
  });

  test('serves the $metadata the example names: readable, with the annotations the checks use', async () => {
    const response = await request(`${service.url}/$metadata`, { headers: { authorization: basic } });
    const text = await response.body.text();
    assert.equal(response.statusCode, 200);
    assert.equal(text, readFileSync(join(__dirname, '..', '..', 'examples', 'ifs-orders.metadata.xml'), 'utf8'), 'examples/ifs-orders.metadata.xml is what the demo serves');
    const read = readCsdl(text);
    assert.ok(read.ok);
    assert.deepEqual([...(read.service.container?.children.keys() ?? [])], ['Orders', 'Documents']);
    assert.match(text, /Core.OptimisticConcurrency[\s\S]*Capabilities.DeleteRestrictions/);
  });

  test('a bad $filter is a 400 with a message that says what is wrong', async () => {
    const { status, body } = await getJson(`${service.url}/Orders?$filter=${encodeURIComponent('Status = 1')}`, { authorization: basic });
    assert.equal(status, 400);
    assert.match(String((body.error as { message: string }).message), /Unexpected '='|Expected one of/);
  });

  test('updates need the current ETag in If-Match', async () => {
    const url = `${service.url}/Orders('A-2')`;
    const missing = await request(url, { method: 'PATCH', headers: { authorization: basic }, body: '{"Status":"Released"}' });
    assert.equal(missing.statusCode, 428);
    await missing.body.dump();
    const read = await getJson(url, { authorization: basic });
    const etag = String(read.body['@odata.etag']);
    const ok = await request(url, { method: 'PATCH', headers: { authorization: basic, 'if-match': etag }, body: '{"Status":"Released"}' });
    assert.equal(ok.statusCode, 200);
    await ok.body.dump();
    const stale = await request(url, { method: 'PATCH', headers: { authorization: basic, 'if-match': etag }, body: '{"Status":"Planned"}' });
    assert.equal(stale.statusCode, 412);
    await stale.body.dump();
  });

  test('create answers 201 with Location, and the full-metadata entity descriptor', async () => {
    const response = await request(`${service.url}/Orders`, {
      method: 'POST',
      headers: { authorization: basic, accept: 'application/json;odata.metadata=full', 'content-type': 'application/json' },
      body: JSON.stringify({ OrderNo: 'N-1', CustomerNo: 'C300' }),
    });
    const body = (await response.body.json()) as Record<string, unknown>;
    assert.equal(response.statusCode, 201);
    assert.match(String(response.headers.location), /Orders\('N-1'\)$/);
    assert.match(String(body['@odata.id']), /Orders\('N-1'\)$/);
  });
});

describe('demo OData service signing in with client credentials', () => {
  let tokens: RunningTokenEndpoint;
  let service: RunningService;
  before(async () => {
    tokens = await startTokenEndpoint(0);
    service = await startOrdersOData(0, { verifyToken: tokens.verify });
  });
  after(async () => {
    await service.close();
    await tokens.close();
  });

  async function token(secret: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await request(tokens.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${DEMO_CLIENT_ID}:${secret}`).toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
  }

  test('the token endpoint issues a bearer token to the demo client only, with Keycloak\'s error otherwise', async () => {
    const wrong = await token('nope');
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body, { error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' });
    const right = await token(DEMO_CLIENT_SECRET);
    assert.equal(right.status, 200);
    assert.equal(right.body.token_type, 'Bearer');
    assert.equal(right.body.expires_in, 300);
  });

  test('the service accepts its tokens and refuses a request without one or with a forged one', async () => {
    const { body } = await token(DEMO_CLIENT_SECRET);
    const ok = await getJson(`${service.url}/Orders('A-1')`, { authorization: `Bearer ${String(body.access_token)}` });
    assert.equal(ok.status, 200);
    const none = await getJson(`${service.url}/Orders`, {});
    assert.equal(none.status, 401);
    assert.match(String((none.body.error as { message: string }).message), /client credentials.*secret 'ifs'/);
    const forged = await getJson(`${service.url}/Orders`, { authorization: `Bearer ${String(body.access_token).slice(0, -4)}AAAA` });
    assert.equal(forged.status, 401);
  });
});

describe('demo pet store', () => {
  let service: RunningService;
  before(async () => (service = await startPetstore(0)));
  after(() => service.close());

  test('reads csv and multi arrays, bare flags and matrix parameters', async () => {
    const key = { 'x-api-key': PETSTORE_API_KEY };
    const sold = await getJson(`${service.url}/pets?status=sold&status=pending&includeDeleted`, key);
    assert.deepEqual((sold.body as unknown as { name: string }[]).map((p) => p.name), ['Tom', 'Nemo', 'Old Bess']);
    const dogs = await getJson(`${service.url}/pets?tags=dog,fish`, key);
    assert.deepEqual((dogs.body as unknown as { name: string }[]).map((p) => p.name), ['Rex', 'Nemo']);
    const rex = await getJson(`${service.url}/pets/1;lang=de`, key);
    assert.equal(rex.body.lang, 'de');
  });

  test('asks for the API key by its secret name', async () => {
    const { status, body } = await getJson(`${service.url}/pets`, {});
    assert.equal(status, 401);
    assert.match(String(body.message), /secret 'petstore'/);
  });
});
