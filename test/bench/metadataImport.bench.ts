// Import from $metadata: a 1 MB CSDL (Microsoft Graph's size) shaped like a large IFS Cloud projection, and the
// Dataverse document (8.5 MB, 835 entity sets), every entity set and operation imported. In process, each step; then
// the whole `connector import odata` process (target for the 1 MB document: under 3 s), its CPU time beside its wall
// time because other work on a shared machine stretches the wall clock.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { printConnectorJson } from '../../server/src/core/importing/printConnector';
import { readCsdl } from '../../server/src/core/metadata/readCsdl';
import { importMetadata } from '../../server/src/core/odataImport/importMetadata';
import { getLanguageService } from '../../server/src/core/service';
import type { JsonValue } from '../../server/src/core/tree';
import { fixtureSource } from '../support/metadataFixture';
import { largeMetadataText, projectionMetadata } from '../support/largeMetadata';
import { benchFolder } from './benchFolder';
import { ms, percentile, printTable } from './stats';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

/** One run of the command line: wall and CPU time (user + system, from the child's own accounting). */
function runCli(args: string[]): Promise<{ wallMs: number; cpuMs: number; code: number | null }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    // The child reports its own CPU time on exit, on a channel of its own.
    const child = spawn(process.execPath, ['--import', pathToFileURL(join(__dirname, 'reportCpu.mjs')).href, CLI, ...args], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    let cpu = '';
    child.stdio[3]?.on('data', (chunk: Buffer) => (cpu += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ wallMs: performance.now() - start, cpuMs: Number(cpu) || Number.NaN, code }));
  });
}

/** Runs the benchmark and prints its tables. */
export async function runMetadataImportBench(): Promise<void> {
  const folder = benchFolder('bench-odata-import-');
  try {
    const documents = [
      { label: 'IFS-like projection, 1 MB', text: projectionMetadata(1024 * 1024), file: join(folder, 'projection.metadata.xml') },
      { label: 'Dataverse, 8.5 MB', text: largeMetadataText(), file: join(folder, 'dataverse.metadata.xml') },
    ];
    const steps: string[][] = [['document', 'entity sets', 'requests', 'read CSDL', 'plan + write', 'print', 'check (metadata rules)']];
    const language = getLanguageService();
    for (const document of documents) {
      writeFileSync(document.file, document.text);
      let started = performance.now();
      const read = readCsdl(document.text);
      const readMs = performance.now() - started;
      if (!read.ok) throw new Error(read.problem.message);
      started = performance.now();
      const imported = importMetadata(read.service, { metadataPath: 'm.xml', baseUrl: 'https://erp.example.com/odata' });
      const writeMs = performance.now() - started;
      if (!imported.ok) throw new Error(imported.failure.message);
      started = performance.now();
      const text = printConnectorJson(imported.result.connector as unknown as JsonValue);
      const printMs = performance.now() - started;
      started = performance.now();
      const findings = language.check(text, { metadata: fixtureSource(read.service) }).result.findings.filter((f) => f.severity !== 'info');
      const checkMs = performance.now() - started;
      const sets = [...(read.service.container?.children.values() ?? [])].filter((c) => c.kind === 'entitySet').length;
      steps.push([document.label, String(sets), `${imported.result.connector.customRequests.length} (${findings.length} findings)`, `${ms(readMs)} ms`, `${ms(writeMs)} ms`, `${ms(printMs)} ms`, `${ms(checkMs)} ms`]);
    }
    printTable('connector import odata in process, every entity set and operation (one run each)', steps);
    const rows: string[][] = [['command', 'wall p50', 'CPU p50', 'runs']];
    const version: { wallMs: number; cpuMs: number }[] = [];
    for (let i = 0; i < 3; i++) version.push(await runCli(['--version']));
    rows.push(['connector --version', `${ms(percentile(version.map((r) => r.wallMs), 50))} ms`, `${ms(percentile(version.map((r) => r.cpuMs), 50))} ms`, '3']);
    for (const document of documents) {
      const runs: { wallMs: number; cpuMs: number }[] = [];
      for (let i = 0; i < 3; i++) {
        const run = await runCli(['import', 'odata', document.file, '--out', join(folder, `run${i}.connector.json`), '--base-url', 'https://erp.example.com/odata']);
        if (run.code !== 0) throw new Error(`connector import odata ${document.label} exited ${String(run.code)}`);
        rmSync(join(folder, `run${i}.connector.json`));
        runs.push(run);
      }
      rows.push([`connector import odata (${document.label})`, `${ms(percentile(runs.map((r) => r.wallMs), 50))} ms`, `${ms(percentile(runs.map((r) => r.cpuMs), 50))} ms`, '3']);
    }
    printTable('connector import odata, whole process (target for 1 MB: under 3 s)', rows);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
