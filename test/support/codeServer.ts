import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort, launchCodeServer } from '../../scripts/e2e/codeServer';
import { acceptQuickInput, runCommand } from './vscodeUi';

/**
 * A real VS Code for end-to-end tests: code-server (the VS Code workbench and extension host, from npm) with the
 * packaged extension installed, driven by Debian's Chromium through playwright-core.
 */

export { packageExtension } from '../../scripts/e2e/codeServer';
export { ensureCodeServer } from '../../scripts/e2e/codeServerInstall';

const repoRoot = resolve(__dirname, '../..');
export const artifactsDir = join(repoRoot, 'test-artifacts');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  settings?: Readonly<Record<string, unknown>>;
  /** Put the workspace inside a git repository, as examples/ is in a clone of this project. */
  insideGitRepository?: boolean;
}

/** Starts code-server with the packaged extension on a workspace copy and opens it in Chromium. */
export async function startVsCode(options: SessionOptions): Promise<VsCodeSession> {
  const base = mkdtempSync(join(tmpdir(), 'connector-e2e-'));
  const workspace = join(base, 'workspace');
  cpSync(options.workspaceFrom, workspace, { recursive: true });
  if (options.insideGitRepository) execFileSync('git', ['init', '-q', base]);
  const server = await launchCodeServer({
    workspace, profileDir: base, port: await freePort(),
    ...(options.untrusted ? { untrusted: true } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const { url, userDataDir, log } = server;

  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
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
        // CI keeps only what the run prints: the end of the extension's own log and of the extension host's.
        process.stderr.write(logTails(join(userDataDir, 'logs'), name));
      },
      async stop() {
        await browser?.close().catch(() => undefined);
        server.stop();
        rmSync(base, { recursive: true, force: true });
      },
    };
    return session;
  } catch (error) {
    await browser?.close().catch(() => undefined);
    server.stop();
    throw error;
  }
}

const LOGS_PRINTED = ['Connector Tools.log', 'remoteexthost.log'];

/** The last lines of the extension's log and the extension host's log under `logsDir`, as text to print on a failure. */
function logTails(logsDir: string, testName: string, lines = 30): string {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (LOGS_PRINTED.includes(entry.name)) found.push(join(dir, entry.name));
    }
  };
  walk(logsDir);
  if (found.length === 0) return `--- ${testName}: no extension log was written under ${logsDir}\n`;
  return found.map((file) => {
    const tail = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    return `--- ${testName}: last lines of ${file.slice(logsDir.length + 1)}\n${tail}\n`;
  }).join('');
}

/** Opens a workspace file through Quick Open, as a user would. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => undefined);
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(name);
  // Wait for this file's row: the list may still show the previous quick input's rows for a moment.
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first().waitFor();
  await acceptQuickInput(page);
  // The file's tab must be the active tab of the active group: commands act on the active editor.
  await page.locator(`.editor-group-container.active .tab.active[aria-label*="${name}"]`).first().waitFor({ timeout: 30_000 });
}

/**
 * Opens a connector file to send from, and waits until the extension host knows its editor: the tab can be active
 * before it does (a command run then finds no editor), and the file's "Send request" code lenses come from the
 * extension, so once one shows in the active editor, the extension has it.
 */
export async function openConnectorToSend(page: Page, name: string): Promise<void> {
  await openFile(page, name);
  await page.locator('.editor-group-container.active .codelens-decoration', { hasText: 'Send request' }).first().waitFor({ timeout: 60_000 });
}

/**
 * Shows the Problems view (idempotent, unlike Ctrl+Shift+M which toggles) and returns its problem rows as text:
 * message, source, rule id and position. With `filter`, types it into the view's filter box first, as a user
 * would to find one problem among many (the list is virtualized: only visible rows exist in the page).
 */
export async function problemsPanelRows(page: Page, filter = ''): Promise<string[]> {
  await runCommand(page, 'Problems: Focus on Problems View');
  const filterBox = page.locator('input[aria-label="Filter Problems"]');
  await filterBox.waitFor({ timeout: 30_000 });
  await filterBox.fill(filter);
  const rows = page.locator('.markers-panel .monaco-list-row');
  const read = (): Promise<string[]> => rows.evaluateAll((els) =>
    els.filter((el) => el.getAttribute('aria-level') !== '1').map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
  // The view filters after a short delay; until then it still shows every problem. A busy workbench may miss the
  // typed filter, so it is typed again (as a user would) while the rows still show other problems.
  const stale = (rows: string[]): boolean => filter !== '' && rows.some((r) => !r.toLowerCase().includes(filter.toLowerCase()));
  const deadline = Date.now() + 45_000;
  let retypeAt = Date.now() + 5_000;
  let found = await read();
  while (stale(found) && Date.now() < deadline) {
    if (Date.now() >= retypeAt) {
      await filterBox.fill('');
      await filterBox.fill(filter);
      retypeAt = Date.now() + 5_000;
    }
    await page.waitForTimeout(200);
    found = await read();
  }
  return found;
}
