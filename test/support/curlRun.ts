// Runs a copied curl command (Debian's curl, through bash as a user would paste it) and compares what a recording
// server received from it with what the tool sent.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { curlCommand } from '../../server/src/core/request/curl';
import { secretVariable } from '../../server/src/core/request/secretVariable';
import type { BuiltRequest } from '../../server/src/core/http/types';
import type { Echo } from './echoServer';

/** Runs a copied command in bash, as pasted in a shell with only PATH and `env` set, curl told to be quiet but for errors; its standard output. */
export function runCopiedCommand(command: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', `${command} --silent --show-error`], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } }, (error, stdout, stderr) =>
      (error ? reject(new Error(`${error.message} ${stderr}`)) : resolve(stdout)));
  });
}

function runInBash(command: string, env: Record<string, string>): Promise<void> {
  return runCopiedCommand(`${command} --output /dev/null`, env).then(() => undefined);
}

const TRANSPORT = new Set(['host', 'connection']);
function headersOf(e: Echo, multipart: boolean): string[] {
  return e.rawHeaders
    .filter(([n]) => !TRANSPORT.has(n.toLowerCase()) && !(multipart && ['content-type', 'content-length'].includes(n.toLowerCase())))
    .map(([n, v]) => `${n.toLowerCase()}: ${v}`)
    .sort();
}

/**
 * Runs the request's curl command with the secrets in their CONNECTOR_SECRET_ variables and asserts the server
 * received from curl what it received from the tool (`tool`): method, target, headers, body (multipart by part,
 * since curl picks its own boundary). The command holds no secret value, no `•••` and no raw CR or LF.
 */
export async function assertCurlSendsTheSame(request: BuiltRequest, secrets: Record<string, string>, tool: Echo, received: Echo[]): Promise<{ curl: Echo; command: string }> {
  const command = curlCommand(request);
  assert.ok(!/[\r\n]/.test(command), 'no raw CR or LF in the command');
  for (const secret of Object.values(secrets)) assert.ok(!command.includes(secret), 'no secret value in the command');
  assert.ok(!command.includes('•••'));
  const count = received.length;
  await runInBash(command, Object.fromEntries(Object.entries(secrets).map(([name, value]) => [secretVariable(name), value])));
  assert.equal(received.length, count + 1, 'curl sent exactly one request');
  const curl = received.at(-1);
  assert.ok(curl);
  const multipart = request.body?.kind === 'multipart';
  assert.equal(curl.method, tool.method);
  assert.equal(curl.target, tool.target);
  assert.deepEqual(headersOf(curl, multipart), headersOf(tool, multipart));
  if (multipart) assert.deepEqual(curl.parts, tool.parts);
  else assert.equal(curl.bodyBase64, tool.bodyBase64);
  return { curl, command };
}
