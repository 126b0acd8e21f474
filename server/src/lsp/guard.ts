// The server's front door. Over stdio the bytes are checked first: a header that breaks the protocol's framing
// (Content-Length: n, an empty line, n bytes of body) ends the server with a message, because nothing after it can
// be read with certainty and a server that waits for bytes that never come leaves the editor without checks; an
// editor starts a server again when it exits. Then every message is checked before any handler, TextDocuments or
// the protocol library's own wrapper sees it: a message whose params do not have the shape the protocol gives
// them is turned away (a request gets an InvalidParams answer, a notification is logged and ignored), and a
// handler that throws answers with an error instead of taking the process down. A document opened with a number
// for its text once ended the server; nothing a client sends may do that again.
import { connect as netConnect, type Socket } from 'node:net';
import { Transform } from 'node:stream';
import { format } from 'node:util';
import { ErrorCodes, Message, ResponseError, type Connection, type MessageStrategy, type RequestMessage } from 'vscode-languageserver';
import { createConnection, ProposedFeatures, StreamMessageWriter, type MessageWriter } from 'vscode-languageserver/node';
import { MAX_PAGES_LIMIT } from '../core';
import { MESSAGE_ENCODER } from './messageEncoding';

type Check = (value: unknown) => string | undefined;

/** LSP's uinteger: 0 … 2^31 - 1. */
const MAX_UINTEGER = 2 ** 31 - 1;
/** Formatting indents by tabSize per level: beyond this a request asks for megabytes of spaces. */
const MAX_TAB_SIZE = 64;
/** Send Request's own bound matches the setting's (one hour). */
const MAX_TIMEOUT_MS = 3_600_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const string: Check = (v) => (typeof v === 'string' ? undefined : 'a string');
const boolean: Check = (v) => (typeof v === 'boolean' ? undefined : 'true or false');
const integer: Check = (v) => (Number.isSafeInteger(v) ? undefined : 'a whole number');
const uinteger: Check = (v) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_UINTEGER ? undefined : `a whole number from 0 to ${MAX_UINTEGER}`);
const anything: Check = () => undefined;
const optional = (check: Check): Check => (v) => (v === undefined ? undefined : check(v));
const nullable = (check: Check): Check => (v) => (v === null || v === undefined ? undefined : check(v));
const between = (min: number, max: number): Check => (v) => (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? undefined : `a number from ${min} to ${max}`);
const object = (fields: Record<string, Check>): Check => (v) => {
  if (!isObject(v)) return 'an object';
  for (const [name, check] of Object.entries(fields)) {
    const problem = check(v[name]);
    if (problem) return `'${name}' must be ${problem}`;
  }
  return undefined;
};
const arrayOf = (check: Check): Check => (v) => {
  if (!Array.isArray(v)) return 'an array';
  for (const [i, item] of v.entries()) {
    const problem = check(item);
    if (problem) return `item ${i + 1}: ${problem}`;
  }
  return undefined;
};
/** Send and Preview take the values file, or texts typed by name. */
const values: Check = (v) => {
  if (isObject(v) && v.valuesFile === true && Object.keys(v).length === 1) return undefined;
  if (isObject(v) && isObject(v.entered) && Object.keys(v).length === 1 && Object.values(v.entered).every((t) => typeof t === 'string')) return undefined;
  return '{ "valuesFile": true } or { "entered": { "<name>": "<text>" } }';
};

/** Import cURL / Postman / HAR: a file's path, or a pasted command line. */
const requestSource: Check = (v) => (isObject(v) && ((typeof v.path === 'string' && v.text === undefined) || (typeof v.text === 'string' && v.path === undefined)) ? undefined : '{ "path": "<file>" } or { "text": "<curl command>" }');

const position = object({ line: uinteger, character: uinteger });
const range = object({ start: position, end: position });
const textDocument = object({ uri: string });
const atPosition = object({ textDocument, position });
const workspaceFolder = object({ uri: string, name: optional(string) });

