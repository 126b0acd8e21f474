import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { curlCommand } from '../../server/src/core/request/curl';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { describeRequest } from '../../server/src/core/request/show';
import type { SuppliedValues } from '../../server/src/core/request/types';
import { filesIn } from '../support/files';

async function build(parameters: string, values: SuppliedValues, extra = '', secrets: Record<string, string> = {}) {
  const text = `{ "kind": "rest", "name": "t", "baseUrl": "https://api.example.com"${extra}, "operations": [{ "id": "op", "method": "GET", "path": "/x/{id}", "parameters": [{ "name": "id", "location": "path", "type": "integer" }, ${parameters}] }] }`;
  const { connector } = lintText(text);
  assert.ok(connector);
  return prepareRequest({ connector, operationId: 'op', values, secrets: (n) => secrets[n], baseDir: '.', files: filesIn('.') });
}

test('every missing required value is reported at once, nothing is built', async () => {
  const outcome = await build('{ "name": "q", "location": "query", "type": "string", "required": true }, { "name": "h", "location": "header", "type": "string", "required": true }', {});
  assert.ok(!outcome.ok);
  assert.deepEqual(outcome.problems.map((p) => `${p.code}:${p.name}`), ['missing-value:id', 'missing-value:q', 'missing-value:h']);
});

test('bad values say what is wrong: 32-bit range, dates, option ids, unknown names', async () => {
  const outcome = await build('{ "name": "d", "location": "query", "type": "string", "format": "date-time" }, { "name": "c", "location": "query", "type": "array", "items": { "type": "string" }, "options": ["a", "b"] }', { id: 2 ** 31, d: 'soon', c: ['c3'], nope: 1 });
  assert.ok(!outcome.ok);
  const messages = outcome.problems.map((p) => p.message).join('\n');
  assert.match(messages, /'id' is outside the 32-bit range/);
  assert.match(messages, /'d' needs a date and time/);
  assert.match(messages, /c1 \(a\), c2 \(b\)/);
  assert.match(messages, /has no parameter 'nope'/);
});

test('constraints are warnings while not enforced, and errors that stop sending when enforced', async () => {
  const q = '{ "name": "q", "location": "query", "type": "string", "maxLength": 3 }';
  const loose = await build(q, { id: 1, q: 'toolong' });
  assert.ok(loose.ok);
  assert.match(loose.request.warnings.join(), /at most 3.*Not enforced/);
  const strict = await build(q, { id: 1, q: 'toolong' }, ', "advanced": { "enforceConstraints": true }');
  assert.ok(!strict.ok);
  assert.equal(strict.problems[0]?.code, 'constraint-violated');
});

test('a missing secret is a problem naming the secret, and the preview and cURL never show a secret', async () => {
  const auth = ', "authorization": { "scheme": "bearer", "secret": "api" }';
  const missing = await build('{ "name": "q", "location": "query", "type": "string" }', { id: 1 }, auth);
  assert.ok(!missing.ok);
  assert.deepEqual(missing.problems.map((p) => `${p.code}:${p.name}`), ['missing-secret:api']);
  const built = await build('{ "name": "q", "location": "query", "type": "string" }', { id: 1, q: "it's" }, auth, { api: 'tok-123' });
  assert.ok(built.ok);
  const curl = curlCommand(built.request);
  assert.equal(curl, `curl --globoff -X GET 'https://api.example.com/x/1?q=it%27s' -H 'Authorization: Bearer '"$CONNECTOR_SECRET_API" -H Accept: -H User-Agent:`);
  assert.ok(!curl.includes('tok-123'));
  assert.ok(!describeRequest(built.request).includes('tok-123'));
});
