// `connector import curl|postman|har` on curl commands, Postman collections (v2.0 and v2.1) and HAR files from a
// public project (Kong's Insomnia importers, whose test fixtures these are): each imports into a connector that
// `connector lint` passes, with its values file; no credential of the source is in any file or output.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { makeTempFolder, runCli, STACK_TRACE } from '../support/cli';

const FIXTURES = join(__dirname, '..', '..', 'node_modules', 'insomnia-importers', 'src', 'importers', 'fixtures');
const fixtures = (kind: string): string[] => readdirSync(join(FIXTURES, kind)).filter((f) => f.includes('-input')).sort();
const fixture = (kind: string, name: string): string => readFileSync(join(FIXTURES, kind, name), 'utf8');

/** Imports a source text in a fresh folder; the files written and the output. */
async function importIn(kind: string, files: Record<string, string>, args: string[], input?: string): Promise<{ code: number | null; stdout: string; stderr: string; connector?: string; values?: string; path: string }> {
  const folder = makeTempFolder(files);
  const run = await runCli(['import', kind, ...args], { cwd: folder.path, ...(input !== undefined ? { input } : {}) });
  assert.doesNotMatch(run.stderr, STACK_TRACE);
  const read = (name: string): string | undefined => (existsSync(join(folder.path, name)) ? readFileSync(join(folder.path, name), 'utf8') : undefined);
  const connector = read('api.connector.json');
  const values = read('api.values.json');
  return { code: run.code, stdout: run.stdout, stderr: run.stderr, ...(connector !== undefined ? { connector } : {}), ...(values !== undefined ? { values } : {}), path: folder.path };
}

async function lintClean(path: string): Promise<void> {
  const lint = await runCli(['lint', '.'], { cwd: path });
  assert.equal(lint.code, 0, lint.stdout + lint.stderr);
}

