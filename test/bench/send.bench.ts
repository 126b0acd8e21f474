// Sending overhead: 1,000 requests through the engine (build, send, shape) versus bare undici.request. And a large
// answer read exactly (every number with the service's digits) and printed, against JSON.parse and JSON.stringify.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { lintText } from '../../server/src/core/lint';
import { runRequest } from '../../server/src/core/request/run';
import { stringifyExact } from '../../server/src/core/values/exactJson';
import { parseExact } from '../../server/src/core/values/exactParse';
import { benchFolder } from './benchFolder';
import { ms, percentile, printTable, ratio } from './stats';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

/** Runs the benchmark and prints its table. */
export async function runSendBench(): Promise<void> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"id":1,"name":"Rex","tags":["a","b"]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { connector } = lintText(`{ "kind": "rest", "name": "b", "baseUrl": "${base}", "operations": [{ "id": "get", "method": "GET", "path": "/pets/{id}", "parameters": [{ "name": "id", "location": "path", "type": "integer" }, { "name": "tags", "location": "query", "type": "array", "items": { "type": "string" } }] }] }`);
  if (!connector) throw new Error('benchmark connector did not parse');
  const COUNT = 1_000;

  async function engine(): Promise<number> {
    const started = performance.now();
    for (let i = 0; i < COUNT; i++) {
      await runRequest({ connector: connector!, operationId: 'get', values: { id: i, tags: ['a', 'b'] }, secrets: () => undefined, baseDir: '.', files: filesIn('.'), send: { network: DIRECT_NETWORK, timeoutMs: 5_000 } });
    }
    return performance.now() - started;
  }

  async function bare(): Promise<number> {
    const started = performance.now();
    for (let i = 0; i < COUNT; i++) {
      const response = await request(`${base}/pets/${i}?tags=a,b`);
      JSON.parse(await response.body.text());
    }
    return performance.now() - started;
  }

  await engine();
  await bare();
  const engineTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    engineTimes.push(await engine());
    bareTimes.push(await bare());
  }
  server.close();
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  printTable(`Sending ${COUNT} requests to 127.0.0.1 (median of 3; target: engine within 1.15× of bare undici)`, [
    ['client', 'total', 'per request', 'ratio'],
    ['engine (build + send + shape)', `${ms(median(engineTimes))} ms`, `${ms(median(engineTimes) / COUNT)} ms`, ratio(median(engineTimes), median(bareTimes))],
    ['bare undici.request', `${ms(median(bareTimes))} ms`, `${ms(median(bareTimes) / COUNT)} ms`, '1.00×'],
  ]);
  await runLargeAnswerBench();
}

/** 50,000 order rows (about 8.6 MB); `money` writes prices with two decimals (12.50), which a double would print as 12.5. */
function largeAnswer(money: boolean): string {
  const rows = Array.from({ length: 50_000 }, (_, i) => ({ OrderNo: `A-${i}`, Status: i % 2 ? 'Released' : 'Planned', Total: i * 1.5 + 0.25, Qty: i % 97, Price: 12.25, Customer: `Customer ${i}`, Date: '2024-01-01T00:00:00Z', Lines: [{ No: 1, Amount: 3.75 }] }));
  const text = JSON.stringify({ value: rows });
  return money ? text.replace(/"Price":12\.25/g, '"Price":12.50').replace(/"Amount":3\.75/g, '"Amount":3.70') : text;
}

/** The best time of each of two works run in turns: on a shared machine the least disturbed run is the fairest pair. */
function bestOfInterleaved(runs: number, a: () => unknown, b: () => unknown): [number, number] {
  const best = [Infinity, Infinity];
  for (let i = 0; i <= runs; i++) {
    for (const [index, work] of [a, b].entries()) {
      const started = performance.now();
      work();
      // The first round warms up.
      if (i > 0) best[index] = Math.min(best[index] ?? Infinity, performance.now() - started);
    }
  }
  return [best[0] ?? Infinity, best[1] ?? Infinity];
}

/** Reading and printing a large answer exactly, in process and as `connector request` prints it. */
async function runLargeAnswerBench(): Promise<void> {
  const answers = { plain: largeAnswer(false), money: largeAnswer(true) };
  const server = createServer((req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(req.url === '/money' ? answers.money : answers.plain));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = benchFolder('connector-answer-bench-');
  const file = join(dir, 'big.connector.json');
  writeFileSync(file, JSON.stringify({ kind: 'rest', name: 'big', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, operations: [{ id: 'plain', method: 'GET', path: '/plain', parameters: [] }, { id: 'money', method: 'GET', path: '/money', parameters: [] }] }));
  const rows: string[][] = [['answer', 'JSON.parse', 'exact read', 'ratio', 'JSON.stringify', 'exact write', 'ratio', 'connector request']];
  for (const [name, text] of Object.entries(answers)) {
    const plain = JSON.parse(text) as unknown;
    const read = parseExact(text);
    if (!read.ok) throw new Error('benchmark answer did not parse');
    const [parse, exact] = bestOfInterleaved(11, () => JSON.parse(text), () => parseExact(text));
    const [write, exactWrite] = bestOfInterleaved(11, () => JSON.stringify(plain, null, 2), () => stringifyExact(read.value, 2));
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      // Asynchronously: the answering server runs in this process.
      const code = await new Promise<number | null>((resolve, reject) => spawn(process.execPath, [CLI, 'request', file, name], { stdio: 'ignore' }).on('error', reject).on('close', resolve));
      times.push(performance.now() - started);
      if (code !== 0) throw new Error(`connector request ${name} exited with ${code}`);
    }
    rows.push([`${name} (${(text.length / 2 ** 20).toFixed(1)} MB)`, `${ms(parse)} ms`, `${ms(exact)} ms`, ratio(exact, parse), `${ms(write)} ms`, `${ms(exactWrite)} ms`, ratio(exactWrite, write), `${ms(percentile(times, 50))} ms`]);
  }
  server.close();
  printTable('A 50,000-row answer read exactly and printed indented (best of 11, taken in turns; connector request: the whole process, median of 5)', rows);
}