/** The shape of each notification's params the server handles, by method. */
const NOTIFICATIONS: Record<string, Check> = {
  initialized: anything,
  'textDocument/didOpen': object({ textDocument: object({ uri: string, languageId: string, version: integer, text: string }) }),
  'textDocument/didChange': object({
    textDocument: object({ uri: string, version: integer }),
    contentChanges: arrayOf(object({ text: string, range: optional(range), rangeLength: optional(uinteger) })),
  }),
  'textDocument/didClose': object({ textDocument }),
  'textDocument/didSave': object({ textDocument, text: optional(string) }),
  'textDocument/willSave': object({ textDocument, reason: integer }),
  'workspace/didChangeConfiguration': object({ settings: anything }),
  'workspace/didChangeWatchedFiles': object({ changes: arrayOf(object({ uri: string, type: integer })) }),
  'workspace/didChangeWorkspaceFolders': object({ event: object({ added: arrayOf(workspaceFolder), removed: arrayOf(workspaceFolder) }) }),
};

/** The shape of each request's params, by method: every request the server answers has one. */
const REQUESTS: Record<string, Check> = {
  initialize: object({ rootUri: nullable(string), workspaceFolders: nullable(arrayOf(workspaceFolder)), capabilities: optional(object({})) }),
  shutdown: anything,
  'textDocument/willSaveWaitUntil': object({ textDocument, reason: integer }),
  'textDocument/completion': atPosition,
  'textDocument/hover': atPosition,
  'textDocument/definition': atPosition,
  'textDocument/references': object({ textDocument, position, context: object({ includeDeclaration: boolean }) }),
  'textDocument/prepareRename': atPosition,
  'textDocument/rename': object({ textDocument, position, newName: string }),
  'textDocument/documentSymbol': object({ textDocument }),
  'textDocument/codeLens': object({ textDocument }),
  'textDocument/codeAction': object({ textDocument, range, context: object({ diagnostics: arrayOf(object({})), only: optional(arrayOf(string)) }) }),
  'textDocument/formatting': object({ textDocument, options: object({ tabSize: between(1, MAX_TAB_SIZE), insertSpaces: boolean }) }),
  'textDocument/rangeFormatting': object({ textDocument, range, options: object({ tabSize: between(1, MAX_TAB_SIZE), insertSpaces: boolean }) }),
  'workspace/symbol': object({ query: string }),
  'workspace/executeCommand': object({ command: string, arguments: optional(arrayOf(anything)) }),
  'connector/listOperations': object({ uri: string }),
  'connector/describeOperation': object({ uri: string, operationId: string }),
  'connector/previewRequest': object({ uri: string, operationId: string, values, environment: optional(string) }),
  'connector/sendRequest': object({ uri: string, operationId: string, values, timeoutMs: optional(between(1, MAX_TIMEOUT_MS)), environment: optional(string), maxPages: optional(between(1, MAX_PAGES_LIMIT)), pageUrl: optional(string) }),
  'connector/listEnvironments': anything,
  'connector/listTestCases': object({ uri: string }),
  'connector/runTestCases': object({ uri: string, indexes: optional(arrayOf(uinteger)), environment: optional(string), timeoutMs: optional(between(1, MAX_TIMEOUT_MS)) }),
  'connector/useAsResponseStructure': object({ uri: string, operationId: string, rawText: string }),
  'connector/saveAsExpectation': object({ uri: string, operationId: string, valuesJson: string, status: integer, dataJson: optional(string) }),
  'connector/addQueryParameters': object({ uri: string, operationOffset: uinteger, names: string, type: string, required: boolean }),
  'connector/checkAll': anything,
  'connector/signOut': anything,
  'connector/fetchMetadata': object({ uri: string }),
  'connector/openApiOperations': object({ path: string }),
  'connector/importOpenApi': object({ path: string, operationIds: arrayOf(string), out: string }),
  'connector/metadataChoices': object({ uri: optional(string), path: optional(string) }),
  'connector/importMetadata': object({ path: string, choices: arrayOf(string), out: string, baseUrl: optional(string) }),
  'connector/requestOrigins': object({ source: requestSource }),
  'connector/importRequests': object({ source: requestSource, out: string, origin: optional(string), importedElsewhere: optional(arrayOf(string)) }),
};

/** Every request method the server answers. */
export const REQUEST_METHODS: readonly string[] = Object.keys(REQUESTS);

/** What is wrong with a message's params, or undefined when they have the shape the server expects (or it knows none). */
export function paramsProblem(method: string, params: unknown): string | undefined {
  const check = REQUESTS[method] ?? NOTIFICATIONS[method];
  if (!check) return undefined;
  const problem = check(params);
  return problem ? `${method}: the params must be ${problem.startsWith("'") ? `an object whose ${problem}` : problem}.` : undefined;
}

