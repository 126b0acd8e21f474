// `connector test` against real loopback services: the demo services (OAuth2 included) and a recording server
// that can answer anything, hostile text included. JUnit XML is read back with saxes, a strict XML parser from
// the npm registry that knows nothing of this project.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SaxesParser } from 'saxes';
import type { RunningService } from '../../scripts/demo/http';
import { startOrdersOData } from '../../scripts/demo/ordersOData';
import { PETSTORE_API_KEY, startPetstore } from '../../scripts/demo/petstore';
import { DEMO_CLIENT_SECRET, startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { runCli } from '../support/cli';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const DEMO_SECRETS = { CONNECTOR_SECRET_PETSTORE: PETSTORE_API_KEY, CONNECTOR_SECRET_IFS: DEMO_CLIENT_SECRET };

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses XML strictly (saxes throws on anything not well-formed) into a small tree. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, String(v)])), children: [], text: '' };
    stack[stack.length - 1]?.children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  const [document] = root.children;
  assert.ok(document);
  return document;
}

function all(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** Each request the recording service received: method and target. */
interface Recorded { method: string; target: string }

describe('connector test', () => {
  let services: RunningService[] = [];
  let tokens: RunningTokenEndpoint;
  let recording: Server;
  let recordingUrl = '';
  const received: Recorded[] = [];
  let examples = '';

  before(async () => {
    tokens = await startTokenEndpoint(0);
    services = [await startPetstore(0), await startOrdersOData(0, { verifyToken: tokens.verify })];
    recording = createServer((request, response) => {
      received.push({ method: request.method ?? '', target: request.url ?? '' });
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/hostile') {
        // Text XML cannot hold, markup, a CDATA end and a lone surrogate: the JUnit file must still be XML.
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ text: 'bell\u0007 <b>&amp; ]]> \ud800 "q" \u0000' }));
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json', 'X-Order': url.pathname }).end(JSON.stringify({ at: url.pathname }));
    });
    await new Promise<void>((resolve) => recording.listen(0, '127.0.0.1', resolve));
    recordingUrl = `http://127.0.0.1:${(recording.address() as AddressInfo).port}`;
    // The examples, pointed at the services started here (the demo's own ports may be taken by npm start).
    examples = mkdtempSync(join(tmpdir(), 'connector-test-'));
    cpSync(EXAMPLES, examples, { recursive: true });
    const petstore = new URL(services[0]?.url ?? '').port;
    const odata = new URL(services[1]?.url ?? '').port;
    for (const name of readdirSync(examples)) {
      const path = join(examples, name);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('127.0.0.1:3030', `127.0.0.1:${petstore}`).replaceAll('127.0.0.1:3031', `127.0.0.1:${odata}`).replaceAll('http://127.0.0.1:3032/realms/demo/protocol/openid-connect/token', tokens.tokenUrl));
    }
  });
  after(async () => {
    await Promise.all(services.map((s) => s.close()));
    await tokens.close();
    recording.close();
  });

  /** A folder with one connector for the recording service and its tests file. */
  function recordingSuite(cases: unknown[], extra: Record<string, string> = {}): string {
    const dir = mkdtempSync(join(tmpdir(), 'connector-test-rec-'));
    writeFileSync(join(dir, 'rec.connector.json'), JSON.stringify({
      kind: 'rest', name: 'Recorder', baseUrl: recordingUrl,
      operations: [{ id: 'at', method: 'GET', path: '/{where}', parameters: [{ name: 'where', location: 'path', type: 'string', required: true }] }],
    }));
    writeFileSync(join(dir, 'rec.tests.json'), JSON.stringify({ cases }, null, 2));
    for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
    return dir;
  }

  test('the examples pass against the demo services, OAuth2 included; one token for the whole run', async () => {
    const before = tokens.issued();
    const run = await runCli(['test', '.'], { cwd: examples, env: DEMO_SECRETS });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^ifs-orders\.tests\.json \(IFS Customer Orders\)$/m);
    assert.match(run.stdout, /✔ released orders, as the response structure keeps them \(listOrders, \d+ ms\)/);
    assert.match(run.stdout, /7 cases: 7 passed, 0 failed/);
    assert.match(run.stdout, /✔ an order's life: create, read its ETag, release, delete \(4 steps, \d+ ms\)\n {6}✔ create \(createOrder, 201, \d+ ms\)\n {6}✔ read its ETag \(getOrder, 200, \d+ ms\)\n {6}✔ release it with If-Match \(releaseOrder, 200, \d+ ms\)\n {6}✔ delete it \(clean-up: runs even when a step before failed\) \(deleteOrder, always, 204, \d+ ms\)/);
    assert.equal(tokens.issued(), before + 1);
    // The scenario deletes the order it creates: the file runs again and again.
    const again = await runCli(['test', 'ifs-orders.tests.json'], { cwd: examples, env: DEMO_SECRETS });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.ok(!run.stdout.includes(DEMO_CLIENT_SECRET) && !run.stderr.includes(DEMO_CLIENT_SECRET));
  });

  test('cases run in file order; a failure shows expected and actual, and where the expectation is', async () => {
    received.length = 0;
    const dir = recordingSuite([
      { name: 'first', operation: 'at', values: { where: 'one' }, expect: { status: 200, data: { at: '/one' } } },
      { name: 'second fails', operation: 'at', values: { where: 'two' }, expect: { status: 201, data: { at: '/zwei', more: [1] }, headers: { 'x-order': '/two', 'x-absent': true } } },
      { name: 'third', operation: 'at', values: { where: 'three' }, expect: { headers: { 'X-Order': '/three' } } },
    ]);
    const run = await runCli(['test', 'rec.tests.json'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(received.map((r) => r.target), ['/one', '/two', '/three']);
    assert.match(run.stdout, /✔ first/);
    assert.match(run.stdout, /✖ second fails \(at, \d+ ms\)\n {6}status: expected 201, got 200\n/);
    assert.match(run.stdout, /data\.at: expected "\/zwei", got "\/two"/);
    assert.match(run.stdout, /data\.more: missing\n {8}- \[\n {8}- {3}1\n {8}- \]\n {8}\+ \(missing\)/);
    assert.match(run.stdout, /headers\.x-absent: expected the header, it is not there/);
    assert.ok(!/headers\.x-order/.test(run.stdout), 'a header that matches is not reported');
    assert.match(run.stdout, /at rec\.tests\.json:\d+:\d+/);
    assert.match(run.stdout, /3 cases: 2 passed, 1 failed/);

    const json = await runCli(['test', '--format', 'json'], { cwd: dir });
    const report = JSON.parse(json.stdout) as { summary: { passed: number; failed: number }; files: { cases: { name: string; outcome: string; failures: { path: string; expected?: string; actual?: string; line: number }[] }[] }[] };
    assert.deepEqual(report.summary.passed, 2);
    const second = report.files[0]?.cases[1];
    assert.equal(second?.outcome, 'failed');
    const statusFailure = second?.failures.find((f) => f.path === 'status');
    assert.deepEqual([statusFailure?.expected, statusFailure?.actual], ['201', '200']);
    const text = readFileSync(join(dir, 'rec.tests.json'), 'utf8').split('\n');
    assert.match(text[(statusFailure?.line ?? 0) - 1] ?? '', /"status": 201/, 'the line is where the expectation is written');
  });

  test('JUnit XML: one testsuite per connector, one testcase per case, the differences in the failure; hostile answers stay XML', async () => {
    const dir = recordingSuite([
      { name: 'passes <&> "quoted"', operation: 'at', values: { where: 'ok' }, expect: { status: 200 } },
      { name: 'hostile answer', operation: 'at', values: { where: 'hostile' }, expect: { data: { text: 'calm' } } },
    ]);
    const second = join(dir, 'other');
    cpSync(join(examples, 'petstore.connector.json'), join(mkdtempSync(join(tmpdir(), 'x')), 'unused.json'));
    const run = await runCli(['test', '.', join(examples, 'petstore.tests.json'), '--format', 'junit', '--output-file', join(second, 'report.xml')], { cwd: dir, env: DEMO_SECRETS });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stdout, '', 'the report went to the file');
    const xml = readFileSync(join(second, 'report.xml'), 'utf8');
    const suites = parseXml(xml);
    assert.equal(suites.name, 'testsuites');
    assert.equal(suites.attributes.tests, '5');
    assert.equal(suites.attributes.failures, '1');
    const [recorder, petstore] = all(suites, 'testsuite');
    assert.equal(all(suites, 'testsuite').length, 2);
    assert.equal(recorder?.attributes.name, 'Recorder');
    assert.equal(petstore?.attributes.name, 'Pet Store');
    assert.equal(petstore?.attributes.tests, '3');
    const cases = all(recorder!, 'testcase');
    assert.deepEqual(cases.map((c) => c.attributes.name), ['passes <&> "quoted"', 'hostile answer']);
    assert.equal(cases[0]?.children.length, 0);
    const failure = all(cases[1]!, 'failure')[0];
    assert.ok(failure, 'the failing case has a failure element');
    assert.match(failure.attributes.message ?? '', /^data\.text: expected "calm", got /);
    assert.match(failure.text, /\\u0007/, 'a control character is written as \\u0007');
    assert.match(failure.text, /<b>&amp; \]\]>/, 'markup in the answer is text');
    assert.match(cases[1]?.attributes.file ?? '', /rec\.tests\.json$/);
    assert.ok(Number(cases[1]?.attributes.line) > 1);
    assert.ok(Number.isFinite(Number(cases[1]?.attributes.time)));
  });

  test('--env points a connector elsewhere and reads the environment\'s secret names', async () => {
    received.length = 0;
    const environments = JSON.stringify({ environments: { test: { connectors: { 'rec.connector.json': { baseUrl: `${recordingUrl}/moved` } }, secrets: { rec: 'rec-test' } } } });
    const dir = recordingSuite([{ name: 'where', operation: 'at', values: { where: 'x' }, expect: { data: { at: '/moved/x' } } }], { 'connector-environments.json': environments });
    // The file's own baseUrl answers nothing: only the environment's reaches the recording service.
    const connector = JSON.parse(readFileSync(join(dir, 'rec.connector.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'rec.connector.json'), JSON.stringify({ ...connector, baseUrl: 'http://127.0.0.1:9', authorization: { scheme: 'bearer', secret: 'rec' } }));
    const missing = await runCli(['test', '--env', 'test'], { cwd: dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /The secret 'rec-test' is not set: set CONNECTOR_SECRET_REC_TEST/);
    const run = await runCli(['test', '--env', 'test'], { cwd: dir, env: { CONNECTOR_SECRET_REC_TEST: 'rec-token-value' } });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /environment test/);
    assert.deepEqual(received.map((r) => r.target), ['/moved/x']);
    // connector request takes the same environment: the preview names where it goes and which variable it needs.
    const preview = await runCli(['request', 'rec.connector.json', 'at', '--value', 'where=y', '--env', 'test', '--dry-run'], { cwd: dir });
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stdout, new RegExp(`^GET ${recordingUrl.replace(/[.]/g, '\\.')}/moved/y$`, 'm'));
    assert.match(preview.stderr, /sending will need CONNECTOR_SECRET_REC_TEST/);
    const sent = await runCli(['request', 'rec.connector.json', 'at', '--value', 'where=z', '--env', 'test'], { cwd: dir, env: { CONNECTOR_SECRET_REC_TEST: 'rec-token-value' } });
    assert.equal(sent.code, 0, sent.stderr);
    assert.equal(received[received.length - 1]?.target, '/moved/z');
    const unknownRequest = await runCli(['request', 'rec.connector.json', 'at', '--value', 'where=y', '--env', 'prod'], { cwd: dir });
    assert.equal(unknownRequest.code, 2);
    assert.match(unknownRequest.stderr, /No environment 'prod'.*Nothing was sent/);
    const unknown = await runCli(['test', '--env', 'prod'], { cwd: dir, env: { CONNECTOR_SECRET_REC_TEST: 'rec-token-value' } });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /No environment 'prod' in connector-environments\.json\. It defines 'test'\./);
  });

  test('bad input is exit 2 and sends nothing: unknown operations, values that do not fit, no tests files', async () => {
    received.length = 0;
    const dir = recordingSuite([
      { name: 'a', operation: 'att', values: { where: 'x' }, expect: { status: 200 } },
      { name: 'b', operation: 'at', values: { wher: 'x' }, expect: { status: 'ok' } },
    ]);
    const run = await runCli(['test'], { cwd: dir });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /rec\.tests\.json:\d+:\d+: The connector has no operation 'att'\. Did you mean 'at'\?/);
    assert.match(run.stderr, /'at' has no input 'wher'\. Did you mean 'where'\?/);
    assert.match(run.stderr, /'status' must be a whole number, not a string/);
    assert.match(run.stderr, /gives no value for 'where'/);
    assert.equal(received.length, 0);
    const none = await runCli(['test'], { cwd: mkdtempSync(join(tmpdir(), 'connector-test-empty-')) });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /No tests files \(\*\.tests\.json\) found/);
    const usage = await runCli(['test', '--format', 'tap'], { cwd: dir });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--format is stylish, json or junit/);
  });

  test('the project file\'s levels apply to the connector as in the editor: an error it turns off no longer stops the run', async () => {
    received.length = 0;
    const dir = recordingSuite([{ name: 'a', operation: 'at', values: { where: 'x' }, expect: { status: 200 } }]);
    // A second operation whose path names a placeholder with no parameter: an error of the connector file.
    const connectorPath = join(dir, 'rec.connector.json');
    const connector = JSON.parse(readFileSync(connectorPath, 'utf8')) as { operations: unknown[] };
    connector.operations.push({ id: 'other', method: 'GET', path: '/o/{missing}' });
    writeFileSync(connectorPath, JSON.stringify(connector));
    const stopped = await runCli(['test'], { cwd: dir });
    assert.equal(stopped.code, 2);
    assert.match(stopped.stderr, /rec\.connector\.json:\d+:\d+: .*missing.*\(path-placeholder-without-parameter\)/);
    assert.equal(received.length, 0);
    writeFileSync(join(dir, 'connector-tools.json'), '{ "rules": { "path-placeholder-without-parameter": "off" } }');
    const run = await runCli(['test'], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(received.map((r) => r.target), ['/x']);
  });

  test('a wrong client secret is the token endpoint\'s message, asked once for the whole run', async () => {
    const before = tokens.requests.length;
    const run = await runCli(['test', 'ifs-orders.tests.json'], { cwd: examples, env: { ...DEMO_SECRETS, CONNECTOR_SECRET_IFS: 'wrong' } });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /not sent: The token endpoint .* refused the client credentials token request with 401: invalid_client/);
    assert.equal(tokens.requests.length, before + 1);
  });
});
