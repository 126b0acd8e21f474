import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { URI } from 'vscode-uri';
import { curlCommand, describeRequest } from '../core/request/curl';
import { buildRequest } from '../core/request';
import { describeInputs, listOperations } from '../core/request/inputs';
import { redactRequest } from '../core/request/redact';
import { runRequest, type RunOutcome } from '../core/request/run';
import type { BuiltRequest, SecretProvider } from '../core/request/types';
import { checkValuesFile, valuesFor } from '../core/request/valuesFile';
import { LineIndex } from '../core/lineIndex';
import {
  DESCRIBE_OPERATION, LIST_OPERATIONS, PREVIEW_REQUEST, SEND_REQUEST,
  type DescribeOperationParams, type DescribeOperationResult, type ListOperationsParams, type ListOperationsResult,
  type PreviewRequestParams, type PreviewRequestResult, type RequestPreview, type SendRequestParams, type SendRequestResult,
} from '../protocol';
import type { FeatureGroup } from './context';
import { editorSecrets, SecretChannelError } from './secretRequest';
import type { FeatureDeps } from './startServer';

/** The values file beside a connector file: `NAME.values.json` for `NAME.connector.json`. */
export function valuesFilePath(connectorPath: string): string {
  return join(dirname(connectorPath), `${basename(connectorPath).replace(/\.connector\.json$/i, '')}.values.json`);
}

function preview(request: BuiltRequest): RequestPreview {
  const shown = redactRequest(request);
  const body = describeRequest(request).split('\n\n').slice(1).join('\n\n');
  return { method: shown.method, url: shown.url, headers: shown.headers, ...(body ? { body } : {}), warnings: shown.warnings, curl: curlCommand(request) };
}

/** The custom requests behind Send Request, Preview Request and Copy as cURL: the server builds and sends. */
export function requestFeatures(deps: FeatureDeps): FeatureGroup {
  return {
    capabilities: {},
    register({ connection, analyze }) {
      connection.onRequest(LIST_OPERATIONS, (params: ListOperationsParams): ListOperationsResult => {
        const connector = analyze(params.uri)?.result.connector;
        return connector ? listOperations(connector) : [];
      });

      connection.onRequest(DESCRIBE_OPERATION, (params: DescribeOperationParams): DescribeOperationResult => {
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
        const path = valuesFilePath(URI.parse(params.uri).fsPath);
        if (!existsSync(path)) return { inputs, blockers };
        const text = readFileSync(path, 'utf8');
        const lines = new LineIndex(text);
        const problems = checkValuesFile(text, connector).map((f) => {
          const p = lines.positionAt(f.offset);
          return `${basename(path)}:${p.line + 1}:${p.character + 1} ${f.message}`;
        });
        const values = valuesFor(text, params.operationId);
        const hasEntry = problems.length > 0 || Object.keys(values).length > 0 || new RegExp(`"${params.operationId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`).test(text);
        return hasEntry ? { inputs, blockers, valuesFile: { uri: URI.file(path).toString(), values, problems } } : { inputs, blockers };
      });

      connection.onRequest(PREVIEW_REQUEST, async (params: PreviewRequestParams): Promise<PreviewRequestResult> => {
        const connector = analyze(params.uri)?.result.connector;
        if (!connector) return { ok: false, problems: ['Open the connector file first.'] };
        // A preview asks for no secret: a stand-in is redacted like the real value would be.
        const standIn: SecretProvider = (name) => `(secret ${name})`;
        const built = await buildRequest({ connector, operationId: params.operationId, values: params.values, secrets: standIn, baseDir: dirname(URI.parse(params.uri).fsPath) });
        return built.ok ? { ok: true, preview: preview(built.request) } : { ok: false, problems: built.problems.map((p) => p.message) };
      });

      connection.onRequest(SEND_REQUEST, async (params: SendRequestParams, token): Promise<SendRequestResult> => {
        const connector = analyze(params.uri)?.result.connector;
        if (!connector) return { ok: false, problems: ['Open the connector file first.'] };
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        try {
          const outcome = await runRequest({
            connector,
            operationId: params.operationId,
            values: params.values,
            secrets: editorSecrets(connection, params.uri),
            baseDir: dirname(URI.parse(params.uri).fsPath),
            send: { timeoutMs: params.timeoutMs ?? deps.settings().requestTimeoutMs, signal: controller.signal },
          }).catch((error: unknown): RunOutcome => {
            if (error instanceof SecretChannelError) return { sent: false, problems: [{ code: 'missing-secret', message: error.message }] };
            throw error;
          });
          if (!outcome.sent) {
            return { ok: false, problems: outcome.problems.map((p) => (p.code === 'missing-secret' && p.name ? `${p.message} Run 'Connector: Set Secret…' to set it.` : p.message)) };
          }
          return { ok: true, preview: preview(outcome.request), result: outcome.result, rawText: outcome.rawText };
        } finally {
          subscription.dispose();
        }
      });
    },
  };
}
