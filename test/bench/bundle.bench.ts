// Bundle sizes as users download them: the production build and the .vsix (target: client < 200 KB).
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { benchFolder } from './benchFolder';
import { printTable } from './stats';

/** Runs the benchmark and prints its table. */
export async function runBundleBench(): Promise<void> {
  const root = join(__dirname, '..', '..');
  const out = join(benchFolder('connector-bundle-'), 'dist');
  spawnSync(process.execPath, [join(root, 'esbuild.mjs'), '--production', `--outdir=${out}`], { cwd: root, stdio: 'ignore' });
  const vsix = join(out, 'connector-tools.vsix');
  spawnSync(process.execPath, [join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', vsix], { cwd: root, stdio: 'ignore' });
  const kb = (path: string): string => {
    try {
      return `${(statSync(path).size / 1024).toFixed(0)} KB`;
    } catch {
      return 'missing';
    }
  };
  printTable('Bundles (minified production build)', [
    ['file', 'size'],
    ...['client.js', 'server.js', 'server-main.js', 'cli.js', 'cli-main.js', 'openapi-parser.js', 'http-client.js', 'pattern-matcher.js', 'xml-parser.js', 'webview.js'].map((f) => [`dist/${f}`, kb(join(out, f))]),
    ['connector-tools.vsix (development build in dist/)', kb(vsix)],
  ]);
}
