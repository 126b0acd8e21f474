// Bundles the extension client, the language server, the CLI and the result page into dist/.
import * as esbuild from 'esbuild';
import { existsSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { precompiledValidator } from './scripts/precompiledValidator.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';
// --metafile=PATH writes the source files each bundle holds (test/cli/npmPackage.test.ts reads which packages ship).
const metafile = process.argv.find((a) => a.startsWith('--metafile='))?.slice('--metafile='.length);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
  // jsonc-parser's `main` is a UMD build whose inner requires esbuild cannot follow; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
};

// fdir (under tinyglobby) is ESM and calls createRequire(import.meta.url), which a CommonJS bundle leaves empty.
const importMetaUrl = "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;";
const withImportMetaUrl = { define: { 'import.meta.url': '__importMetaUrl' } };

// fdir (under tinyglobby) requires picomatch from node_modules when it loads, for a glob() of its own that tinyglobby
// never calls (it matches with the picomatch bundled here). Where a node_modules above the bundle holds picomatch (a
// project with connector-tools as a dependency, this repository), every start of the command line, each of its
// threads and the language server read and compiled a second copy (about 4 ms); elsewhere each searched for it. The
// bundles leave the attempt out; the build fails if fdir's code changes so that this no longer applies.
const FDIR_OPTIONAL_PICOMATCH = /__require\.resolve\("picomatch"\);\s*pm = __require\("picomatch"\);/;
const fdirWithoutPicomatch = {
  name: 'fdir-without-picomatch',
  setup(build) {
    build.onLoad({ filter: /[\\/]fdir[\\/]dist[\\/]index\.mjs$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!FDIR_OPTIONAL_PICOMATCH.test(source)) {
        return { errors: [{ text: `fdir no longer loads picomatch as esbuild.mjs expects (${args.path}): check fdirWithoutPicomatch` }] };
      }
      return { contents: source.replace(FDIR_OPTIONAL_PICOMATCH, ''), loader: 'js' };
    });
  },
};

// The HTTP client (undici), the pattern matcher (re2js) and the XML library (fast-xml-parser) are loaded on first use:
// the first request sent, the first pattern judged, the first $metadata read or XML body built (http/dispatcher.ts, pattern.ts
// and xmlLibrary.ts require them lazily). In the bundles they are files of their own beside the CLI
// and the server, required when first needed, so startup neither reads nor compiles them and the two share one copy.
const LOADED_ON_DEMAND = { undici: './http-client.js', re2js: './pattern-matcher.js', 'fast-xml-parser': './xml-parser.js' };
const librariesOnDemand = {
  name: 'libraries-on-demand',
  setup(build) {
    build.onResolve({ filter: /^(undici|re2js|fast-xml-parser)$/ }, (args) => ({ path: LOADED_ON_DEMAND[args.path], external: true }));
  },
};

// The core is pure: its modules define and compute, and none is imported for what loading it does (eslint.config.mjs
// holds it to that). Saying so lets the extension's bundles, which reach the core through its one entry, hold only
// the functions they use: neither the rule engine nor the HTTP client (test/cli/extensionBundles.test.ts).
const CORE = resolve('server/src/core') + sep;
const pureCore = {
  name: 'pure-core',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === pureCore) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: pureCore });
      return found.errors.length === 0 && found.path.startsWith(CORE) ? { path: found.path, sideEffects: false } : undefined;
    });
  },
};

// The result page runs in a browser and loads nothing at run time. Parts of the core it never uses name node's
// modules and the HTTP client: they stay unresolved names, and the test checks that none reaches the page.
const notForTheBrowser = ['node:*', 'undici'];

const entries = [
  {
    entryPoints: ['server/src/cli.ts'],
    outfile: `${outdir}/cli-main.js`,
    banner: { js: `'use strict';\n${importMetaUrl}` },
    plugins: [librariesOnDemand, precompiledValidator, fdirWithoutPicomatch],
    ...withImportMetaUrl,
  },
  { entryPoints: ['server/src/server.ts'], outfile: `${outdir}/server-main.js`, banner: { js: importMetaUrl }, plugins: [librariesOnDemand, precompiledValidator, fdirWithoutPicomatch], ...withImportMetaUrl },
  // The commands' entries (`connector`, and `connector-language-server --stdio` for other editors, hence the shebangs)
  // start the bundles above from V8's code cache (server/src/boot/compileCache.ts): a few kilobytes each.
  { entryPoints: ['server/src/boot/cliEntry.ts'], outfile: `${outdir}/cli.js`, banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['server/src/boot/serverEntry.ts'], outfile: `${outdir}/server.js`, banner: { js: '#!/usr/bin/env node' } },
  // The OpenAPI import runs in a worker thread of its own (server/src/openapi/importFile.ts starts it from this file
  // beside the CLI and the server): the parser is large and only an import needs it, so their startup neither reads
  // nor compiles it, and a document that takes long or needs much memory costs the worker, not the editor.
  {
    entryPoints: ['server/src/openapi/importWorker.ts'],
    outfile: `${outdir}/openapi-parser.js`,
    banner: { js: importMetaUrl },
    plugins: [librariesOnDemand, precompiledValidator],
    ...withImportMetaUrl,
  },
  { entryPoints: ['server/src/onDemand/httpClient.ts'], outfile: `${outdir}/http-client.js` },
  { entryPoints: ['server/src/onDemand/patternMatcher.ts'], outfile: `${outdir}/pattern-matcher.js` },
  { entryPoints: ['server/src/onDemand/xmlParser.ts'], outfile: `${outdir}/xml-parser.js` },
  { entryPoints: ['client/src/extension.ts'], outfile: `${outdir}/client.js`, external: ['vscode'], plugins: [pureCore] },
  { entryPoints: ['client/src/webview/main.ts'], outfile: `${outdir}/webview.js`, platform: 'browser', format: 'iife', target: 'es2022', external: notForTheBrowser, plugins: [pureCore] },
].filter((e) => existsSync(e.entryPoints[0]));

const contexts = await Promise.all(entries.map((e) => esbuild.context({ ...common, ...e, metafile: metafile !== undefined })));
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  const results = await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  // A file read but dropped by tree shaking is not held: only the inputs that put bytes into the bundle count.
  const held = (result) => Object.values(result.metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => file));
  if (metafile) writeFileSync(metafile, JSON.stringify(Object.fromEntries(entries.map((e, i) => [e.outfile, [...new Set(held(results[i]))]])), null, 1));
}
