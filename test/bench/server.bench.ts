// The live loop through the real server over stdio, as users get it (the production build): start to first
// diagnostics (beside a bare JSON language server), edit to diagnostics, and memory with a large file open and
// checked again and again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { SERVER_ENVIRONMENT } from '../../client/src/serverEnvironment';
import { fileUri, SERVER_PATH, startLsp, type LspOptions, type LspSession } from '../support/lspClient';
import { benchFolder } from './benchFolder';
import { generateArraysAndHeadersConnector, generateConnectorWithFindings, generateRestConnector } from './generate';
import { cpuOf, mb, ms, percentile, printTable, ratio, rssOf, settledRss } from './stats';
import { threadsCpuOf } from './threadTimes';

/** A letter for each keystroke: what typing into a string gives. */
const letters = (version: number): string => String.fromCharCode(97 + (version % 26));

/**
 * Types `count` characters at `at` (letters unless told), one didChange each (the one-character change, as VS Code
 * sends typing), and returns each keystroke's time to its diagnostics and the final text.
 */
async function typeAt(
  lsp: LspSession, uri: string, start: string, at: number, firstVersion: number, count: number, typed: (version: number) => string = letters,
): Promise<{ times: number[]; text: string }> {
  let text = start;
  const times: number[] = [];
  // Every keystroke lands at the same place, after text that does not change: its line and column are counted once,
  // before any keystroke's time starts (counting them means splitting the text before it, over a millisecond in a
  // large file, which the editor never does).
  const line = start.slice(0, at).split('\n').length - 1;
  const character = at - (start.lastIndexOf('\n', at - 1) + 1);
  for (let version = firstVersion; version < firstVersion + count; version++) {
    const letter = typed(version);
    text = `${text.slice(0, at)}${letter}${text.slice(at)}`;
    const pending = lsp.diagnostics(uri, version);
    const started = performance.now();
    await lsp.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: letter }] });
    await pending;
    times.push(performance.now() - started);
  }
  return { times, text };
}

/** Starts our server as VS Code does: with the environment the extension gives it. */
const startOurs = (options: LspOptions): Promise<LspSession> => startLsp({ ...options, env: { ...SERVER_ENVIRONMENT, ...options.env } });

/** Bundles the bare JSON language server the way the production build bundles ours (minified). */
async function bareJsonServer(): Promise<string> {
  const outfile = join(benchFolder('json-ls-server-'), 'server.js');
  await esbuild.build({
    entryPoints: [join(__dirname, 'jsonLanguageServer.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs',
    minify: true, legalComments: 'none', mainFields: ['module', 'main'], logLevel: 'silent',
  });
  return outfile;
}

/** Our server as users get it: the production build (minified), made into a temporary folder. */
function productionServer(): string {
  const outdir = join(benchFolder('connector-server-'), 'dist');
  const built = spawnSync(process.execPath, [join(__dirname, '..', '..', 'esbuild.mjs'), '--production', `--outdir=${outdir}`], { stdio: 'ignore' });
  if (built.status !== 0) throw new Error('the production build failed');
  return join(outdir, 'server.js');
}

/** Spawn → initialize → open a 100-operation file → its first diagnostics, in ms; `cache` is the compiled-code cache's folder. */
async function coldStart(serverPath: string, run: number, cache = 'off'): Promise<number> {
  const started = performance.now();
  const lsp = await startLsp({ serverPath, env: { CONNECTOR_TOOLS_CACHE: cache } });
  const uri = fileUri(`start-${run}.connector.json`);
  const pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, generateRestConnector(100));
  await pending;
  const elapsed = performance.now() - started;
  await lsp.stop();
  return elapsed;
}

/** Starts the server with an empty cache folder and waits until it has written its compiled code there. */
async function startAndWriteCache(serverPath: string, cache: string): Promise<void> {
  const lsp = await startLsp({ serverPath, env: { CONNECTOR_TOOLS_CACHE: cache } });
  const uri = fileUri('warm.connector.json');
  const pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, generateRestConnector(100));
  await pending;
  while (!existsSync(join(cache, 'compiled')) || readdirSync(join(cache, 'compiled')).length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  await lsp.stop();
}

/**
 * Opens `text` in a server of its own and types 200 letters into the summary of its 500th operation, the first
 * keystroke right after the file's first diagnostics; returns each keystroke's time to its diagnostics.
 */
async function typingInOperation(
  serverPath: string, text: string, settings: Record<string, unknown>,
): Promise<{ times: number[]; cpuPerEdit: number; firstEditCpu: { main: number; all: number } }> {
  const lsp = await startOurs({ serverPath, settings, ...(PROFILE_DIR ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : {}) });
  await lsp.changeSettings(settings);
  const uri = fileUri('typing.connector.json');
  const pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, text);
  await pending;
  const at = text.indexOf('"summary": "Search items 500"') + '"summary": "Search items 500'.length;
  const pid = lsp.process.pid ?? 0;
  const cpuBefore = cpuOf(pid);
  // The first keystroke alone: what the server's threads spent on it (the checking code still warming up).
  const threadsBefore = threadsCpuOf(pid);
  const first = await typeAt(lsp, uri, text, at, 2, 1);
  const threadsAfter = threadsCpuOf(pid);
  const rest = await typeAt(lsp, uri, first.text, at, 3, 199);
  const times = [...first.times, ...rest.times];
  const cpuPerEdit = (cpuOf(pid) - cpuBefore) / times.length;
  const firstEditCpu = { main: threadsAfter.main - threadsBefore.main, all: threadsAfter.all - threadsBefore.all };
  if (PROFILE_DIR) {
    // The profile is written when the server exits of itself, which stop() does not wait for.
    const exited = new Promise((resolve) => lsp.process.once('exit', resolve));
    await lsp.connection.sendRequest('shutdown');
    await lsp.connection.sendNotification('exit');
    await exited;
    lsp.connection.dispose();
  } else {
    await lsp.stop();
  }
  return { times, cpuPerEdit, firstEditCpu };
}

