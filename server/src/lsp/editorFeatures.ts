import { readJsonText } from '../io/jsonText';
import { glob } from 'tinyglobby';
import {
  CompletionItemKind, InsertTextFormat, MarkupKind, ResponseError, SymbolKind,
  type CodeLens, type CompletionItem, type CompletionList, type DocumentSymbol, type WorkspaceSymbol,
} from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { LineIndex, type CompletionProposal, type ConnectorLanguageService, type OutlineSymbol } from '../core';
import { isTestsUri, testsDocumentOf } from './suiteFeatures';
import { SEND_REQUEST_COMMAND } from '../protocol';
import { snippetAsPlainText } from './clientProfile';
import { boundedProposals } from './completionLimit';
import type { DocumentAnalysis, FeatureGroup } from './context';
import { lspEdit, rangeOf } from './convert';

const COMPLETION_KIND = { property: CompletionItemKind.Property, value: CompletionItemKind.Value, reference: CompletionItemKind.Reference, header: CompletionItemKind.Field } as const;
const SYMBOL_KIND = { connector: SymbolKind.Module, operation: SymbolKind.Method, request: SymbolKind.Function, model: SymbolKind.Struct, parameter: SymbolKind.Field } as const;

function toDocumentSymbol(lines: LineIndex, symbol: OutlineSymbol): DocumentSymbol {
  const range = rangeOf(lines, symbol);
  const selection = rangeOf(lines, { offset: symbol.nameOffset, length: symbol.nameLength });
  return {
    name: symbol.name,
    ...(symbol.detail ? { detail: symbol.detail } : {}),
    kind: SYMBOL_KIND[symbol.kind],
    range,
    // The selection must lie inside the range; a name outside (a missing id) falls back to the start.
    selectionRange: symbol.nameOffset >= symbol.offset && symbol.nameOffset + symbol.nameLength <= symbol.offset + symbol.length ? selection : { start: range.start, end: range.start },
    children: symbol.children.map((c) => toDocumentSymbol(lines, c)),
  };
}

function operationSymbols(service: ConnectorLanguageService, uri: string, text: string, lines: LineIndex): WorkspaceSymbol[] {
  const [root] = service.outline(service.read(text));
  return (root?.children ?? [])
    .filter((s) => s.kind === 'operation' || s.kind === 'request')
    .map((s) => ({ name: s.name, kind: SYMBOL_KIND[s.kind], containerName: root?.name ?? '', location: { uri, range: rangeOf(lines, { offset: s.nameOffset, length: s.nameLength }) } }));
}