/** A request whose params were refused, as the dispatcher hands it on: its one handler answers InvalidParams. */
const REFUSED_REQUEST = '$/connectorTools/refusedRequest';
class Refusal {
  constructor(readonly problem: string) {}
}

/**
 * Checks every message before the dispatcher sees it, whoever registered its handler: the protocol library's own
 * wrappers (attachWorkDone and the like) read a request's params before any handler of the server is called, so
 * the check must come before them. A malformed notification is logged and dropped; a malformed request goes on
 * under REFUSED_REQUEST, keeping its id (and its cancellation), and is answered InvalidParams.
 */
function checkedMessages(log: (message: string) => void): MessageStrategy {
  return {
    handleMessage(message, next) {
      if (Message.isRequest(message)) {
        const problem = paramsProblem(message.method, message.params);
        return next(problem ? { ...message, method: REFUSED_REQUEST, params: new Refusal(problem) } as RequestMessage : message);
      }
      if (Message.isNotification(message)) {
        const problem = paramsProblem(message.method, message.params);
        return problem ? log(`Ignored a malformed ${message.method} notification: ${problem}`) : next(message);
      }
      return next(message);
    },
  };
}

/** The console of a server on stdio: stdout carries the protocol, so what code prints goes to the client's log. */
function keepConsoleOffStdout(connection: Connection): void {
  console.log = (...args: unknown[]) => connection.console.log(format(...args));
  console.info = (...args: unknown[]) => connection.console.info(format(...args));
  console.debug = (...args: unknown[]) => connection.console.log(format(...args));
  console.warn = (...args: unknown[]) => connection.console.warn(format(...args));
  console.error = (...args: unknown[]) => connection.console.error(format(...args));
}

/**
 * The socket the client listens on when the command line says `--socket=PORT` or `--pipe=NAME` (or `--socket PORT`,
 * `--pipe NAME`), connected as the protocol library would connect it; undefined for the other transports. Its bytes
 * are framed as stdio's are, so they get the same check.
 */
function socketOfCommandLine(argv: readonly string[]): Socket | undefined {
  for (let i = 2; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split(/=(.*)/s, 2);
    const value = inline ?? argv[i + 1];
    if (value === undefined) continue;
    if (flag === '--socket') {
      const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
      if (!(port >= 1 && port <= 65535)) {
        process.stderr.write(`Connector Tools language server: --socket takes the port the editor listens on (1 to 65535), not ${JSON.stringify(value)}.\n`);
        process.exit(2);
      }
      return netConnect(port, '127.0.0.1');
    }
    if (flag === '--pipe') return netConnect(value);
  }
  return undefined;
}

/**
 * The server's connection, on the transport its command line names (`--stdio`, `--node-ipc`, ...), with every
 * incoming message checked. Over stdio, a socket or a pipe the framing is checked too: when it breaks, the server says what is wrong
 * on stderr and exits with code 1 (nothing after it can be read with certainty; an editor starts it again).
 */
export function createGuardedConnection(): Connection {
  const options = { messageStrategy: checkedMessages((message) => connection.console.error(message)) };
  const stdio = process.argv.includes('--stdio');
  const brokenFraming = (problem: string): never => {
    process.stderr.write(`Connector Tools language server: the messages from the editor cannot be read any further: ${problem}. The server exits so that the editor can start it again.\n`);
    process.exit(1);
  };
  const socket = stdio ? undefined : socketOfCommandLine(process.argv);
  // The messages written as the protocol library writes them, diagnostics copied from the previous message. The
  // library takes a stream or a writer on either side; its types only pair stream with stream, and the input stays
  // a stream so that the server still exits when the editor closes it (the library watches the stream's end).
  const writer = (stream: NodeJS.WritableStream): NodeJS.WritableStream =>
    new StreamMessageWriter(stream, { charset: 'utf-8', contentTypeEncoder: MESSAGE_ENCODER }) as MessageWriter as unknown as NodeJS.WritableStream;
  const connection = stdio
    ? createConnection(ProposedFeatures.all, process.stdin.pipe(checkedFraming(brokenFraming)), writer(process.stdout), options)
    : socket
      ? createConnection(ProposedFeatures.all, socket.pipe(checkedFraming(brokenFraming)), writer(socket), options)
      : createConnection(ProposedFeatures.all, options);
  if (stdio) keepConsoleOffStdout(connection);
  connection.onRequest(REFUSED_REQUEST, (params: unknown) => {
    throw params instanceof Refusal ? new ResponseError(ErrorCodes.InvalidParams, params.problem) : new ResponseError(ErrorCodes.MethodNotFound, `Unhandled method ${REFUSED_REQUEST}`);
  });
  return connection;
}

