// Secrets through the language server: sealed on the connection (a verbose trace never shows them), asked for
// the origin they go to, and never in a result, a log or the server's output.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Trace } from 'vscode-jsonrpc/node';
import type { GetSecretParams, SendRequestResult } from '../../server/src/protocol';
import { startFault, type RunningFault } from '../support/faultServers';
import { answerSecrets, startLsp, type LspSession } from '../support/lspClient';

const SECRET = 'pa55-w0rd/+=ü';

/** Every form a secret can take on the wire or in text: as is, URL-encoded, JSON-escaped, and inside Basic. */
function forms(secret: string, username = 'me'): string[] {
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), Buffer.from(`${username}:${secret}`).toString('base64'), Buffer.from(secret).toString('base64')];
}

function connectorText(baseUrl: string, scheme: 'bearer' | 'basic'): string {
  const authorization = scheme === 'basic' ? '{ "scheme": "basic", "username": "me", "secret": "api" }' : '{ "scheme": "bearer", "secret": "api" }';
  return `{ "kind": "rest", "name": "s", "baseUrl": "${baseUrl}", "authorization": ${authorization},
    "operations": [ { "id": "echo", "method": "GET", "path": "/echo", "parameters": [] } ] }`;
}

describe('secrets through the language server', () => {
  let lsp: LspSession;
  let service: RunningFault;
  let other: RunningFault;
  const received: { authorization?: string; url?: string }[] = [];
  const traced: string[] = [];
  const logged: string[] = [];
  let stderr = '';
  let answer: (params: GetSecretParams) => string | undefined = () => SECRET;
  let asked: GetSecretParams[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'connector-secrets-'));
  const uri = pathToFileURL(join(dir, 's.connector.json')).href;

  before(async () => {
    // The service echoes the credentials it got, in its body and in a header: the result must still not show them.
    const echo = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void => {
      received.push({ ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}), ...(req.url ? { url: req.url } : {}) });
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Echo': req.headers.authorization ?? '' }).end(JSON.stringify({ youSent: req.headers.authorization }));
    };
    service = await startFault(echo);
    other = await startFault(echo);
    lsp = await startLsp({ initializationOptions: { connectorToolsExtension: true } });
    asked = answerSecrets(lsp, (params) => answer(params));
    lsp.connection.onNotification('window/logMessage', (params: { message: string }) => {
      logged.push(params.message);
    });
    lsp.process.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // The same tracer VS Code's language client uses for "connectorTools.trace.server": "verbose".
    await lsp.connection.trace(Trace.Verbose, { log: (message: string, data?: string) => traced.push(`${message}\n${data ?? ''}`) });
  });
  after(async () => {
    await lsp.stop();
    await service.close();
    await other.close();
  });

  async function sendWith(text: string, version: number): Promise<SendRequestResult> {
    if (version === 1) await lsp.open(uri, text, 1);
    else await lsp.change(uri, text, version);
    await lsp.diagnostics(uri, version);
    return lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'echo', values: { entered: {} } });
  }

  test('with a verbose trace, the secret reaches the service and appears nowhere: not in the trace, the result, the log or the output', async () => {
    received.length = 0;
    answer = () => SECRET;
    const bearer = await sendWith(connectorText(service.url, 'bearer'), 1);
    const basic = await sendWith(connectorText(service.url, 'basic'), 2);
    assert.ok(bearer.ok && basic.ok);
    assert.deepEqual(received.map((r) => r.authorization), [`Bearer ${SECRET}`, `Basic ${Buffer.from(`me:${SECRET}`).toString('base64')}`]);
    const trace = traced.join('\n');
    assert.match(trace, /Received request 'connector\/getSecret/, 'the secret request is traced');
    assert.match(trace, /Sending response 'connector\/getSecret[\s\S]*"data":/, 'and so is its answer, sealed');
    for (const form of forms(SECRET)) {
      assert.ok(!trace.includes(form), `the trace shows the secret as ${form}`);
      assert.ok(!JSON.stringify([bearer, basic]).includes(form), `the result (what history keeps and the panel shows) holds ${form}`);
      assert.ok(!logged.join('\n').includes(form), 'the log');
      assert.ok(!stderr.includes(form), "the server's output");
    }
    assert.ok(bearer.ok && bearer.result.dataJson?.includes('•••'), 'the echoed credential is redacted');
  });

  test('each secret request names the origin the request goes to, so the editor can hold a secret to the origins the user confirmed', async () => {
    answer = () => SECRET;
    asked.length = 0;
    const first = await sendWith(connectorText(service.url, 'bearer'), 3);
    // The file now names another service (as a pull request could): the request says so before any value is given.
    const moved = await sendWith(connectorText(`${other.url}/v2`, 'bearer'), 4);
    assert.ok(first.ok && moved.ok);
    assert.deepEqual(asked.map((a) => [a.name, a.origin, a.uri]), [['api', new URL(service.url).origin, uri], ['api', new URL(other.url).origin, uri]]);
    assert.ok(asked.every((a) => typeof a.publicKey === 'string' && a.publicKey.length > 20));
    assert.notEqual(asked[0]?.publicKey, asked[1]?.publicKey, 'every request has its own key');
  });

  test('when the editor declines (not set, or the origin not confirmed), nothing is sent', async () => {
    received.length = 0;
    answer = () => undefined;
    const result = await sendWith(connectorText(other.url, 'bearer'), 5);
    assert.ok(!result.ok);
    assert.match(result.problems.join(), /The secret 'api' is not set/);
    assert.deepEqual(received, []);
  });

  test('an answer in clear is refused and nothing is sent', async () => {
    received.length = 0;
    lsp.connection.onRequest('connector/getSecret', () => SECRET);
    try {
      const result = await sendWith(connectorText(service.url, 'bearer'), 6);
      assert.ok(!result.ok);
      assert.match(result.problems.join(), /sent the secret 'api' unsealed; nothing was sent/);
      assert.deepEqual(received, []);
    } finally {
      asked = answerSecrets(lsp, (params) => answer(params));
    }
  });
});

test('connectorTools.request.timeoutMs bounds the whole request sent from the editor', async () => {
  let written = 0;
  const drip = await startFault((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '40' });
    res.flushHeaders();
    const timer = setInterval(() => {
      res.write('x');
      if (++written === 40) res.end();
    }, 500);
    req.socket.on('close', () => clearInterval(timer));
  });
  const lsp = await startLsp({ settings: { request: { timeoutMs: 1_200 } }, initializationOptions: { connectorToolsExtension: true } });
  try {
    const uri = pathToFileURL(join(mkdtempSync(join(tmpdir(), 'connector-drip-')), 'd.connector.json')).href;
    await lsp.open(uri, `{ "kind": "rest", "name": "d", "baseUrl": "${drip.url}", "operations": [ { "id": "get", "method": "GET", "path": "/", "parameters": [] } ] }`);
    await lsp.diagnostics(uri, 1);
    const result = await lsp.request<SendRequestResult>('connector/sendRequest', { uri, operationId: 'get', values: { entered: {} } });
    assert.ok(result.ok);
    assert.equal(result.result.status, 0);
    assert.match(result.result.errors.join(), /did not finish answering within 1200 ms/);
    assert.ok(written < 40, `the answer was cut (${written} of 40 bytes sent)`);
  } finally {
    await lsp.stop();
    await drip.close();
  }
});
