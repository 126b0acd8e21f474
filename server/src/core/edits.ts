import { applyEdits as applyJsoncEdits, modify, type FormattingOptions } from 'jsonc-parser';
import type { TextEdit } from './findings';
import type { JsonValue } from './tree';

/** Formatting that follows the file: its indentation unit and line ending. */
export function formattingFor(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 4 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/**
 * Returns the edits that set (or, with `undefined`, remove) the value at a JSON path, keeping comments and the
 * file's formatting. Arrays are addressed by index; `-1` as the last segment appends.
 */
export function setValueEdits(text: string, path: (string | number)[], value: JsonValue | undefined): TextEdit[] {
  return modify(text, path, value, { formattingOptions: formattingFor(text) });
}

/** Applies edits to a text (the last edit first, so offsets stay valid). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return applyJsoncEdits(text, [...edits]);
}

/** Returns an edit that replaces a string node's whole literal with a new string value. */
export function replaceStringEdit(node: { offset: number; length: number }, value: string): TextEdit {
  return { offset: node.offset, length: node.length, content: JSON.stringify(value) };
}
