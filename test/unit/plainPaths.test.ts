// The shortcuts past node:path give exactly what path.resolve and path.relative give, or step aside.
import assert from 'node:assert/strict';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { isPlainAbsolute, plainRelative, plainShownPath } from '../../server/src/io/plainPaths';

const SEGMENTS = ['a', 'b', 'team-01', '.', '..', '', '...', '.hidden', '..x', 'x..', 'é', '日本', ' sp ace', 'a.connector.json', '\\'];
const path = fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 6 }).chain((parts) =>
  fc.constantFrom(`/${parts.join('/')}`, parts.join('/'), `/${parts.join('/')}/`, `//${parts.join('/')}`),
);

test('a path taken as plain and absolute is what path.resolve makes of it', { skip: sep !== '/' && 'POSIX paths only' }, () => {
  fc.assert(
    fc.property(path, (p) => {
      if (isPlainAbsolute(p)) assert.equal(resolve(p), p);
    }),
    { numRuns: 20_000 },
  );
  for (const plain of ['/', '/a', '/a/b.connector.json', '/a/..x/x..', '/ sp ace/日本']) assert.ok(isPlainAbsolute(plain), plain);
  for (const other of ['', 'a', 'a/b', '/a/', '//a', '/a//b', '/a/./b', '/a/../b', '/a/.', '/a/..', '/.']) assert.ok(!isPlainAbsolute(other), other);
});

test('a file below a plain folder is shown by its rest, exactly as path.relative shows it; any other pair is left to node:path', { skip: sep !== '/' && 'POSIX paths only' }, () => {
  fc.assert(
    fc.property(path, path, (folder, rest) => {
      for (const file of [rest, `${folder}/${rest}`, `${folder}${rest}`]) {
        const shown = plainRelative(folder, file);
        if (shown !== undefined) assert.equal(shown, relative(folder, file), `${folder} → ${file}`);
      }
    }),
    { numRuns: 20_000 },
  );
  assert.equal(plainRelative('/work/repo', '/work/repo/team-01/a.connector.json'), 'team-01/a.connector.json');
  assert.equal(plainRelative('/', '/a/b'), 'a/b');
  for (const [folder, file] of [['/work/repo', '/work/repo'], ['/work/repo', '/work/repository/a'], ['/work/repo', '/work/a'], ['/work/./repo', '/work/./repo/a'], ['/work/repo', '/work/repo/../a'], ['/work/repo/', '/work/repo/a']]) {
    assert.equal(plainRelative(folder as string, file as string), undefined, `${folder} → ${file}`);
  }
});

/** What node:path shows: the relative path from the folder, or the file's own path where that climbs out of it. */
function shownByNodePath(folder: string, file: string): string {
  const shown = relative(folder, file);
  return shown === '' || shown === '..' || shown.startsWith('../') || isAbsolute(shown) ? file : shown;
}

test('a file is shown from a plain folder exactly as node:path shows it, below the folder or outside it', { skip: sep !== '/' && 'POSIX paths only' }, () => {
  let outside = 0;
  fc.assert(
    fc.property(path, path, (folder, rest) => {
      for (const file of [rest, `${folder}/${rest}`, `${folder}${rest}`]) {
        const shown = plainShownPath(folder, file);
        if (shown === undefined) continue;
        assert.equal(shown, shownByNodePath(folder, file), `${folder} → ${file}`);
        if (shown === file) outside++;
      }
    }),
    { numRuns: 20_000 },
  );
  assert.ok(outside > 200, `${outside} generated files outside their folder were shown without node:path`);
  assert.equal(plainShownPath('/work/repo', '/tmp/bench/team-01/a.connector.json'), '/tmp/bench/team-01/a.connector.json');
  assert.equal(plainShownPath('/work/repo', '/work/repository/a'), '/work/repository/a');
  assert.equal(plainShownPath('/work/repo', '/work/repo'), '/work/repo');
  assert.equal(plainShownPath('/work/repo', '/work/repo/team-01/a.connector.json'), 'team-01/a.connector.json');
  for (const [folder, file] of [['/work/./repo', '/tmp/a'], ['/work/repo', '/tmp/../a'], ['/work/repo', 'a.connector.json'], ['/work/repo/', '/tmp/a']]) {
    assert.equal(plainShownPath(folder as string, file as string), undefined, `${folder} → ${file}`);
  }
});
