import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CAP_PASSWORD, CAP_USER, startCapService } from '../support/capServer';
import { makeTempFolder, runCli, type TempFolder } from '../support/cli';

describe('connector request with an OData $batch against SAP CAP', () => {
  let service: Awaited<ReturnType<typeof startCapService>>;
  let folder: TempFolder;
  const env = { CONNECTOR_SECRET_CAP: CAP_PASSWORD };
  before(async () => {
    service = await startCapService({ writable: true });
    const connector = {
      kind: 'odata', name: 'cap', baseUrl: service.url, connectorVersion: '2.1.17',
      authorization: { scheme: 'basic', username: CAP_USER, secret: 'cap' },
      customRequests: [
        { id: 'createBook', operation: 'create', url: 'Books', body: '{"ID": {{id}}, "title": "{{title}}"}', responseStructure: { ID: 0, title: '' } },
        { id: 'twoBooks', operation: 'batch', requests: [
          { request: 'createBook', values: { id: 501, title: 'One' }, changeSet: 'books' },
          { request: 'createBook', values: { id: 502, title: 'Two' }, changeSet: 'books' },
        ] },
      ],
    };
    folder = makeTempFolder({ 'cap.connector.json': JSON.stringify(connector, null, 2), '.git/HEAD': '' });
  });
  after(async () => {
    folder?.remove();
    await service?.close();
  });

  test('--dry-run --format json shows the exact multipart body; --curl carries it with its CRLFs', async () => {
    const run = await runCli(['request', 'cap.connector.json', 'twoBooks', '--dry-run', '--format', 'json'], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr);
    const shown = JSON.parse(run.stdout) as { method: string; url: string; headers: [string, string][]; body: { kind: string; text: string } };
    assert.equal(shown.url, `${service.url}/$batch`);
    const boundary = /boundary=(batch_[\w-]+)/.exec(shown.headers.find(([n]) => n === 'Content-Type')?.[1] ?? '')?.[1];
    assert.ok(boundary);
    assert.ok(shown.body.text.startsWith(`--${boundary}\r\nContent-Type: multipart/mixed; boundary=changeset_`));
    assert.match(shown.body.text, /\r\nContent-ID: 2\r\n\r\nPOST Books HTTP\/1\.1\r\n/);
    assert.ok(shown.body.text.endsWith(`\r\n--${boundary}--\r\n`));
    assert.equal(shown.headers.find(([n]) => n === 'Content-Length')?.[1], String(Buffer.byteLength(shown.body.text)));
    const curl = await runCli(['request', 'cap.connector.json', 'twoBooks', '--curl'], { cwd: folder.path, env });
    assert.equal(curl.code, 0, curl.stderr);
    assert.match(curl.stdout, /--data-raw \$'--batch_/);
    assert.ok(curl.stdout.includes('\\r\\nPOST Books HTTP/1.1\\r\\n'));
  });

  test('sending prints one section per item', async () => {
    const run = await runCli(['request', 'cap.connector.json', 'twoBooks'], { cwd: folder.path, env });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /^Status: 200/);
    assert.match(run.stdout, /--- Item 1: createBook \(change set 'books'\) {3}Status: 201\nData:\n\{\n {2}"ID": 501,\n {2}"title": "One"\n\}/);
    assert.match(run.stdout, /--- Item 2: createBook \(change set 'books'\) {3}Status: 201\n/);
  });
});
