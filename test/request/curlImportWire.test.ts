// What an imported operation sends equals what curl sent: curl commands from a public project (Kong's Insomnia
// importers' fixtures) and commands as API documentation writes them run in bash with Debian's curl against a
// recording server on 127.0.0.1, then the operation `connector import curl` made of each is sent by the tool to the
// same server. Method, request target, headers and body must agree; curl's own User-Agent and `Accept: */*` are
// curl's, not the command's, and the tool's HTTP client sends neither.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { sendPrepared } from '../../server/src/core/http/exchange';
import { DIRECT_NETWORK } from '../support/network';
import { importRequestsFile } from '../../server/src/requestImport/importFile';
import { startEchoServer, type Echo } from '../support/echoServer';
import { filesIn } from '../support/files';

const FIXTURES = join(__dirname, '..', '..', 'node_modules', 'insomnia-importers', 'src', 'importers', 'fixtures', 'curl');
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'connector-curl-wire-')));
writeFileSync(join(dir, 'file.txt'), 'FILE CONTENT\n');
let echo: Awaited<ReturnType<typeof startEchoServer>>;

before(async () => {
  echo = await startEchoServer();
});
after(() => echo.close());

function runInBash(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', command], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, cwd: dir }, (error, _stdout, stderr) =>
      (error ? reject(new Error(`${error.message} ${stderr}`)) : resolve()));
  });
}

/** Headers as `name: value` lines, sorted, without what only curl or the transport adds. */
function headersOf(e: Echo, multipart: boolean): string[] {
  return e.rawHeaders
    .filter(([n, v]) => !['host', 'connection', 'user-agent', 'accept-encoding'].includes(n.toLowerCase()) && !(n.toLowerCase() === 'accept' && v === '*/*'))
    .filter(([n]) => !(multipart && ['content-type', 'content-length'].includes(n.toLowerCase())))
    .map(([n, v]) => `${n.toLowerCase()}: ${v}`)
    .sort();
}

