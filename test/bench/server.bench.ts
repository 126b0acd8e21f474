// The live loop through the real server over stdio: start to first diagnostics, edit to diagnostics, memory.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileUri, startLsp, type LspSession } from '../support/lspClient';
import { generateRestConnector } from './generate';
import { ms, percentile, printTable } from './stats';

/**
 * Types `count` characters at `at`, one didChange each (the one-character change, as VS Code sends typing),
 * and returns each keystroke's time to its diagnostics and the final text.
 */
async function typeAt(lsp: LspSession, uri: string, start: string, at: number, firstVersion: number, count: number): Promise<{ times: number[]; text: string }> {
  let text = start;
  const times: number[] = [];
  for (let version = firstVersion; version < firstVersion + count; version++) {
    text = `${text.slice(0, at)}${String.fromCharCode(97 + (version % 26))}${text.slice(at)}`;
    const pending = lsp.diagnostics(uri, version);
    const started = performance.now();
    const line = text.slice(0, at).split('\n').length - 1;
    const character = at - (text.lastIndexOf('\n', at - 1) + 1);
    await lsp.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: text[at] }] });
    await pending;
    times.push(performance.now() - started);
  }
  return { times, text };
}

/** Runs the benchmark and prints its table. */
export async function runServerBench(): Promise<void> {
  function rssOf(pid: number): number {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  }

  const startRuns: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const lsp = await startLsp();
    const uri = fileUri(`start-${i}.connector.json`);
    const pending = lsp.diagnostics(uri, 1);
    await lsp.open(uri, generateRestConnector(100));
    await pending;
    startRuns.push(performance.now() - started);
    await lsp.stop();
  }

  // The 10,000-operation file (5 MB) is above the default 2 MB limit; raise it so the file is really checked.
  const lsp = await startLsp({ settings: { validation: { debounceMs: 0, maxFileSizeKb: 8192 } } });
  const uri = fileUri('loop.connector.json');
  let text = generateRestConnector(1_000);
  let pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, text);
  await pending;
  // Settings arrive after initialization; wait until the zero debounce is in force.
  await new Promise((r) => setTimeout(r, 300));
  // One character typed into a summary, as a user would: the file stays valid; the edited operation is re-checked.
  const summaryAt = text.indexOf('"summary": "Read item 500"') + 'Read item 500'.length + 12;
  const inOperation = await typeAt(lsp, uri, text, summaryAt, 2, 200);
  text = inOperation.text;
  const big = fileUri('big.connector.json');
  pending = lsp.diagnostics(big, 1);
  await lsp.open(big, generateRestConnector(10_000));
  await pending;
  const rss = rssOf(lsp.process.pid ?? 0);
  // Typing in the connector's name (outside every operation): each keystroke is a full check.
  const outside = (await typeAt(lsp, uri, text, text.indexOf('"name": "') + '"name": "'.length, 202, 50)).times;
  const rssAfterFullChecks = rssOf(lsp.process.pid ?? 0);
  await lsp.stop();

  printTable('Language server (real server over stdio; targets: edit→diagnostics p95 < 25 ms at 1,000 operations, RSS < 150 MB)', [
    ['measure', 'value'],
    ['start → first diagnostics (100 ops, median of 5)', `${ms(percentile(startRuns, 50))} ms`],
    ['edit → diagnostics, 1,000 ops, p50 (200 edits, debounce 0)', `${ms(percentile(inOperation.times, 50))} ms`],
    ['edit → diagnostics, 1,000 ops, p95', `${ms(percentile(inOperation.times, 95))} ms`],
    ['edit outside operations → diagnostics (full check), p50 (50 edits)', `${ms(percentile(outside, 50))} ms`],
    ['edit outside operations → diagnostics (full check), p95', `${ms(percentile(outside, 95))} ms`],
    ['server RSS with the 1,000- and 10,000-operation files open', `${(rss / 2 ** 20).toFixed(0)} MB`],
    ['server RSS after 50 more full checks of the 1,000-operation file', `${(rssAfterFullChecks / 2 ** 20).toFixed(0)} MB`],
  ]);
}
