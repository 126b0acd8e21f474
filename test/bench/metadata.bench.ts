// Completion and hover with a large real-world $metadata loaded (Dataverse, 8.5 MB: 866 entity types, 835 entity
// sets): the pure functions, and round trips through the real language server over stdio (target: p95 < 20 ms).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { lintText } from '../../server/src/core/lint';
import { metadataCompletions, metadataHover } from '../../server/src/core/metadata/assist';
import { readCsdl } from '../../server/src/core/metadata/readCsdl';
import { fixtureSource } from '../support/metadataFixture';
import { DATAVERSE_BASE, largeMetadataText } from '../support/largeMetadata';
import { startLsp } from '../support/lspClient';
import { benchFolder } from './benchFolder';
import { ms, percentile, printTable } from './stats';

const ID = '00000000-0000-0000-0000-000000000001';

/** A connector with `count` Custom requests against Dataverse, and the places the bench asks about. */
function connectorText(count: number): string {
  const requests: string[] = [];
  for (let i = 0; i < count; i++) {
    requests.push(`    { "id": "r${i}", "operation": "read", "url": "accounts(${ID})/primarycontactid", "query": { "$select": "fullname,emailaddress1", "$filter": "statecode eq 0" } }`);
  }
  requests.push(`    { "id": "probe", "operation": "update", "url": "accounts(${ID})/", "query": { "$select": "name,revenue" }, "body": "{ \\"name\\": \\"x\\",  }", "responseStructure": { "name": "" } }`);
  return `{\n  "kind": "odata",\n  "name": "Dataverse",\n  "baseUrl": "${DATAVERSE_BASE}",\n  "connectorVersion": "2.1.17",\n  "metadata": "dataverse.metadata.xml",\n  "customRequests": [\n${requests.join(',\n')}\n  ]\n}\n`;
}

const PROBES: { name: string; kind: 'completion' | 'hover'; find: (text: string) => number }[] = [
  { name: 'completion: url root (1,430 names)', kind: 'completion', find: (t) => t.indexOf('"url": "accounts(', t.indexOf('"probe"')) + 8 },
  { name: 'completion: after an entity (account: properties, navigation, operations)', kind: 'completion', find: (t) => t.indexOf(`${ID})/"`, t.indexOf('"probe"')) + ID.length + 2 },
  { name: 'completion: $select value', kind: 'completion', find: (t) => t.indexOf('name,revenue', t.indexOf('"probe"')) + 5 },
  { name: 'completion: body member name', kind: 'completion', find: (t) => t.indexOf('\\"x\\",  ', t.indexOf('"probe"')) + 7 },
  { name: 'hover: entity set', kind: 'hover', find: (t) => t.indexOf('accounts(', t.indexOf('"probe"')) + 3 },
  { name: 'hover: $select property', kind: 'hover', find: (t) => t.indexOf('revenue', t.indexOf('"probe"')) + 2 },
  { name: 'hover: response structure entry', kind: 'hover', find: (t) => t.indexOf('"name": ""', t.indexOf('"probe"')) + 2 },
];

function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

/** Runs the benchmark and prints its tables. */
export async function runMetadataBench(): Promise<void> {
  const xml = largeMetadataText();
  const readTimes: number[] = [];
  let service;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const read = readCsdl(xml);
    readTimes.push(performance.now() - started);
    if (!read.ok) throw new Error(read.problem.message);
    service = read.service;
  }
  if (!service) return;
  const text = connectorText(200);
  const lintStarted = performance.now();
  const { parsed, connector } = lintText(text, { metadata: fixtureSource(service) });
  const lintMs = performance.now() - lintStarted;
  if (!parsed.root || connector?.kind !== 'odata') throw new Error('the bench connector is broken');
  const pure: string[][] = [['measure', 'p50', 'p95', 'results']];
  for (const probe of PROBES) {
    const offset = probe.find(text);
    const times: number[] = [];
    let results = 0;
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      if (probe.kind === 'completion') results = metadataCompletions(service, connector, parsed.root, text, offset)?.length ?? 0;
      else results = metadataHover(service, connector, parsed.root, text, offset) ? 1 : 0;
      times.push(performance.now() - started);
    }
    pure.push([probe.name, `${ms(percentile(times, 50))} ms`, `${ms(percentile(times, 95))} ms`, String(results)]);
  }
  printTable('Metadata: the Dataverse document (8.5 MB)', [
    ['measure', 'value'],
    ['read and index it (CSDL XML → model), median of 3', `${ms(percentile(readTimes, 50))} ms`],
    ['check a connector of 201 Custom requests against it (one full lint)', `${ms(lintMs)} ms`],
  ]);
  printTable('Completion and hover, pure functions (metadata loaded; 200 runs each; target p95 < 20 ms)', pure);

  // Through the real server: the file on disk, the document open, then requests as an editor sends them.
  const folder = benchFolder('metadata-bench-');
  writeFileSync(join(folder, 'dataverse.metadata.xml'), xml);
  const lsp = await startLsp({ workspaceFolder: folder });
  const uri = pathToFileURL(join(folder, 'dataverse.connector.json')).href;
  const firstDiagnostics = lsp.diagnostics(uri, 1);
  const opened = performance.now();
  await lsp.open(uri, text);
  await firstDiagnostics;
  const openMs = performance.now() - opened;
  const server: string[][] = [['measure', 'p50', 'p95']];
  for (const probe of PROBES) {
    const position = positionAt(text, probe.find(text));
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      await lsp.request(probe.kind === 'completion' ? 'textDocument/completion' : 'textDocument/hover', { textDocument: { uri }, position });
      times.push(performance.now() - started);
    }
    server.push([probe.name, `${ms(percentile(times, 50))} ms`, `${ms(percentile(times, 95))} ms`]);
  }
  await lsp.stop();
  printTable(`Completion and hover through the language server over stdio (open → first diagnostics, metadata read included: ${ms(openMs)} ms; 100 requests each)`, server);
}

if (require.main === module) void runMetadataBench();
