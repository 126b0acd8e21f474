// Numbers in answers keep their digits on the command line: `connector test` compares them exactly (a value
// rounded to a double is not the answer's), and `connector request` and every report print them as the service
// wrote them. The answers come from a real server on 127.0.0.1.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SaxesParser } from 'saxes';
import { runCli } from '../support/cli';

/** Written by hand: JSON.stringify could not write most of these numbers. */
const ANSWER = '{"n":9007199254740993,"d":0.1000000000000000055511,"big":1e400,"tiny":1e-400,"neg":-0,"one":1.0,"hundred":1E2,"price":12.50,"list":[9007199254740993,1e400],"obj":{"min":-9223372036854775809}}';

const PRETTY = `{
  "n": 9007199254740993,
  "d": 0.1000000000000000055511,
  "big": 1e400,
  "tiny": 1e-400,
  "neg": -0,
  "one": 1.0,
  "hundred": 1E2,
  "price": 12.50,
  "list": [
    9007199254740993,
    1e400
  ],
  "obj": {
    "min": -9223372036854775809
  }
}`;

const TESTS = `{
  "cases": [
    { "name": "rounded int64", "operation": "get", "expect": { "data": { "n": 9007199254740992 } } },
    { "name": "rounded decimal", "operation": "get", "expect": { "data": { "d": 0.1 } } },
    { "name": "exact digits", "operation": "get", "expect": { "data": { "n": 9007199254740993, "d": 0.1000000000000000055511, "big": 1e400, "tiny": 1e-400, "neg": -0, "list": [9007199254740993, 1e400] } } },
    { "name": "same values, other spellings", "operation": "get", "expect": { "data": { "one": 1, "hundred": 100, "price": 12.5, "d": 1000000000000000055511e-22, "big": 10e399, "neg": 0 } } },
    { "name": "beyond a double", "operation": "get", "expect": { "data": { "big": 1e401, "tiny": 0 } } },
    { "name": "compound", "operation": "get", "expect": { "data": { "obj": [9007199254740993] } } }
  ]
}
`;

describe('exact numbers on the command line', () => {
  let server: Server;
  let dir = '';

  before(async () => {
    server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(ANSWER));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dir = mkdtempSync(join(tmpdir(), 'connector-exact-cli-'));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    writeFileSync(join(dir, 'num.connector.json'), JSON.stringify({ kind: 'rest', name: 'Numbers', baseUrl, operations: [{ id: 'get', method: 'GET', path: '/n', parameters: [] }] }));
    writeFileSync(join(dir, 'num.tests.json'), TESTS);
  });
  after(() => server.close());

  test('connector request prints every number with its own digits, as text and as JSON', async () => {
    const pretty = await runCli(['request', 'num.connector.json', 'get'], { cwd: dir });
    assert.equal(pretty.code, 0, pretty.stderr);
    assert.ok(pretty.stdout.endsWith(`Data:\n${PRETTY}\n`), pretty.stdout);
    const json = await runCli(['request', 'num.connector.json', 'get', '--format', 'json'], { cwd: dir });
    assert.equal(json.code, 0, json.stderr);
    assert.ok(json.stdout.includes(`"data": ${PRETTY.replace(/\n/g, '\n  ')}`), json.stdout);
    assert.equal((JSON.parse(json.stdout) as { status: number }).status, 200, 'the output is JSON');
    assert.ok(!/Infinity|null/.test(pretty.stdout + json.stdout));
  });

  test('connector test: a value rounded to a double fails, exact values and other spellings of them pass', async () => {
    const run = await runCli(['test'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /✖ rounded int64 .*\n {6}data\.n: expected 9007199254740992, got 9007199254740993\n/);
    assert.match(run.stdout, /✖ rounded decimal .*\n {6}data\.d: expected 0\.1, got 0\.1000000000000000055511\n/);
    assert.match(run.stdout, /✔ exact digits/);
    assert.match(run.stdout, /✔ same values, other spellings/);
    assert.match(run.stdout, /✖ beyond a double .*\n {6}data\.big: expected 1e401, got 1e400\n {6}data\.tiny: expected 0, got 1e-400\n/);
    assert.match(run.stdout, /data\.obj: expected an array, got an object\n {8}- \[\n {8}- {3}9007199254740993\n {8}- \]\n {8}\+ \{\n {8}\+ {3}"min": -9223372036854775809\n {8}\+ \}/);
    assert.match(run.stdout, /6 cases: 2 passed, 4 failed/);
    assert.ok(!/Infinity|null/.test(run.stdout));
  });

  test('the JSON and JUnit reports show the exact digits', async () => {
    const json = await runCli(['test', '--format', 'json'], { cwd: dir });
    const report = JSON.parse(json.stdout) as { files: { cases: { name: string; failures: { path: string; expected?: string; actual?: string }[] }[] }[] };
    const failures = report.files[0]?.cases.flatMap((c) => c.failures.map((f) => [c.name, f.path, f.expected, f.actual])) ?? [];
    assert.deepEqual(failures, [
      ['rounded int64', 'data.n', '9007199254740992', '9007199254740993'],
      ['rounded decimal', 'data.d', '0.1', '0.1000000000000000055511'],
      ['beyond a double', 'data.big', '1e401', '1e400'],
      ['beyond a double', 'data.tiny', '0', '1e-400'],
      ['compound', 'data.obj', '[\n  9007199254740993\n]', '{\n  "min": -9223372036854775809\n}'],
    ]);

    const out = join(dir, 'report.xml');
    const junit = await runCli(['test', '--format', 'junit', '--output-file', out], { cwd: dir });
    assert.equal(junit.code, 1, junit.stderr);
    const messages: string[] = [];
    let text = '';
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      if (tag.name === 'failure') messages.push(String(tag.attributes.message));
    });
    parser.on('text', (t) => void (text += t));
    parser.write(readFileSync(out, 'utf8')).close();
    assert.deepEqual(messages, [
      'data.n: expected 9007199254740992, got 9007199254740993',
      'data.d: expected 0.1, got 0.1000000000000000055511',
      'data.big: expected 1e401, got 1e400',
      'data.obj: expected an array, got an object',
    ]);
    assert.match(text, /"min": -9223372036854775809/);
  });
});
