// Scenarios in `connector test` against a real SAP CAP service (@sap/cds) with ETags: create, read the ETag, update
// with If-Match, delete; a stale ETag fails with 412 at its step, and clean-up steps still run.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CAP_PASSWORD, CAP_USER, startCapService } from '../support/capServer';
import { makeTempFolder, runCli, type TempFolder } from '../support/cli';

function capConnector(url: string): string {
  return JSON.stringify({
    kind: 'odata',
    name: 'CAP books',
    baseUrl: url,
    connectorVersion: '2.1.17',
    authorization: { scheme: 'basic', username: CAP_USER, secret: 'cap' },
    customRequests: [
      { id: 'createBook', operation: 'create', url: 'Books', body: '{ "ID": {{id}}, "title": "{{title}}" }' },
      { id: 'getBook', operation: 'read', url: 'Books({id})' },
      { id: 'updateBook', operation: 'update', url: 'Books({id})', headers: { 'If-Match': '{{etag}}' }, body: '{ "title": "{{title}}" }' },
      { id: 'deleteBook', operation: 'delete', url: 'Books({id})', headers: { 'If-Match': '{{etag}}' } },
    ],
  }, null, 2);
}

interface JsonStep { name: string; operation: string; outcome: string; status?: number; line: number; failures: { kind: string; message: string; line?: number }[]; skipped?: string }
interface JsonCase { name: string; outcome: string; steps?: JsonStep[] }

