// Paging: 100 pages of 1,000 rows read with all pages (each page sent, read exactly and its rows joined) against one
// request of one such page; the cost per page, the heap the joined result holds, and the command line's run of it.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sendPrepared } from '../../server/src/core/http/exchange';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { TokenCache } from '../../server/src/core/http/tokenCache';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';
import { benchFolder } from './benchFolder';
import { medianMs, ms, printTable, ratio } from './stats';

const PAGES = 100;
const ROWS = 1_000;
const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

function page(n: number): string {
  const rows = Array.from({ length: ROWS }, (_, i) => ({ OrderNo: `A-${n * ROWS + i}`, Status: i % 2 ? 'Released' : 'Planned', Total: i * 1.5 + 0.25, Customer: `Customer ${i}`, Date: '2026-01-01T00:00:00Z' }));
  return JSON.stringify({ '@odata.context': '$metadata#Orders', value: rows, ...(n + 1 < PAGES ? { '@odata.nextLink': `Orders?$skiptoken=${n + 1}` } : {}) });
}

/** Runs the benchmark and prints its table. */
export async function runPagingBench(): Promise<void> {
  const bodies = Array.from({ length: PAGES }, (_, n) => page(n));
  const server = createServer((req, res) => {
    const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('$skiptoken') ?? 0);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(bodies[n]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const connectorText = `{ "kind": "odata", "name": "b", "baseUrl": "${base}", "connectorVersion": "2.1.17", "customRequests": [{ "id": "orders", "operation": "read", "url": "Orders" }] }`;
  const { connector, findings } = lintText(connectorText);
  if (!connector) throw new Error('benchmark connector did not parse');
  const send = { network: DIRECT_NETWORK, timeoutMs: 30_000 };
  const prepared = await prepareRequest({ connector, findings, operationId: 'orders', values: {}, secrets: () => undefined, baseDir: '.', files: filesIn('.'), tokens: new TokenCache().source(send) });
  if (!prepared.ok) throw new Error('benchmark request did not build');

  const one = await medianMs(20, () => sendPrepared(prepared.request, send));
  const all = await medianMs(3, async () => {
    const sent = await sendPrepared(prepared.request, send, { maxPages: PAGES });
    if (sent.result.pages !== PAGES || sent.result.errors.length) throw new Error(`paging failed: ${sent.result.errors.join(' ')}`);
  });
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const kept = await sendPrepared(prepared.request, send, { maxPages: PAGES });
  global.gc?.();
  const heapHeld = process.memoryUsage().heapUsed - heapBefore;

  const folder = benchFolder('connector-bench-paging-');
  writeFileSync(join(folder, 'b.connector.json'), connectorText);
  const cli = await new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
    const started = performance.now();
    let bytes = 0;
    const child = spawn(process.execPath, [CLI, 'request', join(folder, 'b.connector.json'), 'orders', '--all-pages', '--format', 'json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.on('error', reject);
    child.on('close', () => resolve({ ms: performance.now() - started, bytes }));
  });
  server.close();
  printTable(`Paging: ${PAGES} pages of ${ROWS.toLocaleString('en-US')} rows (${(bodies[0]!.length / 1024).toFixed(0)} KB a page) on 127.0.0.1, median`, [
    ['run', 'total', 'per page', 'vs one request'],
    ['one request (one page)', `${ms(one)} ms`, `${ms(one)} ms`, '1.00×'],
    [`all pages (${PAGES})`, `${ms(all)} ms`, `${ms(all / PAGES)} ms`, ratio(all / PAGES, one)],
    ['connector request --all-pages (process)', `${ms(cli.ms)} ms`, `${ms(cli.ms / PAGES)} ms`, `${(cli.bytes / 2 ** 20).toFixed(1)} MB printed`],
  ]);
  console.log(`Heap held by the joined result of ${(PAGES * ROWS).toLocaleString('en-US')} rows: ${(heapHeld / 2 ** 20).toFixed(1)} MB${global.gc ? '' : ' (run node with --expose-gc for a settled figure)'}; rows kept: ${Array.isArray((kept.result.data as { value?: unknown[] }).value) ? (kept.result.data as { value: unknown[] }).value.length : 0}.`);
}
