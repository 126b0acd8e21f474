// Copy as cURL / --curl: Debian's curl runs the copied command against a recording server, and what it sends is
// compared with what the tool sends for the same request.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { sendPrepared } from '../../server/src/core/http/exchange';
import type { BuiltRequest } from '../../server/src/core/http/types';
import type { SuppliedValues } from '../../server/src/core/request/types';
import { startEchoServer, type Echo } from '../support/echoServer';
import { assertCurlSendsTheSame } from '../support/curlRun';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';

let echo: Awaited<ReturnType<typeof startEchoServer>>;
const dir = mkdtempSync(join(tmpdir(), 'connector-curl-'));
writeFileSync(join(dir, 'photo.bin'), 'PHOTO\r\nBYTES');
const SECRETS: Record<string, string> = { api: 'k3y-Value_1', pw: 'p@ss:w"rd $HOME `x`' };

before(async () => {
  echo = await startEchoServer();
});
after(() => echo.close());

async function build(operation: string, values: SuppliedValues, auth: string): Promise<BuiltRequest> {
  const text = `{ "kind": "rest", "name": "t", "baseUrl": "${echo.url}/api", "authorization": ${auth}, "operations": [${operation}] }`;
  const { connector, findings } = lintText(text);
  assert.ok(connector);
  const prepared = await prepareRequest({ connector, findings, operationId: 'op', values, secrets: (n) => SECRETS[n], baseDir: dir, files: filesIn(dir) });
  assert.ok(prepared.ok, prepared.ok ? '' : prepared.problems.map((p) => p.message).join());
  return prepared.request;
}

/** Runs the copied command and the tool on the same request; both must reach the server alike. */
async function compare(request: BuiltRequest): Promise<{ tool: Echo; curl: Echo; command: string }> {
  await sendPrepared(request, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
  const tool = echo.received.at(-1);
  assert.ok(tool);
  return { tool, ...(await assertCurlSendsTheSame(request, SECRETS, tool, echo.received)) };
}

const op = (method: string, path: string, parameters: string, headers = '{}'): string => `{ "id": "op", "method": "${method}", "path": "${path}", "headers": ${headers}, "parameters": [${parameters}] }`;

describe('the copied curl command does what the tool does, and runs as copied', () => {
  test('brackets stay literal (--globoff) and an API key in the query comes from its variable', async () => {
    const request = await build(op('GET', '/x/{id}', '{ "name": "id", "location": "path", "type": "string" }, { "name": "q", "location": "query", "type": "string" }, { "name": "m", "location": "matrix", "type": "string" }'),
      { id: 'item[1-3]', q: '{a,b}[0-9]', m: 'x y' }, '{ "scheme": "apiKey", "in": "query", "name": "key", "secret": "api" }');
    const { curl, command } = await compare(request);
    assert.equal(curl.target, `/api/x/item%5B1-3%5D;m=x%20y?q=%7Ba%2Cb%7D%5B0-9%5D&key=${SECRETS.api}`);
    assert.match(command, /"\$CONNECTOR_SECRET_API"/);
  });

  test('a text body with CR/LF, quotes and $ is sent byte for byte; a bearer token comes from its variable', async () => {
    const request = await build(op('POST', '/t', '{ "name": "b", "location": "body", "type": "string" }', '{ "Content-Type": "text/plain" }'),
      { b: "line 1\r\nline 2 '$HOME' \"q\" `id` \\n @/etc/hostname" }, '{ "scheme": "bearer", "secret": "api" }');
    const { tool } = await compare(request);
    assert.equal(tool.body, "line 1\r\nline 2 '$HOME' \"q\" `id` \\n @/etc/hostname");
    assert.equal(tool.headers.authorization, `Bearer ${SECRETS.api}`);
  });

  test('a multipart form: a text field starting with @ stays text (--form-string), a file part is the file; basic credentials from the variable', async () => {
    const request = await build(op('POST', '/f', '{ "name": "note", "location": "form", "type": "string" }, { "name": "photo", "location": "form", "type": "file" }', '{ "Content-Type": "multipart/form-data" }'),
      { note: '@/etc/hostname', photo: 'photo.bin' }, '{ "scheme": "basic", "username": "me", "secret": "pw" }');
    const { curl } = await compare(request);
    assert.deepEqual(curl.parts?.map((p) => [p.name, p.value ?? p.content, p.filename]), [['note', '@/etc/hostname', undefined], ['photo', 'PHOTO\r\nBYTES', 'unknown']]);
    assert.equal(curl.headers.authorization, `Basic ${Buffer.from(`me:${SECRETS.pw}`).toString('base64')}`);
  });

  test('a stream body is the file; an API key header from its variable', async () => {
    const request = await build(op('PUT', '/s', '{ "name": "data", "location": "body", "type": "stream" }', '{ "Content-Type": "application/octet-stream" }'),
      { data: 'photo.bin' }, '{ "scheme": "apiKey", "in": "header", "name": "X-Api-Key", "secret": "api" }');
    const { curl } = await compare(request);
    assert.equal(curl.body, 'PHOTO\r\nBYTES');
    assert.equal(curl.headers['x-api-key'], SECRETS.api);
  });

  test('an urlencoded form is sent as encoded', async () => {
    const request = await build(op('POST', '/u', '{ "name": "a", "location": "form", "type": "string" }', '{ "Content-Type": "application/x-www-form-urlencoded" }'),
      { a: 'x y&z=@/etc/passwd' }, '{ "scheme": "none" }');
    assert.equal((await compare(request)).curl.body, 'a=x%20y%26z%3D%40%2Fetc%2Fpasswd');
  });
});

describe('CR/LF cannot forge a header', () => {
  test('a Custom request header variable holding CR/LF is refused before sending', async () => {
    const text = `{ "kind": "odata", "name": "o", "baseUrl": "${echo.url}", "connectorVersion": "2.1.17", "customRequests": [{ "id": "u", "operation": "update", "url": "Orders('1')", "headers": { "If-Match": "{{etag}}" }, "body": "{}" }] }`;
    const { connector, findings } = lintText(text);
    assert.ok(connector);
    const before = echo.received.length;
    const prepared = await prepareRequest({ connector, findings, operationId: 'u', values: { etag: 'W/"1"\r\nX-Forged: yes' }, secrets: () => undefined, baseDir: dir, files: filesIn(dir) });
    assert.ok(!prepared.ok);
    assert.match(prepared.problems.map((p) => p.message).join(), /header 'If-Match' holds a line break/);
    assert.equal(echo.received.length, before);
  });
});
