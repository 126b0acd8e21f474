import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import type { RunningService } from '../../scripts/demo/http';
import { startOrdersOData } from '../../scripts/demo/ordersOData';
import { startPetstore } from '../../scripts/demo/petstore';
import { startTokenEndpoint, type RunningTokenEndpoint } from '../../scripts/demo/tokenEndpoint';
import { runCli } from '../support/cli';

// The README's tour is what a newcomer types first: each command in its console block runs against the demo
// services and prints exactly what the README shows (only the measured time may differ).

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const DEMO_PORTS = { petstore: 3030, odata: 3031, tokens: 3032 };

interface TourStep {
  env: Record<string, string>;
  args: string[];
  expected: string;
}

/** The `$ ` commands of the README's console blocks, each with the lines it prints. */
function tourSteps(): TourStep[] {
  const steps: TourStep[] = [];
  for (const block of README.matchAll(/```console\n([\s\S]*?)```/g)) {
    let current: TourStep | undefined;
    for (const line of (block[1] ?? '').split('\n')) {
      if (line.startsWith('$ ')) {
        const words = line.slice(2).split(/\s+/).filter(Boolean);
        const env: Record<string, string> = {};
        while (words[0] && /^[A-Z_]+=/.test(words[0])) {
          const [name, ...value] = (words.shift() ?? '').split('=');
          env[name ?? ''] = value.join('=');
        }
        assert.deepEqual(words.slice(0, 2), ['npx', 'connector'], `a tour command runs the connector command: ${line}`);
        current = { env, args: words.slice(2), expected: '' };
        steps.push(current);
      } else if (current) {
        current.expected += `${line}\n`;
      }
    }
  }
  // Blank lines inside an output are part of it; those that end a block are not.
  for (const step of steps) step.expected = step.expected.replace(/\n+$/, '\n');
  return steps;
}

/** Only the measured times may differ: `Time: 12 ms`, `(getPet, 3 ms)`, `(40 ms)`. */
const maskTime = (text: string): string => text.replace(/\b\d+ ms\b/g, 'N ms');

describe('the README tour', () => {
  let services: RunningService[] = [];
  let tokens: RunningTokenEndpoint | undefined;
  let folder = '';
  let ports = { petstore: 0, odata: 0, tokens: 0 };

  before(async () => {
    // The demo's own ports may be taken by a running `npm start`; the examples are pointed at the ports used here.
    tokens = await startTokenEndpoint(0);
    services = [await startPetstore(0), await startOrdersOData(0, { verifyToken: tokens.verify })];
    ports = { petstore: Number(new URL(services[0]?.url ?? '').port), odata: Number(new URL(services[1]?.url ?? '').port), tokens: Number(new URL(tokens.tokenUrl).port) };
    folder = mkdtempSync(join(tmpdir(), 'connector-tour-'));
    cpSync(join(ROOT, 'examples'), join(folder, 'examples'), { recursive: true });
    for (const name of readdirSync(join(folder, 'examples'))) {
      const path = join(folder, 'examples', name);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll(`127.0.0.1:${DEMO_PORTS.petstore}`, `127.0.0.1:${ports.petstore}`).replaceAll(`127.0.0.1:${DEMO_PORTS.odata}`, `127.0.0.1:${ports.odata}`).replaceAll(`127.0.0.1:${DEMO_PORTS.tokens}`, `127.0.0.1:${ports.tokens}`));
    }
  });
  after(async () => {
    await Promise.all(services.map((s) => s.close()));
    await tokens?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('has commands to run, among them a real send', () => {
    const steps = tourSteps();
    assert.ok(steps.length >= 3, `found ${steps.length} tour commands`);
    assert.ok(steps.some((s) => !s.args.includes('--dry-run') && s.args[0] === 'request'), 'the tour sends a request');
  });

  it('every command prints exactly what the README shows', async () => {
    for (const step of tourSteps()) {
      const run = await runCli(step.args, { cwd: folder, env: step.env });
      const expected = step.expected.replaceAll(`127.0.0.1:${DEMO_PORTS.petstore}`, `127.0.0.1:${ports.petstore}`);
      assert.equal(run.code, 0, `npx connector ${step.args.join(' ')} exited ${run.code}: ${run.stderr}`);
      assert.equal(maskTime(run.stdout), maskTime(expected), `npx connector ${step.args.join(' ')}`);
    }
  });

  it("the README's excerpt of getPet is the operation in examples/petstore.connector.json", () => {
    const excerpt = README.match(/`getPet` in `examples\/petstore\.connector\.json` is this operation[\s\S]*?```jsonc\n([\s\S]*?)```/)?.[1];
    assert.ok(excerpt, 'the README shows the getPet excerpt');
    const file = parse(readFileSync(join(ROOT, 'examples/petstore.connector.json'), 'utf8')) as { operations: { id: string }[] };
    assert.deepEqual(parse(excerpt), file.operations.find((o) => o.id === 'getPet'));
  });
});
