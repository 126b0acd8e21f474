// An esbuild plugin: the bundles carry the connector schema's and the tests file schema's validators compiled when
// they are built (ajv's standalone code) in place of server/src/core/schema/compiledValidator.ts and
// server/src/core/suite/testsValidator.ts, which compile them at run time.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemaDir = join(root, 'server', 'src', 'core', 'schema');
const suiteDir = join(root, 'server', 'src', 'core', 'suite');
let sources;

/** The validator modules' sources, made once per process from standaloneValidator.ts. */
function validatorSources() {
  sources ??= (async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'connector-validator-')), 'standalone.js');
    await esbuild.build({
      entryPoints: [join(schemaDir, 'standaloneValidator.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20',
      mainFields: ['module', 'main'], logLevel: 'silent',
    });
    const { standaloneValidatorSource, standaloneTestsValidatorSource } = createRequire(import.meta.url)(outfile);
    return { connector: standaloneValidatorSource(join(schemaDir, 'formats.ts')), tests: standaloneTestsValidatorSource() };
  })();
  return sources;
}

/** Which import each precompiled module replaces: the importing file, the module it names, and where it resolves from. */
const REPLACED = [
  { name: 'connector', filter: /^\.\/compiledValidator$/, importer: 'server/src/core/schema/compile.ts', resolveDir: schemaDir },
  { name: 'tests', filter: /^\.\/testsValidator$/, importer: 'server/src/core/suite/testsFile.ts', resolveDir: suiteDir },
];

export const precompiledValidator = {
  name: 'precompiled-validators',
  setup(build) {
    for (const { name, filter, importer } of REPLACED) {
      build.onResolve({ filter }, (args) =>
        args.importer.replace(/\\/g, '/').endsWith(importer) ? { path: `${name}-schema-validator.js`, namespace: 'precompiled-validator' } : undefined);
    }
    build.onLoad({ filter: /.*/, namespace: 'precompiled-validator' }, async (args) => {
      const replaced = REPLACED.find((r) => args.path === `${r.name}-schema-validator.js`);
      return { contents: (await validatorSources())[replaced.name], loader: 'js', resolveDir: replaced.resolveDir };
    });
  },
};
