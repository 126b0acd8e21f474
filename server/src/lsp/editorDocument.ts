// An open document as the editor changes it. The protocol library's TextDocument keeps its own list of line starts:
// built from the whole text at the first position asked for (the first keystroke in a file just opened, 1.3 MB:
// about 15 ms of cold code) and then moved line by line at every change, beside the line index the checks already
// keep for the same version. This one keeps that index, the core's LineIndex, made from the previous version's at
// each change, and gives it to the check; positions are read as the library reads them.
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { LineIndex, type ChangedRegion } from '../core';

/** Whether a character code ends a line (CR or LF). */
const isLineBreak = (code: number): boolean => code === 13 || code === 10;

/** An open document whose line index is the one its checks use (see above); positions as the protocol library reads them. */
export class EditorDocument implements TextDocument {
  private content: string;
  private currentVersion: number;
  /** The index of the current text, made when first asked for, then from the previous one at each change. */
  private indexed: LineIndex | undefined;

  constructor(readonly uri: string, readonly languageId: string, version: number, content: string) {
    this.currentVersion = version;
    this.content = content;
  }

  get version(): number {
    return this.currentVersion;
  }

  get lineCount(): number {
    return this.lines.lineCount;
  }

  /** The line index of the current text. */
  get lines(): LineIndex {
    this.indexed ??= new LineIndex(this.content);
    return this.indexed;
  }

  getText(range?: Range): string {
    return range ? this.content.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : this.content;
  }

  /** An offset's line and character; an offset inside a line break is read as the end of its line, as the library does. */
  positionAt(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.content.length));
    const { line } = this.lines.positionAt(at);
    const start = this.lines.lineStart(line);
    return { line, character: this.beforeLineBreak(at, start) - start };
  }

  /** A position's offset: past the last line the text's end, past a line's end that end (before its line break). */
  offsetAt(position: Position): number {
    const lines = this.lines;
    if (position.line >= lines.lineCount) return this.content.length;
    if (position.line < 0) return 0;
    const start = lines.lineStart(position.line);
    if (position.character <= 0) return start;
    return this.beforeLineBreak(Math.min(start + position.character, lines.lineStart(position.line + 1)), start);
  }

  /** A line's range, its line break left out; past the last line the last line's, before the first an empty one. */
  getLineRange(line: number): Range {
    const lines = this.lines;
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    if (line >= lines.lineCount) {
      const last = lines.lineCount - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.content.length - lines.lineStart(last) } };
    }
    const start = lines.lineStart(line);
    return { start: { line, character: 0 }, end: { line, character: this.beforeLineBreak(lines.lineStart(line + 1), start) - start } };
  }

  /** The line break that ends a line ('' for the last line and for lines out of range). */
  getEOLCharacters(line: number): string {
    const lines = this.lines;
    if (line < 0 || line >= lines.lineCount) return '';
    const next = lines.lineStart(line + 1);
    return this.content.substring(this.beforeLineBreak(next, lines.lineStart(line)), next);
  }

  /**
   * Applies the editor's changes in order, each range in the text the previous ones made (a range given end first is
   * read start first), and returns where each fell: null for a change that replaced the whole text.
   */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): (ChangedRegion | null)[] {
    const regions: (ChangedRegion | null)[] = [];
    for (const change of changes) {
      if (!('range' in change) || change.range === undefined) {
        this.content = change.text;
        this.indexed = undefined;
        regions.push(null);
        continue;
      }
      const from = this.offsetAt(change.range.start);
      const to = this.offsetAt(change.range.end);
      const start = Math.min(from, to);
      const region = { start, oldEnd: Math.max(from, to), newEnd: start + change.text.length };
      this.content = this.content.slice(0, start) + change.text + this.content.slice(region.oldEnd);
      if (this.indexed) this.indexed = new LineIndex(this.content, this.indexed, region);
      regions.push(region);
    }
    this.currentVersion = version;
    return regions;
  }

  /** Moves an offset back over the line break characters before it, down to `lineStart`. */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isLineBreak(this.content.charCodeAt(at - 1))) at--;
    return at;
  }
}
