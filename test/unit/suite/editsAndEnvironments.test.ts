import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyEdits } from '../../../server/src/core/edits';
import { chooseEnvironment, withEnvironment } from '../../../server/src/core/environments/apply';
import { parseEnvironmentsFile } from '../../../server/src/core/environments/environmentsFile';
import { lintText } from '../../../server/src/core/lint';
import { responseSkeleton, setResponseStructureEdits, structureReport } from '../../../server/src/core/structure/responseStructure';
import { addCase } from '../../../server/src/core/suite/addCase';
import { readTestsFile } from '../../../server/src/core/suite/testsFile';
import type { JsonValue } from '../../../server/src/core/tree';
import { JsonNumber } from '../../../server/src/core/values/exactJson';
import { odataConnector, operation, restConnector } from '../../support/connectorText';

describe('response structure from an answer', () => {
  const answer: JsonValue = { '@odata.context': 'x', value: [{ OrderNo: 'A-1', Total: 1.5, Open: true, Lines: [{ No: 1 }] }, { OrderNo: 'A-2', Note: null, Extra: 'e' }] };

  test('the skeleton holds every property of every row, typed as the platform writes structures', () => {
    assert.deepEqual(responseSkeleton(answer), { '@odata.context': '', value: [{ OrderNo: '', Total: 0, Open: false, Lines: [{ No: 0 }], Note: null, Extra: '' }] });
    assert.deepEqual(responseSkeleton([]), []);
  });

  test('a structure drops what it does not list and misses what the answer lacks', () => {
    assert.deepEqual(structureReport(answer, { value: [{ OrderNo: '', Status: '' }] }), {
      dropped: ['@odata.context', 'value[].Total', 'value[].Open', 'value[].Lines', 'value[].Note', 'value[].Extra'],
      missing: ['value[].Status'],
    });
  });

  test('writing the skeleton keeps the comments and replaces an existing structure', () => {
    const text = odataConnector(['{ "id": "list", "operation": "read", "url": "Orders" } // the orders', '{ "id": "one", "operation": "read", "url": "Orders(\'{n}\')", "responseStructure": { "old": "" } }']);
    const connector = lintText(text).connector;
    const added = setResponseStructureEdits(text, connector, 'list', { value: [{ OrderNo: '' }] });
    assert.ok(added.ok);
    const after = applyEdits(text, added.edits);
    assert.match(after, /\/\/ the orders/);
    const list = (lintText(after).connector as { customRequests: { id?: { value: string }; responseStructure?: { value: unknown } }[] }).customRequests;
    assert.deepEqual(JSON.parse(JSON.stringify(list[0]?.responseStructure?.value)), { value: [{ OrderNo: '' }] });
    const replaced = setResponseStructureEdits(text, connector, 'one', { New: '' });
    assert.ok(replaced.ok);
    assert.ok(!applyEdits(text, replaced.edits).includes('"old"'));
    assert.deepEqual(setResponseStructureEdits(text, connector, 'nope', {}), { ok: false, message: "The file has no Custom request 'nope' any more." });
    assert.equal(setResponseStructureEdits(restConnector([]), lintText(restConnector([])).connector, 'x', {}).ok, false);
  });
});

describe('save as expectation', () => {
  const added = { operationId: 'getPet', values: { petId: new JsonNumber('9007199254740993') }, status: 200, data: { id: 1 } };

  test('a new tests file holds the case, its values with every digit', () => {
    const out = addCase(undefined, added);
    assert.ok('newText' in out && out.newText);
    assert.match(out.newText, /"petId": 9007199254740993/);
    const file = readTestsFile(out.newText);
    assert.deepEqual(file.findings, []);
    assert.equal(file.cases[0]?.name, 'getPet answers 200');
  });

  test('an existing file gets the case at the end, comments kept, and a name of its own', () => {
    const text = '// mine\n{\n  "cases": [\n    { "name": "getPet answers 200", "operation": "getPet", "expect": { "status": 200 } } // first\n  ]\n}\n';
    const out = addCase(text, added);
    assert.ok('edits' in out && out.edits);
    const after = applyEdits(text, out.edits);
    assert.match(after, /\/\/ mine/);
    assert.match(after, /\/\/ first/);
    const file = readTestsFile(after);
    assert.deepEqual(file.cases.map((c) => c.name), ['getPet answers 200', 'getPet answers 200 (2)']);
    assert.equal(out.name, 'getPet answers 200 (2)');
    assert.match(after, /9007199254740993/);
    assert.deepEqual(addCase('[1]', added), { problem: 'The tests file is not a JSON object; fix it first.' });
    const noCases = addCase('{ "$schema": "x" }', added);
    assert.ok('edits' in noCases && noCases.edits);
    assert.equal(readTestsFile(applyEdits('{ "$schema": "x" }', noCases.edits)).cases.length, 1);
  });
});