/** Runs the command with curl, imports it, sends the operation with the tool; both must reach the server alike. */
async function sameOnTheWire(command: string, secret?: string, compactJson = false, relabelled = false, values: Record<string, string> = {}): Promise<{ curl: Echo; tool: Echo }> {
  const pointed = command.trimEnd().replace(/;$/, '').replace(/https?:\/\/[^/\s'"?]+/g, echo.url);
  const before = echo.received.length;
  await runInBash(`${pointed} --silent --show-error --output /dev/null`);
  assert.equal(echo.received.length, before + 1, 'curl sent one request');
  const curl = echo.received.at(-1) as Echo;
  const imported = importRequestsFile({ kind: 'curl', text: pointed, label: 'command', sourceFolder: dir, connectorPath: join(dir, 'api.connector.json') });
  assert.ok(imported.ok, imported.ok ? '' : imported.message);
  const { connector, findings } = lintText(imported.text);
  assert.ok(connector?.kind === 'rest');
  const operationId = connector.operations[0]?.id?.value ?? '';
  const prepared = await prepareRequest({ connector, findings, operationId, ...(imported.valuesText ? { valuesFileText: imported.valuesText } : {}), entered: values, secrets: () => secret, baseDir: dir, files: filesIn(dir) });
  assert.ok(prepared.ok, prepared.ok ? '' : prepared.problems.map((p) => p.message).join('; '));
  await sendPrepared(prepared.request, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
  const tool = echo.received.at(-1) as Echo;
  assert.equal(tool.method, curl.method);
  assert.equal(tool.target, curl.target);
  const multipart = curl.parts !== undefined;
  const headers = (e: Echo): string[] => headersOf(e, multipart).filter((h) => !(compactJson && h.startsWith('content-length:')) && !(relabelled && h.startsWith('content-type:')));
  assert.deepEqual(headers(tool), headers(curl));
  if (multipart) assert.deepEqual(tool.parts, curl.parts);
  else if (compactJson) assert.deepEqual(JSON.parse(tool.body), JSON.parse(curl.body));
  else assert.equal(tool.bodyBase64, curl.bodyBase64);
  return { curl, tool };
}

const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

describe('an imported curl command sends what curl sent', () => {
  test('Chrome\'s Copy as cURL, with its session cookie as the secret', async () => {
    const cookie = '__cfduid=d9e3031f00abce97dfdf7119a2d4620cc1478677611; _gat=1; session=eyJyZWNlbnQiOlsiMTlwd3g5NzEiLCIxYTNsaHg2MSJdfQ.CxF25Q.WfyUPLe9lQjtibrpD55c2gOD-YA; _ga=GA1.2.525721040.1478677612';
    await sameOnTheWire(fixture('from-chrome-input.sh'), cookie);
  });

  test('form data given in pieces, urlencoded, -G with -d, squeezed short options, a header value with colons', async () => {
    for (const name of ['multi-data-input.sh', 'urlencoded-input.sh', 'get-input.sh', 'skip-squished-input.sh', 'header-colon-input.sh', 'simple-url-input.sh', 'url-only-input.sh']) {
      await sameOnTheWire(fixture(name));
    }
  });

  test('a JSON body given with --data-binary, cookies and a $\'...\' header', async () => {
    const text = fixture('dollar-sign-input.sh');
    const cookie = /\$'Cookie: (.*)' \\$/m.exec(text)?.[1]?.replace(/\\'/g, "'") ?? '';
    const { tool } = await sameOnTheWire(text, cookie, false, true);
    // curl labelled the JSON as a form, its default for data; the operation says what it is.
    assert.equal(tool.headers['content-type'], 'application/json');
  });

  test('a multipart form with a file', async () => {
    await sameOnTheWire(fixture('form-input.sh').replace('/home/user/file.txt', join(dir, 'file.txt')));
  });

  test('basic credentials with colons in the password, a cookie header and a JSON body written with spaces', async () => {
    // Without its header 'x-custom-header :foo bar', whose name holds a space: the server refuses it, and the import leaves it out.
    const text = fixture('complex-input.sh').replace(/^\s*-i \\\n/m, '').replace(/^\s*--header 'x-custom-header :foo bar' \\\n/m, '');
    // Basic credentials sign in; the cookie, a second credential, is a header parameter without an example: supplied here.
    const { curl } = await sameOnTheWire(text, 'My:Secret:Password', true, false, { Cookie: 'foo=bar' });
    assert.equal(curl.headers.authorization, `Basic ${Buffer.from('My User:My:Secret:Password').toString('base64')}`);
  });

  test('dot segments: curl removes them from the path (unless --path-as-is), and so does the import', async () => {
    const { curl } = await sameOnTheWire(`curl 'https://api.example.com/v1/./items/../orders/%2e%2e/7/..?x=1'`);
    assert.equal(curl.target, '/v1/orders/%2e%2e/?x=1');
    await sameOnTheWire(`curl 'https://api.example.com/v1/a/..' -G`);
    await sameOnTheWire(`curl 'https://api.example.com/v1/../../x/.'`);
    const asIs = await sameOnTheWire(`curl --path-as-is 'https://api.example.com/v1/a/../b'`);
    assert.equal(asIs.curl.target, '/v1/a/../b');
  });

  test('commands as API documentation writes them: a bearer token variable, JSON, a query with a list, an upload', async () => {
    await sameOnTheWire(`TOKEN=abc123token\ncurl -X POST "https://api.example.com/v1/orders?expand=lines,customer&dryRun" \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -H 'Content-Type: application/json' \\\n  -d '{"customer":"C-1","lines":[{"sku":"A-1","qty":2}],"total":12.5}'`, 'abc123token');
    await sameOnTheWire(`curl -X PUT https://api.example.com/files/report --data-binary @file.txt -H 'Content-Type: application/octet-stream' -u admin:s3cret`, 's3cret');
  });
});
