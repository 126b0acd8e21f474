// code-server (the VS Code workbench and extension host, from npm) with the packaged extension installed:
// shared by `npm start` and the end-to-end tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

import { codeServerPaths, ensureCodeServer } from './codeServerInstall';

export const repoRoot = resolve(__dirname, '../..');

/** The demo workbench without what a user did not ask for: no chat panel, no parent-folder git prompt. */
export const DEMO_EDITOR_SETTINGS: Readonly<Record<string, unknown>> = {
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.openRepositoryInParentFolders': 'never',
};

let packaged: string | undefined;

/** Packages the built extension as a .vsix (once per process) and returns its path. */
export function packageExtension(): string {
  if (packaged) return packaged;
  if (!existsSync(join(repoRoot, 'dist/client.js'))) throw new Error('dist/client.js is missing: run `npm run build` first');
  const out = join(repoRoot, 'out/e2e/connector-tools.vsix');
  mkdirSync(join(repoRoot, 'out/e2e'), { recursive: true });
  const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out], {
    cwd: repoRoot, encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vsce package failed:\n${result.stdout}\n${result.stderr}`);
  packaged = out;
  return out;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForListening(child: ChildProcess, log: string[]): Promise<void> {
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not start within 60 s:\n${log.join('')}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      log.push(chunk.toString());
      if (log.join('').includes('HTTP server listening')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with ${code}:\n${log.join('')}`));
    });
  });
}

export interface CodeServerOptions {
  /** Folder opened as the workspace (used in place, not copied). */
  workspace: string;
  /** Holds user-data/, extensions/ and XDG folders. */
  profileDir: string;
  port: number;
  untrusted?: boolean;
  settings?: Readonly<Record<string, unknown>>;
}

export interface RunningCodeServer {
  /** The workbench URL with the workspace open. */
  url: string;
  userDataDir: string;
  /** Everything code-server printed so far. */
  log: string[];
  stop(): void;
}

/** Installs the packaged extension into a profile and starts code-server on 127.0.0.1 with the workspace open. */
export async function launchCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  await ensureCodeServer();
  const vsix = packageExtension();
  const userDataDir = join(options.profileDir, 'user-data');
  const extensionsDir = join(options.profileDir, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User/settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': options.untrusted === true,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    // Every workbench, the tests' too: a chat panel that loads late takes the focus and closes an open quick pick.
    ...DEMO_EDITOR_SETTINGS,
    ...options.settings,
  }, null, 2));
  const { entry, node24Bin: node } = codeServerPaths();
  const env = { ...process.env, XDG_CONFIG_HOME: join(options.profileDir, 'config'), XDG_DATA_HOME: join(options.profileDir, 'data') };
  const install = spawnSync(node, [entry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--force', '--install-extension', vsix], { encoding: 'utf8', env });
  if (install.status !== 0) throw new Error(`installing the extension failed:\n${install.stdout}\n${install.stderr}`);

  const args = [entry, '--bind-addr', `127.0.0.1:${options.port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
    '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  if (!options.untrusted) args.push('--disable-workspace-trust');
  args.push(options.workspace);
  const child = spawn(node, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const log: string[] = [];
  await waitForListening(child, log);
  return {
    url: `http://127.0.0.1:${options.port}/?folder=${encodeURIComponent(options.workspace)}`,
    userDataDir,
    log,
    stop() {
      if (child.pid) {
        try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      }
    },
  };
}
