// Completion and hover in a large file: each request's time near the start, near the end and anywhere between.
import { performance } from 'node:perf_hooks';
import { bundledCore } from './bundledCore';
import { generateRestConnector } from './generate';
import { ms, percentile, printTable } from './stats';

const OPERATIONS = 10_000;

/** Offsets just inside every occurrence of `needle` (after it), in file order. */
function offsetsAfter(text: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) out.push(i + needle.length);
  return out;
}

/** Every `step`-th element, so that samples spread over the whole file. */
function spread<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, i) => i % step === 0);
}

function timeEach(offsets: readonly number[], call: (offset: number) => unknown): number[] {
  return offsets.map((offset) => {
    const started = performance.now();
    call(offset);
    return performance.now() - started;
  });
}

/** Runs the benchmark and prints its table. */
export async function runFeaturesBench(): Promise<void> {
  const text = generateRestConnector(OPERATIONS);
  const service = (await bundledCore()).getLanguageService();
  const document = service.check(text).result;
  const complete = (offset: number): unknown => service.completionsAt(document, offset);
  const hover = (offset: number): unknown => service.hoverAt(document, offset);

  // Value completion inside "location": "|query", property-name completion at the start of a parameter's key,
  // hover on a method value and on a path placeholder.
  const values = offsetsAfter(text, '"location": "');
  const keys = offsetsAfter(text, '{ "').map((o) => o - 1);
  const methods = offsetsAfter(text, '"method": "');
  const placeholders = offsetsAfter(text, '/{').map((o) => o + 1);
  const near = (list: number[], part: 'start' | 'end'): number[] => (part === 'start' ? list.slice(0, 100) : list.slice(-100));
  const rows: string[][] = [['request', 'where', 'samples', 'p50', 'p95', 'max']];
  const row = (name: string, where: string, times: number[]): void => {
    rows.push([name, where, String(times.length), ms(percentile(times, 50)), ms(percentile(times, 95)), ms(Math.max(...times))]);
  };
  for (const [name, lists, call] of [
    ['completion', [values, keys], complete],
    ['hover', [methods, placeholders], hover],
  ] as const) {
    const all = lists.flat();
    timeEach(spread(all, 50), call); // warm-up
    row(name, 'near the start', timeEach(lists.flatMap((l) => near(l, 'start')), call));
    row(name, 'near the end', timeEach(lists.flatMap((l) => near(l, 'end')), call));
    row(name, 'anywhere (spread)', timeEach(spread(all, 400), call));
  }
  printTable(`Completion and hover in a ${OPERATIONS.toLocaleString('en')}-operation file (ms per request, in-process; target p95 < 10 ms everywhere)`, rows);
}
