// Bundles the extension client, the language server, the CLI and the result page into dist/.
import * as esbuild from 'esbuild';
import { existsSync, writeFileSync } from 'node:fs';
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

// The OpenAPI parser is large and only an import needs it: the CLI and the server require it at run time from its own
// file beside them, so their startup neither reads nor compiles it.
const parserOnDemand = {
  name: 'openapi-parser-on-demand',
  setup(build) {
    build.onResolve({ filter: /^\.\/parser$/ }, (args) =>
      args.importer.replace(/\\/g, '/').endsWith('server/src/openapi/loadDocument.ts') ? { path: './openapi-parser.js', external: true } : undefined);
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

const entries = [
  {
    entryPoints: ['server/src/cli.ts'],
    outfile: `${outdir}/cli.js`,
    banner: { js: `#!/usr/bin/env node\n'use strict';\n${importMetaUrl}` },
    plugins: [parserOnDemand, librariesOnDemand, precompiledValidator],
    ...withImportMetaUrl,
  },
  // A shebang so that npm can expose it as a command (`connector-language-server --stdio`) for other editors.
  { entryPoints: ['server/src/server.ts'], outfile: `${outdir}/server.js`, banner: { js: `#!/usr/bin/env node\n${importMetaUrl}` }, plugins: [parserOnDemand, librariesOnDemand, precompiledValidator], ...withImportMetaUrl },
  { entryPoints: ['server/src/openapi/parser.ts'], outfile: `${outdir}/openapi-parser.js` },
  { entryPoints: ['server/src/onDemand/httpClient.ts'], outfile: `${outdir}/http-client.js` },
  { entryPoints: ['server/src/onDemand/patternMatcher.ts'], outfile: `${outdir}/pattern-matcher.js` },
  { entryPoints: ['server/src/onDemand/xmlParser.ts'], outfile: `${outdir}/xml-parser.js` },
  { entryPoints: ['client/src/extension.ts'], outfile: `${outdir}/client.js`, external: ['vscode'] },
  { entryPoints: ['client/src/webview/main.ts'], outfile: `${outdir}/webview.js`, platform: 'browser', format: 'iife', target: 'es2022' },
].filter((e) => existsSync(e.entryPoints[0]));

const contexts = await Promise.all(entries.map((e) => esbuild.context({ ...common, ...e, metafile: metafile !== undefined })));
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  const results = await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  if (metafile) writeFileSync(metafile, JSON.stringify(Object.fromEntries(entries.map((e, i) => [e.outfile, Object.keys(results[i].metafile.inputs)])), null, 1));
}
