import { format } from 'jsonc-parser';
import { LineIndex } from '../core';
import type { FeatureGroup, ServerContext } from './context';
import { lspEdit } from './convert';
import { isValuesUri } from './valuesFiles';

/** The text of a document this server formats: a connector file, or a values file beside one. */
function formattable(context: ServerContext, uri: string): { text: string; lines: LineIndex } | undefined {
  const analysis = context.analyze(uri);
  if (analysis) return analysis;
  const document = isValuesUri(uri) ? context.documents.get(uri) : undefined;
  if (!document) return undefined;
  const text = document.getText();
  return { text, lines: new LineIndex(text) };
}

/** Document and range formatting with jsonc-parser: comments and trailing commas stay. */
export const formattingFeatures: FeatureGroup = {
  capabilities: { documentFormattingProvider: true, documentRangeFormattingProvider: true },
  register(context) {
    const { connection } = context;
    connection.onDocumentFormatting(({ textDocument, options }) => {
      const analysis = formattable(context, textDocument.uri);
      if (!analysis) return [];
      const edits = format(analysis.text, undefined, { tabSize: options.tabSize, insertSpaces: options.insertSpaces, eol: analysis.text.includes('\r\n') ? '\r\n' : '\n', keepLines: true });
      return edits.map((e) => lspEdit(analysis.lines, e));
    });
    connection.onDocumentRangeFormatting(({ textDocument, range, options }) => {
      const analysis = formattable(context, textDocument.uri);
      if (!analysis) return [];
      const offset = analysis.lines.offsetAt(range.start);
      const length = analysis.lines.offsetAt(range.end) - offset;
      const edits = format(analysis.text, { offset, length }, { tabSize: options.tabSize, insertSpaces: options.insertSpaces, keepLines: true });
      return edits.map((e) => lspEdit(analysis.lines, e));
    });
  },
};
