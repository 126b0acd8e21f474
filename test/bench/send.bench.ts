// Sending overhead: 1,000 requests through the engine (build, send, shape) versus bare undici.request.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { lintText } from '../../server/src/core/lint';
import { runRequest } from '../../server/src/core/request/run';
import { ms, printTable, ratio } from './stats';
import { filesIn } from '../support/files';

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
      await runRequest({ connector: connector!, operationId: 'get', values: { id: i, tags: ['a', 'b'] }, secrets: () => undefined, baseDir: '.', files: filesIn('.'), send: { timeoutMs: 5_000 } });
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
}
