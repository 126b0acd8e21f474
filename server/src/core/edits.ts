import { applyEdits as applyJsoncEdits, modify, type FormattingOptions } from 'jsonc-parser';
import type { TextEdit } from './findings';
import type { JsonValue } from './tree';
import { JsonNumber, setMember, stringifyExact, type ExactJson } from './values/exactJson';

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
 * file's formatting (`formatting`, when `text` is a part of the file). Arrays are addressed by index; `-1` as the last
 * segment appends.
 */
export function setValueEdits(text: string, path: (string | number)[], value: JsonValue | undefined, formatting = formattingFor(text)): TextEdit[] {
  return modify(text, path, value, { formattingOptions: formatting });
}

/** The value with each kept number replaced by `mark` and its index in `texts`, where the number's text goes. */
function standIns(value: ExactJson, mark: string, texts: string[]): JsonValue {
  if (value instanceof JsonNumber) return `${mark}${texts.push(value.text) - 1}`;
  if (Array.isArray(value)) return value.map((item) => standIns(item, mark, texts));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, member] of Object.entries(value)) setMember(out, key, standIns(member, mark, texts));
  return out;
}

/**
 * setValueEdits for a value whose numbers may be kept exact: each is written with its own digits. The edits are
 * made with a stand-in string for each kept number, a mark found nowhere in the file or the value.
 */
export function setExactValueEdits(text: string, path: (string | number)[], value: ExactJson): TextEdit[] {
  const seen = `${text}\n${stringifyExact(value)}`;
  let mark = 'connector-number-';
  while (seen.includes(mark)) mark = `${mark}x-`;
  const texts: string[] = [];
  const edits = setValueEdits(text, path, standIns(value, mark, texts));
  if (texts.length === 0) return edits;
  const stands = new RegExp(`"${mark}(\\d+)"`, 'g');
  return edits.map((edit) => ({ ...edit, content: edit.content.replace(stands, (stand, index: string) => texts[Number(index)] ?? stand) }));
}

/**
 * Applies edits (offsets into `text`, none overlapping; two at one offset apply in the order of their lengths, as
 * jsonc-parser's applyEdits does) in one pass: the text is written once however many edits there are (jsonc-parser's
 * copies the whole text for each edit, minutes for thousands of edits of a large file).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length <= 1) return applyJsoncEdits(text, [...edits]);
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  const parts: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    if (edit.offset < at) throw new Error('Overlapping edit');
    parts.push(text.slice(at, edit.offset), edit.content);
    at = edit.offset + edit.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Returns an edit that replaces a string node's whole literal with a new string value. */
export function replaceStringEdit(node: { offset: number; length: number }, value: string): TextEdit {
  return { offset: node.offset, length: node.length, content: JSON.stringify(value) };
}

/** JSON on one line with a space after colons and commas, as people write small objects: { "a": 1, "b": [2, 3] }. */
export function inlineJson(value: JsonValue): string {
  return inlineJsonWithin(value, Infinity) ?? '';
}

/**
 * `inlineJson(value)` when it is at most `room` characters long, else undefined, found without writing out more than
 * `room` characters (a printer asking whether a large value fits on a line need not write all of it).
 */
export function inlineJsonWithin(value: JsonValue, room: number): string | undefined {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value) ?? 'null';
    return text.length <= room ? text : undefined;
  }
  const entries: [string | undefined, JsonValue][] = Array.isArray(value) ? value.map((item) => [undefined, item]) : Object.entries(value);
  if (entries.length === 0) return Array.isArray(value) ? '[]' : '{}';
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }'];
  let text = open;
  for (const [index, [key, item]] of entries.entries()) {
    if (index > 0) text += ', ';
    if (key !== undefined) text += `${JSON.stringify(key)}: `;
    const part = inlineJsonWithin(item, room - text.length - close.length);
    if (part === undefined) return undefined;
    text += part;
  }
  text += close;
  return text.length <= room ? text : undefined;
}

/**
 * Returns edits that append values to an array, each on its own line indented like the last element (or inline
 * for an inline array), leaving the existing elements exactly as written (jsonc-parser's modify reformats them).
 */
export function appendToArrayEdits(
  text: string,
  array: { offset: number; length: number; children?: { offset: number; length: number }[] },
  ...values: JsonValue[]
): TextEdit[] {
  if (!array.children?.length) return [{ offset: array.offset, length: array.length, content: `[${values.map(inlineJson).join(', ')}]` }];
  return appendElementsEdits(text, array, values, inlineJson);
}