/** Opens `text` in a server of its own, waits `pauseMs` (a user reading before typing) and types 5 letters; returns the first one's time. */
async function firstEditAfterPause(serverPath: string, text: string, settings: Record<string, unknown>, pauseMs: number): Promise<number> {
  const lsp = await startOurs({ serverPath, settings });
  await lsp.changeSettings(settings);
  const uri = fileUri('paused.connector.json');
  const pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, text);
  await pending;
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const at = text.indexOf('"summary": "Search items 500"') + '"summary": "Search items 500'.length;
  const { times } = await typeAt(lsp, uri, text, at, 2, 5);
  await lsp.stop();
  return times[0] ?? Number.NaN;
}

/** The server's RSS with `text` open and checked: at once, and once it has been idle. */
async function rssWithOpen(serverPath: string, text: string, settings: Record<string, unknown>): Promise<{ checked: number; settled: number; findings: number }> {
  const lsp = await startOurs({ serverPath, settings });
  await lsp.changeSettings(settings);
  const uri = fileUri('large.connector.json');
  const pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, text);
  const findings = (await pending).length;
  const pid = lsp.process.pid ?? 0;
  const checked = rssOf(pid);
  const settled = await settledRss(pid);
  await lsp.stop();
  return { checked, settled, findings };
}

/** `--profile=DIR`: the servers that are typed into write CPU profiles into DIR (node --cpu-prof). */
const PROFILE_DIR = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);

type Typing = Awaited<ReturnType<typeof typingInOperation>>;

/** Typing in an operation of the two 1,000-operation files of the shape users import, clean and full of findings. */
async function typingInLargeFiles(server: string): Promise<{ clean: Typing; findings: Typing; paused: number[] }> {
  const largeSettings = { validation: { debounceMs: 0, maxFileSizeKb: 32_768 } };
  const cleanText = generateArraysAndHeadersConnector(1_000);
  const findingsText = generateConnectorWithFindings(1_000);
  const clean = await typingInOperation(server, cleanText, largeSettings);
  const findings = await typingInOperation(server, findingsText, largeSettings);
  const paused = [await firstEditAfterPause(server, cleanText, largeSettings, 1_000), await firstEditAfterPause(server, findingsText, largeSettings, 1_000)];
  return { clean, findings, paused };
}

