// Benchmarks measure the core as it ships: bundled by esbuild like dist/server.js and dist/cli.js (the schema's
// validator compiled at build time), not through the TypeScript loader the tests use (which turns every
// cross-module constant into a getter call).

import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { precompiledValidator } from '../../scripts/precompiledValidator.mjs';
import { benchFolder } from './benchFolder';

type Core = typeof import('../../server/src/core');

/** The core's entry, bundled into a temporary file and loaded. */
export async function bundledCore(): Promise<Core> {
  const outfile = join(benchFolder('connector-core-'), 'core.js');
  await esbuild.build({
    entryPoints: [join(__dirname, '..', '..', 'server', 'src', 'core', 'index.ts')], outfile, bundle: true, platform: 'node', target: 'node20',
    format: 'cjs', mainFields: ['module', 'main'], logLevel: 'silent', plugins: [precompiledValidator],
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(outfile) as Core;
}
