// Before a speed change to checking is merged, its report must not change: `connector lint` from another build (the
// one before the change) and from dist/cli.js over the same files, compared byte for byte in every format, with the
// exit code. The files: the many-files benchmark's tree (each folder with its metadata, one with a project file that
// sets levels), the examples, the generated benchmark shapes (clean and full of findings), and variants of the
// examples each cut, doubled or spliced at one place (syntax errors, schema and rule findings, odd text).
// `node --import tsx test/bench/sameLintOutput.ts /path/to/before/dist/cli.js` prints what it compared, and exits 1
// on the first difference. Each format is compared on one thread, the JSON report also with --concurrency 2. The
// build before must sit in a checkout (its ../package.json names the version SARIF reports): e.g.
// `git worktree add /tmp/before HEAD~1 && cd /tmp/before && npm ci && npm run build`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchFolder } from './benchFolder';
import { GENERATORS } from './generate';
import { writeManyConnectors } from './manyFiles.bench';

const ROOT = join(__dirname, '..', '..');
const AFTER = join(ROOT, 'dist', 'cli.js');
const EXAMPLES = join(ROOT, 'examples');

/** A small deterministic generator (mulberry32), so a difference found can be found again. */
function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SPLICES = ['', '"', ',', '}', ']', '{', '//', '/*', '\n', '\\', 'null', '1e400', '"\u00e9\ud83d\ude00"', ' "x": 1,', '{{v}}', '?', '#', '..', '\r\n', '9007199254740993'];

/** Variants of one text, each changed at one place: a cut, a doubled span, or a splice from SPLICES. */
function variantsOf(text: string, count: number, random: () => number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = Math.floor(random() * text.length);
    const span = 1 + Math.floor(random() * 12);
    const how = i % 3;
    if (how === 0) out.push(text.slice(0, at) + text.slice(at + span));
    else if (how === 1) out.push(text.slice(0, at + span) + text.slice(at, at + span) + text.slice(at + span));
    else out.push(text.slice(0, at) + (SPLICES[Math.floor(random() * SPLICES.length)] as string) + text.slice(at));
  }
  return out;
}

/** Writes every folder compared; returns them. */
function writeCorpus(dir: string): string[] {
  const tree = writeManyConnectors(join(dir, 'many'), 4, 20);
  writeFileSync(join(tree, 'team-01', 'connector-tools.json'), '{ "rules": { "format-without-effect": "off", "header-credential": "error" }, "ignore": ["pets-01*"] }\n');
  const shapes = join(dir, 'shapes');
  mkdirSync(shapes);
  for (const [name, generate] of Object.entries(GENERATORS)) {
    for (const size of [1, 50, 400]) writeFileSync(join(shapes, `${name.replace(/\W/g, '-')}-${size}.connector.json`), generate(size));
  }
  const variants = join(dir, 'variants');
  mkdirSync(variants);
  const random = randomFrom(27);
  for (const file of readdirSync(EXAMPLES)) {
    if (!/\.(json|xml|yaml)$/.test(file)) continue;
    copyFileSync(join(EXAMPLES, file), join(variants, file));
    if (!file.endsWith('.connector.json')) continue;
    variantsOf(readFileSync(join(EXAMPLES, file), 'utf8'), 60, random).forEach((text, i) => {
      writeFileSync(join(variants, `${file.slice(0, -'.connector.json'.length)}-v${String(i).padStart(2, '0')}.connector.json`), text);
    });
  }
  return [tree, EXAMPLES, shapes, variants];
}

function lint(cli: string, folder: string, format: string, concurrency = 'off'): { status: number | null; stdout: string } {
  const result = spawnSync(process.execPath, [cli, 'lint', '--format', format, '--concurrency', concurrency, folder], { cwd: folder, encoding: 'utf8', maxBuffer: 2 ** 30 });
  return { status: result.status, stdout: result.stdout + result.stderr };
}

function main(): void {
  const before = process.argv[2];
  if (!before) {
    console.error('usage: node --import tsx test/bench/sameLintOutput.ts BEFORE_CLI_JS');
    process.exit(2);
  }
  const dir = benchFolder('connector-same-lint-');
  let compared = 0;
  for (const folder of writeCorpus(dir)) {
    // Each format on one thread; the JSON report also with two checking threads, whose report must be the same too.
    for (const [format, concurrency] of [['json', 'off'], ['text', 'off'], ['sarif', 'off'], ['json', '2']] as const) {
      const a = lint(before, folder, format, concurrency);
      const b = lint(AFTER, folder, format, concurrency);
      if (a.status !== b.status || a.stdout !== b.stdout) {
        console.error(`different: lint --format ${format} --concurrency ${concurrency} ${folder} (exit ${a.status} before, ${b.status} after)`);
        process.exit(1);
      }
      if (format === 'json' && concurrency === 'off') console.log(`same: ${folder}: ${(JSON.parse(a.stdout) as unknown[]).length} findings, exit ${a.status}`);
      compared++;
    }
  }
  console.log(`${compared} reports the same`);
}

main();
