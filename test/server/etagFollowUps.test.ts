// "Send with this ETag…" as the language server serves it: a read's answer lists the file's Custom requests its ETag
// can be sent with, with the values their prompts start from; sent with them, If-Match carries the ETag unchanged.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { SendRequestResult } from '../../server/src/protocol';
import { startLsp, type LspSession } from '../support/lspClient';

const BIG = '9007199254740993';

describe('ETag follow-ups through the language server', () => {
  let lsp: LspSession;
  let service: Server;
  let uri: string;
  const received: { method: string; url: string; ifMatch: string | undefined }[] = [];

  before(async () => {
    service = createServer((request, response) => {
      received.push({ method: request.method ?? '', url: request.url ?? '', ifMatch: request.headers['if-match'] as string | undefined });
      response.setHeader('Content-Type', 'application/json');
      if (request.method !== 'GET') return response.writeHead(204).end();
      if ((request.url ?? '').includes('Hostile')) return response.end('{"@odata.etag":"W/\\"1\\"\\r\\nX-Injected: yes","OrderNo":"A-17"}');
      if ((request.url ?? '').includes('Header')) response.setHeader('ETag', 'W/"from-header"');
      response.end(`{"@odata.etag":"W/\\"Vk1kOjE=\\"","OrderNo":"A-17","LineNo":${BIG}}`);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}/odata`;
    const dir = mkdtempSync(join(tmpdir(), 'connector-etag-'));
    const text = `{ "kind": "odata", "name": "Orders", "baseUrl": "${base}", "connectorVersion": "2.1.17",
  "customRequests": [
    { "id": "getOrder", "operation": "read", "url": "Orders('{orderNo}')", "metadataLevel": "minimal" },
    { "id": "getHeader", "operation": "read", "url": "Header" },
    { "id": "getHostile", "operation": "read", "url": "Hostile" },
    { "id": "releaseLine", "operation": "update", "url": "Lines(OrderNo='{orderNo}',LineNo={lineNo})", "headers": { "If-Match": "{{etag}}" }, "body": "{ \\"Status\\": \\"Released\\" }" },
    { "id": "deleteOther", "operation": "delete", "url": "Other('{otherNo}')", "headers": { "If-Match": "{{etag}}" } }
  ] }`;
    writeFileSync(join(dir, 'orders.connector.json'), text);
    uri = pathToFileURL(join(dir, 'orders.connector.json')).href;
    lsp = await startLsp({ initializationOptions: { connectorToolsExtension: true } });
    await lsp.open(uri, text);
    await lsp.diagnostics(uri, 1);
  });
  after(async () => {
    await lsp.stop();
    await new Promise((resolve) => service.close(resolve));
  });

  const send = (operationId: string, entered: Record<string, string> = {}): Promise<SendRequestResult> =>
    lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId, values: { entered } });

  test("a read's @odata.etag offers the request whose keys the answer holds, and sending with its texts puts the ETag in If-Match", async () => {
    const read = await send('getOrder', { orderNo: 'A-17' });
    assert.ok(read.ok);
    assert.deepEqual(read.etagFollowUps, [{ operationId: 'releaseLine', texts: [['orderNo', 'A-17'], ['lineNo', BIG], ['etag', 'W/"Vk1kOjE="']] }]);
    const update = await send('releaseLine', Object.fromEntries(read.etagFollowUps?.[0]?.texts ?? []));
    assert.ok(update.ok, JSON.stringify(update));
    assert.deepEqual(received.at(-1), { method: 'PATCH', url: `/odata/Lines(OrderNo='A-17',LineNo=${BIG})`, ifMatch: 'W/"Vk1kOjE="' });
  });

  test("the response's ETag header is offered; an ETag with CR/LF offers nothing", async () => {
    const header = await send('getHeader');
    assert.ok(header.ok);
    assert.equal(header.etagFollowUps?.[0]?.texts.find(([name]) => name === 'etag')?.[1], 'W/"from-header"');
    const hostile = await send('getHostile');
    assert.ok(hostile.ok);
    assert.equal(hostile.etagFollowUps, undefined);
  });
});
