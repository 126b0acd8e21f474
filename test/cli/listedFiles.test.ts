import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { glob } from 'tinyglobby';
import { lintFiles, sourcesOf } from '../../server/src/cli/lint/lintFiles';
import { resolveTargets } from '../../server/src/cli/lint/targets';
import { readJsonTextSync, readListedJsonTextSync } from '../../server/src/io/jsonText';
import { CONNECTOR_TEXT } from '../support/cli';

// A file a folder's listing showed as a regular file is read by name in one call, without judging it by its
// descriptor first. What the listing said must hold: only regular files are listed, and whatever takes a listed
// file's place before it is read (a link to a device, a FIFO) is refused or answers at once, never read forever.

const ROOT = join(__dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'connector-listed-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `script` (CommonJS, requiring the TypeScript sources) in a child process that is killed if it blocks. */
function inChild(script: string): { status: number | null; stdout: string; stderr: string; timedOut: boolean } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, timedOut: run.error !== undefined || run.signal !== null };
}

describe('files listed in a folder', () => {
  test('only files a folder or a glob listed as regular files are marked listed; a named file, a link and a FIFO are not', async () => {
    const folder = join(dir, 'tree');
    mkdirSync(join(folder, 'a'), { recursive: true });
    writeFileSync(join(folder, 'a', 'one.connector.json'), CONNECTOR_TEXT.clean);
    writeFileSync(join(folder, 'named.connector.json'), CONNECTOR_TEXT.clean);
    writeFileSync(join(folder, 'elsewhere.json'), CONNECTOR_TEXT.clean);
    symlinkSync(join(folder, 'elsewhere.json'), join(folder, 'a', 'link.connector.json'));
    execFileSync('mkfifo', [join(folder, 'a', 'pipe.connector.json')]);
    const inFolder = await resolveTargets(['a', 'named.connector.json'], folder);
    assert.deepEqual(inFolder.files, [join(folder, 'a', 'one.connector.json'), join(folder, 'named.connector.json')], 'the listing skips the link and the FIFO');
    assert.deepEqual([...inFolder.listed], [join(folder, 'a', 'one.connector.json')]);
    const byGlob = await resolveTargets(['a/*.connector.json'], folder);
    assert.deepEqual([...byGlob.listed], [join(folder, 'a', 'one.connector.json')]);
    const named = await resolveTargets(['a/link.connector.json', 'a/pipe.connector.json'], folder);
    assert.equal(named.listed.size, 0, 'a file named on the command line is judged by its descriptor when read');
    assert.deepEqual(sourcesOf(inFolder.files, inFolder.listed), [{ path: join(folder, 'a', 'one.connector.json'), listed: true }, join(folder, 'named.connector.json')]);
  });

  test('a folder stands for the files the kinds\' globs find below it, in the same order', async () => {
    // The globs a folder stood for before it was walked without them: the oracle.
    const GLOBS = ['**/*.connector.json', '**/*.values.json', '**/*.tests.json', '**/connector-environments.json', '**/connector-tools.json'];
    const folder = join(dir, 'walk');
    const names = ['a.connector.json', 'A.CONNECTOR.JSON', 'b.Connector.json', '.hidden.connector.json', 'c.values.json', 'd.tests.json', 'connector-tools.json',
      'connector-environments.json', 'Connector-Tools.json', 'e.connector.json.bak', 'notes.json', 'f.connector.json~', 'é ü.connector.json', 'g h.tests.json'];
    const subfolders = ['', 'x', 'x/y/z', '.git', '.vscode/sub', 'node_modules/pkg', 'deep/node_modules', 'Z', 'a b', 'ünï'];
    subfolders.forEach((sub, i) => {
      mkdirSync(join(folder, sub), { recursive: true });
      names.forEach((name, j) => { if ((i + j) % 3 !== 0) writeFileSync(join(folder, sub, name), '{}'); });
    });
    symlinkSync(join(folder, 'x'), join(folder, 'x', 'loop'));
    symlinkSync(join(folder, 'a.values.json'), join(folder, 'x', 'linked.connector.json'));
    execFileSync('mkfifo', [join(folder, 'x', 'pipe.tests.json')]);
    const walked = await resolveTargets(['walk'], dir);
    const globbed = (await glob(GLOBS, { cwd: folder, absolute: true, dot: false, ignore: ['**/node_modules/**', '**/.*/**'], followSymbolicLinks: false })).map((f) => resolve(f)).sort();
    assert.ok(globbed.length > 25, `the tree has files of every kind (${globbed.length})`);
    assert.deepEqual(walked.files, globbed);
    assert.deepEqual([...walked.listed], globbed);
    // Where the globs went further than meant: a folder named like a connector made every file in it one.
    mkdirSync(join(folder, 'old.connector.json'));
    writeFileSync(join(folder, 'old.connector.json', 'notes.json'), 'notes');
    writeFileSync(join(folder, 'old.connector.json', 'inner.connector.json'), '{}');
    const again = await resolveTargets(['walk'], dir);
    assert.deepEqual(again.files.filter((f) => f.includes('old.connector.json')), [join(folder, 'old.connector.json', 'inner.connector.json')]);
  });

  test('a listed file reads as the same text as one judged first, byte-order mark and invalid UTF-8 alike', () => {
    const file = join(dir, 'text.connector.json');
    for (const bytes of [[0xef, 0xbb, 0xbf, 0x7b, 0x7d], [0x22, 0x61, 0xff, 0x22], [], [0xef, 0xbb], [0xed, 0xa0, 0x80]]) {
      writeFileSync(file, Buffer.from(bytes));
      assert.equal(readListedJsonTextSync(file), readJsonTextSync(file), bytes.join(','));
    }
  });

  test('a link or a FIFO put in a listed file\'s place is refused or answers at once, in the reader and in the lint', { skip: process.platform === 'win32' }, () => {
    const zero = join(dir, 'zero.connector.json');
    symlinkSync('/dev/zero', zero);
    const fifo = join(dir, 'fifo.connector.json');
    execFileSync('mkfifo', [fifo]);
    const run = inChild(`
      const { readListedJsonTextSync } = require('./server/src/io/jsonText.ts');
      const { lintFiles } = require('./server/src/cli/lint/lintFiles.ts');
      const outcome = (read) => { try { return JSON.stringify(read()); } catch (error) { return error.code; } };
      console.log(outcome(() => readListedJsonTextSync(${JSON.stringify(zero)})));
      console.log(outcome(() => readListedJsonTextSync(${JSON.stringify(fifo)})));
      lintFiles([{ path: ${JSON.stringify(zero)}, listed: true }, { path: ${JSON.stringify(fifo)}, listed: true }], {}, ${JSON.stringify(dir)}).then((run) =>
        console.log(JSON.stringify(run.problems), run.files.map((f) => f.displayPath + ':' + f.findings.map((x) => x.code).join(',')).join(' ')));
    `);
    assert.equal(run.timedOut, false, 'nothing blocks or reads forever');
    assert.equal(run.status, 0, run.stderr);
    const [link, pipe, lint] = run.stdout.trim().split('\n');
    assert.equal(link, 'ELOOP', 'the link is not followed');
    assert.equal(pipe, '""', 'a FIFO without a writer reads as empty at once');
    assert.match(lint ?? '', /^\["cannot read zero\.connector\.json: too many symbolic links"\] fifo\.connector\.json:\S+/);
  });

  test('lintFiles reads listed and judged files to the same findings', async () => {
    const folder = join(dir, 'same');
    mkdirSync(folder);
    const texts = { clean: CONNECTOR_TEXT.clean, twoErrors: CONNECTOR_TEXT.twoErrors, missingComma: CONNECTOR_TEXT.missingComma, cut: '{ "kind": "rest", ' };
    const files = Object.entries(texts).map(([name, text]) => {
      const file = join(folder, `${name}.connector.json`);
      writeFileSync(file, text);
      return file;
    });
    const judged = await lintFiles(files, {}, folder);
    const listed = await lintFiles(files.map((path) => ({ path, listed: true })), {}, folder);
    assert.deepEqual(listed, judged);
    assert.ok(judged.files.some((f) => f.findings.length > 0), 'the files have findings to compare');
  });
});
