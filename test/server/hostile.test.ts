// A hostile LSP client over stdio against the built server: malformed params, wrong types, huge positions,
// unknown documents, broken JSON-RPC. Every request gets an answer, every bad notification is logged and
// ignored, and the process keeps running and answering.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ResponseError } from 'vscode-jsonrpc/node';
import type { DocumentSymbol, Hover } from 'vscode-languageserver-protocol';
import { paramsProblem, REQUEST_METHODS } from '../../server/src/lsp/guard';
import { operation, restConnector } from '../support/connectorText';
import { fileUri, startLsp, type LspSession } from '../support/lspClient';
import { startRawLsp, type RawLsp } from '../support/rawLsp';

const GOOD = '{ "kind": "rest", "name": "alive", "baseUrl": "https://a.example", "operations": [] }';
const INVALID_PARAMS = -32602;

describe('a hostile client', () => {
  let lsp: LspSession;
  const logged: string[] = [];
  let stderr = '';
  before(async () => {
    lsp = await startLsp();
    lsp.connection.onNotification('window/logMessage', (params: { message: string }) => {
      logged.push(params.message);
    });
    lsp.process.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  });
  after(() => lsp.stop());

  /** The server still answers a real request about a real document. */
  async function stillAnswers(): Promise<void> {
    const uri = fileUri('still-alive.connector.json');
    await lsp.open(uri, GOOD, 1);
    const symbols = await lsp.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(symbols[0]?.name, 'alive');
    await lsp.notify('textDocument/didClose', { textDocument: { uri } });
    assert.equal(lsp.process.exitCode, null, 'the server is still running');
    assert.equal(lsp.process.signalCode, null, 'the server is still running');
  }

  /** Waits until a log line matching `pattern` has arrived. */
  async function loggedLine(pattern: RegExp): Promise<string> {
    for (let waited = 0; waited < 10_000; waited += 20) {
      const line = logged.find((l) => pattern.test(l));
      if (line) return line;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`nothing logged matching ${pattern}; logged: ${logged.join(' | ')}`);
  }

  test('didOpen with a text that is not a string is logged and ignored (it used to end the process)', async () => {
    const uri = fileUri('number-text.connector.json');
    for (const text of [42, null, { a: 1 }, ['x']]) {
      await lsp.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'connector-json', version: 1, text } });
    }
    assert.match(await loggedLine(/Ignored a malformed textDocument\/didOpen notification: .*'text' must be a string/), /didOpen/);
    await stillAnswers();
    // The document was never opened: requests about it answer as for any unknown document.
    assert.deepEqual(await lsp.request('textDocument/documentSymbol', { textDocument: { uri } }), []);
  });

  test('every malformed notification is logged and ignored', async () => {
    const uri = fileUri('notified.connector.json');
    await lsp.open(uri, GOOD, 1);
    const notifications: [string, unknown][] = [
      ['textDocument/didOpen', null],
      ['textDocument/didOpen', { textDocument: { uri: 42, languageId: 'x', version: 1, text: '' } }],
      ['textDocument/didOpen', { textDocument: { uri, languageId: 'x', version: 'one', text: '' } }],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: 'all new' }],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 5 }] }],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'x', range: { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } } }] }],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'x', range: { start: { line: 2 ** 53, character: 0 }, end: { line: 0, character: 0 } } }] }],
      ['textDocument/didClose', { textDocument: null }],
      ['textDocument/didSave', 'saved'],
      ['workspace/didChangeConfiguration', null],
      ['workspace/didChangeWorkspaceFolders', { event: null }],
      ['workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: 7 }], removed: [] } }],
      ['$/cancelRequest', { id: { nested: true } }],
      ['connector/noSuchNotification', { anything: true }],
    ];
    for (const [method, params] of notifications) await lsp.notify(method, params);
    await loggedLine(/malformed workspace\/didChangeWorkspaceFolders/);
    for (const method of ['textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose', 'textDocument/didSave', 'workspace/didChangeConfiguration']) {
      await loggedLine(new RegExp(`malformed ${method.replace('/', '\\/')} notification`));
    }
    // The document kept its text: none of the bad changes reached it.
    const symbols = await lsp.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(symbols[0]?.name, 'alive');
    await stillAnswers();
  });

  test('every malformed request gets an InvalidParams answer that says what is wrong', async () => {
    const uri = fileUri('requested.connector.json');
    await lsp.open(uri, GOOD, 1);
    const requests: [string, unknown, RegExp][] = [
      ['textDocument/hover', { textDocument: { uri: 42 }, position: { line: 0, character: 0 } }, /'uri' must be a string/],
      ['textDocument/hover', { textDocument: { uri }, position: { line: 2 ** 53 + 1, character: 1e300 } }, /'line' must be a whole number from 0 to 2147483647/],
      ['textDocument/hover', { textDocument: { uri }, position: { line: 0, character: -1 } }, /'character'/],
      ['textDocument/completion', { textDocument: { uri }, position: 'start' }, /'position' must be an object/],
      ['textDocument/completion', null, /must be an object|parameters by name/],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: null }, /'context'/],
      ['textDocument/formatting', { textDocument: { uri }, options: { tabSize: 1e9, insertSpaces: true } }, /'tabSize' must be a number from 1 to 64/],
      ['textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 0 }, newName: 5 }, /'newName' must be a string/],
      ['textDocument/references', { textDocument: { uri }, position: { line: 0, character: 0 } }, /'context'/],
      ['workspace/symbol', { query: 5 }, /'query' must be a string/],
      ['connector/listOperations', { uri: ['x'] }, /'uri' must be a string/],
      ['connector/describeOperation', { uri, operationId: {} }, /'operationId' must be a string/],
      ['connector/previewRequest', { uri, operationId: 'x', values: 'q=1' }, /'values' must be \{ "valuesFile": true \} or \{ "entered"/],
      ['connector/sendRequest', { uri, operationId: 'x', values: { entered: {} }, timeoutMs: -1 }, /'timeoutMs' must be a number from 1 to 3600000/],
      ['connector/sendRequest', { uri, operationId: 'x', values: null }, /'values'/],
      ['connector/addQueryParameters', { uri, operationOffset: -5, names: 'a', type: 'string', required: false }, /'operationOffset'/],
    ];
    for (const [method, params, message] of requests) {
      const error = await lsp.request(method, params).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof ResponseError, `${method} ${JSON.stringify(params)} was answered with an error`);
      assert.equal(error.code, INVALID_PARAMS, `${method}: ${error.message}`);
      assert.match(error.message, message, method);
    }
    await stillAnswers();
  });

  test('well-formed requests about unknown documents or far-away positions are answered normally', async () => {
    const unknown = fileUri('never-opened.connector.json');
    assert.equal(await lsp.request('textDocument/hover', { textDocument: { uri: unknown }, position: { line: 0, character: 0 } }), null);
    assert.deepEqual(await lsp.request('connector/listOperations', { uri: 'not a uri at all %%%' }), []);
    assert.deepEqual(await lsp.request('connector/previewRequest', { uri: unknown, operationId: 'x', values: { entered: {} } }), { ok: false, problems: ['Open the connector file first.'] });
    const uri = fileUri('far.connector.json');
    await lsp.open(uri, GOOD, 1);
    const far = { line: 2 ** 31 - 1, character: 2 ** 31 - 1 };
    assert.equal(await lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: far }), null);
    assert.ok(Array.isArray(await lsp.request('textDocument/completion', { textDocument: { uri }, position: far })));
    // An edit whose range lies far past the end appends, as the protocol's clamping says; the new version is checked.
    const pending = lsp.diagnostics(uri, 2);
    await lsp.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: far, end: far }, text: ' // end' }] });
    assert.deepEqual(await pending, []);
    await stillAnswers();
  });

  test('broken JSON-RPC (not JSON, not a message, unknown ids, positional params) leaves the server answering', async () => {
    const frame = (body: string): string => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    for (const body of ['{not json', '[]', '"text"', '{"jsonrpc":"2.0","id":99999,"result":1}', '{"jsonrpc":"2.0","method":5}', '{"jsonrpc":"2.0","id":{},"method":"textDocument/hover","params":{}}', '{"jsonrpc":"2.0","id":777,"method":"textDocument/hover","params":["a",1]}']) {
      lsp.process.stdin.write(frame(body));
    }
    await stillAnswers();
  });

  test('a Preview Request with a backtracking pattern and a hostile value is answered, and so is the next hover', async () => {
    const uri = fileUri('pattern.connector.json');
    const text = restConnector([operation('find', 'GET', '/find', ['{ "name": "q", "location": "query", "type": "string", "pattern": "^(a+)+$" }'])], '"advanced": { "enforceConstraints": true }');
    await lsp.open(uri, text, 1);
    const preview = await lsp.request<{ ok: boolean; problems?: string[] }>('connector/previewRequest', { uri, operationId: 'find', values: { entered: { q: `${'a'.repeat(100_000)}!` } } });
    assert.equal(preview.ok, false);
    assert.match(preview.problems?.join() ?? '', /does not match the pattern/);
    const hover = await lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 4 } });
    assert.ok(hover !== undefined);
    await stillAnswers();
  });

  test('nothing crashed along the way', () => {
    assert.equal(lsp.process.exitCode, null);
    assert.doesNotMatch(stderr, /Error|throw/, stderr);
  });
});