describe('curl commands from a public project', () => {
  for (const name of fixtures('curl')) {
    test(name, async () => {
      const run = await importIn('curl', { 'command.sh': fixture('curl', name) }, ['command.sh', '--out', 'api.connector.json']);
      if (name === 'no-url-input.sh') {
        assert.equal(run.code, 2);
        assert.match(run.stderr, /names no URL[\s\S]*Nothing was written/);
        assert.equal(run.connector, undefined);
        return;
      }
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /Imported \d+ operations? from command\.sh into api\.connector\.json/);
      await lintClean(run.path);
    });
  }

  test("Chrome's Copy as cURL: the session cookie becomes the sign-in, the browser's own headers are left out", async () => {
    const run = await importIn('curl', {}, ['-', '--out', 'api.connector.json'], fixture('curl', 'from-chrome-input.sh'));
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.connector ?? '', /"authorization": \{ "scheme": "apiKey", "in": "header", "name": "Cookie", "secret": "requestb-in" \}/);
    assert.match(run.stderr, /Set it: in VS Code with Connector: Set Secret…, on the command line as CONNECTOR_SECRET_REQUESTB_IN/);
    assert.match(run.stderr, /'Accept-Encoding', 'Connection': the HTTP client sets these headers itself/);
    for (const text of [run.connector, run.values, run.stdout, run.stderr]) assert.doesNotMatch(text ?? '', /WfyUPLe9lQjtibrpD55c2gOD-YA|d9e3031f00abce97dfdf7119a2d4620cc1478677611/);
  });

  test('-- passes the arguments as the shell split them; without --out the connector is printed', async () => {
    const run = await importIn('curl', {}, ['--id', 'createThing', '--', 'curl', '-X', 'POST', 'https://api.example.com/things', '-H', 'Content-Type: application/json', '-d', '{"n":1}']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /"id": "createThing"/);
    assert.match(run.stderr, /examples are written to the values file only with --out/);
  });

  test('several origins: the one most requests go to, the others reported with --origin; --origin chooses', async () => {
    const script = 'curl https://a.example.com/x\ncurl https://a.example.com/y\ncurl https://b.example.com/z\n';
    const first = await importIn('curl', { 's.sh': script }, ['s.sh', '--out', 'api.connector.json']);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.connector ?? '', /"baseUrl": "https:\/\/a.example.com"/);
    assert.match(first.stderr, /1 request to https:\/\/b.example.com is not imported: a connector has one base URL\. Import it into another connector file with --origin https:\/\/b.example.com/);
    const second = await importIn('curl', { 's.sh': script }, ['s.sh', '--out', 'api.connector.json', '--origin', 'https://b.example.com']);
    assert.match(second.connector ?? '', /"baseUrl": "https:\/\/b.example.com"/);
    assert.match(second.connector ?? '', /"name": "b.example.com"/);
  });

  test('--all-origins: a connector for each origin, each with its own secret and values file', async () => {
    const collection = {
      info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        { name: 'List orders', request: { method: 'GET', header: [{ key: 'Authorization', value: 'Bearer shop-token-0123456789' }], url: 'https://shop.example.com/api/orders?status=open' } },
        { name: 'Get order', request: { method: 'GET', header: [{ key: 'Authorization', value: 'Bearer shop-token-0123456789' }], url: 'https://shop.example.com/api/orders/7' } },
        { name: 'Ping', request: { method: 'POST', header: [{ key: 'X-Api-Key', value: 'stats-key-9876543210' }, { key: 'Content-Type', value: 'application/json' }], body: { mode: 'raw', raw: '{"event":"open"}' }, url: 'https://stats.example.com:8443/ping' } },
      ],
    };
    const run = await importIn('postman', { 'c.json': JSON.stringify(collection) }, ['c.json', '--out', 'api.connector.json', '--all-origins']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.connector ?? '', /"name": "Shop",[\s\S]*"baseUrl": "https:\/\/shop.example.com\/api",\s*"authorization": \{ "scheme": "bearer", "secret": "shop" \}/);
    assert.doesNotMatch(run.connector ?? '', /ping/i);
    const other = readFileSync(join(run.path, 'stats.example.com-8443.connector.json'), 'utf8');
    assert.match(other, /"name": "Shop \(stats.example.com:8443\)",[\s\S]*"baseUrl": "https:\/\/stats.example.com:8443",\s*"authorization": \{ "scheme": "apiKey", "in": "header", "name": "X-Api-Key", "secret": "shop-stats-example-com-8443" \}/);
    assert.match(readFileSync(join(run.path, 'stats.example.com-8443.values.json'), 'utf8'), /"ping": \{ "body": \{ "event": "open" \} \}/);
    assert.match(run.stderr, /Imported 2 operations from c.json into api.connector.json\.[\s\S]*Imported 1 operation from c.json into stats.example.com-8443.connector.json\./);
    assert.match(run.stderr, /CONNECTOR_SECRET_SHOP\b[\s\S]*CONNECTOR_SECRET_SHOP_STATS_EXAMPLE_COM_8443/);
    assert.doesNotMatch(run.stderr, /not imported: a connector has one base URL/);
    for (const text of [run.connector, other, run.values, run.stdout, run.stderr]) assert.doesNotMatch(text ?? '', /shop-token|stats-key/);
    await lintClean(run.path);
    const refused = await importIn('postman', { 'c.json': JSON.stringify(collection) }, ['c.json', '--all-origins', '--origin', 'https://shop.example.com', '--out', 'api.connector.json']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--all-origins imports every origin; --origin chooses one: give one of them/);
    const noOut = await importIn('postman', { 'c.json': JSON.stringify(collection) }, ['c.json', '--all-origins']);
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /--all-origins writes a connector file for each origin beside the one --out names: give --out FILE/);
  });

  test('an existing connector is updated: comments, its own operations and the values users set are kept', async () => {
    const existing = `// Our pet store
{
  "kind": "rest",
  "name": "Pets", // shown in the designer
  "baseUrl": "https://api.example.com/v1",
  "authorization": { "scheme": "apiKey", "in": "header", "name": "X-Api-Key", "secret": "petstore" },
  "operations": [
    // written by hand
    { "id": "listPets", "method": "GET", "path": "/pets", "parameters": [] }
  ]
}
`;
    const values = '{\n  // mine\n  "listPets": {}\n}\n';
    const run = await importIn('curl', { 'api.connector.json': existing, 'api.values.json': values }, ['--out', 'api.connector.json', '--id', 'getPet', '--', 'curl', 'https://api.example.com/v1/pets/7?expand=owner', '-H', 'X-Api-Key: abc123secret']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.connector ?? '', /^\/\/ Our pet store\n/);
    assert.match(run.connector ?? '', /"name": "Pets", \/\/ shown in the designer/);
    assert.match(run.connector ?? '', /\/\/ written by hand\n\s+\{ "id": "listPets"/);
    assert.match(run.connector ?? '', /"id": "getPet",\s+"method": "GET",\s+"path": "\/pets\/7"/);
    assert.match(run.values ?? '', /\/\/ mine/);
    assert.match(run.values ?? '', /"getPet"[\s\S]*"expand": "owner"/);
    assert.match(run.stderr, /Updated api\.connector\.json from a curl command[\s\S]*Operation 'getPet' added/);
    for (const text of [run.connector, run.values, run.stdout, run.stderr]) assert.doesNotMatch(text ?? '', /abc123secret/);
    await lintClean(run.path);
  });

  test('unreadable input: a missing file, an unbalanced quote (line and column), an OData connector as --out', async () => {
    const missing = await importIn('curl', {}, ['nope.sh']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read nope\.sh: no such file or directory/);
    const quote = await importIn('curl', { 'c.sh': "curl https://x \\\n  -d '{\"a\":1}\n" }, ['c.sh']);
    assert.equal(quote.code, 2);
    assert.match(quote.stderr, /single quote \(\x27\) is never closed \(line 2, column 6\)/);
    const odata = await importIn('curl', { 'api.connector.json': '{ "kind": "odata", "name": "o", "baseUrl": "https://x", "customRequests": [] }' }, ['--out', 'api.connector.json', '--', 'https://x/a']);
    assert.equal(odata.code, 2);
    assert.match(odata.stderr, /not a REST connector/);
  });
});

