// `npm run bench`: every benchmark in turn, figures printed as tables (never asserted). `npm run bench -- lint` runs one;
// `--quick` leaves out the 50,000-operation files; `--shape=NAME` runs one of the generated shapes (test/bench/generate.ts).
import { arch, cpus, totalmem } from 'node:os';
import { runBundleBench } from './bundle.bench';
import { runFeaturesBench } from './features.bench';
import { runLintBench } from './lint.bench';
import { runManyFilesBench } from './manyFiles.bench';
import { runMetadataBench } from './metadata.bench';
import { runMetadataImportBench } from './metadataImport.bench';
import { runMetadataScaleBench } from './metadataScale.bench';
import { runOpenApiBench } from './openapi.bench';
import { runPagingBench } from './paging.bench';
import { runPanelBench } from './panel.bench';
import { runPatternBench } from './pattern.bench';
import { runProcessBench } from './process.bench';
import { runSendBench } from './send.bench';
import { runServerBench } from './server.bench';
import { runSuiteBench } from './suite.bench';
import { runThreadsBench } from './threads.bench';

const BENCHES: Record<string, () => Promise<void>> = {
  lint: runLintBench,
  process: runProcessBench,
  manyFiles: runManyFilesBench,
  threads: runThreadsBench,
  features: runFeaturesBench,
  server: runServerBench,
  send: runSendBench,
  paging: runPagingBench,
  panel: runPanelBench,
  bundle: runBundleBench,
  pattern: runPatternBench,
  openapi: runOpenApiBench,
  suite: runSuiteBench,
  metadata: runMetadataBench,
  metadataImport: runMetadataImportBench,
  metadataScale: runMetadataScaleBench,
};

/**
 * Settings that change how every Node.js process starts. The processes a benchmark starts run without them, so that
 * a ratio compares the work and not the machine's start-up: NODE_EXTRA_CA_CERTS naming a system's whole bundle of
 * certificates (144 of them here) adds about 30 ms to every start, the floor's and the tool's alike.
 */
const START_SETTINGS = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'];

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`Node ${process.version}, ${arch()}, ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
  const removed = START_SETTINGS.filter((name) => process.env[name] !== undefined);
  for (const name of removed) delete process.env[name];
  if (removed.length > 0) console.log(`The processes started run without ${removed.join(' and ')}, as set in this environment: each changes how every Node.js process starts.`);
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  for (const [name, run] of Object.entries(BENCHES)) {
    if (only.length === 0 || only.includes(name)) await run();
  }
}

void main();
