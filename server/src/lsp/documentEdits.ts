// The open documents, kept in step with the editor's changes, and for each where those changes fell since the server
// last read its text: checking the next version and indexing its lines then start from there instead of comparing
// two versions of a large file character by character.
import { TextDocuments } from 'vscode-languageserver';
import { composeRegions, type ChangedRegion } from '../core';
import { EditorDocument } from './editorDocument';

/** Where each document's text changed since it was last taken; null when a change replaced the whole text. */
export class DocumentEdits {
  private readonly regions = new Map<string, ChangedRegion | null>();

  /** Notes where one change fell in a document (null: it replaced the whole text). */
  record(uri: string, region: ChangedRegion | null): void {
    const known = this.regions.get(uri);
    if (known === null) return;
    this.regions.set(uri, region && known ? composeRegions(known, region) : region);
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
export function trackedDocuments(edits: DocumentEdits): TextDocuments<EditorDocument> {
  return new TextDocuments<EditorDocument>({
    create(uri, languageId, version, content) {
      edits.forget(uri);
      return new EditorDocument(uri, languageId, version, content);
    },
    update(document, changes, version) {
      for (const region of document.update(changes, version)) edits.record(document.uri, region);
      return document;
    },
  });
}
