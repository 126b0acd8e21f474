// OAuth2 and expectations: what reusing a token saves per request against a real OAuth2 server (oauth2-mock-server)
// on 127.0.0.1, and how long checking a large answer against a large expectation takes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { lintText } from '../../server/src/core/lint';
import { TokenCache } from '../../server/src/core/http/tokenCache';
import { runRequest } from '../../server/src/core/request/run';
import { checkExpectation } from '../../server/src/core/suite/match';
import { readTestsFile } from '../../server/src/core/suite/testsFile';
import { responseSkeleton } from '../../server/src/core/structure/responseStructure';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { DIRECT_NETWORK } from '../support/network';
import { filesIn } from '../support/files';
import { medianMs, ms, printTable, ratio } from './stats';

/** Runs the benchmark and prints its tables. */
export async function runSuiteBench(): Promise<void> {
  const tokens = await startTokenEndpoint(0);
  const api = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const { connector } = lintText(JSON.stringify({ kind: 'rest', name: 'b', baseUrl: base, authorization: { scheme: 'oauth2', flow: 'clientCredentials', tokenUrl: tokens.tokenUrl, clientId: DEMO_CLIENT_ID, secret: 's' }, operations: [{ id: 'get', method: 'GET', path: '/x', parameters: [] }] }));
  if (!connector) throw new Error('benchmark connector did not parse');
  const COUNT = 200;
  const send = { network: DIRECT_NETWORK, timeoutMs: 5_000 };
  const run = async (cache: () => TokenCache): Promise<number> => {
    const started = performance.now();
    for (let i = 0; i < COUNT; i++) await runRequest({ connector, operationId: 'get', secrets: () => DEMO_CLIENT_SECRET, baseDir: '.', files: filesIn('.'), send, tokens: cache().source(send) });
    return performance.now() - started;
  };
  const shared = new TokenCache();
  await run(() => shared);
  const reused = await run(() => shared);
  const fresh = await run(() => new TokenCache());
  printTable(`OAuth2: ${COUNT} requests to 127.0.0.1 with a token reused from memory vs a token fetched for each`, [
    ['token', 'total', 'per request', 'ratio'],
    ['reused (the cache)', `${ms(reused)} ms`, `${ms(reused / COUNT)} ms`, '1.00×'],
    ['fetched every time', `${ms(fresh)} ms`, `${ms(fresh / COUNT)} ms`, ratio(fresh, reused)],
  ]);
  api.close();
  await tokens.close();

  const rows = Array.from({ length: 10_000 }, (_, i) => ({ OrderNo: `A-${i}`, Status: i % 2 ? 'Released' : 'Planned', Total: i * 1.5, Lines: [{ No: 1 }] }));
  const text = JSON.stringify({ cases: [{ name: 'all', operation: 'x', expect: { data: { value: rows } } }] });
  const file = readTestsFile(text);
  const expect = file.cases[0]?.expect;
  if (!expect) throw new Error('benchmark tests file did not parse');
  const result = { status: 200, errors: [], warnings: [], data: { value: rows }, timing: { totalMs: 1 } };
  const read = await medianMs(5, () => readTestsFile(text));
  const match = await medianMs(5, () => checkExpectation(expect, text, result, {}));
  const skeleton = await medianMs(5, () => responseSkeleton({ value: rows }));
  printTable('Expectations: a 10,000-row answer (about 1 MB of JSON), median of 5', [
    ['step', 'time'],
    ['read and check the tests file', `${ms(read)} ms`],
    ['match the answer against all 10,000 rows', `${ms(match)} ms`],
    ['skeleton for Use as response structure', `${ms(skeleton)} ms`],
  ]);
}
