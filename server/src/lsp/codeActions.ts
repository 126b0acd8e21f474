import { CodeActionKind, ErrorCodes, ResponseError, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { fixIn, type KeptFix } from '../core';
import { ADD_QUERY_PARAMETERS, ADD_QUERY_PARAMETERS_COMMAND_SERVER, FETCH_METADATA_COMMAND, type AddQueryParametersParams, type AddQueryParametersResult } from '../protocol';
import type { DocumentAnalysis, FeatureGroup } from './context';
import { lspEdit, rangeOf, toDiagnostic } from './convert';
import { pastedCurlActions } from '../requestImport/lspFeatures';

/** The client command that asks for names, type and "required", then sends ADD_QUERY_PARAMETERS. */
export const ADD_QUERY_PARAMETERS_COMMAND = 'connectorTools.addQueryParameters';
/** The client command that fetches the $metadata (progress, secrets from the editor, the connector edit). */
export const FETCH_METADATA_CLIENT_COMMAND = 'connectorTools.fetchMetadata';
/** The client command that adds Custom requests from the connector's $metadata (a picker, then the edit). */
export const ADD_FROM_METADATA_CLIENT_COMMAND = 'connectorTools.addCustomRequestsFromMetadata';

function fixAction(analysis: DocumentAnalysis, kept: KeptFix, diagnostic: Diagnostic | undefined): CodeAction {
  const fix = fixIn(kept, analysis.text);
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    ...(diagnostic ? { diagnostics: [diagnostic] } : {}),
    ...(fix.preferred ? { isPreferred: true } : {}),
    edit: { changes: { [analysis.uri]: fix.edits.map((e) => lspEdit(analysis.lines, e)) } },
  };
}

function overlaps(a: { offset: number; length: number }, start: number, end: number): boolean {
  return a.offset <= end && a.offset + a.length >= start;
}

