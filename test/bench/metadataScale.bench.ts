// $metadata at real scale, each figure against its floor and against the reader before the streaming one:
// - `connector lint` of a connector naming a 1 MB (Microsoft Graph's size) and a 5 MB IFS-shaped CSDL, against the same
//   connector without `metadata` (the floor): what naming the document adds (target: at most 0.5× for 1 MB), with the
//   document's model kept from an earlier run (the cache in the user's cache folder, here a temporary one) and with
//   the cache turned off (the document read in the process, as on a first run);
// - completion and hover in a Custom request through the language server with the 5 MB document (target: p95 < 10 ms);
// - the language server's memory with it open, against the same server with the connector unchecked (target: < 250 MB).
// "Before" is the same build with the previous reader (fast-xml-parser's tree, test/support/previousCsdlReader.ts) in
// place of the streaming one. Needs `npm run build` first; figures are printed, never asserted.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { precompiledValidator } from '../../scripts/precompiledValidator.mjs';
import { ifsProjectionConnector, ifsProjectionMetadata } from '../support/largeMetadata';
import { startLsp, SERVER_PATH } from '../support/lspClient';
import { benchFolder } from './benchFolder';
import { mb, ms, percentile, printTable, ratio, rssOf, settledRss } from './stats';

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const REQUESTS = 100;
const MB = 1024 * 1024;
/** The measured processes keep their caches in a folder of their own, never the user's. */
const CACHE = benchFolder('connector-bench-cache-');
const MEASURED_ENV: NodeJS.ProcessEnv = { ...process.env, CONNECTOR_TOOLS_CACHE: CACHE };
const CACHE_OFF_ENV: NodeJS.ProcessEnv = { ...MEASURED_ENV, CONNECTOR_TOOLS_METADATA_CACHE: 'off' };

/** The CLI and the server as `npm run build` makes them, with the previous CSDL reader in place of the streaming one. */
async function buildBefore(): Promise<{ cli: string; server: string }> {
  const outdir = benchFolder('connector-before-');
  const shim = join(outdir, 'previousReader.ts');
  writeFileSync(shim, `export { previousReadCsdlXml as readCsdlXml, type MetadataRead } from ${JSON.stringify(join(ROOT, 'test', 'support', 'previousCsdlReader'))};\n`);
  const previousReader: esbuild.Plugin = {
    name: 'previous-reader',
    setup(build) {
      build.onResolve({ filter: /^\.\/readXml$/ }, (args) => (args.importer.endsWith(join('metadata', 'readCsdl.ts')) ? { path: shim } : undefined));
      // The libraries the production bundles load on first use stay files beside them (copied from dist/).
      build.onResolve({ filter: /^(undici|re2js|fast-xml-parser)$/ }, (args) => ({ path: { undici: './http-client.js', re2js: './pattern-matcher.js', 'fast-xml-parser': './xml-parser.js' }[args.path] ?? args.path, external: true }));
    },
  };
  const banner = "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;";
  for (const [entry, out] of [['cli.ts', 'cli.js'], ['server.ts', 'server.js']] as const) {
    await esbuild.build({
      entryPoints: [join(ROOT, 'server', 'src', entry)], outfile: join(outdir, out), bundle: true, platform: 'node', target: 'node20', format: 'cjs',
      mainFields: ['module', 'main'], logLevel: 'silent', legalComments: 'none', banner: { js: banner }, define: { 'import.meta.url': '__importMetaUrl' },
      plugins: [previousReader, precompiledValidator],
    });
  }
  for (const file of ['http-client.js', 'pattern-matcher.js', 'xml-parser.js']) copyFileSync(join(DIST, file), join(outdir, file));
  return { cli: join(outdir, 'cli.js'), server: join(outdir, 'server.js') };
}

/** The cache variables of `env`, for a server started with the bench's environment plus these. */
function cacheVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['CONNECTOR_TOOLS_CACHE', 'CONNECTOR_TOOLS_METADATA_CACHE']) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** A script preloaded into a measured process: as it exits, it writes its CPU time and peak RSS to stderr. */
function exitReporter(): string {
  const file = join(benchFolder('connector-exit-'), 'report.js');
  writeFileSync(file, `process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  const peak = /VmHWM:\\s+(\\d+)/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'));
  process.stderr.write('cpu-ms=' + (user + system) / 1000 + ' peak-rss=' + Number(peak ? peak[1] : 0) * 1024 + '\\n');
});
`);
  return file;
}

interface ProcessFigures {
  wallMs: number;
  cpuMs: number;
  peakRss: number;
}

