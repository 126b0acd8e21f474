// `connector request` before sending: files stay in the project, previews show files by name and size, a
// values file's other entries only warn, and --dry-run --format json prints the request.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEchoServer } from '../support/echoServer';
import { runCli } from '../support/cli';

describe('connector request: files, previews and values files', () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  const outside = mkdtempSync(join(tmpdir(), 'connector-outside-'));
  const project = mkdtempSync(join(tmpdir(), 'connector-project-'));
  const file = join(project, 'api', 'up.connector.json');

  before(async () => {
    echo = await startEchoServer();
    mkdirSync(join(project, '.git'));
    mkdirSync(join(project, 'api'));
    mkdirSync(join(project, 'fixtures'));
    writeFileSync(join(project, 'fixtures', 'photo.bin'), 'PHOTO-BYTES');
    writeFileSync(join(outside, 'private.txt'), 'PRIVATE');
    symlinkSync(join(outside, 'private.txt'), join(project, 'api', 'link.bin'));
    writeFileSync(file, JSON.stringify({
      kind: 'rest', name: 'up', baseUrl: `${echo.url}/api`,
      operations: [
        { id: 'put', method: 'PUT', path: '/blob', headers: { 'Content-Type': 'application/octet-stream' }, parameters: [{ name: 'data', location: 'body', type: 'stream', required: true }] },
        { id: 'form', method: 'POST', path: '/form', headers: { 'Content-Type': 'multipart/form-data' }, parameters: [{ name: 'note', location: 'form', type: 'string' }, { name: 'photo', location: 'form', type: 'file' }] },
        { id: 'count', method: 'GET', path: '/n', parameters: [{ name: 'n', location: 'query', type: 'integer' }, { name: 'X-Note', location: 'header', type: 'string' }] },
      ],
    }));
  });
  after(() => echo.close());

  test('files inside the project are sent; previews show their name and size, never their content', async () => {
    const dry = await runCli(['request', file, 'put', '--value', 'data=../fixtures/photo.bin', '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /\n\n<file \.\.\/fixtures\/photo\.bin, 11 bytes>\n$/);
    assert.ok(!dry.stdout.includes('PHOTO-BYTES'));
    const sent = await runCli(['request', file, 'put', '--value', 'data=../fixtures/photo.bin']);
    assert.equal(sent.code, 0, sent.stderr);
    assert.equal(echo.received.at(-1)?.body, 'PHOTO-BYTES');
  });

  for (const [name, path] of [['an absolute path', join(outside, 'private.txt')], ['a .. escape', '../../../../../../../../etc/hostname'], ['a symlink out', 'link.bin'], ['/proc/self/environ', '/proc/self/environ']]) {
    test(`${name} is refused before sending, naming the path and the flag that allows a folder`, async () => {
      const before = echo.received.length;
      const run = await runCli(['request', file, 'put', '--value', `data=${path}`], { env: { CONNECTOR_SECRET_X: 'do-not-leak' } });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /outside the workspace/);
      assert.ok(run.stderr.includes(`'${path}'`));
      assert.match(run.stderr, /--allow-files FOLDER/);
      assert.equal(echo.received.length, before);
      const dry = await runCli(['request', file, 'put', '--value', `data=${path}`, '--dry-run']);
      assert.equal(dry.code, 2);
    });
  }

  test('--allow-files allows a folder on purpose', async () => {
    const run = await runCli(['request', file, 'form', '--value', `photo=${join(outside, 'private.txt')}`, '--value', 'note=@/etc/hostname', '--allow-files', outside]);
    assert.equal(run.code, 0, run.stderr);
    const parts = echo.received.at(-1)?.parts ?? [];
    assert.deepEqual(parts.map((p) => [p.name, p.value ?? p.content, p.filename]), [['note', '@/etc/hostname', undefined], ['photo', 'PRIVATE', 'unknown']]);
  });

  test('a missing file fails before sending with its path (exit 2), in the dry-run too', async () => {
    for (const extra of [[], ['--dry-run']]) {
      const run = await runCli(['request', file, 'put', '--value', 'data=nope.bin', ...extra]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /The file 'nope\.bin' \(.*nope\.bin\) does not exist; nothing was sent\./);
    }
  });

  test('a header value beyond Latin-1 fails before sending (exit 2), naming the header', async () => {
    const run = await runCli(['request', file, 'count', '--value', 'n=1', '--value', 'X-Note=☃']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /header 'X-Note' holds "☃"/);
  });

  test('problems in other entries of a values file are warnings; the operation is sent (exit 0)', async () => {
    const values = join(project, 'api', 'up.values.json');
    writeFileSync(values, '{\n  "count": { "n": 7 },\n  "form": { "note": 5, "photo": 1 },\n  "nope": {}\n}');
    const run = await runCli(['request', file, 'count', '--values', values]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(echo.received.at(-1)?.target, '/api/n?n=7');
    assert.match(run.stderr, /Warning: other entries of the values file have problems/);
    assert.match(run.stderr, /up\.values\.json:3:\d+ {2}'photo' needs the path of a file/);
    assert.match(run.stderr, /up\.values\.json:4:3 {2}The connector has no operation 'nope'/);
    writeFileSync(values, '{ "count": { "n": 99999999999 } }');
    const own = await runCli(['request', file, 'count', '--values', values]);
    assert.equal(own.code, 2);
    assert.match(own.stderr, /up\.values\.json:1:\d+ {2}'n' is outside the 32-bit range/);
  });

  test('--dry-run --format json prints the built request as JSON', async () => {
    const run = await runCli(['request', file, 'form', '--value', 'note=hi', '--value', 'photo=../fixtures/photo.bin', '--dry-run', '--format', 'json']);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { method: string; url: string; headers: [string, string][]; body: { kind: string; boundary: string; parts: unknown[] } };
    assert.equal(json.method, 'POST');
    assert.equal(json.url, `${echo.url}/api/form`);
    assert.deepEqual(json.headers[0], ['Content-Type', `multipart/form-data; boundary=${json.body.boundary}`]);
    assert.deepEqual(json.body.parts, [{ name: 'note', value: 'hi' }, { name: 'photo', filename: 'unknown', file: '../fixtures/photo.bin', bytes: 11, contentType: 'application/octet-stream' }]);
  });
});
