// `npm run test:vscode`: the editor checks through the VS Code API in a downloaded VS Code (@vscode/test-electron).
// Where VS Code cannot be downloaded, it fails and says so: never a silent pass.
import { build } from 'esbuild';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';

const root = resolve(import.meta.dirname, '..');
const suite = join(root, 'out/vscode-tests/suite.js');
await build({ entryPoints: [join(root, 'test/vscode/suite.ts')], bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], outfile: suite, logLevel: 'warning' });
const workspace = mkdtempSync(join(tmpdir(), 'connector-vscode-'));
cpSync(join(root, 'examples'), workspace, { recursive: true });

let executable;
try {
  executable = await downloadAndUnzipVSCode(process.env.VSCODE_VERSION ?? 'stable');
} catch (error) {
  console.error(`test:vscode: VS Code could not be downloaded here (${error instanceof Error ? error.message : String(error)}).`);
  console.error('These checks need a machine that can reach update.code.visualstudio.com; npm test covers the same in code-server.');
  process.exit(1);
}
try {
  await runTests({ vscodeExecutablePath: executable, extensionDevelopmentPath: root, extensionTestsPath: suite, launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'] });
  console.log('test:vscode: all checks passed in VS Code.');
} catch (error) {
  console.error(`test:vscode: the checks failed in VS Code: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