/**
 * Medians of `runs` runs of `node args` (after one warm-up run): wall time, CPU time (user + system, which other work
 * on a shared machine stretches far less than the wall clock) and peak RSS, the last two reported by the process itself.
 */
function processRuns(args: readonly string[], runs: number, reporter: string, env: NodeJS.ProcessEnv = MEASURED_ENV): ProcessFigures {
  spawnSync(process.execPath, args, { stdio: 'ignore', env });
  const walls: number[] = [];
  const cpus: number[] = [];
  const peaks: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--require', reporter, ...args], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 2 ** 30, env });
    walls.push(performance.now() - started);
    if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(' ')} failed (${String(result.status)}): ${String(result.stderr)}`);
    const report = String(result.stderr);
    cpus.push(Number(/cpu-ms=([\d.]+)/.exec(report)?.[1] ?? Number.NaN));
    peaks.push(Number(/peak-rss=(\d+)/.exec(report)?.[1] ?? Number.NaN));
  }
  return { wallMs: percentile(walls, 50), cpuMs: percentile(cpus, 50), peakRss: percentile(peaks, 50) };
}

interface Case {
  label: string;
  folder: string;
  checked: string;
  bare: string;
}

/** A folder with the document and two connectors: one naming it, one the same without `metadata`. */
function writeCase(label: string, bytes: number): Case {
  const folder = benchFolder('connector-metadata-scale-');
  writeFileSync(join(folder, 'projection.metadata.xml'), ifsProjectionMetadata(bytes));
  const checked = join(folder, 'checked.connector.json');
  const bare = join(folder, 'bare.connector.json');
  writeFileSync(checked, ifsProjectionConnector(REQUESTS, 'projection.metadata.xml'));
  writeFileSync(bare, ifsProjectionConnector(REQUESTS, undefined));
  return { label, folder, checked, bare };
}

const PROBES: { name: string; kind: 'completion' | 'hover'; find: (text: string) => number }[] = [
  { name: 'completion: url root (entity sets, imports)', kind: 'completion', find: (t) => t.indexOf('"url": "CustomerOrderLine10Set(') + 8 },
  { name: 'completion: after an entity (navigation, bound operations)', kind: 'completion', find: (t) => t.indexOf('/NextArray"') + 1 },
  { name: 'completion: $select value', kind: 'completion', find: (t) => t.indexOf('Objstate,Attribute0') + 9 },
  { name: 'completion: body member name', kind: 'completion', find: (t) => t.indexOf('\\"Attribute1\\"') + 2 },
  { name: 'hover: entity set', kind: 'hover', find: (t) => t.indexOf('"url": "CustomerOrderLine10Set(') + 12 },
  { name: 'hover: $select property', kind: 'hover', find: (t) => t.indexOf('Objstate,Attribute0') + 2 },
  { name: 'hover: bound action', kind: 'hover', find: (t) => t.indexOf('_Release"') - 3 },
];

function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

/** Opens `file` in a fresh server: time to first diagnostics, RSS then and after the probes (when asked, with their p95s), the peak. */
async function serverWith(serverPath: string, folder: string, file: string, probe: boolean, env: NodeJS.ProcessEnv = MEASURED_ENV): Promise<{ openMs: number; rss: number; rssProbed: number; peak: number; p95: string[][] }> {
  const text = readFileSync(file, 'utf8');
  const lsp = await startLsp({ workspaceFolder: folder, serverPath, env: cacheVariables(env) });
  const uri = pathToFileURL(file).href;
  const first = lsp.diagnostics(uri, 1);
  const started = performance.now();
  await lsp.open(uri, text);
  await first;
  const openMs = performance.now() - started;
  const pid = lsp.process.pid ?? 0;
  const rss = rssOf(pid);
  const p95: string[][] = [];
  if (probe) {
    for (const { name, kind, find } of PROBES) {
      const position = positionAt(text, find(text));
      const times: number[] = [];
      let results = 0;
      for (let i = 0; i < 100; i++) {
        const t = performance.now();
        const answer = await lsp.request<unknown>(kind === 'completion' ? 'textDocument/completion' : 'textDocument/hover', { textDocument: { uri }, position });
        times.push(performance.now() - t);
        results = Array.isArray(answer) ? answer.length : answer && typeof answer === 'object' && 'items' in answer ? (answer.items as unknown[]).length : answer ? 1 : 0;
      }
      p95.push([name, String(results), `${ms(percentile(times, 50))} ms`, `${ms(percentile(times, 95))} ms`, ratio(percentile(times, 95), 10)]);
    }
  }
  // After the requests, what the server keeps once it has been idle (garbage collected and given back).
  const rssProbed = probe ? await settledRss(pid) : rss;
  const peak = rssOf(pid, 'VmHWM');
  await lsp.stop();
  return { openMs, rss, rssProbed, peak, p95 };
}

/** Runs the benchmark and prints its tables. */
export async function runMetadataScaleBench(): Promise<void> {
  const before = await buildBefore();
  const reporter = exitReporter();
  const after = { cli: join(DIST, 'cli.js'), server: SERVER_PATH };
  const quick = process.argv.includes('--quick');
  const runs = quick ? 3 : 7;
  const cases = [writeCase('1 MB (Microsoft Graph\'s size)', MB), writeCase('5 MB (a large IFS projection)', 5 * MB)];

  const lintRows: string[][] = [['document', 'measure', 'no metadata (floor)', 'with it, before', 'now, read in the process (cache off)', 'now, model kept', 'added before', 'added, cache off', 'added, model kept', 'target']];
  for (const c of cases) {
    const floor = processRuns([after.cli, 'lint', '--format', 'json', c.bare], runs, reporter);
    // The previous reader read the document in every process: it is measured with the cache off.
    const old = processRuns([before.cli, 'lint', '--format', 'json', c.checked], runs, reporter, CACHE_OFF_ENV);
    const read = processRuns([after.cli, 'lint', '--format', 'json', c.checked], runs, reporter, CACHE_OFF_ENV);
    // The warm-up run keeps the model; the measured runs find it.
    const kept = processRuns([after.cli, 'lint', '--format', 'json', c.checked], runs, reporter);
    const added = (x: number, base: number): string => `+${((x - base) / base).toFixed(2)}×`;
    const target = c === cases[0] ? '≤ +0.5×' : '';
    const row = (measure: string, pick: (f: ProcessFigures) => number, show: (n: number) => string, withRatios: boolean): string[] => [
      measure, show(pick(floor)), show(pick(old)), show(pick(read)), show(pick(kept)),
      ...(withRatios ? [added(pick(old), pick(floor)), added(pick(read), pick(floor)), added(pick(kept), pick(floor)), target] : ['', '', '', '']),
    ];
    lintRows.push([c.label, ...row('CPU time', (f) => f.cpuMs, (n) => `${ms(n)} ms`, true)]);
    lintRows.push(['', ...row('wall time', (f) => f.wallMs, (n) => `${ms(n)} ms`, true)]);
    lintRows.push(['', ...row('peak RSS', (f) => f.peakRss, mb, false)]);
  }
  printTable(`\`connector lint\` of a connector with ${REQUESTS} Custom requests naming an IFS-shaped CSDL (whole process, medians of ${runs})`, lintRows);

  const large = cases[1];
  if (!large) return;
  const floorServer = await serverWith(after.server, large.folder, large.bare, false);
  const oldServer = await serverWith(before.server, large.folder, large.checked, false, CACHE_OFF_ENV);
  // The first session reads the document and keeps its model; the next finds it.
  const nowServer = await serverWith(after.server, large.folder, large.checked, true);
  const keptServer = await serverWith(after.server, large.folder, large.checked, false);
  printTable('Completion and hover in a Custom request through the language server with the 5 MB CSDL (100 requests each; target p95 < 10 ms)', [['measure', 'results', 'p50', 'p95', 'p95 / 10 ms'], ...nowServer.p95]);
  printTable('Language server with the 5 MB CSDL open (a fresh server each; RSS at the first diagnostics, 25 s after the 700 requests above, and the peak)', [
    ['server', 'open → first diagnostics', 'RSS', 'RSS / floor', 'idle after the requests', 'peak RSS', 'target'],
    ['connector without metadata (floor)', `${ms(floorServer.openMs)} ms`, mb(floorServer.rss), '1.00×', '', mb(floorServer.peak), ''],
    ['naming the CSDL, previous reader', `${ms(oldServer.openMs)} ms`, mb(oldServer.rss), ratio(oldServer.rss, floorServer.rss), '', mb(oldServer.peak), ''],
    ['naming the CSDL, streaming reader (reads it, keeps the model)', `${ms(nowServer.openMs)} ms`, mb(nowServer.rss), ratio(nowServer.rss, floorServer.rss), mb(nowServer.rssProbed), mb(nowServer.peak), '< 250 MB'],
    ['naming the CSDL, the next session (model kept)', `${ms(keptServer.openMs)} ms`, mb(keptServer.rss), ratio(keptServer.rss, floorServer.rss), '', mb(keptServer.peak), '< 250 MB'],
  ]);
}

if (require.main === module) void runMetadataScaleBench();
