// A file a value or a body names is checked (inside the workspace after symlinks, a regular file) and later read or
// streamed. A symlink swapped in between must not point the read outside: what is read is the file that was checked,
// or nothing. The swap happens deterministically between the file step (prepare) and the read (send).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { lintText } from '../../server/src/core/lint';
import { prepareRequest } from '../../server/src/core/request/prepare';
import { sendPrepared } from '../../server/src/core/http/exchange';
import { startEchoServer } from '../support/echoServer';
import { filesIn } from '../support/files';
import { DIRECT_NETWORK } from '../support/network';

// As long as the file inside: a length that differs from the one checked would give the swap away.
const SECRET = 'SECRET';

interface Layout {
  workspace: string;
  /** Replaces the folder `data` with a symlink to a folder outside holding a file of the same name. */
  swapFolder(): void;
  /** Replaces `data/body.bin` itself with a symlink to a file outside. */
  swapFile(): void;
}

function layout(): Layout {
  const top = mkdtempSync(join(tmpdir(), 'connector-swap-'));
  const workspace = join(top, 'workspace');
  const outside = join(top, 'outside');
  mkdirSync(join(workspace, 'data'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(workspace, 'data', 'body.bin'), 'INSIDE');
  writeFileSync(join(outside, 'body.bin'), SECRET);
  return {
    workspace,
    swapFolder() {
      renameSync(join(workspace, 'data'), join(workspace, 'data-was'));
      symlinkSync(outside, join(workspace, 'data'));
    },
    swapFile() {
      rmSync(join(workspace, 'data', 'body.bin'));
      symlinkSync(join(outside, 'body.bin'), join(workspace, 'data', 'body.bin'));
    },
  };
}

describe('a symlink swapped between the check of a file and its read', { skip: process.platform === 'win32' }, () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  before(async () => {
    echo = await startEchoServer();
  });
  after(() => echo.close());

  for (const swap of ['swapFolder', 'swapFile'] as const) {
    test(`a body file read after the check is the file checked (${swap})`, async () => {
      const files = layout();
      const access = filesIn(files.workspace);
      const found = await access.find('data/body.bin', files.workspace);
      assert.ok(found.ok, found.ok ? '' : found.problem.message);
      files[swap]();
      const read = await access.readText(found.file);
      assert.ok(!read.ok, `read ${read.ok ? read.text : ''}`);
      assert.match(read.problem.message, /The file 'data\/body\.bin' .*changed since it was checked \(another file, a symlink or a folder took its place\); nothing was sent\./);
    });

    for (const [operation, value] of [['put', 'data'], ['form', 'photo']] as const) {
      test(`a ${operation === 'put' ? 'stream body' : 'multipart file'} sent after the check is the file checked, or nothing is sent (${swap})`, async () => {
        const files = layout();
        const { connector, findings } = lintText(JSON.stringify({
          kind: 'rest', name: 'up', baseUrl: `${echo.url}/api`,
          operations: [
            { id: 'put', method: 'PUT', path: '/blob', headers: { 'Content-Type': 'application/octet-stream' }, parameters: [{ name: 'data', location: 'body', type: 'stream', required: true }] },
            { id: 'form', method: 'POST', path: '/form', headers: { 'Content-Type': 'multipart/form-data' }, parameters: [{ name: 'photo', location: 'form', type: 'file', required: true }] },
          ],
        }));
        assert.ok(connector);
        const prepared = await prepareRequest({ connector, findings, operationId: operation, entered: { [value]: 'data/body.bin' }, secrets: () => undefined, baseDir: files.workspace, files: filesIn(files.workspace) });
        assert.ok(prepared.ok, prepared.ok ? '' : prepared.problems.map((p) => p.message).join());
        files[swap]();
        const before = echo.received.length;
        const sent = await sendPrepared(prepared.request, { network: DIRECT_NETWORK, timeoutMs: 5_000 });
        assert.equal(echo.received.length, before, `nothing arrives: ${JSON.stringify(echo.received.at(-1))}`);
        assert.equal(sent.result.status, 0);
        assert.match(sent.result.errors.join(), /The file 'data\/body\.bin' \(.*body\.bin\) changed since it was checked/);
      });
    }
  }

  test('without a swap the file is read and sent as before', async () => {
    const files = layout();
    const access = filesIn(files.workspace);
    const found = await access.find('data/body.bin', files.workspace);
    assert.ok(found.ok);
    assert.deepEqual(await access.readText(found.file), { ok: true, text: 'INSIDE' });
  });
});
