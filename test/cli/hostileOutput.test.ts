// What a service answers and what a file says reaches the user's terminal through every command: escape
// sequences (clearing the screen, writing the clipboard with OSC 52, setting the title), CR and backspace that
// overwrite what was printed, C1 controls and bidirectional overrides must show as text, never act. JSON output
// stays JSON that reads back exactly.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { makeTempFolder, runCli, type CliRun, type TempFolder } from '../support/cli';
import { actsOnTerminal } from '../support/terminal';

/** Clears the screen, writes the clipboard, sets the title, fakes a finished line, and reorders what follows. */
const HOSTILE = 'top\n\tindented\r\nclear\x1b[2J clip\x1b]52;c;ZXZpbA==\x07 title\x1b]0;pwned\x07 40%\r\x1b[2KDone a\bb bell\x07 csi\u009b31m nel\u0085 rlo\u202eevil\u202c iso\u2066x\u2069 del\x7f end';
/** The same, as every human-readable output shows it. */
const SHOWN = 'top\n\tindented\r\nclear\\u001b[2J clip\\u001b]52;c;ZXZpbA==\\u0007 title\\u001b]0;pwned\\u0007 40%\\r\\u001b[2KDone a\\bb bell\\u0007 csi\\u009b31m nel\\u0085 rlo\\u202eevil\\u202c iso\\u2066x\\u2069 del\\u007f end';
/** One line of it (messages keep to one line). */
const LINE = 'clear\x1b[2J title\x1b]0;pwned\x07 40%\r\x1b[2KDone rlo\u202eevil';
const LINE_SHOWN = 'clear\\u001b[2J title\\u001b]0;pwned\\u0007 40%\\r\\u001b[2KDone rlo\\u202eevil';