describe('connector test: scenarios against SAP CAP with ETags', () => {
  let service: Awaited<ReturnType<typeof startCapService>>;
  let folder: TempFolder;
  const env = { CONNECTOR_SECRET_CAP: CAP_PASSWORD };
  before(async () => {
    service = await startCapService({ writable: true });
  });
  after(async () => {
    folder?.remove();
    await service?.close();
  });

  function write(scenarios: object[]): void {
    folder?.remove();
    folder = makeTempFolder({
      'books.connector.json': capConnector(service.url),
      'books.tests.json': JSON.stringify({ cases: scenarios }, null, 2),
      '.git/HEAD': '',
    });
  }

  test('create → read the ETag → update with If-Match → delete passes, and runs again and again', async () => {
    write([{
      name: 'a book\'s life',
      steps: [
        { name: 'create', operation: 'createBook', values: { id: '{{$randomInt}}', title: 'T-{{$uuid}}' }, expect: { status: 201 }, capture: { id: '/data/ID', title: '/data/title' } },
        { name: 'read', operation: 'getBook', values: { id: '{{id}}' }, expect: { status: 200 }, capture: { etag: '/data/@odata.etag' } },
        { name: 'update', operation: 'updateBook', values: { id: '{{id}}', etag: '{{etag}}', title: 'Villette' }, expect: { status: 200, data: { title: 'Villette' } }, capture: { etag: '/data/@odata.etag' } },
        { name: 'delete', operation: 'deleteBook', values: { id: '{{id}}', etag: '{{etag}}' }, expect: { status: 204 }, always: true },
        { name: 'gone', operation: 'getBook', values: { id: '{{id}}' }, expect: { status: 404 } },
      ],
    }]);
    for (let run = 0; run < 2; run++) {
      const result = await runCli(['test', '--format', 'json'], { cwd: folder.path, env });
      assert.equal(result.code, 0, result.stdout + result.stderr);
      const report = JSON.parse(result.stdout) as { files: { cases: JsonCase[] }[] };
      const [scenario] = report.files[0]?.cases ?? [];
      assert.deepEqual(scenario?.steps?.map((s) => [s.name, s.outcome, s.status]), [['create', 'passed', 201], ['read', 'passed', 200], ['update', 'passed', 200], ['delete', 'passed', 204], ['gone', 'passed', 404]]);
    }
  });

  test('a stale ETag fails with 412 at its step; later steps are skipped, clean-up runs when its values are known', async () => {
    write([{
      name: 'stale ETag',
      steps: [
        { name: 'create', operation: 'createBook', values: { id: '{{$randomInt}}', title: 'first' }, expect: { status: 201 }, capture: { id: '/data/ID' } },
        { name: 'read', operation: 'getBook', values: { id: '{{id}}' }, capture: { etag: '/data/@odata.etag' } },
        { name: 'update', operation: 'updateBook', values: { id: '{{id}}', etag: '{{etag}}', title: 'second' }, expect: { status: 200 }, capture: { fresh: '/data/@odata.etag' } },
        { name: 'update with the stale ETag', operation: 'updateBook', values: { id: '{{id}}', etag: '{{etag}}', title: 'third' }, expect: { status: 200 } },
        { name: 'never', operation: 'getBook', values: { id: '{{id}}' }, capture: { later: '/data/@odata.etag' } },
        { name: 'clean up', operation: 'deleteBook', values: { id: '{{id}}', etag: '{{fresh}}' }, expect: { status: 204 }, always: true },
        { name: 'clean up with a value never captured', operation: 'deleteBook', values: { id: '{{id}}', etag: '{{later}}' }, always: true },
      ],
    }]);
    const json = await runCli(['test', '--format', 'json'], { cwd: folder.path, env });
    assert.equal(json.code, 1, json.stdout + json.stderr);
    const [scenario] = (JSON.parse(json.stdout) as { files: { cases: JsonCase[] }[] }).files[0]?.cases ?? [];
    assert.equal(scenario?.outcome, 'failed');
    assert.deepEqual(scenario?.steps?.map((s) => [s.name, s.outcome, s.status]), [
      ['create', 'passed', 201], ['read', 'passed', 200], ['update', 'passed', 200], ['update with the stale ETag', 'failed', 412],
      ['never', 'skipped', undefined], ['clean up', 'passed', 204], ['clean up with a value never captured', 'skipped', undefined],
    ]);
    const stale = scenario?.steps?.[3];
    assert.match(stale?.failures[0]?.message ?? '', /status: expected 200, got 412/);
    // The failure points at the stale step's expected status in the tests file.
    const testsText = readFileSync(join(folder.path, 'books.tests.json'), 'utf8');
    const expectedAt = testsText.indexOf('"status": 200', testsText.indexOf('"update with the stale ETag"'));
    assert.equal(stale?.failures[0]?.line, testsText.slice(0, expectedAt).split('\n').length);
    assert.match(scenario?.steps?.[6]?.skipped ?? '', /'later'/);

    const stylish = await runCli(['test', '--no-color'], { cwd: folder.path, env });
    assert.equal(stylish.code, 1);
    assert.match(stylish.stdout, /✖ stale ETag \(7 steps/);
    assert.match(stylish.stdout, /✖ update with the stale ETag \(updateBook, 412, \d+ ms\)\n +status: expected 200, got 412[^\n]*\n +at books\.tests\.json:\d+:\d+/);
    assert.match(stylish.stdout, /- never \(getBook, 0 ms\)\n +skipped: 'update with the stale ETag' did not pass/);
    assert.match(stylish.stdout, /✔ clean up \(deleteBook, always, 204/);

    const junit = await runCli(['test', '--format', 'junit'], { cwd: folder.path, env });
    assert.equal(junit.code, 1);
    assert.match(junit.stdout, /<testcase name="stale ETag"[^>]*>\n +<failure message="step &apos;update with the stale ETag&apos;: status: expected 200, got 412[^"]*" type="status">/);
    assert.equal(junit.stdout.match(/<testcase /g)?.length, 1, 'one testcase per scenario');
  });

  test('a placeholder captured only later is reported at its place and nothing is sent', async () => {
    write([{
      name: 'out of order',
      steps: [
        { operation: 'deleteBook', values: { id: '{{id}}', etag: '*' }, always: true },
        { operation: 'createBook', values: { id: 5, title: 'x' }, capture: { id: '/data/ID' } },
      ],
    }]);
    const run = await runCli(['test'], { cwd: folder.path, env });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /books\.tests\.json:9:20: \{\{id\}\} is captured only by this step or a later one/);
    assert.match(run.stderr, /nothing was sent/);
  });
});

describe('connector test: hostile captured values', () => {
  let server: Server;
  let url = '';
  const received: { method: string; url: string; headers: Record<string, string | string[] | undefined> }[] = [];
  before(async () => {
    server = createServer((request, response) => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
      response.writeHead(200, { 'content-type': 'application/json' });
      // The digits of 2^53+1 as the service writes them, a value with CR/LF, and a member named __proto__.
      response.end('{ "id": 9007199254740993, "evil": "v\\r\\nX-Injected: yes", "__proto__": { "polluted": true } }');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('2^53+1 is re-sent with its digits, CR/LF never reaches a header, /data/__proto__ is an own member', async () => {
    const folder = makeTempFolder({
      'items.connector.json': JSON.stringify({
        kind: 'rest', name: 'items', baseUrl: url,
        operations: [
          { id: 'getItem', method: 'GET', path: '/item' },
          { id: 'putItem', method: 'PUT', path: '/items/{id}', parameters: [
            { name: 'id', location: 'path', type: 'integer', format: 'int64', required: true },
            { name: 'tag', location: 'header', type: 'string' },
            { name: 'note', location: 'query', type: 'string' },
          ] },
        ],
      }),
      'items.tests.json': JSON.stringify({ cases: [{
        name: 'hostile',
        steps: [
          { name: 'read', operation: 'getItem', capture: { id: '/data/id', evil: '/data/evil', proto: '/data/__proto__' } },
          { name: 'exact', operation: 'putItem', values: { id: '{{id}}', note: 'n{{id}}-{{proto}}' } },
          { name: 'header', operation: 'putItem', values: { id: '{{id}}', tag: '{{evil}}' } },
          { name: 'after', operation: 'putItem', values: { id: '{{id}}' }, always: true },
        ],
      }] }),
      '.git/HEAD': '',
    });
    try {
      const run = await runCli(['test', '--format', 'json'], { cwd: folder.path });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      const [scenario] = (JSON.parse(run.stdout) as { files: { cases: JsonCase[] }[] }).files[0]?.cases ?? [];
      assert.deepEqual(scenario?.steps?.map((s) => [s.name, s.outcome]), [['read', 'passed'], ['exact', 'passed'], ['header', 'error'], ['after', 'passed']]);
      assert.deepEqual(received.map((r) => `${r.method} ${r.url}`), [
        'GET /item',
        `PUT /items/9007199254740993?note=${encodeURIComponent('n9007199254740993-{"polluted":true}')}`,
        'PUT /items/9007199254740993',
      ]);
      assert.ok(received.every((r) => r.headers['x-injected'] === undefined));
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    } finally {
      folder.remove();
    }
  });
});