/** The rows of typing in the large files. */
function typingRows(typing: { clean: Typing; findings: Typing; paused: number[] }): string[][] {
  const clean = typing.clean.times;
  const findings = typing.findings.times;
  return [
    ['edit in an operation → diagnostics, 1,000 ops with many headers and arrays (1.4 MB, clean), first edit', `${ms(clean[0] ?? Number.NaN)} ms`, ''],
    ['edit in an operation → diagnostics, 1,000 ops with many headers and arrays (1.4 MB, clean), p50 (200 edits)', `${ms(percentile(clean, 50))} ms`, ''],
    ['edit in an operation → diagnostics, 1,000 ops with many headers and arrays (1.4 MB, clean), p95', `${ms(percentile(clean, 95))} ms`, '< 25 ms'],
    ['edit in an operation → diagnostics, 1,000 ops full of findings (1.4 MB, 2,700 findings), first edit', `${ms(findings[0] ?? Number.NaN)} ms`, ''],
    ['edit in an operation → diagnostics, 1,000 ops full of findings, p50 (200 edits)', `${ms(percentile(findings, 50))} ms`, ''],
    ['edit in an operation → diagnostics, 1,000 ops full of findings, p95', `${ms(percentile(findings, 95))} ms`, '< 25 ms'],
    ['first edit 1 s after opening (a user reading before typing), clean / full of findings', typing.paused.map((t) => `${ms(t)} ms`).join(' / '), ''],
    ['server CPU time per edit (user + system, mean of 200; clean / full of findings)', `${ms(typing.clean.cpuPerEdit)} / ${ms(typing.findings.cpuPerEdit)} ms`, ''],
    ['server CPU time of the first edit, main thread / all threads (clean; full of findings)',
      `${ms(typing.clean.firstEditCpu.main)} / ${ms(typing.clean.firstEditCpu.all)} ms; ${ms(typing.findings.firstEditCpu.main)} / ${ms(typing.findings.firstEditCpu.all)} ms`, ''],
  ];
}

/** The row of memory with the 13 MB file full of findings open (`--memory` runs only it). */
async function findingsMemoryRow(server: string): Promise<string[]> {
  const findingsText = generateConnectorWithFindings(10_000);
  const findingsRss = await rssWithOpen(server, findingsText, { validation: { debounceMs: 0, maxFileSizeKb: 32_768 } });
  return [
    `server RSS with the 10,000-operation file full of findings open and checked (${(findingsText.length / 2 ** 20).toFixed(0)} MB, ${findingsRss.findings.toLocaleString('en-US')} findings; at once / 25 s later)`,
    `${mb(findingsRss.checked)} / ${mb(findingsRss.settled)}`, '< 150 MB',
  ];
}

/**
 * Runs the benchmark and prints its table; `--typing` runs only typing in the large files, `--memory` only the
 * memory with the file full of findings open (three servers, one after the other).
 */