/** The connection's registration methods and the messages they handle. */
const REGISTRATIONS: Record<string, string> = {
  onInitialize: 'initialize',
  onInitialized: 'initialized',
  onShutdown: 'shutdown',
  onDidOpenTextDocument: 'textDocument/didOpen',
  onDidChangeTextDocument: 'textDocument/didChange',
  onDidCloseTextDocument: 'textDocument/didClose',
  onDidSaveTextDocument: 'textDocument/didSave',
  onWillSaveTextDocument: 'textDocument/willSave',
  onWillSaveTextDocumentWaitUntil: 'textDocument/willSaveWaitUntil',
  onDidChangeConfiguration: 'workspace/didChangeConfiguration',
  onDidChangeWorkspaceFolders: 'workspace/didChangeWorkspaceFolders',
  onDidChangeWatchedFiles: 'workspace/didChangeWatchedFiles',
  onCompletion: 'textDocument/completion',
  onHover: 'textDocument/hover',
  onDefinition: 'textDocument/definition',
  onReferences: 'textDocument/references',
  onPrepareRename: 'textDocument/prepareRename',
  onRenameRequest: 'textDocument/rename',
  onDocumentSymbol: 'textDocument/documentSymbol',
  onCodeLens: 'textDocument/codeLens',
  onCodeAction: 'textDocument/codeAction',
  onDocumentFormatting: 'textDocument/formatting',
  onDocumentRangeFormatting: 'textDocument/rangeFormatting',
  onWorkspaceSymbol: 'workspace/symbol',
  onExecuteCommand: 'workspace/executeCommand',
};

type Handler = (...args: unknown[]) => unknown;

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A handler whose throw (or rejection) becomes an error answer or a log line. */
function guarded(method: string, handler: Handler, log: (message: string) => void): Handler {
  const request = method in REQUESTS;
  const failed = (error: unknown): never | undefined => {
    if (error instanceof ResponseError) throw error;
    const message = `${method} failed: ${describeError(error)}`;
    if (request) throw new ResponseError(ErrorCodes.InternalError, message);
    log(message);
    return undefined;
  };
  return (...args: unknown[]): unknown => {
    try {
      const result = handler(...args);
      return result instanceof Promise ? result.catch(failed) : result;
    } catch (error) {
      return failed(error);
    }
  };
}

/**
 * Wraps the handler argument of a registration call (the last function argument) in a guard. A handler for a
 * message whose params have no shape in the tables above is a mistake in the server: it fails at startup, so that
 * no message ever reaches a handler unchecked.
 */
function wrapRegistration(register: Handler, target: object, method: string | undefined, log: (message: string) => void): Handler {
  return (...args: unknown[]): unknown => {
    const at = args.findLastIndex((a) => typeof a === 'function');
    const name = method ?? (typeof args[0] === 'string' ? args[0] : (args[0] as { method?: string } | undefined)?.method) ?? 'a message';
    if (!(name in REQUESTS) && !(name in NOTIFICATIONS)) throw new Error(`The server handles ${name} without knowing the shape of its params: add it to guard.ts.`);
    if (at >= 0) args[at] = guarded(name, args[at] as Handler, log);
    return register.apply(target, args);
  };
}

/**
 * The connection as feature groups and TextDocuments see it: every handler they register is guarded, including
 * `connection.onRequest(method, …)` and `connection.onNotification(method, …)` for the custom messages.
 */
export function guardConnection(connection: Connection, log: (message: string) => void): Connection {
  const wrap = <T extends object>(target: T): T => new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof property !== 'string' || typeof value !== 'function') {
        // connection.workspace.onDidChangeWorkspaceFolders and the like live one level down.
        return property === 'workspace' && typeof value === 'object' && value !== null ? wrap(value) : value;
      }
      const known = REGISTRATIONS[property];
      if (known) return wrapRegistration(value as Handler, object, known, log);
      if (property === 'onRequest' || property === 'onNotification') return wrapRegistration(value as Handler, object, undefined, log);
      return (value as Handler).bind(object);
    },
  });
  return wrap(connection);
}

