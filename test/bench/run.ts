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

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`Node ${process.version}, ${arch()}, ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  for (const [name, run] of Object.entries(BENCHES)) {
    if (only.length === 0 || only.includes(name)) await run();
  }
}

void main();
