import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RULES } from '../../server/src/core/rules';
import { CONNECTOR_TEXT, makeTempFolder, runCli, STACK_TRACE, type TempFolder } from '../support/cli';

// Mistakes in how `connector` is called: one clear line on stderr, exit 2, never a stack trace.

const PACKAGE_VERSION = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

const USAGE_ERRORS: { args: string[]; stderr: RegExp }[] = [
  { args: ['lint', '--rule', 'syntax-error=loud'], stderr: /--rule 'syntax-error=loud': unknown level 'loud'\. Use off, info, warning or error\./ },
  { args: ['lint', '--rule', 'syntax-error'], stderr: /--rule 'syntax-error' has no level\. Write it as id=level/ },
  { args: ['lint', '--rule', 'syntax-eror=off'], stderr: /there is no rule 'syntax-eror'\. Did you mean 'syntax-error'\?/ },
  { args: ['lint', '--rule', 'qqqqqqqqqqqq=off'], stderr: /there is no rule 'qqqqqqqqqqqq'\. Known rule ids: .*syntax-error/ },
  { args: ['lint', '--max-warnings', '-1'], stderr: /--max-warnings needs a whole number of 0 or more.*got '-1'/ },
  { args: ['lint', '--max-warnings=-1'], stderr: /--max-warnings needs a whole number of 0 or more.*got '-1'/ },
  { args: ['lint', '--max-warnings', '1.5'], stderr: /--max-warnings needs a whole number.*got '1\.5'/ },
  { args: ['lint', '--max-warnings', 'many'], stderr: /--max-warnings needs a whole number.*got 'many'/ },
  { args: ['lint', '--format', 'xml'], stderr: /Unknown --format 'xml'\. Use one of: stylish, compact, json, sarif, github\./ },
  { args: ['lint', '-f', 'XML'], stderr: /Unknown --format 'XML'/ },
  { args: ['lint', '--format'], stderr: /Option '--format' needs a value, e\.g\. --format json\./ },
  { args: ['lint', '--bogus'], stderr: /Unknown option '--bogus'\./ },
  { args: ['lnt'], stderr: /Unknown command 'lnt'\. Did you mean 'lint'\?/ },
  { args: ['--frobnicate'], stderr: /Unknown option '--frobnicate'/ },
];

describe('connector: usage errors', () => {
  let folder: TempFolder;
  before(() => {
    folder = makeTempFolder({ 'clean.connector.json': CONNECTOR_TEXT.clean });
  });
  after(() => folder.remove());

  for (const { args, stderr } of USAGE_ERRORS) {
    it(`connector ${args.join(' ')}`, async () => {
      const run = await runCli(args, { cwd: folder.path });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.equal(run.stdout, '', 'nothing on stdout: a script reading it must not mistake it for a report');
      assert.match(run.stderr, stderr);
      assert.match(run.stderr, /Run 'connector( lint)? --help' for usage\.\n$/);
      assert.doesNotMatch(run.stderr, STACK_TRACE);
    });
  }

  it('no command prints the usage on stderr and exits 2', async () => {
    const run = await runCli([], { cwd: folder.path });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^Usage: connector <command>/);
    assert.equal(run.stdout, '');
  });

  it('accepts every rule of the registry and the engine codes in --rule', async () => {
    for (const id of ['syntax-error', 'rule-failure', ...RULES.map((r) => r.id)]) {
      const run = await runCli(['lint', '--rule', `${id}=off`, 'clean.connector.json'], { cwd: folder.path });
      assert.equal(run.code, 0, `${id}: ${run.stderr}`);
    }
  });
});

describe('connector: help, version and dispatch', () => {
  it('--version prints the package version', async () => {
    for (const flag of ['--version', '-v']) {
      const run = await runCli([flag]);
      assert.equal(run.code, 0);
      assert.equal(run.stdout, `${PACKAGE_VERSION}\n`);
    }
  });

  it('--help lists the commands; lint --help lists every lint option', async () => {
    const top = await runCli(['--help']);
    assert.equal(top.code, 0);
    assert.match(top.stdout, /^Usage: connector <command>/);
    assert.match(top.stdout, /^ {2}lint /m);
    assert.match(top.stdout, /^ {2}request /m);
    for (const args of [['lint', '--help'], ['lint', '-h'], ['help', 'lint']]) {
      const run = await runCli(args);
      assert.equal(run.code, 0, args.join(' '));
      assert.match(run.stdout, /^Usage: connector lint/);
      for (const option of ['--format', '--max-warnings', '--rule', '--quiet', 'stylish', 'json', 'sarif']) assert.ok(run.stdout.includes(option), option);
    }
  });

  it('hands `request` to the request command', async () => {
    const run = await runCli(['request', '--help']);
    assert.doesNotMatch(run.stderr, /Unknown command/);
    assert.doesNotMatch(run.stderr, STACK_TRACE);
    assert.ok(run.stdout + run.stderr !== '', 'the request command answered');
  });
});
