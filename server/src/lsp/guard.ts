// The server's front door. Every handler is registered through a guarded connection: a message whose params do
// not have the shape the protocol gives them is turned away before any handler or TextDocuments sees it (a
// request gets an InvalidParams answer, a notification is logged and ignored), and a handler that throws
// answers with an error instead of taking the process down. A document opened with a number for its text once
// ended the server; nothing a client sends may do that again.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';

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

const position = object({ line: uinteger, character: uinteger });
const range = object({ start: position, end: position });
const textDocument = object({ uri: string });
const atPosition = object({ textDocument, position });
const workspaceFolder = object({ uri: string, name: optional(string) });

/** The shape of each message's params the server handles, by method. */
const PARAMS: Record<string, Check> = {
  initialize: object({ rootUri: nullable(string), workspaceFolders: nullable(arrayOf(workspaceFolder)), capabilities: optional(object({})) }),
  initialized: anything,
  shutdown: anything,
  'textDocument/didOpen': object({ textDocument: object({ uri: string, languageId: string, version: integer, text: string }) }),
  'textDocument/didChange': object({
    textDocument: object({ uri: string, version: integer }),
    contentChanges: arrayOf(object({ text: string, range: optional(range), rangeLength: optional(uinteger) })),
  }),
  'textDocument/didClose': object({ textDocument }),
  'textDocument/didSave': object({ textDocument, text: optional(string) }),
  'textDocument/willSave': object({ textDocument, reason: integer }),
  'textDocument/willSaveWaitUntil': object({ textDocument, reason: integer }),
  'workspace/didChangeConfiguration': object({ settings: anything }),
  'workspace/didChangeWatchedFiles': object({ changes: arrayOf(object({ uri: string, type: integer })) }),
  'workspace/didChangeWorkspaceFolders': object({ event: object({ added: arrayOf(workspaceFolder), removed: arrayOf(workspaceFolder) }) }),
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
  'connector/sendRequest': object({ uri: string, operationId: string, values, timeoutMs: optional(between(1, MAX_TIMEOUT_MS)), environment: optional(string) }),
  'connector/listEnvironments': anything,
  'connector/listTestCases': object({ uri: string }),
  'connector/runTestCases': object({ uri: string, indexes: optional(arrayOf(uinteger)), environment: optional(string), timeoutMs: optional(between(1, MAX_TIMEOUT_MS)) }),
  'connector/useAsResponseStructure': object({ uri: string, operationId: string, rawText: string }),
  'connector/saveAsExpectation': object({ uri: string, operationId: string, valuesJson: string, status: integer, dataJson: optional(string) }),
  'connector/addQueryParameters': object({ uri: string, operationOffset: uinteger, names: string, type: string, required: boolean }),
  'connector/checkAll': anything,
};

/** What is wrong with a message's params, or undefined when they have the shape the server expects (or it knows none). */
export function paramsProblem(method: string, params: unknown): string | undefined {
  const check = PARAMS[method];
  if (!check) return undefined;
  const problem = check(params);
  return problem ? `${method}: the params must be ${problem.startsWith("'") ? `an object whose ${problem}` : problem}.` : undefined;
}

/** The connection's registration methods and the messages they handle. */
const REGISTRATIONS: Record<string, { method: string; request: boolean }> = {
  onInitialize: { method: 'initialize', request: true },
  onInitialized: { method: 'initialized', request: false },
  onShutdown: { method: 'shutdown', request: true },
  onDidOpenTextDocument: { method: 'textDocument/didOpen', request: false },
  onDidChangeTextDocument: { method: 'textDocument/didChange', request: false },
  onDidCloseTextDocument: { method: 'textDocument/didClose', request: false },
  onDidSaveTextDocument: { method: 'textDocument/didSave', request: false },
  onWillSaveTextDocument: { method: 'textDocument/willSave', request: false },
  onWillSaveTextDocumentWaitUntil: { method: 'textDocument/willSaveWaitUntil', request: true },
  onDidChangeConfiguration: { method: 'workspace/didChangeConfiguration', request: false },
  onDidChangeWorkspaceFolders: { method: 'workspace/didChangeWorkspaceFolders', request: false },
  onDidChangeWatchedFiles: { method: 'workspace/didChangeWatchedFiles', request: false },
  onCompletion: { method: 'textDocument/completion', request: true },
  onHover: { method: 'textDocument/hover', request: true },
  onDefinition: { method: 'textDocument/definition', request: true },
  onReferences: { method: 'textDocument/references', request: true },
  onPrepareRename: { method: 'textDocument/prepareRename', request: true },
  onRenameRequest: { method: 'textDocument/rename', request: true },
  onDocumentSymbol: { method: 'textDocument/documentSymbol', request: true },
  onCodeLens: { method: 'textDocument/codeLens', request: true },
  onCodeAction: { method: 'textDocument/codeAction', request: true },
  onDocumentFormatting: { method: 'textDocument/formatting', request: true },
  onDocumentRangeFormatting: { method: 'textDocument/rangeFormatting', request: true },
  onWorkspaceSymbol: { method: 'workspace/symbol', request: true },
  onExecuteCommand: { method: 'workspace/executeCommand', request: true },
};

type Handler = (...args: unknown[]) => unknown;

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A handler that first checks its params, and turns a throw (or a rejection) into an error answer or a log line. */
function guarded(method: string, request: boolean, handler: Handler, log: (message: string) => void): Handler {
  const refuse = (message: string): undefined => {
    if (request) throw new ResponseError(ErrorCodes.InvalidParams, message);
    log(`Ignored a malformed ${method} notification: ${message}`);
    return undefined;
  };
  const failed = (error: unknown): never | undefined => {
    if (error instanceof ResponseError) throw error;
    const message = `${method} failed: ${describeError(error)}`;
    if (request) throw new ResponseError(ErrorCodes.InternalError, message);
    log(message);
    return undefined;
  };
  return (params: unknown, ...rest: unknown[]): unknown => {
    const problem = paramsProblem(method, params);
    if (problem) return refuse(problem);
    try {
      const result = handler(params, ...rest);
      return result instanceof Promise ? result.catch(failed) : result;
    } catch (error) {
      return failed(error);
    }
  };
}

/** Wraps the handler argument of a registration call (the last function argument) in a guard. */
function wrapRegistration(register: Handler, target: object, method: string | undefined, request: boolean, log: (message: string) => void): Handler {
  return (...args: unknown[]): unknown => {
    const at = args.findLastIndex((a) => typeof a === 'function');
    const name = method ?? (typeof args[0] === 'string' ? args[0] : (args[0] as { method?: string } | undefined)?.method) ?? 'a message';
    if (at >= 0) args[at] = guarded(name, request, args[at] as Handler, log);
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
      if (known) return wrapRegistration(value as Handler, object, known.method, known.request, log);
      if (property === 'onRequest') return wrapRegistration(value as Handler, object, undefined, true, log);
      if (property === 'onNotification') return wrapRegistration(value as Handler, object, undefined, false, log);
      return (value as Handler).bind(object);
    },
  });
  return wrap(connection);
}
