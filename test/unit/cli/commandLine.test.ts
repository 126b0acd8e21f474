import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseMetadataOptions } from '../../../server/src/cli/metadata/command';
import { parseImportODataOptions } from '../../../server/src/cli/odata/command';
import { parseExportOptions, parseImportOptions } from '../../../server/src/cli/openapi/options';
import { parseRequestOptions } from '../../../server/src/cli/request/options';
import { parseTestOptions } from '../../../server/src/cli/test/options';
import { UsageError } from '../../../server/src/cli/usage';

/** The usage error a command line gets, or undefined when it is read. */
function mistake(read: () => unknown): string | undefined {
  try {
    read();
    return undefined;
  } catch (error) {
    assert.ok(error instanceof UsageError, String(error));
    return error.message;
  }
}

test('connector request: options with values, switches, positionals; unknown options and missing values are usage errors', () => {
  assert.deepEqual(
    parseRequestOptions(['f.connector.json', '--value', 'a=1=2', 'op', '--curl', '--dry-run', '--values', 'v.json', '--allow-files', 'x', '--allow-files', 'y', '--env', 'dev', '--format', 'json', '--timeout', '500']),
    { file: 'f.connector.json', operationId: 'op', values: { a: '1=2' }, mode: 'curl', format: 'json', timeoutMs: 500, allPages: false, allowFiles: ['x', 'y'], env: 'dev', valuesFile: 'v.json', network: { caFiles: [] }, help: false },
  );
  assert.deepEqual(
    parseRequestOptions(['f', 'op', '--proxy', 'http://u:p@proxy:3128', '--cacert', 'a.pem', '--cacert', 'b.pem', '--cert', 'c.pem', '--key', 'c.key', '--cert-passphrase', 'pp']).network,
    { proxy: 'http://u:p@proxy:3128/', caFiles: ['a.pem', 'b.pem'], cert: 'c.pem', key: 'c.key', certPassphrase: 'pp' },
  );
  assert.equal(parseRequestOptions(['f', 'op', '--proxy', 'proxy.corp:3128']).network.proxy, 'http://proxy.corp:3128/', 'an address without a scheme is http');
  assert.equal(mistake(() => parseRequestOptions(['f', 'op', '--proxy', 'proxy:port'])), "--proxy: 'proxy:port' is not a proxy's address: write http://host:port (http://USER:PASSWORD@host:port when the proxy asks for credentials).");
  assert.equal(mistake(() => parseRequestOptions(['f', 'op', '--cacert'])), '--cacert needs a value.');
  assert.equal(mistake(() => parseRequestOptions(['f', 'op', '--env', '--x'])), undefined, 'a value may start with --');
  assert.equal(parseRequestOptions(['f', 'op', '--env', '--x']).env, '--x');
  assert.equal(mistake(() => parseRequestOptions(['f', 'op', '--env'])), '--env needs a value.');
  assert.equal(mistake(() => parseRequestOptions(['f', 'op', '--bogus'])), "Unknown option '--bogus'.");
  assert.equal(mistake(() => parseRequestOptions(['f', 'op', '-'])), "Unknown option '-'.");
  assert.equal(mistake(() => parseRequestOptions(['f', 'op', '--value', 'novalue'])), "--value takes name=value, not 'novalue'.");
  assert.equal(parseRequestOptions(['-h', 'anything']).help, true);
  assert.equal(mistake(() => parseRequestOptions(['-h', '--bogus'])), "Unknown option '--bogus'.");
});

