import { existsSync } from 'node:fs';
import { readJsonTextSync } from '../io/jsonText';
import { basename, dirname } from 'node:path';
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import {
  describeInputs, etagFollowUps, hasValuesFor, LineIndex, listOperations, odataBodyFile, prepareRequest, secretVariable, sendPrepared,
  type BuildProblem, type Connector, type PortableResult, type Prepared, type SecretProvider, type SendOptions, type TokenCache,
  pageOfRequest,
} from '../core';
import { fileAccess, requestInputs, sendOptions, type SendingPlace } from '../sending/requestInputs';
import { serverTokens, useEditorSignIn } from './tokens';
import { editorSignInStore } from './signInStore';
import { editorBrowser } from './browserSignIn';
import { IdleCollection } from './idleCollection';
import {
  SIGN_OUT, type SignOutResult,
  DESCRIBE_OPERATION, LIST_OPERATIONS, PREVIEW_REQUEST, SEND_REQUEST, SEND_REQUEST_COMMAND,
  type DescribeOperationParams, type DescribeOperationResult, type ListOperationsParams, type ListOperationsResult,
  type PreviewRequestParams, type PreviewRequestResult, type SendRequestParams, type SendRequestResult, type ValuesChoice,
} from '../protocol';
import type { DocumentAnalysis, FeatureDeps, FeatureGroup } from './context';
import { SecretChannelError, secretsForClient } from './secretRequest';
import { valuesOfConnector } from '../io/fileKinds';
import { editorPlace } from './sendingPlace';
import { preview, sentView } from './sentView';

/** The requests behind Send Request, Preview Request and Copy as cURL: the server prepares and sends, like the CLI. */

