// Import time: reading, bundling and validating a document, then mapping it, for the largest public documents the
// tests use; the whole `connector import openapi` process against `connector --version` (the startup it adds); and
// the limits: a generated document of 51,000 operations (57 MB) against the time the import gives it, and YAML
// alias bombs, which must be refused at once.
import { spawnSync } from 'node:child_process';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importOpenApi } from '../../server/src/core/openapi/importOpenApi';
import { loadOpenApiDocument } from '../../server/src/openapi/loadDocument';
import { importBudget } from '../../server/src/openapi/limits';
import { aliasBombYaml, largeOpenApiJson } from '../support/hostileOpenApi';
import { oasExample } from '../support/openapiDocuments';
import { benchFolder } from './benchFolder';
import { medianMs, ms, printTable, ratio } from './stats';

/** Runs the benchmark and prints its table. */
export async function runOpenApiBench(): Promise<void> {
  const rows: string[][] = [['document', 'size', 'operations', 'read + bundle + validate', 'map']];
  for (const document of [oasExample('3.1', 'readme'), oasExample('3.0', 'star-trek'), oasExample('2.0', 'petstore')]) {
    const loadTime = await medianMs(5, () => loadOpenApiDocument(document.path));
    const loaded = await loadOpenApiDocument(document.path);
    if (!loaded.ok) throw new Error(loaded.failure.message);
    const mapTime = await medianMs(5, () => importOpenApi(loaded.document));
    const result = importOpenApi(loaded.document);
    const operations = result.ok ? result.result.connector.operations.length : 0;
    rows.push([document.label, `${(JSON.stringify(loaded.document).length / 1024).toFixed(0)} KB`, String(operations), `${ms(loadTime)} ms`, `${ms(mapTime)} ms`]);
  }
  printTable('OpenAPI import in process (median of 5)', rows);
  const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
  const run = (args: string[]): number => {
    const start = performance.now();
    spawnSync(process.execPath, [cli, ...args], { stdio: 'ignore' });
    return performance.now() - start;
  };
  const largest = oasExample('3.1', 'readme').path;
  const version = await medianMs(5, () => run(['--version']));
  const imported = await medianMs(5, () => run(['import', 'openapi', largest]));
  printTable('connector import openapi, whole process (median of 5)', [
    ['command', 'wall', 'ratio to --version'],
    ['connector --version', `${ms(version)} ms`, '1.00×'],
    ['connector import openapi 3.1/readme.json', `${ms(imported)} ms`, ratio(imported, version)],
  ]);
  if (process.argv.includes('--quick')) return;
  const folder = benchFolder('connector-openapi-bench-');
  try {
    const large = join(folder, 'large.json');
    writeFileSync(large, largeOpenApiJson(51_000));
    const bytes = statSync(large).size;
    let start = performance.now();
    const loaded = await loadOpenApiDocument(large);
    const loadTime = performance.now() - start;
    if (!loaded.ok) throw new Error(loaded.failure.message);
    start = performance.now();
    importOpenApi(loaded.document);
    const mapTime = performance.now() - start;
    printTable('A generated document, in process (one run)', [
      ['document', 'size', 'operations', 'read + validate', 'map'],
      ['large.json', `${(bytes / 2 ** 20).toFixed(0)} MB`, '51000', `${ms(loadTime)} ms`, `${ms(mapTime)} ms`],
    ]);
    const rows: string[][] = [['command', 'wall', 'share of the time the import gives it']];
    const wall = run(['import', 'openapi', large, '--out', join(folder, 'large.connector.json')]);
    rows.push(['connector import openapi large.json (51,000 operations)', `${ms(wall)} ms`, `${((wall / importBudget(bytes).deadlineMs) * 100).toFixed(0)}% of ${(importBudget(bytes).deadlineMs / 1000).toFixed(0)} s`]);
    for (const use of ['unused-extension', 'operation-description'] as const) {
      const bomb = join(folder, `${use}.yaml`);
      writeFileSync(bomb, aliasBombYaml(use));
      const refused = run(['import', 'openapi', bomb]);
      rows.push([`connector import openapi, a 10^9-string alias bomb (${use}), refused`, `${ms(refused)} ms`, `${((refused / importBudget(statSync(bomb).size).deadlineMs) * 100).toFixed(1)}%`]);
    }
    printTable('connector import openapi at its limits, whole process (one run)', rows);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
