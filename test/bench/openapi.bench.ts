// Import time: reading, bundling and validating a document, then mapping it, for the largest public documents the
// tests use; and the whole `connector import openapi` process against `connector --version` (the startup it adds).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importOpenApi } from '../../server/src/core/openapi/importOpenApi';
import { loadOpenApiDocument } from '../../server/src/openapi/loadDocument';
import { oasExample } from '../support/openapiDocuments';
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
}
