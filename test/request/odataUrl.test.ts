// How a Custom request's values go into its url, headers and body, held against what a recording server receives
// and what the copied curl command sends: path parameters encoded with the same guard as a REST path (a value
// never makes a `.` or `..` segment), inserted as given in 'onlyPath'; query options and {{variables}}.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { sendPrepared } from '../../server/src/core/http/exchange';
import type { BuiltRequest } from '../../server/src/core/http/types';
import type { SuppliedValues } from '../../server/src/core/request/types';
import { assertCurlSendsTheSame } from '../support/curlRun';
import { startEchoServer } from '../support/echoServer';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';
import { assertWireIsPreview } from '../support/wireCheck';

let echo: Awaited<ReturnType<typeof startEchoServer>>;
before(async () => {
  echo = await startEchoServer();
});
after(() => echo.close());

/** `request` as an object, or as its JSON text when it holds numbers JavaScript cannot (9007199254740993, 1e-400). */
async function built(request: Record<string, unknown> | string, values: SuppliedValues): Promise<BuiltRequest> {
  const head = JSON.stringify({ kind: 'odata', name: 't', baseUrl: `${echo.url}/odata`, connectorVersion: '2.1.17' }).slice(0, -1);
  const text = `${head}, "customRequests": [{ "id": "r", ${typeof request === 'string' ? request : JSON.stringify(request).slice(1, -1)} }] }`;
  const { connector } = lintText(text);
  assert.ok(connector);
  const prepared = await prepareRequest({ connector, operationId: 'r', values, secrets: () => undefined, baseDir: '.', files: filesIn('.') });
  assert.ok(prepared.ok, JSON.stringify(!prepared.ok && prepared.problems));
  return prepared.request;
}

/** The request target the service received, after checking it is what the preview and curl send. */
async function target(request: Record<string, unknown> | string, values: SuppliedValues): Promise<string> {
  const prepared = await built(request, values);
  const sent = await sendPrepared(prepared, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
  assert.deepEqual(sent.result.errors, []);
  const received = echo.received.at(-1);
  assert.ok(received);
  assertWireIsPreview(prepared, received);
  await assertCurlSendsTheSame(prepared, {}, received, echo.received);
  return received.target;
}

describe('a Custom request url on the wire', () => {
  test('path parameters are encoded, quotes and parentheses kept readable', async () => {
    assert.equal(await target({ operation: 'read', url: "Orders('{no}')/Lines" }, { no: "A/1 'x'(y)?#" }), "/odata/Orders('A%2F1%20'x'(y)%3F%23')/Lines");
  });

  test('a value that makes a whole segment . or .. is sent encoded, as in a REST path', async () => {
    assert.equal(await target({ operation: 'read', url: 'Things/{a}/x' }, { a: '..' }), '/odata/Things/%2E%2E/x');
    assert.equal(await target({ operation: 'read', url: 'Things/{a}/x' }, { a: '.' }), '/odata/Things/%2E/x');
    assert.equal(await target({ operation: 'read', url: 'Things/{a}{b}/x' }, { a: '.', b: '.' }), '/odata/Things/%2E%2E/x');
  });

  test('values and the url around them that together make a .. segment are sent encoded', async () => {
    assert.equal(await target({ operation: 'read', url: 'Things/{a}.{b}/x' }, { a: '', b: '.' }), '/odata/Things/%2E%2E/x');
  });

  test("'onlyPath' inserts values as given, wherever they stand", async () => {
    assert.equal(await target({ operation: 'read', url: 'Things/{rest}', parameterMode: 'onlyPath' }, { rest: "a/b('c')?$top=1" }), "/odata/Things/a/b('c')?$top=1");
  });

  test('query options: names keep their $, values are encoded, empty values are left out', async () => {
    const got = await target({ operation: 'read', url: 'Orders', query: { $filter: "Name eq 'a&b'", $top: 5, $select: '', custom: 'x y' } }, {});
    assert.equal(got, "/odata/Orders?$filter=Name%20eq%20'a%26b'&$top=5&custom=x%20y");
  });

  test('a query option written as a number is sent as its value, a whole number with every digit', async () => {
    const got = await target('"operation": "read", "url": "Orders", "query": { "CustomerId": 9007199254740993, "$top": 1e2, "Rate": 0.10 }', {});
    assert.equal(got, '/odata/Orders?CustomerId=9007199254740993&$top=100&Rate=0.1');
  });

  test('{{variables}} in headers and the body are filled as text; spaces inside the braces are allowed', async () => {
    const prepared = await built({ operation: 'create', url: 'Orders', headers: { 'X-Tenant': '{{ tenant }}-{{tenant}}' }, body: '{ "No": {{no}}, "Note": "{{ note }}" }' }, { tenant: 't1', no: '7', note: 'n' });
    assert.deepEqual(prepared.headers.find(([n]) => n === 'X-Tenant'), ['X-Tenant', 't1-t1']);
    assert.equal(prepared.body?.kind === 'text' ? prepared.body.text : '', '{ "No": 7, "Note": "n" }');
  });
});
