import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { installEnvironment } from '../../scripts/e2e/codeServerInstall';

// The first `npm start` / `npm test` on a new machine sets up code-server. Under `npm run`, npm's environment
// names the caller's Node 20 in `npm_config_user_agent`, and code-server's install script refused to run on it.

const ROOT = join(__dirname, '..', '..');
const SETUP = join('scripts', 'e2e', 'codeServerInstall.ts');

describe('code-server setup', () => {
  it("started under npm (as npm start and npm test start it), hands the install Node 24's environment", () => {
    // `npm exec -c` runs the command with the environment `npm run` gives scripts.
    const run = spawnSync('npm', ['exec', '--offline', '-c', `node --import tsx ${SETUP} --probe`], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const probe = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { nodeVersion: string; userAgent: string; callerUserAgent: string | null };
    // The cause is present in the caller: npm's user agent names this process's Node.
    assert.match(probe.callerUserAgent ?? '', new RegExp(`node/${process.version.replace(/\./g, '\\.')}`));
    // What an install script sees in the setup's environment names Node 24 and runs on it.
    assert.match(probe.nodeVersion, /^v24\./);
    assert.match(probe.userAgent, /node\/v24\./);
  });

  it('keeps the network settings, drops what npm run added', () => {
    const parent: NodeJS.ProcessEnv = {
      PATH: ['/repo/node_modules/.bin', '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin', '/usr/bin'].join(':'),
      HTTPS_PROXY: 'http://proxy:3128', NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca.crt', HOME: '/home/u',
      npm_config_user_agent: 'npm/11 node/v20.20.2 linux x64', npm_config_allow_scripts: '', npm_lifecycle_event: 'start',
      NODE: '/usr/bin/node', INIT_CWD: '/repo',
    };
    const env = installEnvironment(parent, '/cache/node24');
    assert.deepEqual(
      Object.keys(env).sort(),
      ['HOME', 'HTTPS_PROXY', 'NODE_EXTRA_CA_CERTS', 'PATH', 'npm_config_nodedir'],
    );
    assert.equal(env.PATH, '/cache/node24/bin:/usr/bin');
    assert.equal(env.npm_config_nodedir, '/cache/node24');
    assert.equal(env.HTTPS_PROXY, 'http://proxy:3128');
  });

  it('names missing Debian packages with the one command that installs them, before anything slow', () => {
    // A PATH with node only: none of the tools the tests use can be found.
    const bin = mkdtempSync(join(tmpdir(), 'connector-path-'));
    const cache = mkdtempSync(join(tmpdir(), 'connector-cache-'));
    try {
      symlinkSync(process.execPath, join(bin, 'node'));
      const env = { ...process.env, PATH: bin, CONNECTOR_TOOLS_CACHE: cache, CHROMIUM_PATH: '' };
      const check = spawnSync(join(bin, 'node'), ['--import', 'tsx', SETUP, '--check', 'tests'], { cwd: ROOT, encoding: 'utf8', env });
      assert.equal(check.status, 2);
      assert.match(check.stderr, /chromium: the browser the end-to-end tests drive/);
      assert.match(check.stderr, /apt-get install -y (libkrb5-dev )?chromium openssl curl neovim\n/);
      const names = spawnSync(join(bin, 'node'), ['--import', 'tsx', SETUP, '--check', 'tests', '--names'], { cwd: ROOT, encoding: 'utf8', env });
      assert.equal(names.status, 0);
      assert.match(names.stdout, /^(libkrb5-dev )?chromium openssl curl neovim\n$/);
    } finally {
      rmSync(bin, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
