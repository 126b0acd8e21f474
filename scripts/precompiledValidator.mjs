// An esbuild plugin: the bundles carry the connector schema's validator compiled when they are built (ajv's
// standalone code) in place of server/src/core/schema/compiledValidator.ts, which compiles it at run time.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemaDir = join(root, 'server', 'src', 'core', 'schema');
let source;

/** The validator module's source, made once per process from standaloneValidator.ts. */
function validatorSource() {
  source ??= (async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'connector-validator-')), 'standalone.js');
    await esbuild.build({
      entryPoints: [join(schemaDir, 'standaloneValidator.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20',
      mainFields: ['module', 'main'], logLevel: 'silent',
    });
    const { standaloneValidatorSource } = createRequire(import.meta.url)(outfile);
    return standaloneValidatorSource(join(schemaDir, 'formats.ts'));
  })();
  return source;
}

export const precompiledValidator = {
  name: 'precompiled-connector-validator',
  setup(build) {
    build.onResolve({ filter: /^\.\/compiledValidator$/ }, (args) =>
      args.importer.replace(/\\/g, '/').endsWith('server/src/core/schema/compile.ts') ? { path: 'connector-schema-validator.js', namespace: 'connector-validator' } : undefined);
    build.onLoad({ filter: /.*/, namespace: 'connector-validator' }, async () => ({ contents: await validatorSource(), loader: 'js', resolveDir: schemaDir }));
  },
};
