import { format } from 'jsonc-parser';
import type { FeatureGroup } from './context';
import { lspEdit } from './convert';

/** Document and range formatting with jsonc-parser: comments and trailing commas stay. */
export const formattingFeatures: FeatureGroup = {
  capabilities: { documentFormattingProvider: true, documentRangeFormattingProvider: true },
  register({ connection, analyze }) {
    connection.onDocumentFormatting(({ textDocument, options }) => {
      const analysis = analyze(textDocument.uri);
      if (!analysis) return [];
      const edits = format(analysis.text, undefined, { tabSize: options.tabSize, insertSpaces: options.insertSpaces, eol: analysis.text.includes('\r\n') ? '\r\n' : '\n', keepLines: true });
      return edits.map((e) => lspEdit(analysis.lines, e));
    });
    connection.onDocumentRangeFormatting(({ textDocument, range, options }) => {
      const analysis = analyze(textDocument.uri);
      if (!analysis) return [];
      const offset = analysis.lines.offsetAt(range.start);
      const length = analysis.lines.offsetAt(range.end) - offset;
      const edits = format(analysis.text, { offset, length }, { tabSize: options.tabSize, insertSpaces: options.insertSpaces, keepLines: true });
      return edits.map((e) => lspEdit(analysis.lines, e));
    });
  },
};