/** Completion, hover, outline, workspace symbols, definition, references, rename and code lenses. */
export function editorFeatures(folders: () => string[]): FeatureGroup {
  return {
    capabilities: {
      // '/' and '(' open a url segment or a key, where the service's metadata has proposals.
      completionProvider: { triggerCharacters: ['"', '{', ':', '/', '('] },
      hoverProvider: true,
      documentSymbolProvider: { label: 'Connector' },
      workspaceSymbolProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: true },
      codeLensProvider: { resolveProvider: false },
    },
    register({ connection, documents, analyze, client, service }) {
      const testsFileHover = (uri: string, position: { line: number; character: number }) => {
        const tests = testsDocumentOf(service, documents, uri);
        if (!tests) return null;
        const lines = new LineIndex(tests.parsed.text);
        const info = service.testsHoverAt(tests, lines.offsetAt(position));
        return info ? { contents: { kind: MarkupKind.Markdown, value: info.markdown }, range: rangeOf(lines, info) } : null;
      };
      const withAnalysis = <T>(uri: string, fallback: T, run: (a: DocumentAnalysis) => T): T => {
        const analysis = analyze(uri);
        return analysis ? run(analysis) : fallback;
      };

      /** A tests file is completed from its connector's operations and values; a connector file from its own model. */
      const proposals = (uri: string, position: { line: number; character: number }): { text: string; lines: LineIndex; list: CompletionProposal[] } | undefined => {
        if (isTestsUri(uri)) {
          const tests = testsDocumentOf(service, documents, uri);
          if (!tests) return undefined;
          const { text } = tests.parsed;
          const lines = new LineIndex(text);
          return { text, lines, list: service.testsCompletionsAt(tests, lines.offsetAt(position)) };
        }
        const a = analyze(uri);
        if (!a) return undefined;
        const offset = a.lines.offsetAt(position);
        return { text: a.text, lines: a.lines, list: service.completionsAt(a.result, offset) };
      };

      connection.onCompletion(({ textDocument, position }): CompletionItem[] | CompletionList => {
        const a = proposals(textDocument.uri, position);
        if (!a) return [] as CompletionItem[];
        const { proposals: sent, incomplete } = boundedProposals(a.list, a.text, a.lines.offsetAt(position));
        const items = sent.map((p, index): CompletionItem => ({
          label: p.label,
          kind: COMPLETION_KIND[p.kind],
          sortText: String(index).padStart(4, '0'),
          // VS Code filters by the text from the edit's start to the cursor, which begins with the string's quote.
          filterText: a.text[p.replace.offset] === '"' && p.replace.length > 0 && !p.label.startsWith('"') ? `"${p.label}` : p.label,
          ...(p.documentation ? { documentation: { kind: MarkupKind.Markdown, value: p.documentation } } : {}),
          // A client without snippet support would insert `$1` literally: it gets the plain text.
          ...(p.snippet && client().snippetSupport
            ? { textEdit: { range: rangeOf(a.lines, p.replace), newText: p.insertText }, insertTextFormat: InsertTextFormat.Snippet }
            : { textEdit: { range: rangeOf(a.lines, p.replace), newText: p.snippet ? snippetAsPlainText(p.insertText) : p.insertText }, insertTextFormat: InsertTextFormat.PlainText }),
        }));
        return incomplete ? { isIncomplete: true, items } : items;
      });

      connection.onHover(({ textDocument, position }) => isTestsUri(textDocument.uri) ? testsFileHover(textDocument.uri, position) : withAnalysis(textDocument.uri, null, (a) => {
        const info = service.hoverAt(a.result, a.lines.offsetAt(position));
        return info ? { contents: { kind: MarkupKind.Markdown, value: info.markdown }, range: rangeOf(a.lines, info) } : null;
      }));

      connection.onDocumentSymbol(({ textDocument }) => withAnalysis(textDocument.uri, [] as DocumentSymbol[], (a) => service.outline(a.result).map((s) => toDocumentSymbol(a.lines, s))));

      connection.onWorkspaceSymbol(async ({ query }, token) => {
        const symbols: WorkspaceSymbol[] = [];
        const seen = new Set<string>();
        for (const document of documents.all()) {
          const a = analyze(document.uri);
          if (!a) continue;
          seen.add(document.uri);
          symbols.push(...operationSymbols(service, a.uri, a.text, a.lines));
        }
        for (const folder of folders()) {
          const files = await glob('**/*.connector.json', { cwd: URI.parse(folder).fsPath, absolute: true, ignore: ['**/node_modules/**', '**/.git/**'] });
          for (const file of files) {
            if (token.isCancellationRequested) break;
            const uri = URI.file(file).toString();
            if (seen.has(uri)) continue;
            const text = await readJsonText(file).catch(() => undefined);
            if (text !== undefined) symbols.push(...operationSymbols(service, uri, text, new LineIndex(text)));
          }
        }
        const wanted = query.toLowerCase();
        return symbols.filter((s) => s.name.toLowerCase().includes(wanted));
      });

      connection.onDefinition(({ textDocument, position }) => withAnalysis(textDocument.uri, null, (a) => {
        const span = service.definitionAt(a.result, a.lines.offsetAt(position));
        return span ? { uri: a.uri, range: rangeOf(a.lines, span) } : null;
      }));

      connection.onReferences(({ textDocument, position, context }) => withAnalysis(textDocument.uri, [], (a) =>
        service.referencesAt(a.result, a.lines.offsetAt(position), context.includeDeclaration).map((span) => ({ uri: a.uri, range: rangeOf(a.lines, span) }))));

      connection.onPrepareRename(({ textDocument, position }) => withAnalysis(textDocument.uri, null, (a) => {
        const thing = service.namedThingAt(a.result, a.lines.offsetAt(position));
        return thing ? { range: rangeOf(a.lines, thing.span), placeholder: thing.name } : null;
      }));

      connection.onRenameRequest(({ textDocument, position, newName }) => {
        const a = analyze(textDocument.uri);
        if (!a) return null;
        const result = service.renameAt(a.result, a.lines.offsetAt(position), newName);
        if ('error' in result) throw new ResponseError(-32803, result.error);
        return { changes: { [a.uri]: result.edits.map((e) => lspEdit(a.lines, e)) } };
      });

      connection.onCodeLens(({ textDocument }) => withAnalysis(textDocument.uri, [] as CodeLens[], (a) => {
        const out: CodeLens[] = [];
        for (const lens of service.lenses(a.result)) {
          const range = rangeOf(a.lines, { offset: lens.offset, length: 0 });
          if (lens.operationId) {
            // VS Code's icon syntax and client-side command only where our extension runs; elsewhere the server's command.
            out.push({ range, command: client().connectorToolsExtension
              ? { title: '$(play) Send request', command: 'connectorTools.sendRequest', arguments: [{ uri: a.uri, operationId: lens.operationId }] }
              : { title: '▶ Send request', command: SEND_REQUEST_COMMAND, arguments: [a.uri, lens.operationId] } });
          }
          if (lens.variables) {
            const title = lens.variables.length ? `Variables: ${lens.variables.join(', ')}` : 'No variables';
            out.push({ range, command: { title, command: '' } });
          }
        }
        return out;
      }));
    },
  };
}