/** The indentation of the line an offset is on. */
function indentationAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? '';
}

/**
 * Like appendToArrayEdits, with each value written by `print` (given the indentation its first line starts at), so
 * a long value can span lines; an empty array gets one value per line, indented one step deeper than its own line.
 */
export function appendElementsEdits(
  text: string,
  array: { offset: number; length: number; children?: { offset: number; length: number }[] },
  values: readonly JsonValue[],
  print: (value: JsonValue, indent: string) => string,
): TextEdit[] {
  const last = array.children?.[array.children.length - 1];
  const { eol, insertSpaces, tabSize } = formattingFor(text);
  if (!last) {
    const outer = indentationAt(text, array.offset);
    const inner = `${outer}${insertSpaces ? ' '.repeat(tabSize ?? 2) : '\t'}`;
    const content = values.length === 0 ? '[]' : `[${eol}${values.map((v) => `${inner}${print(v, inner)}`).join(`,${eol}`)}${eol}${outer}]`;
    return [{ offset: array.offset, length: array.length, content }];
  }
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const before = text.slice(lineStart, last.offset);
  const end = last.offset + last.length;
  // An element with only a block comment before it on its line (`/* mine */ {`) still starts a line of its own.
  if (before.replace(/\/\*.*?\*\//g, '').trim() !== '') return [{ offset: end, length: 0, content: values.map((v) => `, ${print(v, '')}`).join('') }];
  const lineEnd = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end);
  const trailing = text.slice(end, lineEnd);
  const indent = /^[ \t]*/.exec(before)?.[0] ?? '';
  const newLine = `${eol}${indent}`;
  const added = values.map((v) => print(v, indent)).join(`,${newLine}`);
  // A comment after the last element stays on its line; the new elements go on the next ones. A trailing comma the
  // file already has separates them, and the last new element gets one too, as the file writes its lists.
  const trailingComma = /^[ \t]*,[ \t]*(?:\/\/.*)?\r?$/.test(trailing);
  if (trailingComma || /^\s*\/\//.test(trailing)) {
    const lineContentEnd = text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const inserted = { offset: lineContentEnd, length: 0, content: `${newLine}${added}${trailingComma ? ',' : ''}` };
    return trailingComma ? [inserted] : [{ offset: end, length: 0, content: ',' }, inserted];
  }
  return [{ offset: end, length: 0, content: `,${newLine}${added}` }];
}

interface TreeNode {
  offset: number;
  length: number;
  type: string;
  children?: TreeNode[];
  parent?: TreeNode;
}

/** Returns an edit that replaces a value node with a new value (inline JSON). */
export function replaceValueEdit(node: { offset: number; length: number }, value: JsonValue): TextEdit {
  return { offset: node.offset, length: node.length, content: inlineJson(value) };
}

/**
 * Returns edits that add `key: value` at the end of an object, matching its layout: inline objects stay on one
 * line, multi-line objects get a new line indented like their last property. Nothing else in the file changes.
 */
export function addPropertyEdits(text: string, object: TreeNode, key: string, value: JsonValue): TextEdit[] {
  const entry = `${JSON.stringify(key)}: ${inlineJson(value)}`;
  const last = object.children?.[object.children.length - 1];
  if (!last) return [{ offset: object.offset, length: object.length, content: `{ ${entry} }` }];
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const before = text.slice(lineStart, last.offset);
  const inline = !text.slice(object.offset, object.offset + object.length).includes('\n') || before.trim() !== '';
  const separator = inline ? ' ' : `${formattingFor(text).eol}${/^[ \t]*/.exec(before)?.[0] ?? ''}`;
  return [{ offset: last.offset + last.length, length: 0, content: `,${separator}${entry}` }];
}

/** Returns the edit that removes a property (or array element) with its comma, leaving its neighbours as written. */
export function removeMemberEdit(member: TreeNode): TextEdit {
  const siblings = member.parent?.children ?? [];
  const index = siblings.indexOf(member);
  const next = siblings[index + 1];
  const previous = siblings[index - 1];
  if (next) return { offset: member.offset, length: next.offset - member.offset, content: '' };
  if (previous) return { offset: previous.offset + previous.length, length: member.offset + member.length - (previous.offset + previous.length), content: '' };
  // The only member: empty the container but keep its braces.
  const parent = member.parent;
  if (!parent) return { offset: member.offset, length: member.length, content: '' };
  const open = parent.offset + 1;
  const close = parent.offset + parent.length - 1;
  return { offset: open, length: Math.max(0, close - open), content: '' };
}