export async function runServerBench(): Promise<void> {
  if (process.argv.includes('--memory')) {
    const server = productionServer();
    const rows: string[][] = [['measure', 'value', 'target']];
    for (let round = 0; round < 3; round++) rows.push(await findingsMemoryRow(server));
    printTable('Memory with a large file full of findings open (real server over stdio, three servers)', rows);
    return;
  }
  if (process.argv.includes('--typing')) {
    // Profiles read better with the names of the development build (npm run build).
    const server = PROFILE_DIR ? SERVER_PATH : productionServer();
    const rows: string[][] = [['measure', 'value', 'target']];
    // Three rounds, each in fresh servers: the first edit is one sample per server.
    for (let round = 0; round < 3; round++) rows.push(...typingRows(await typingInLargeFiles(server)));
    printTable('Typing in large files (real server over stdio, three rounds)', rows);
    return;
  }
  const bare = await bareJsonServer();
  const server = productionServer();
  // Ours twice: the first start after installing (an empty compiled-code cache, a new folder each time) and every
  // start after it (the cache the first start wrote a few seconds after starting).
  const cache = benchFolder('connector-compiled-');
  await startAndWriteCache(server, cache);
  const ours: number[] = [];
  const oursFirst: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < 9; i++) {
    ours.push(await coldStart(server, i, cache));
    oursFirst.push(await coldStart(server, i, benchFolder('connector-compiled-')));
    theirs.push(await coldStart(bare, i));
  }

  // The 10,000-operation file (5 MB) is above the default 2 MB limit; raise it so the file is really checked.
  const settings = { validation: { debounceMs: 0, maxFileSizeKb: 8192 } };
  let lsp = await startOurs({ serverPath: server, settings });
  const uri = fileUri('loop.connector.json');
  let text = generateRestConnector(1_000);
  let pending = lsp.diagnostics(uri, 1);
  await lsp.open(uri, text);
  await pending;
  // Settings arrive after initialization: make sure the zero debounce is in force.
  await lsp.changeSettings(settings);
  // One character typed into a summary, as a user would: the file stays valid; the edited operation is re-checked.
  const summaryAt = text.indexOf('"summary": "Read item 500"') + 'Read item 500'.length + 12;
  const inOperation = await typeAt(lsp, uri, text, summaryAt, 2, 200);
  text = inOperation.text;
  // Typing in the connector's name (a setting no rule about one operation reads): the connector's rules run again.
  const inSetting = await typeAt(lsp, uri, text, text.indexOf('"name": "') + '"name": "'.length, 202, 100);
  text = inSetting.text;
  // Spaces typed between two settings (outside every value): each keystroke is a full check.
  const outside = (await typeAt(lsp, uri, text, text.indexOf('"baseUrl"'), 302, 100, () => ' ')).times;
  await lsp.stop();

  // Memory in a server of its own, where only the large file has been open.
  lsp = await startOurs({ serverPath: server, settings });
  await lsp.changeSettings(settings);
  const big = fileUri('big.connector.json');
  const bigText = generateRestConnector(10_000);
  pending = lsp.diagnostics(big, 1);
  await lsp.open(big, bigText);
  await pending;
  const pid = lsp.process.pid ?? 0;
  const rssChecked = rssOf(pid);
  const rssCheckedSettled = await settledRss(pid);
  // 200 full checks of the large file (each a space typed between two settings), RSS noted along the way.
  const rssAlong: number[] = [];
  const space = (): string => ' ';
  const fullChecks = await typeAt(lsp, big, bigText, bigText.indexOf('"baseUrl"'), 2, 50, space);
  rssAlong.push(rssOf(pid));
  let bigNow = fullChecks.text;
  const fullTimes = [...fullChecks.times];
  for (let round = 1; round < 4; round++) {
    const more = await typeAt(lsp, big, bigNow, bigNow.indexOf('"baseUrl"'), 2 + round * 50, 50, space);
    bigNow = more.text;
    fullTimes.push(...more.times);
    rssAlong.push(rssOf(pid));
  }
  const rssAfterSettled = await settledRss(pid);
  await lsp.stop();

  const typing = await typingInLargeFiles(server);
  const findingsMemory = await findingsMemoryRow(server);

  printTable('Language server (real server over stdio)', [
    ['measure', 'value', 'target'],
    ['start → first diagnostics, 100 ops (production build, compiled-code cache written, median of 9)', `${ms(percentile(ours, 50))} ms`, ''],
    ['the same, first start after installing (empty compiled-code cache, median of 9)', `${ms(percentile(oursFirst, 50))} ms`, ''],
    ['bare JSON language server, same file (minified, median of 9)', `${ms(percentile(theirs, 50))} ms`, ''],
    ['ours / bare', ratio(percentile(ours, 50), percentile(theirs, 50)), '≤ 1.2×'],
    ['ours / bare, first start after installing', ratio(percentile(oursFirst, 50), percentile(theirs, 50)), ''],
    ['edit in an operation → diagnostics, 1,000 ops, p50 (200 edits, debounce 0)', `${ms(percentile(inOperation.times, 50))} ms`, ''],
    ['edit in an operation → diagnostics, 1,000 ops, p95', `${ms(percentile(inOperation.times, 95))} ms`, '< 25 ms'],
    ['edit in a setting (the name) → diagnostics, 1,000 ops, p50 (100 edits)', `${ms(percentile(inSetting.times, 50))} ms`, ''],
    ['edit in a setting (the name) → diagnostics, 1,000 ops, p95', `${ms(percentile(inSetting.times, 95))} ms`, '< 40 ms'],
    ['edit between settings (full check) → diagnostics, 1,000 ops, p50 (100 edits)', `${ms(percentile(outside, 50))} ms`, ''],
    ['edit between settings (full check) → diagnostics, 1,000 ops, p95', `${ms(percentile(outside, 95))} ms`, '< 40 ms'],
    ['server RSS with the 10,000-operation file open and checked (at once / 25 s later)', `${mb(rssChecked)} / ${mb(rssCheckedSettled)}`, '< 150 MB'],
    ['full check of the 10,000-operation file → diagnostics, p50 (200 edits)', `${ms(percentile(fullTimes, 50))} ms`, ''],
    ['server RSS after 50 / 100 / 150 / 200 full checks of it (while checking)', rssAlong.map(mb).join(' / '), ''],
    ['server RSS 25 s after the 200 full checks', mb(rssAfterSettled), 'no growth'],
    ...typingRows(typing),
    findingsMemory,
  ]);
}
