// `connector lint` over many small connectors, as a repository of them is checked in CI: 2,000 files of the sizes of
// the examples (petstore, ifs-orders) in 20 folders, each its own connector (name, ids, paths, base URL), the OData
// half naming one metadata file per folder. Against a
// process that only reads and parses the same files with jsonc-parser (the floor any JSON tool pays), on one thread
// and with --concurrency.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { benchFolder } from './benchFolder';
import { pairedRatio, processMs } from './process.bench';
import { ms, printTable, ratio } from './stats';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FOLDERS = 20;
const PER_FOLDER = process.argv.includes('--quick') ? 25 : 100;

/** Which connectors a tree holds: both halves, or only the REST or only the OData ones (as many as that half of both). */
type TreeKinds = 'both' | 'rest' | 'odata';

/**
 * The example's text made one connector of a repository: its own name and ids, and, for REST, its own base URL and
 * paths; the OData connectors of a folder share their service's base URL, as they share its metadata file. Copies
 * alike to the byte would flatter every check whose result is kept per text (a url's verdict, a token endpoint's).
 */
function ownConnector(text: string, folder: number, file: number): string {
  const tag = `${folder}x${file}`;
  return text
    .replace(/"name": "([^"]*)"/, `"name": "$1 ${tag}"`)
    .replace(/"id": "([A-Za-z]+)"/g, `"id": "$1${tag}"`)
    .replace(/"baseUrl": "http:\/\/127\.0\.0\.1:3030\/api"/, `"baseUrl": "http://127.0.0.1:3030/api/team${folder}/v${file}"`)
    .replace(/"path": "\/pets/g, `"path": "/pets${tag}`)
    .replace(/"baseUrl": "http:\/\/127\.0\.0\.1:3031\/odata\/v4\/orders"/, `"baseUrl": "http://127.0.0.1:3031/odata/v4/orders${folder}"`);
}

/** Writes the tree: per folder, half petstore-sized REST connectors, half ifs-orders-sized OData ones naming the folder's metadata file. */
export function writeManyConnectors(dir: string, folders = FOLDERS, perFolder = PER_FOLDER, kinds: TreeKinds = 'both'): string {
  const rest = readFileSync(join(ROOT, 'examples', 'petstore.connector.json'), 'utf8');
  const odata = readFileSync(join(ROOT, 'examples', 'ifs-orders.connector.json'), 'utf8').replace('"ifs-orders.metadata.xml"', '"service.metadata.xml"');
  const metadata = readFileSync(join(ROOT, 'examples', 'ifs-orders.metadata.xml'), 'utf8');
  const tree = join(dir, kinds === 'both' ? 'connectors' : `${kinds}-connectors`);
  for (let f = 0; f < folders; f++) {
    const folder = join(tree, `team-${String(f).padStart(2, '0')}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'service.metadata.xml'), metadata);
    for (let i = 0; i < perFolder; i++) {
      const odataHalf = i % 2 === 1;
      if ((kinds === 'rest' && odataHalf) || (kinds === 'odata' && !odataHalf)) continue;
      writeFileSync(join(folder, `${odataHalf ? 'orders' : 'pets'}-${String(i).padStart(3, '0')}.connector.json`), ownConnector(odataHalf ? odata : rest, f, i));
    }
  }
  return tree;
}

/** Runs the benchmark and prints its table. */
export async function runManyFilesBench(): Promise<void> {
  const dir = benchFolder('connector-many-bench-');
  const tree = writeManyConnectors(dir);
  const floor = join(dir, 'jsonc-only.js');
  // The floor finds the same files as lint does (every *.connector.json below the folder), reads and parses each.
  writeFileSync(floor, `const { parseTree } = require(${JSON.stringify(join(ROOT, 'node_modules', 'jsonc-parser'))});
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
let count = 0;
for (const entry of readdirSync(process.argv[2], { recursive: true })) {
  if (!String(entry).endsWith('.connector.json')) continue;
  const root = parseTree(readFileSync(join(process.argv[2], String(entry)), 'utf8'), [], { allowTrailingComma: true });
  if (root) count++;
}
process.stdout.write(String(count));
`);
  const runs = 5;
  const jsonc = processMs([floor, tree], runs);
  const files = FOLDERS * PER_FOLDER;
  const rows: string[][] = [['run', 'files', 'ms', 'jsonc-parser only', 'ratio to floor', 'speed-up over one thread']];
  const one = processMs([CLI, 'lint', '--format', 'json', '--concurrency', 'off', tree], runs);
  rows.push(['connector lint --concurrency off', String(files), ms(one), ms(jsonc), ratio(one, jsonc), '1.00×']);
  // The goal's own figure, steadier than two medians taken one after the other on a shared machine.
  const pairs = 20;
  const paired = pairedRatio([CLI, 'lint', '--format', 'json', '--concurrency', 'off', tree], [floor, tree], pairs);
  rows.push([`the same, in turns with the floor (median of ${pairs} pairs)`, String(files), '', '', `${paired.toFixed(2)}×`, '']);
  for (const setting of ['auto', String(cpus().length)]) {
    const many = processMs([CLI, 'lint', '--format', 'json', '--concurrency', setting, tree], runs);
    rows.push([`connector lint --concurrency ${setting}`, String(files), ms(many), ms(jsonc), ratio(many, jsonc), ratio(one, many)]);
  }
  // Each half alone, against the floor over the same files: which kind of connector the gap comes from.
  for (const kinds of ['rest', 'odata'] as const) {
    const half = writeManyConnectors(dir, FOLDERS, PER_FOLDER, kinds);
    const alone = processMs([CLI, 'lint', '--format', 'json', '--concurrency', 'off', half], runs);
    const floorAlone = processMs([floor, half], runs);
    rows.push([`the ${kinds === 'rest' ? 'REST' : 'OData'} half alone, --concurrency off`, String(files / 2), ms(alone), ms(floorAlone), ratio(alone, floorAlone), '']);
  }
  printTable(`Many small connectors, ${FOLDERS} folders (median ms of ${runs}; ${cpus().length} cores; target: one thread within 2× the floor, 4 cores ≥ 3× one)`, rows);
}
