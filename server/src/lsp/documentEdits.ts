// The open documents, kept in step with the editor's changes, and for each where those changes fell since the server
// last read its text: checking the next version and indexing its lines then start from there instead of comparing
// two versions of a large file character by character.
import { TextDocuments, type TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { composeRegions, type ChangedRegion } from '../core';

/** Where each document's text changed since it was last taken; null when a change replaced the whole text. */
export class DocumentEdits {
  private readonly regions = new Map<string, ChangedRegion | null>();

  /** Notes one change about to be made to `document` (its text as it is before the change). */
  record(document: TextDocument, change: TextDocumentContentChangeEvent): void {
    const known = this.regions.get(document.uri);
    if (known === null) return;
    if (!('range' in change) || change.range === undefined) {
      this.regions.set(document.uri, null);
      return;
    }
    // As the document applies it: the range's ends as offsets (clamped into the text), in order.
    const from = document.offsetAt(change.range.start);
    const to = document.offsetAt(change.range.end);
    const start = Math.min(from, to);
    const region = { start, oldEnd: Math.max(from, to), newEnd: start + change.text.length };
    this.regions.set(document.uri, known ? composeRegions(known, region) : region);
  }

  /** Where the document's text changed since the last call (undefined: unknown, or nothing noted) and starts afresh. */
  take(uri: string): ChangedRegion | undefined {
    const region = this.regions.get(uri);
    this.regions.delete(uri);
    return region ?? undefined;
  }

  /** Forgets a document (opened afresh or closed). */
  forget(uri: string): void {
    this.regions.delete(uri);
  }
}

/** The open documents, each change noted in `edits` as it is applied. */
export function trackedDocuments(edits: DocumentEdits): TextDocuments<TextDocument> {
  return new TextDocuments({
    create(uri, languageId, version, content) {
      edits.forget(uri);
      return TextDocument.create(uri, languageId, version, content);
    },
    update(document, changes, version) {
      // One change at a time, as the document applies them: each range is in the text the previous ones made.
      for (const change of changes) {
        edits.record(document, change);
        TextDocument.update(document, [change], version);
      }
      return changes.length > 0 ? document : TextDocument.update(document, changes, version);
    },
  });
}