/** Quick fixes for every finding under the cursor, and the platform's shortcuts where they apply. */
export const codeActionFeatures: FeatureGroup = {
  capabilities: { codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Refactor] } },
  register({ connection, analyze, client, registerCommand, service, documents }) {
    const addQueryParameters = (params: AddQueryParametersParams): AddQueryParametersResult => {
      const analysis = analyze(params.uri);
      const result = analysis ? service.addQueryParameters(analysis.result, params.operationOffset, params.names, params.type, params.required) : undefined;
      if (!analysis || !result) return { edit: { changes: {} }, added: [], skipped: [], problem: 'The operation is no longer there; try again.' };
      const { edits, added, skipped, operation } = result;
      return { edit: { changes: { [analysis.uri]: edits.map((e) => lspEdit(analysis.lines, e)) } }, added, skipped, range: rangeOf(analysis.lines, operation) };
    };

    /** An offset in the document, from an offset or an LSP position ({ line, character }); undefined for anything else. */
    const offsetOf = (uri: string, where: unknown): number | undefined => {
      if (typeof where === 'number') return Number.isSafeInteger(where) && where >= 0 ? where : undefined;
      const { line, character } = (typeof where === 'object' && where !== null ? where : {}) as { line?: unknown; character?: unknown };
      if (!Number.isSafeInteger(line) || !Number.isSafeInteger(character) || (line as number) < 0 || (character as number) < 0) return undefined;
      return analyze(uri)?.lines.offsetAt({ line: line as number, character: character as number }) ?? 0;
    };

    connection.onCodeAction(async ({ textDocument, range, context }) => {
      const analysis = analyze(textDocument.uri);
      if (!analysis) return [];
      const start = analysis.lines.offsetAt(range.start);
      const end = analysis.lines.offsetAt(range.end);
      const actions: CodeAction[] = [];
      const wanted = context.only;
      const wants = (kind: string): boolean => !wanted || wanted.some((k) => kind === k || kind.startsWith(`${k}.`));
      if (wants(CodeActionKind.QuickFix)) {
        for (const finding of analysis.result.findings) {
          if (!finding.fixes?.length || !overlaps(finding, start, end)) continue;
          const diagnostic = toDiagnostic(analysis.lines, finding, analysis.uri);
          for (const fix of finding.fixes) actions.push(fixAction(analysis, fix, diagnostic));
        }
      }
      // A curl command pasted into the file: made an operation of the connector.
      if (wants(CodeActionKind.QuickFix)) actions.push(...(await pastedCurlActions(analysis, start, documents, client())));
      const connector = analysis.result.connector;
      // An OData connector without metadata: fetching it turns on the checks and completion that use it.
      if (wants(CodeActionKind.QuickFix) && connector?.kind === 'odata' && !connector.metadata && connector.baseUrl) {
        const title = 'Fetch $metadata from the service';
        actions.push({ title, kind: CodeActionKind.QuickFix, command: client().connectorToolsExtension ? { title, command: FETCH_METADATA_CLIENT_COMMAND, arguments: [analysis.uri] } : { title, command: FETCH_METADATA_COMMAND, arguments: [analysis.uri] } });
      }
      // An OData connector with metadata: write Custom requests from it, offered where requests and the metadata are named.
      if (wants(CodeActionKind.Refactor) && client().connectorToolsExtension && connector?.kind === 'odata' && connector.metadata) {
        const places = [connector.metadata.keyNode.parent, connector.customRequestsNode?.parent].filter((n) => n !== undefined);
        if (places.some((n) => overlaps(n, start, end))) {
          const title = 'Add Custom Requests from $metadata…';
          actions.push({ title, kind: CodeActionKind.Refactor, command: { title, command: ADD_FROM_METADATA_CLIENT_COMMAND, arguments: [analysis.uri] } });
        }
      }
      if (!wants(CodeActionKind.Refactor)) return actions;
      for (const refactoring of service.refactoringsAt(analysis.result, start)) {
        if (refactoring.id === 'add-query-parameters') {
          // Only our extension can ask for the names; other clients run the server's command with them as arguments.
          if (!client().connectorToolsExtension) continue;
          actions.push({
            title: refactoring.title,
            kind: CodeActionKind.Refactor,
            command: { title: refactoring.title, command: ADD_QUERY_PARAMETERS_COMMAND, arguments: [analysis.uri, refactoring.operationOffset] },
          });
        } else {
          actions.push({ title: refactoring.title, kind: CodeActionKind.Refactor, edit: { changes: { [analysis.uri]: refactoring.edits.map((e) => lspEdit(analysis.lines, e)) } } });
        }
      }
      return actions;
    });

    connection.onRequest(ADD_QUERY_PARAMETERS, addQueryParameters);

    // Any client: `connector.addQueryParameters` [uri, where, "a, b, c", type = "string", required = false]. Where is
    // an LSP position inside the operation (the cursor, as an editor's own command has it) or an offset in the text.
    registerCommand(ADD_QUERY_PARAMETERS_COMMAND_SERVER, async (args) => {
      const [uri, where, names, type = 'string', required = false] = args;
      const operationOffset = typeof uri === 'string' ? offsetOf(uri, where) : undefined;
      if (typeof uri !== 'string' || operationOffset === undefined || typeof names !== 'string' || typeof type !== 'string' || typeof required !== 'boolean') {
        throw new ResponseError(ErrorCodes.InvalidParams, `${ADD_QUERY_PARAMETERS_COMMAND_SERVER} takes [uri, position or offset of the operation, "name1, name2", type?, required?].`);
      }
      const result = addQueryParameters({ uri, operationOffset, names, type, required });
      if (result.problem) throw new ResponseError(ErrorCodes.InvalidParams, result.problem);
      if (!client().applyEdit) return result;
      const applied = await connection.workspace.applyEdit({ label: 'Add query parameters', edit: result.edit });
      return { added: result.added, skipped: result.skipped, applied: applied.applied };
    });
  },
};