/** The report's own colour codes, which the coloured reports may hold. */
// eslint-disable-next-line no-control-regex
const OWN_COLOURS = /\x1b\[\d+(;\d+)*m/g;

function assertInert(run: CliRun): void {
  assert.deepEqual(actsOnTerminal(run.stdout), [], `stdout acts on the terminal:\n${JSON.stringify(run.stdout)}`);
  assert.deepEqual(actsOnTerminal(run.stderr), [], `stderr acts on the terminal:\n${JSON.stringify(run.stderr)}`);
}

describe('hostile text is shown, never acted on by the terminal', () => {
  let server: Server;
  let url = '';
  let folder: TempFolder;

  before(async () => {
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/text') response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(HOSTILE);
      else if (path === '/error') response.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: LINE }));
      // A header value's bytes 0x80-0xFF are read as Latin-1: 0x9B is CSI, the 8-bit escape.
      else if (path === '/odata/Things') response.writeHead(201, { 'Content-Type': 'application/json', 'X-Note': 'a\u009b31mred' }).end(JSON.stringify({ Note: LINE }));
      else if (path === '/odata/$metadata') response.writeHead(500, { 'Content-Type': 'text/plain' }).end(LINE);
      else response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ text: HOSTILE }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    folder = makeTempFolder({
      '.git/HEAD': '',
      'h.connector.json': JSON.stringify({
        kind: 'rest', name: 'Hostile', baseUrl: url,
        operations: [
          { id: 'text', method: 'GET', path: '/text', parameters: [] },
          { id: 'error', method: 'GET', path: '/error', parameters: [] },
          { id: 'json', method: 'GET', path: '/json', parameters: [{ name: 'n', location: 'query', type: 'integer' }] },
          { id: 'post', method: 'POST', path: '/json', parameters: [{ name: 'note', location: 'body', type: 'string' }] },
        ],
      }),
      'h.tests.json': JSON.stringify({ cases: [{ name: `a case named ${LINE}`, operation: 'json', expect: { data: { text: 'calm' } } }] }),
      'o.connector.json': JSON.stringify({
        kind: 'odata', name: 'Hostile OData', baseUrl: `${url}/odata`, connectorVersion: '2.1.17',
        customRequests: [{ id: 'make', operation: 'create', url: 'Things', body: '{}', includeHeaders: true }],
      }),
      'lint/bad.connector.json': JSON.stringify({
        kind: 'rest', name: 'Bad', baseUrl: 'https://api.example.com',
        operations: [{ id: 'get', method: 'GET', path: `/x/{${LINE}}`, parameters: [] }],
      }),
      'api.json': JSON.stringify({
        openapi: '3.0.3', info: { title: 'Hostile', version: '1' }, servers: [{ url: 'https://api.example.com' }],
        paths: { '/x': { get: { operationId: 'getX', parameters: [{ name: `session${LINE}`, in: 'cookie', schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } } } },
      }),
    });
  });
  after(() => {
    server.close();
    folder.remove();
  });

  test('connector request: a text body is printed with its controls escaped, its lines and tabs kept', async () => {
    const run = await runCli(['request', 'h.connector.json', 'text'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assertInert(run);
    assert.ok(run.stdout.includes(`Data:\n${SHOWN}\n`), run.stdout);
  });

  test('connector request --format json: the body reads back exactly', async () => {
    const run = await runCli(['request', 'h.connector.json', 'text', '--format', 'json'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assertInert(run);
    assert.equal((JSON.parse(run.stdout) as { data: string }).data, HOSTILE);
  });

  test("connector request: an error message quoting the service, and a response header's C1 byte, are escaped", async () => {
    const error = await runCli(['request', 'h.connector.json', 'error'], { cwd: folder.path });
    assert.equal(error.code, 1);
    assertInert(error);
    assert.ok(error.stdout.includes(`Error: HTTP 400 Bad Request: ${LINE_SHOWN}\n`), error.stdout);
    const headers = await runCli(['request', 'o.connector.json', 'make'], { cwd: folder.path });
    assertInert(headers);
    assert.match(headers.stdout, /^ {2}x-note: a\\u009b31mred$/m);
    assert.ok(headers.stdout.includes(`"Note": "${LINE_SHOWN}"`), headers.stdout);
  });

  test('connector request: a problem quoting a value from the command line, and a preview of a body holding one, are escaped', async () => {
    const problem = await runCli(['request', 'h.connector.json', 'json', '--value', `n=1${LINE}`, '--dry-run'], { cwd: folder.path });
    assert.equal(problem.code, 2);
    assertInert(problem);
    assert.ok(problem.stderr.includes(LINE_SHOWN), problem.stderr);
    const preview = await runCli(['request', 'h.connector.json', 'post', '--value', `note=${LINE}`, '--dry-run'], { cwd: folder.path });
    assert.equal(preview.code, 0, preview.stderr);
    assertInert(preview);
  });

  test('connector request --curl: the copied command carries the same bytes, none raw, and runs as copied', async () => {
    const run = await runCli(['request', 'h.connector.json', 'post', '--value', 'note=rlo\u202eevil nel\u0085', '--curl'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assertInert(run);
    assert.ok(run.stdout.includes('\\xe2\\x80\\xae') && run.stdout.includes('\\xc2\\x85'), run.stdout);
    // bash reads the command back to the same body the tool sends.
    const echoed = spawnSync('bash', ['-c', `printf '%s' ${run.stdout.slice(run.stdout.indexOf("--data-raw ") + 11).trim()}`], { encoding: 'utf8' });
    assert.equal(JSON.parse(echoed.stdout), 'rlo\u202eevil nel\u0085');
  });

  test('connector test: a case name from the tests file and the answer quoted in a failure are escaped', async () => {
    const run = await runCli(['test', 'h.tests.json'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    assertInert(run);
    assert.ok(run.stdout.includes(`a case named ${LINE_SHOWN}`), run.stdout);
    assert.match(run.stdout, /data\.text: expected "calm", got "top\\n\\tindented\\r\\nclear\\u001b\[2J/);
    const colored = await runCli(['test', 'h.tests.json'], { cwd: folder.path, env: { FORCE_COLOR: '1' } });
    assert.ok(colored.stdout.includes('\x1b[31m'), 'the report keeps its own colours');
    assert.ok(colored.stdout.includes(`a case named ${LINE_SHOWN}`), colored.stdout);
    assert.deepEqual(actsOnTerminal(colored.stdout.replace(OWN_COLOURS, '')), []);
  });

  test('connector lint: a message quoting the file is escaped, with colour and without', async () => {
    for (const env of [{}, { FORCE_COLOR: '1' }]) {
      const run = await runCli(['lint', 'lint/bad.connector.json'], { cwd: folder.path, env });
      assert.equal(run.code, 1, run.stderr);
      assert.deepEqual(actsOnTerminal(run.stdout.replace(OWN_COLOURS, '')), [], run.stdout);
      // A finding is one line: its line breaks, the CR among them, are spaces.
      assert.ok(run.stdout.includes(`'{${LINE_SHOWN.replace('\\r', ' ')}}' in the path`), run.stdout);
    }
    const compact = await runCli(['lint', 'lint/bad.connector.json', '--format', 'compact'], { cwd: folder.path });
    assertInert(compact);
    assert.ok(compact.stdout.includes(LINE_SHOWN.replace('\\r', ' ')), compact.stdout);
    const json = await runCli(['lint', 'lint/bad.connector.json', '--format', 'json'], { cwd: folder.path });
    assertInert(json);
    assert.ok(JSON.stringify(JSON.parse(json.stdout)).includes(JSON.stringify(`{${LINE}}`).slice(1, -1)), 'the JSON report reads back to the text as written');
  });

  test("connector metadata fetch: the service's error text is escaped", async () => {
    const run = await runCli(['metadata', 'fetch', 'o.connector.json'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    assertInert(run);
    // The excerpt is one line: the CR is a space there, like every other line break.
    assert.ok(run.stderr.includes(`answered 500: ${LINE_SHOWN.replace('\\r', ' ')}`), run.stderr);
  });

  test('connector import openapi: a note quoting the document is escaped', async () => {
    const run = await runCli(['import', 'openapi', 'api.json'], { cwd: folder.path });
    assert.equal(run.code, 0, run.stderr);
    assertInert(run);
    assert.ok(run.stderr.includes(`session${LINE_SHOWN}`), run.stderr);
    assert.match(run.stdout, /"name": "Hostile"/);
  });
});