describe('params of the wrong shape, as no client library sends them', () => {
  let raw: RawLsp;
  before(async () => (raw = await startRawLsp()));
  after(() => raw.stop());

  // `params: null`, a number, a string, positional params and none at all: every request method the server
  // answers, whoever registered its handler (the protocol library wraps some before they reach the server's code).
  const BAD_PARAMS: [string, unknown][] = [['null', null], ['a number', 42], ['a string', 'text'], ['positional', ['a', 1]], ['missing', undefined]];
  const checked = REQUEST_METHODS.filter((method) => paramsProblem(method, null) !== undefined);

  test('the table holds the requests the protocol library wraps, and the server\'s own', () => {
    for (const method of ['textDocument/hover', 'textDocument/references', 'textDocument/rangeFormatting', 'textDocument/rename', 'textDocument/codeLens', 'workspace/executeCommand', 'initialize', 'connector/sendRequest', 'connector/importOpenApi']) {
      assert.ok(checked.includes(method), method);
    }
  });

  for (const method of checked) {
    test(`${method}: InvalidParams with a message, never an internal error`, async () => {
      for (const [what, params] of BAD_PARAMS) {
        const id = `${method} ${what}`;
        raw.send({ id, method, ...(params === undefined ? {} : { params }) });
        const { error } = await raw.response(id);
        assert.equal(error?.code, INVALID_PARAMS, `${id}: ${JSON.stringify(error)}`);
        assert.match(error?.message ?? '', new RegExp(`^${method.replace(/\//g, '\\/')}: the params must be`), id);
      }
    });
  }

  test('the server still answers a well-formed request', async () => {
    raw.send({ id: 'fine', method: 'textDocument/documentSymbol', params: { textDocument: { uri: fileUri('fine.connector.json') } } });
    assert.deepEqual((await raw.response('fine')).result, []);
    assert.equal(raw.process.exitCode, null);
  });
});