describe('environments', () => {
  const text = `{
    "environments": {
      "test": { "connectors": { "crm/api.connector.json": { "baseUrl": "https://test.example.com/v1", "tokenUrl": "https://login.example.com/t", "scope": "read" } }, "secrets": { "api": "api-test" } },
      "prod": { "description": "live" }
    }
  }`;

  test('reads environments, their connectors by path and their secret names', () => {
    const file = parseEnvironmentsFile(text);
    assert.deepEqual(file.findings, []);
    assert.deepEqual(file.environments.map((e) => e.name), ['test', 'prod']);
    const chosen = chooseEnvironment(file, 'test', 'crm/api.connector.json');
    assert.ok(chosen.ok);
    assert.deepEqual(chosen.environment.override, { baseUrl: 'https://test.example.com/v1', tokenUrl: 'https://login.example.com/t', scope: 'read' });
    assert.deepEqual(chosen.environment.secrets, { api: 'api-test' });
    const other = chooseEnvironment(file, 'prod', 'other.connector.json');
    assert.ok(other.ok && Object.keys(other.environment.override).length === 0);
  });

  test('an unknown environment, a missing file and a file with errors are refused with what to do', () => {
    assert.deepEqual(chooseEnvironment(parseEnvironmentsFile(text), 'dev', 'x.connector.json'), { ok: false, message: "No environment 'dev' in connector-environments.json. It defines 'test', 'prod'." });
    assert.match(chooseEnvironment(undefined, 'dev', 'x').ok ? '' : 'refused', /refused/);
    const broken = parseEnvironmentsFile('{ "environments": { "t": { "connectors": { "a.connector.json": { "baseUrl": "http://x.example.com/?q=1" } } } } }');
    assert.match(broken.findings[0]?.message ?? '', /'baseUrl' has a query/);
    assert.equal(chooseEnvironment(broken, 't', 'a.connector.json').ok, false);
  });

  test('each mistake is found where it is written', () => {
    const bad = `{ "environmets": {}, "environments": { "bad name": {}, "t": { "conectors": {}, "connectors": { "a.json": {}, "b.connector.json": { "tokenUrl": "http://login.example.com/t", "baseUrl": "ftp://x" } }, "secrets": { "api": "not a name!" } } } }`;
    const messages = parseEnvironmentsFile(bad).findings.map((f) => `${bad.slice(f.offset, f.offset + f.length)} → ${f.message}`);
    assert.equal(messages.length, 7, messages.join('\n'));
    assert.match(messages.join('\n'), /"environmets" → Unknown setting 'environmets' in connector-environments\.json\. Did you mean 'environments'\?/);
    assert.match(messages.join('\n'), /"conectors" → .*Did you mean 'connectors'\?/);
    assert.match(messages.join('\n'), /"a\.json" → 'a\.json' is not a connector file/);
    assert.match(messages.join('\n'), /unencrypted to login\.example\.com/);
    assert.match(messages.join('\n'), /"ftp:\/\/x" → 'baseUrl' must be an absolute http or https URL/);
    assert.match(messages.join('\n'), /never a secret's value/);
  });

  test('user info in a baseUrl or tokenUrl is an error where it is written, without repeating it', () => {
    for (const [key, url] of [['baseUrl', 'https://deploy:hunter2@api.example.com/v1'], ['baseUrl', 'https://TOKEN123@api.example.com'], ['baseUrl', 'https://:hunter2@api.example.com'], ['tokenUrl', 'https://deploy:hunter2@login.example.com/t']] as const) {
      const text = `{ "environments": { "prod": { "connectors": { "a.connector.json": { "${key}": "${url}" } } } } }`;
      const file = parseEnvironmentsFile(text);
      assert.equal(file.findings.length, 1, `${url}: ${file.findings.map((f) => f.message).join()}`);
      const finding = file.findings[0];
      assert.equal(finding?.severity, 'error');
      assert.equal(text.slice(finding?.offset, (finding?.offset ?? 0) + (finding?.length ?? 0)), `"${url}"`);
      assert.match(finding?.message ?? '', /[Cc]redentials/);
      assert.ok(!/hunter2|TOKEN123/.test(finding?.message ?? ''), finding?.message);
      assert.deepEqual(file.environments[0]?.connectors['a.connector.json'], {}, 'the address is not used');
      const refused = chooseEnvironment(file, 'prod', 'a.connector.json', { locate: (f) => `envs.json:1:${f.offset + 1}` });
      assert.ok(!refused.ok);
      assert.match(refused.message, new RegExp(`connector-environments\\.json has a problem; fix it before sending with an environment: envs\\.json:1:${(finding?.offset ?? 0) + 1} `));
    }
    // '@' after the host is part of the path, not user info.
    assert.deepEqual(parseEnvironmentsFile('{ "environments": { "p": { "connectors": { "a.connector.json": { "baseUrl": "https://api.example.com/@me" } } } } }').findings, []);
  });

  test('the connector as the environment sees it: values replaced, nodes kept', () => {
    const source = restConnector([operation('a', 'GET', '/x', [])], '"authorization": { "scheme": "oauth2", "flow": "clientCredentials", "tokenUrl": "https://a.example.com/t", "clientId": "c", "secret": "s" }');
    const connector = lintText(source).connector;
    assert.ok(connector);
    const seen = withEnvironment(connector, { name: 'x', override: { baseUrl: 'https://other.example.com', clientId: 'c2', scope: 'read' }, secrets: {} });
    assert.equal(seen.baseUrl?.value, 'https://other.example.com');
    assert.equal(seen.baseUrl?.node, connector.baseUrl?.node);
    assert.equal(seen.authorization?.tokenUrl?.value, 'https://a.example.com/t');
    assert.equal(seen.authorization?.clientId?.value, 'c2');
    assert.equal(seen.authorization?.scope?.value, 'read');
    assert.equal(connector.baseUrl?.value, 'https://api.example.com', 'the file itself is not changed');
  });

  test("a browser sign-in's page is replaced with its token endpoint, and checked as the file's is", () => {
    const source = restConnector([operation('a', 'GET', '/x', [])], '"authorization": { "scheme": "oauth2", "flow": "authorizationCode", "authorizationUrl": "https://a.example.com/auth", "tokenUrl": "https://a.example.com/t", "clientId": "c" }');
    const connector = lintText(source).connector;
    assert.ok(connector);
    const file = parseEnvironmentsFile('{ "environments": { "prod": { "connectors": { "a.connector.json": { "authorizationUrl": "https://login.example.com/auth", "tokenUrl": "https://login.example.com/t" } } } } }');
    assert.deepEqual(file.findings, []);
    const override = file.environments[0]?.connectors['a.connector.json'] ?? {};
    const seen = withEnvironment(connector, { name: 'prod', override, secrets: {} });
    assert.equal(seen.authorization?.authorizationUrl?.value, 'https://login.example.com/auth');
    assert.equal(seen.authorization?.tokenUrl?.value, 'https://login.example.com/t');
    const bad = parseEnvironmentsFile('{ "environments": { "p": { "connectors": { "a.connector.json": { "authorizationUrl": "http://login.example.com/auth" } } } } }');
    assert.match(bad.findings.map((f) => f.message).join(' '), /^'authorizationUrl': The user's sign-in would travel unencrypted to login\.example\.com/);
  });
});