describe('Postman collections from a public project', () => {
  for (const name of fixtures('postman')) {
    test(name, async () => {
      const run = await importIn('postman', { 'c.json': fixture('postman', name) }, ['c.json', '--out', 'api.connector.json']);
      if (/minimal|postman-export-oauth2/.test(name)) {
        assert.equal(run.code, 2);
        assert.match(run.stderr, /has no URL[\s\S]*Nothing was written/);
        return;
      }
      assert.equal(run.code, 0, run.stderr);
      await lintClean(run.path);
      // Whatever a sign-in holds is nowhere in what is written or printed.
      for (const secret of ['bearer-token-value', 'basic-password', 'oauth2.0-access-token-url', 'oauth2.0-adccess-token-headers', 'consumer-secret-value', 'token-secret-value', 'dXNlcm5hbWU6cGFzc3dvcmQ=', 'secret-key-value']) {
        for (const text of [run.connector, run.values, run.stdout, run.stderr]) assert.ok(!(text ?? '').includes(secret), `${secret} in ${text ?? ''}`);
      }
    });
  }

  test('v2.0 and v2.1 of the same collections give the same connector', async () => {
    for (const base of ['basic-auth', 'bearer-token', 'complex-url', 'digest-auth', 'oauth2_0-auth', 'aws-signature-auth', 'oauth1_0-auth']) {
      const texts = await Promise.all(['v2_0', 'v2_1'].map(async (v) => (await importIn('postman', { 'c.json': fixture('postman', `${base}-${v}-input.json`) }, ['c.json', '--out', 'api.connector.json'])).connector?.replace(/^\/\/.*\n/, '')));
      assert.equal(texts[0], texts[1], base);
    }
  });

  test('sign-in: basic and bearer become the authorization with a secret name to set', async () => {
    const basic = await importIn('postman', { 'c.json': fixture('postman', 'basic-auth-v2_1-input.json') }, ['c.json', '--out', 'api.connector.json']);
    assert.match(basic.connector ?? '', /"authorization": \{ "scheme": "basic", "username": "basic-username", "secret": "basic-auth-test" \}/);
    assert.match(basic.stderr, /CONNECTOR_SECRET_BASIC_AUTH_TEST/);
    const digest = await importIn('postman', { 'c.json': fixture('postman', 'digest-auth-v2_1-input.json') }, ['c.json', '--out', 'api.connector.json']);
    assert.match(digest.stderr, /signs in with Digest, which the platform does not offer/);
  });

  test('folders, variables, path variables, an environment, and inherited sign-in', async () => {
    const collection = {
      info: { name: 'Pet Store', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] },
      variable: [{ key: 'baseUrl', value: 'https://pets.example.com/api' }, { key: 'petId', value: '42' }],
      item: [
        { name: 'Pets', item: [
          { name: 'Get pet', request: { method: 'GET', url: { raw: '{{baseUrl}}/pets/:id?lang={{lang}}&page=2', host: ['{{baseUrl}}'], path: ['pets', ':id'], query: [{ key: 'lang', value: '{{lang}}' }, { key: 'page', value: '2' }, { key: 'debug', value: 'true', disabled: true }], variable: [{ key: 'id', value: '{{petId}}' }] } } },
          { name: 'Add pet', request: { method: 'POST', header: [{ key: 'Content-Type', value: 'application/json' }], body: { mode: 'raw', raw: '{"name": "Rex", "age": {{age}}}', options: { raw: { language: 'json' } } }, url: '{{baseUrl}}/pets' } },
        ] },
        { name: 'Health', request: { auth: { type: 'noauth' }, method: 'GET', url: '{{baseUrl}}/health' } },
      ],
    };
    const environment = { name: 'dev', values: [{ key: 'lang', value: 'en', enabled: true }, { key: 'age', value: '3', enabled: true }, { key: 'accessToken', value: 'tok_0123456789abcdef', enabled: true }] };
    const run = await importIn('postman', { 'c.json': JSON.stringify(collection), 'env.json': JSON.stringify(environment) }, ['c.json', '--environment', 'env.json', '--out', 'api.connector.json']);
    assert.equal(run.code, 0, run.stderr);
    const connector = run.connector ?? '';
    assert.match(connector, /"baseUrl": "https:\/\/pets.example.com\/api"/);
    assert.match(connector, /"authorization": \{ "scheme": "bearer", "secret": "accesstoken" \}/);
    assert.match(connector, /"id": "petsGetPet"[\s\S]*"path": "\/pets\/\{id\}"/);
    assert.match(connector, /\{ "name": "debug", "location": "query", "type": "boolean" \}/);
    assert.match(connector, /"id": "petsAddPet"[\s\S]*"model": "PetsAddPetBody"/);
    assert.match(run.values ?? '', /"petsGetPet": \{ "id": 42, "lang": "en", "page": 2 \}/);
    assert.match(run.values ?? '', /"petsAddPet": \{ "body": \{ "name": "Rex", "age": 3 \} \}/);
    for (const text of [connector, run.values, run.stdout, run.stderr]) assert.doesNotMatch(text ?? '', /tok_0123456789abcdef/);
    await lintClean(run.path);
  });
  test('sign-in: OAuth2 client credentials for the collection; a request\'s own API key a parameter without its value; multipart with a file; GraphQL reported', async () => {
    const collection = {
      info: { name: 'Billing', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      auth: { type: 'oauth2', oauth2: [{ key: 'grant_type', value: 'client_credentials' }, { key: 'accessTokenUrl', value: 'https://auth.example.com/oauth/token' }, { key: 'clientId', value: 'billing-app' }, { key: 'clientSecret', value: 'cs-secret-xyz-123' }, { key: 'scope', value: 'invoices.read' }, { key: 'client_authentication', value: 'body' }] },
      item: [
        { name: 'Invoices', request: { method: 'GET', url: 'https://billing.example.com/v2/invoices?from=2024-01-31' } },
        { name: 'Export', request: { method: 'GET', auth: { type: 'apikey', apikey: [{ key: 'key', value: 'api_key' }, { key: 'value', value: 'ak-999888777' }, { key: 'in', value: 'query' }] }, url: 'https://billing.example.com/v2/export?format=csv' } },
        { name: 'Attach', request: { method: 'POST', url: 'https://billing.example.com/v2/invoices/:invoiceId/files', body: { mode: 'formdata', formdata: [{ key: 'note', value: 'scan', type: 'text' }, { key: 'file', src: 'scans/a.pdf', type: 'file' }] } } },
        { name: 'Query', request: { method: 'POST', url: 'https://billing.example.com/v2/graphql', body: { mode: 'graphql', graphql: { query: '{ invoices { id } }' } } } },
      ],
    };
    const run = await importIn('postman', { 'c.json': JSON.stringify(collection) }, ['c.json', '--out', 'api.connector.json']);
    assert.equal(run.code, 0, run.stderr);
    const connector = run.connector ?? '';
    assert.match(connector, /"scheme": "oauth2",\s*"flow": "clientCredentials",\s*"tokenUrl": "https:\/\/auth.example.com\/oauth\/token",\s*"clientId": "billing-app",\s*"scope": "invoices.read",\s*"clientAuthentication": "body",\s*"secret": "billing"/);
    assert.match(connector, /"id": "export"[\s\S]*\{ "name": "api_key", "location": "query", "type": "string" \}/);
    assert.match(connector, /"path": "\/invoices\/\{invoiceId\}\/files"[\s\S]*\{ "name": "file", "location": "form", "type": "fileGallery" \}/);
    assert.match(run.values ?? '', /"attach": \{ "note": "scan", "file": \{ "Filename": "a.pdf", "Data": "scans\/a.pdf" \} \}/);
    // Under the operation's id, with what else the report says of it.
    assert.match(run.stderr, /\n {2}export\n {4}changed {3}The request signs in with an API key in query 'api_key' \(apiKey\); the connector signs every request in with oauth2\.\n {4}changed {3}Query parameter 'api_key' carries a credential/);
    assert.match(run.stderr, /A GraphQL body is not something the platform holds as such/);
    for (const text of [connector, run.values, run.stdout, run.stderr]) assert.doesNotMatch(text ?? '', /cs-secret-xyz-123|ak-999888777/);
    await lintClean(run.path);
  });
});

