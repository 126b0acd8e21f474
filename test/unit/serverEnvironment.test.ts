// The language server runs with glibc's large-block threshold fixed (client/src/serverEnvironment.ts) so that the
// reads of a large message, each held until the whole message is in, get mappings of their own and go back to the
// system when freed. That holds only while a read is at least the threshold: measured here on a real pipe.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { SERVER_ENVIRONMENT } from '../../client/src/serverEnvironment';

test("a read of a large message from the editor's pipe is at least glibc's threshold, so each gets a mapping of its own", async () => {
  const threshold = Number(SERVER_ENVIRONMENT.MALLOC_MMAP_THRESHOLD_);
  assert.ok(Number.isInteger(threshold) && threshold > 0, 'a threshold in bytes');
  const child = spawn(process.execPath, ['-e', "let most = 0; process.stdin.on('data', (c) => { most = Math.max(most, c.length); }); process.stdin.on('end', () => process.stdout.write(String(most)));"], { stdio: ['pipe', 'pipe', 'inherit'] });
  let answer = '';
  child.stdout.on('data', (chunk: Buffer) => { answer += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stdin.end(Buffer.alloc(4 * 1024 * 1024, 0x20));
  assert.equal(await exited, 0);
  const largestRead = Number(answer);
  assert.ok(largestRead >= threshold, `the server reads a large message ${largestRead} bytes at a time, below the threshold of ${threshold}: those reads would stay in glibc's heap`);
});
