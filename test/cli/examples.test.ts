import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../support/cli';

const ROOT = join(__dirname, '..', '..');
const EXAMPLES = join(ROOT, 'examples');

interface JsonFinding {
  file: string;
  line: number;
  code: string;
}

/** `file:line code` for each rule id written in a line's trailing `// ...` comment (words in parentheses are remarks). */
function annotatedFindings(file: string): string[] {
  const lines = readFileSync(join(EXAMPLES, file), 'utf8').split('\n');
  const out: string[] = [];
  lines.forEach((line, index) => {
    const at = line.lastIndexOf(' // ') + 1;
    if (at <= 0 || line.slice(0, at).trim() === '') return;
    const remark = line.slice(at + 2).replace(/\([^)]*\)/g, '');
    for (const word of remark.split(',')) {
      const id = word.trim();
      if (/^[a-z]+(-[a-z0-9]+)+$/.test(id)) out.push(`${file}:${index + 1} ${id}`);
    }
  });
  return out.sort();
}

/** The table rows of docs/examples.md: `| file | line | rule |`. */
function documentedFindings(): string[] {
  const doc = readFileSync(join(ROOT, 'docs', 'examples.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| `([^`]+)` \| (\d+) \| `([a-z0-9-]+)` \|/gm)];
  return rows.map((m) => `${m[1]}:${m[2]} ${m[3]}`).sort();
}

test('connector lint examples/ reports exactly the mistakes the examples mark and docs/examples.md lists', async () => {
  const run = await runCli(['lint', 'examples', '--format', 'json'], { cwd: ROOT });
  assert.equal(run.code, 1, run.stderr);
  const findings = JSON.parse(run.stdout) as JsonFinding[];
  const reported = findings.map((f) => `${f.file.replace(/^examples\//, '')}:${f.line} ${f.code}`).sort();
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.connector.json'));
  const annotated = files.flatMap(annotatedFindings).sort();
  assert.deepEqual(reported, annotated);
  assert.deepEqual(documentedFindings(), annotated);
  // The valid examples stay valid.
  assert.ok(!reported.some((r) => r.startsWith('petstore') || r.startsWith('ifs-orders')));
});