describe('HAR files', () => {
  for (const name of fixtures('har')) {
    test(name, async () => {
      const run = await importIn('har', { 'r.har': fixture('har', name) }, ['r.har', '--out', 'api.connector.json']);
      if (name === 'no-requests-input.json') {
        assert.equal(run.code, 2);
        assert.match(run.stderr, /holds no API calls/);
        return;
      }
      assert.equal(run.code, 0, run.stderr);
      await lintClean(run.path);
      for (const text of [run.connector, run.values, run.stdout, run.stderr]) assert.doesNotMatch(text ?? '', /foo=bar/);
    });
  }

  test('calls that differ only in an id in the path are one operation with a path parameter', async () => {
    const entry = (url: string, method = 'GET'): object => ({ request: { method, url, httpVersion: 'HTTP/1.1', headers: [{ name: 'Accept', value: 'application/json' }] }, response: { status: 200, content: { mimeType: 'application/json' } } });
    const har = { log: { version: '1.2', entries: [
      entry('https://app.example.com/api/orders/1042'), entry('https://app.example.com/api/orders/1043'),
      entry('https://app.example.com/api/orders/1042/lines/7'),
      entry('https://app.example.com/api/user-groups/3f2a9c1e-0b7d-4e8f-9a6b-2c4d5e6f7a8b', 'DELETE'),
      entry('https://app.example.com/api/orders/open'),
    ] } };
    const run = await importIn('har', { 'r.har': JSON.stringify(har) }, ['r.har', '--out', 'api.connector.json']);
    assert.equal(run.code, 0, run.stderr);
    const connector = run.connector ?? '';
    assert.match(connector, /"path": "\/orders\/\{orderId\}",\s*"headers": \{[^}]*\},\s*"parameters": \[\{ "name": "orderId", "location": "path", "required": true, "type": "integer" \}\]/);
    assert.match(connector, /"path": "\/orders\/\{orderId\}\/lines\/\{lineId\}"/);
    assert.match(connector, /"path": "\/user-groups\/\{userGroupId\}"/);
    assert.match(connector, /"path": "\/orders\/open"/);
    assert.equal((connector.match(/"path": "\/orders\/\{orderId\}"/g) ?? []).length, 1);
    assert.match(run.values ?? '', /"orderId": 1042\b/);
    assert.match(run.stderr, /1 repeated call of a method and URL path already taken is left out/);
    await lintClean(run.path);
  });

  test('only API calls by default; --include chooses by URL', async () => {
    const entry = (url: string, mime: string, method = 'GET'): object => ({ request: { method, url, httpVersion: 'HTTP/1.1', headers: [{ name: 'User-Agent', value: 'Mozilla/5.0' }, { name: 'Accept', value: 'application/json' }] }, response: { status: 200, content: { mimeType: mime } } });
    const har = { log: { version: '1.2', entries: [
      entry('https://app.example.com/', 'text/html'), entry('https://app.example.com/app.js', 'application/javascript'), entry('https://app.example.com/logo.png', 'image/png'),
      entry('https://app.example.com/api/orders?status=open', 'application/json'), entry('https://app.example.com/api/orders?status=closed', 'application/json'),
      entry('https://app.example.com/api/export', 'text/csv'),
    ] } };
    const run = await importIn('har', { 'r.har': JSON.stringify(har) }, ['r.har', '--out', 'api.connector.json']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.connector ?? '', /"baseUrl": "https:\/\/app.example.com\/api"/);
    assert.match(run.connector ?? '', /"id": "getOrders"/);
    assert.match(run.connector ?? '', /"id": "getExport"/);
    assert.doesNotMatch(run.connector ?? '', /app\.js|logo|User-Agent/);
    assert.match(run.stderr, /3 requests for pages, scripts, styles, images and fonts are left out/);
    assert.match(run.stderr, /1 repeated call of a method and URL path already taken is left out/);
    const included = await importIn('har', { 'r.har': JSON.stringify(har) }, ['r.har', '--include', '*/logo.png', '--out', 'api.connector.json']);
    assert.match(included.connector ?? '', /"path": "\/logo.png"/);
  });
});
