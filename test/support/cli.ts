import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The built command line, as `npm install` would put it on a user's PATH. */
export const CLI_PATH = join(__dirname, '..', '..', 'dist', 'cli.js');

export interface CliRun {
  /** Null when the process was killed (see `signal`). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  cwd?: string;
  /** Added to a copy of this process's environment (with NO_COLOR and FORCE_COLOR removed). */
  env?: Record<string, string | undefined>;
  /** Run as another user (only when this process may switch: root). */
  uid?: number;
  gid?: number;
  /** A guard against hangs, not a performance assertion. */
  timeoutMs?: number;
  /** Written to the command's standard input (otherwise it has none). */
  input?: string;
  /** Called with all of standard error so far, each time more arrives (a test that answers what the command asks). */
  onStderr?: (soFar: string) => void;
}

/** Runs `node dist/cli.js ...args` and collects its exit code and output; fails clearly when the CLI is not built. */
export function runCli(args: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  if (!existsSync(CLI_PATH)) {
    return Promise.reject(new Error(`${CLI_PATH} is missing: run npm run build first.`));
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const timeoutMs = options.timeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd: options.cwd,
      env,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      ...(options.uid !== undefined ? { uid: options.uid } : {}),
      ...(options.gid !== undefined ? { gid: options.gid } : {}),
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.push(chunk);
      options.onStderr?.(Buffer.concat(stderr).toString('utf8'));
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const run = { code, signal, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
      if (signal) reject(new Error(`connector ${args.join(' ')} did not finish within ${timeoutMs} ms (killed by ${signal}).\n${run.stderr}`));
      else resolve(run);
    });
  });
}

/** A temporary folder of files (path → content, parent folders created); `remove` deletes it. */
export interface TempFolder {
  path: string;
  remove(): void;
}

/** Creates a fresh temporary folder holding the given files. */
export function makeTempFolder(files: Record<string, string | Buffer>): TempFolder {
  const root = mkdtempSync(join(tmpdir(), 'connector-cli-'));
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return { path: root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A stack trace line ("    at fn (file:1:2)"): never meant for a user of the command line. */
export const STACK_TRACE = /^\s+at .+\(.*:\d+:\d+\)$|^\s+at .+:\d+:\d+$/m;

/** Connector files for CLI tests. The broken ones break only the syntax, so the model and the rules see a sound file. */
export const CONNECTOR_TEXT = {
  clean: `{
  "kind": "rest",
  "name": "Clean",
  "baseUrl": "https://api.example.com",
  "operations": [
    { "id": "listItems", "summary": "List items", "method": "GET", "path": "/items", "parameters": [] }
  ]
}
`,
  /** A missing comma before "baseUrl" on line 3: a syntax error at 3:20-3:29. */
  missingComma: `{
  "kind": "rest",
  "name": "Broken" "baseUrl": "https://api.example.com",
  "operations": [
    { "id": "listItems", "summary": "List items", "method": "GET", "path": "/items", "parameters": [] }
  ]
}
`,
  /** Two syntax errors: a stray word at 2:3-2:7 and a missing comma at 12:7-12:19. */
  twoErrors: `{
  oops
  "kind": "rest",
  "name": "Two",
  "baseUrl": "https://api.example.com",
  "operations": [
    {
      "id": "listItems",
      "summary": "List items",
      "method": "GET",
      "path": "/items"
      "parameters": []
    }
  ]
}
`,
} as const;