/** A large answer leaves tens of MB of garbage (its text, its reading, the reply's JSON): collected once the server is quiet. */
const afterSending = new IdleCollection();
export function requestFeatures(deps: FeatureDeps): FeatureGroup {
  /** Where requests are sent from: the workspace, the allowed folders, the open documents (known once registered). */
  let place = (): SendingPlace => ({ workspaceFolders: [], allowedFolders: [], howToAllow: '', network: deps.network() });

  /** How to supply a missing secret, for the client in use. */
  let secretHint: (name: string) => string = () => '';

  function where(p: BuildProblem, analysis: DocumentAnalysis, values: { path: string; lines: LineIndex } | undefined): string {
    if (p.at?.file === 'connector') {
      const at = analysis.lines.positionAt(p.at.offset);
      return `line ${at.line + 1}:${at.character + 1} ${p.message}`;
    }
    if (p.at?.file === 'values' && values) {
      const at = values.lines.positionAt(p.at.offset);
      return `${basename(values.path)}:${at.line + 1}:${at.character + 1} ${p.message}`;
    }
    return p.code === 'missing-secret' && p.name ? `${p.message} ${secretHint(p.name)}` : p.message;
  }

  /** The values file's text: the open document when it is open (unsaved edits included), else the file on disk. */
  function valuesTextAt(path: string): string | undefined {
    return place().openText?.(path) ?? (existsSync(path) ? readJsonTextSync(path) : undefined);
  }

  /** A request prepared as the user chose it, how its problems read, and how it is sent. */
  interface Preparation {
    prepared: Prepared;
    describe: (p: BuildProblem) => string;
    send: SendOptions;
  }

  async function prepare(analysis: DocumentAnalysis, connector: Connector, operationId: string, choice: ValuesChoice | undefined, secrets: SecretProvider, extra: { environment?: string; tokens?: TokenCache; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Preparation> {
    const path = URI.parse(analysis.uri).fsPath;
    const valuesPath = valuesOfConnector(path);
    // The values file is used when the user chose it and it is there (open, or on disk).
    const useValues = choice !== undefined && 'valuesFile' in choice && (place().openText?.(valuesPath) !== undefined || existsSync(valuesPath));
    const timeoutMs = extra.timeoutMs ?? deps.settings().requestTimeoutMs;
    const assembled = await requestInputs(place(), {
      connectorPath: path,
      ...(extra.environment !== undefined ? { environment: extra.environment } : {}),
      ...(useValues ? { valuesFile: valuesPath } : {}),
      secrets,
      ...(extra.tokens ? { tokens: extra.tokens } : {}),
      timeoutMs,
      ...(extra.signal ? { signal: extra.signal } : {}),
    });
    if (!assembled.ok) {
      const problem: BuildProblem = assembled.problem === 'environment'
        ? { code: 'invalid-connector', message: assembled.message }
        : assembled.problem === 'network'
          ? { code: 'network-settings', message: assembled.message }
          : { code: 'file-unreadable', path: assembled.path, message: `${basename(assembled.path)} cannot be read: ${assembled.error instanceof Error ? assembled.error.message : String(assembled.error)}` };
      return { prepared: { ok: false, problems: [problem], warnings: [] }, describe: (p) => p.message, send: sendOptions(deps.network(), timeoutMs, extra.signal) };
    }
    const { inputs } = assembled;
    const prepared = await prepareRequest({
      connector,
      findings: analysis.result.findings,
      operationId,
      entered: choice && 'entered' in choice ? choice.entered : {},
      ...inputs.prepare,
    }).catch((error: unknown): Prepared => {
      // The editor's secret channel refused or failed: nothing is sent, and the message says why.
      if (error instanceof SecretChannelError) return { ok: false, problems: [{ code: 'secret-channel', message: error.message }], warnings: [] };
      throw error;
    });
    const values = inputs.valuesFile ? { path: inputs.valuesFile.path, lines: new LineIndex(inputs.valuesFile.text) } : undefined;
    return { prepared, describe: (p) => where(p, analysis, values), send: inputs.send };
  }

  return {
    capabilities: {},
    register({ connection, analyze, documents, client, registerCommand }) {
      place = () => editorPlace(deps, documents);
      useEditorSignIn(editorBrowser(connection, client), editorSignInStore(connection, client));
      const secretsFor = (uri: string): SecretProvider => secretsForClient(connection, uri, client().connectorToolsExtension);
      secretHint = (name) => (client().connectorToolsExtension ? "Run 'Connector: Set Secret…' to set it." : `Set ${secretVariable(name)} in the environment the language server runs in.`);

      /** Prepares and sends one operation; the result, or the problems that kept it from being sent. */
      async function send(uri: string, operationId: string, choice: ValuesChoice | undefined, timeoutMs: number, signal: AbortSignal, environment?: string, pages: Pick<SendRequestParams, 'maxPages' | 'pageUrl'> = {}): Promise<SendRequestResult> {
        const analysis = analyze(uri);
        const connector = analysis?.result.connector;
        if (!analysis || !connector) return { ok: false, problems: ['Open the connector file first.'] };
        const { prepared, describe, send: options } = await prepare(analysis, connector, operationId, choice, secretsFor(uri), { ...(environment !== undefined ? { environment } : {}), tokens: serverTokens, timeoutMs, signal });
        if (!prepared.ok) return { ok: false, problems: prepared.problems.map(describe) };
        let request = prepared.request;
        if (pages.pageUrl !== undefined) {
          // Next page: the same request (headers, credentials) at the page's address, on the request's own origin only.
          const page = pageOfRequest(request, pages.pageUrl);
          if (!page.ok) return { ok: false, problems: [page.message] };
          request = page.request;
        }
        const sent = await sendPrepared(request, options, pages.maxPages !== undefined ? { maxPages: Math.floor(pages.maxPages) } : undefined);
        // Nothing of the answer is kept here once it is sent on; its text, reading and reply are garbage to give back.
        afterSending.checked(sent.rawText.length);
        const next = etagFollowUps(connector, operationId, sent.result.data, sent.responseHeaders);
        return { ok: true, ...sentView(request, prepared.values, sent, options.network), ...(next.followUps.length > 0 ? { etagFollowUps: next.followUps } : {}) };
      }

      // Any client: `connector.sendRequest` [uri, operationId] with the values file's values and the defaults.
      registerCommand(SEND_REQUEST_COMMAND, async (args): Promise<PortableResult | { problems: string[] }> => {
        const [uri, operationId] = args;
        if (typeof uri !== 'string' || typeof operationId !== 'string') {
          throw new ResponseError(ErrorCodes.InvalidParams, `${SEND_REQUEST_COMMAND} takes [uri, operation id].`);
        }
        const valuesPath = valuesOfConnector(URI.parse(uri).fsPath);
        const valuesText = valuesTextAt(valuesPath);
        const choice: ValuesChoice = valuesText !== undefined && hasValuesFor(valuesText, operationId) ? { valuesFile: true } : { entered: {} };
        const outcome = await send(uri, operationId, choice, deps.settings().requestTimeoutMs, new AbortController().signal);
        if (!outcome.ok) {
          void connection.window.showErrorMessage(`${operationId} was not sent: ${outcome.problems.join(' ')}`);
          return { problems: outcome.problems };
        }
        const { status, timing } = outcome.result;
        const summary = `${operationId}: ${status === 0 ? 'no answer' : `status ${status}`} in ${Math.round(timing.totalMs)} ms${outcome.result.errors.length ? ` (${outcome.result.errors.join(' ')})` : ''}`;
        void (status >= 200 && status < 300 ? connection.window.showInformationMessage(summary) : connection.window.showWarningMessage(summary));
        return outcome.result;
      });
      connection.onRequest(LIST_OPERATIONS, (params: ListOperationsParams): ListOperationsResult => {
        const connector = analyze(params.uri)?.result.connector;
        return connector ? listOperations(connector) : [];
      });

      connection.onRequest(DESCRIBE_OPERATION, async (params: DescribeOperationParams): Promise<DescribeOperationResult> => {
        const analysis = analyze(params.uri);
        const connector = analysis?.result.connector;
        if (!analysis || !connector) return { inputs: [], blockers: ['Open the connector file first.'] };
        const errors = analysis.result.findings.filter((f) => f.severity === 'error');
        const blockers = errors.map((f) => {
          const p = analysis.lines.positionAt(f.offset);
          return `line ${p.line + 1}:${p.character + 1} ${f.message}`;
        });
        const inputs = describeInputs(connector, params.operationId);
        if (!inputs) return { inputs: [], blockers: [...blockers, `The file has no operation '${params.operationId}' any more.`] };
        const path = valuesOfConnector(URI.parse(params.uri).fsPath);
        const valuesText = valuesTextAt(path);
        if (valuesText === undefined || !hasValuesFor(valuesText, params.operationId)) {
          // Prompts need the body file's variables too: the preparation reads the file, the inputs come from it.
          return { inputs: describeInputs(connector, params.operationId, await bodyTexts(analysis, params.operationId)) ?? inputs, blockers };
        }
        const { prepared, describe } = await prepare(analysis, connector, params.operationId, { valuesFile: true }, (name) => `(secret ${name})`);
        const own = prepared.ok ? [] : prepared.problems.filter((p) => p.at?.file === 'values' || p.code === 'invalid-value' || p.code === 'unknown-value');
        return { inputs, blockers, valuesFile: { uri: URI.file(path).toString(), problems: own.map(describe), warnings: prepared.warnings.map(describe) } };
      });

      /** Texts of the Custom request's body file, when it has one inside the workspace. */
      async function bodyTexts(analysis: DocumentAnalysis, operationId: string): Promise<Map<string, string>> {
        const out = new Map<string, string>();
        const connector = analysis.result.connector;
        const request = connector?.kind === 'odata' ? connector.customRequests.find((r) => r.id?.value === operationId) : undefined;
        const file = request ? odataBodyFile(request) : undefined;
        if (file === undefined) return out;
        const path = URI.parse(analysis.uri).fsPath;
        const access = fileAccess(place(), path);
        const found = await access.find(file, dirname(path));
        const read = found.ok ? await access.readText(found.file) : undefined;
        if (read?.ok) out.set(file, read.text);
        return out;
      }

      connection.onRequest(PREVIEW_REQUEST, async (params: PreviewRequestParams): Promise<PreviewRequestResult> => {
        const analysis = analyze(params.uri);
        const connector = analysis?.result.connector;
        if (!analysis || !connector) return { ok: false, problems: ['Open the connector file first.'] };
        // A preview asks for no secret: a stand-in is redacted like the real value would be.
        const { prepared, describe, send } = await prepare(analysis, connector, params.operationId, params.values, (name) => `(secret ${name})`, params.environment !== undefined ? { environment: params.environment } : {});
        return prepared.ok ? { ok: true, preview: preview(prepared.request, send.network) } : { ok: false, problems: prepared.problems.map(describe) };
      });

      // Sign Out: tokens in memory and sign-ins in flight are forgotten; the client removes the sign-ins it keeps.
      connection.onRequest(SIGN_OUT, (): SignOutResult => {
        serverTokens.clear();
        return { forgotten: true };
      });

      connection.onRequest(SEND_REQUEST, async (params: SendRequestParams, token): Promise<SendRequestResult> => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        try {
          return await send(params.uri, params.operationId, params.values, params.timeoutMs ?? deps.settings().requestTimeoutMs, controller.signal, params.environment, params);
        } finally {
          subscription.dispose();
        }
      });
    },
  };
}