test('connector test: a value that looks like an option is a missing value; - is a target', () => {
  assert.deepEqual(parseTestOptions(['a', '-', '--format', 'junit', '-o', 'out.xml', '--no-color', '--env', 'e', '--allow-files', 'x', '--timeout', '9']), {
    targets: ['a', '-'], format: 'junit', outputFile: 'out.xml', color: false, env: 'e', allowFiles: ['x'], timeoutMs: 9, network: { caFiles: [] }, help: false,
  });
  assert.deepEqual(parseTestOptions(['--cacert', 'ca.pem', '--cert', 'c.p12']).network, { caFiles: ['ca.pem'], cert: 'c.p12' });
  assert.equal(mistake(() => parseTestOptions(['--env', '--format'])), '--env needs a value.');
  assert.equal(mistake(() => parseTestOptions(['--format', 'tap'])), "--format is stylish, json or junit, not 'tap'.");
  assert.equal(mistake(() => parseTestOptions(['--bogus'])), "Unknown option '--bogus'.");
  assert.equal(parseTestOptions(['--color']).color, true);
});

test('connector metadata fetch and the OpenAPI commands', () => {
  assert.deepEqual(parseMetadataOptions(['fetch', 'f.json', '--out', 'm.xml', '--timeout', '10']), { file: 'f.json', out: 'm.xml', timeoutMs: 10, network: { caFiles: [] }, help: false });
  assert.deepEqual(parseMetadataOptions(['fetch', 'f.json', '--proxy', 'http://p:1', '--cacert', 'ca.pem']).network, { proxy: 'http://p:1/', caFiles: ['ca.pem'] });
  assert.equal(mistake(() => parseMetadataOptions(['fetch'])), 'Give the connector file, e.g. connector metadata fetch examples/ifs-orders.connector.json.');
  assert.equal(mistake(() => parseMetadataOptions(['fetch', 'f', '--out'])), '--out needs a value.');
  assert.equal(mistake(() => parseMetadataOptions(['fetch', 'f', '-'])), "Unknown option '-'.");
  assert.deepEqual(parseImportOptions(['openapi', 's.yaml', '--out', 'c.json', '--name', 'N', '--base-url', 'https://x', '--operations', 'a,b', '--ref-root', 'r']), {
    help: false, spec: 's.yaml', out: 'c.json', operations: 'a,b', name: 'N', baseUrl: 'https://x', refRoot: 'r',
  });
  assert.equal(mistake(() => parseImportOptions(['openapi', 's', '--out', ''])), '--out needs a value.');
  assert.equal(mistake(() => parseImportOptions(['openapi', 's', '--out'])), '--out needs a value.');
  assert.equal(parseImportOptions(['openapi', 's', '--name', '--x']).name, '--x');
  assert.equal(mistake(() => parseExportOptions(['openapi', 'f', '--name', 'x'])), "Unknown option '--name'.");
  assert.deepEqual(parseExportOptions(['--help']), { help: true, file: '' });
});

test('connector import odata', () => {
  assert.deepEqual(parseImportODataOptions(['odata', 'm.xml', '--out', 'c.json', '--entity-sets', 'A*,B', '--base-url', 'https://x/odata', '--name', 'N']), {
    help: false, metadata: 'm.xml', out: 'c.json', entitySets: 'A*,B', baseUrl: 'https://x/odata', name: 'N',
  });
  assert.equal(mistake(() => parseImportODataOptions(['odata'])), 'Give one metadata document, e.g. connector import odata orders.metadata.xml --out orders.connector.json.');
  assert.equal(mistake(() => parseImportODataOptions(['odata', 'a.xml', 'b.xml'])), 'Give one metadata document, e.g. connector import odata orders.metadata.xml --out orders.connector.json.');
  assert.equal(mistake(() => parseImportODataOptions(['odata', 'm', '--entity-sets', ''])), '--entity-sets needs a value.');
  assert.equal(mistake(() => parseImportODataOptions(['odata', 'm', '--base-url', 'orders'])), "--base-url takes an absolute http(s) URL, not 'orders'.");
  assert.equal(mistake(() => parseImportODataOptions(['odata', 'm', '--operations', 'x'])), "Unknown option '--operations'.");
  assert.deepEqual(parseImportODataOptions(['odata', '--help']), { help: true, metadata: '' });
});