/**
 * The largest message body the server reads over stdio (64 MiB): far above any connector file an editor opens,
 * and low enough that a Content-Length such as 99999999999 is refused at once instead of reserving memory and
 * waiting for bytes that never come.
 */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** The largest header block: LSP sends at most Content-Length and Content-Type. */
export const MAX_HEADER_BYTES = 8 * 1024;

const CR = 13;
const LF = 10;
const COLON = 58;
/** RFC 9110's token characters, those a header name is made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]$/;

function shownByte(byte: number): string {
  return byte >= 0x20 && byte < 0x7f ? `"${String.fromCharCode(byte)}"` : `byte 0x${byte.toString(16).padStart(2, '0')}`;
}

/** Reads header blocks byte by byte and counts bodies off; says what is wrong at the first byte that breaks the framing. */
class FramingCheck {
  private state: 'line-start' | 'name' | 'value' | 'line-end' | 'block-end' = 'line-start';
  private headerBytes = 0;
  private name = '';
  private value = '';
  private headers: [string, string][] = [];
  private bodyLeft = 0;
  /** Bytes read so far, for the message. */
  private position = 0;

  /** Checks a chunk; the number of bytes that are well framed, and the problem at the next one if there is one. */
  check(chunk: Buffer): { good: number; problem?: string } {
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft > 0) {
        const taken = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= taken;
        at += taken;
        continue;
      }
      const problem = this.headerByte(chunk[at] as number);
      if (problem) return { good: at, problem: `${problem} (at byte ${this.position + at} of the input)` };
      at++;
    }
    this.position += chunk.length;
    return { good: chunk.length };
  }

  private headerByte(byte: number): string | undefined {
    if (++this.headerBytes > MAX_HEADER_BYTES) return `headers longer than ${MAX_HEADER_BYTES} bytes`;
    switch (this.state) {
      case 'line-start':
        if (byte === CR) this.state = 'block-end';
        else if (TOKEN.test(String.fromCharCode(byte))) [this.state, this.name, this.value] = ['name', String.fromCharCode(byte), ''];
        else return `${shownByte(byte)} where a header line should start`;
        return undefined;
      case 'name':
        if (byte === COLON) this.state = 'value';
        else if (TOKEN.test(String.fromCharCode(byte))) this.name += String.fromCharCode(byte);
        else return `${shownByte(byte)} in the header name "${this.name}"`;
        return undefined;
      case 'value':
        if (byte === CR) this.state = 'line-end';
        else if (byte === 9 || byte >= 0x20) this.value += String.fromCharCode(byte);
        else return `${shownByte(byte)} in the value of header "${this.name}"`;
        return undefined;
      case 'line-end':
        if (byte !== LF) return `a CR without LF after header "${this.name}"`;
        this.headers.push([this.name, this.value.trim()]);
        this.state = 'line-start';
        return undefined;
      case 'block-end':
        if (byte !== LF) return 'a CR without LF after the headers';
        return this.startBody();
    }
  }

  private startBody(): string | undefined {
    const lengths = this.headers.filter(([name]) => name.toLowerCase() === 'content-length').map(([, value]) => value);
    this.headers = [];
    this.headerBytes = 0;
    this.state = 'line-start';
    const [length] = lengths;
    if (length === undefined) return 'no Content-Length header';
    if (lengths.length > 1) return 'more than one Content-Length header';
    if (!/^[0-9]+$/.test(length)) return `Content-Length "${length}" is not a number of bytes`;
    if (Number(length) > MAX_MESSAGE_BYTES) return `Content-Length ${length} is more than the ${MAX_MESSAGE_BYTES} bytes a message may have`;
    this.bodyLeft = Number(length);
    return undefined;
  }
}

/**
 * The stdio input as the protocol library reads it: bytes pass through unchanged while the framing holds; at the
 * first byte that breaks it, what came before is passed on, `broken` is told what is wrong, and nothing more passes.
 */
function checkedFraming(broken: (problem: string) => void): Transform {
  const framing = new FramingCheck();
  let failed = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (failed) return done();
      const { good, problem } = framing.check(chunk);
      if (!problem) return done(null, chunk);
      failed = true;
      if (good > 0) this.push(chunk.subarray(0, good));
      broken(problem);
      return done();
    },
  });
}
