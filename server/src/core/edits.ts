import { applyEdits as applyJsoncEdits, modify } from 'jsonc-parser';
import type { Span, TextEdit } from './findings';
import type { ChangedRegion } from './textChange';
import { TreeNode } from './parse/jsonTree';
import type { JsonValue } from './tree';
import { JsonNumber, setMember, stringifyExact, type ExactJson } from './values/exactJson';

/** How a text is written, which edits made into it follow: its indentation unit and line ending. */
export interface TextFormatting {
  insertSpaces: boolean;
  tabSize: number;
  eol: '\n' | '\r\n';
}

/** A line that starts with blanks and holds more: the file's first one says how it indents. */
const FIRST_INDENTED = /^([ \t]+)\S/m;

/** Finding how a text is written reads all of it: once per version of a file, never once per fix. */
export const textFormatting = {
  /** The formatting a text follows: its first indented line's indentation, and CR LF when a line ends so. */
  of(text: string): TextFormatting {
    const indent = FIRST_INDENTED.exec(text)?.[1] ?? '  ';
    return {
      insertSpaces: !indent.startsWith('\t'),
      tabSize: indent.startsWith('\t') ? 4 : indent.length,
      eol: text.includes('\r\n') ? '\r\n' : '\n',
    };
  },

  /**
   * The formatting of `text`, made from `before`'s text by an edit of `region`, reading only around the edit when the
   * first indented line lies before it: the line ends are CR LF when one is in the edit, or was before it or after it.
   */
  afterEdit(before: EditableText, text: string, region: ChangedRegion): TextFormatting {
    const indented = FIRST_INDENTED.exec(before.text);
    if (!indented || indented.index + indented[0].length > region.start) return textFormatting.of(text);
    const crlf = text.slice(Math.max(0, region.start - 1), region.newEnd + 1).includes('\r\n')
      || (before.formatting.eol === '\r\n' && ((region.start >= 2 && before.text.lastIndexOf('\r\n', region.start - 2) >= 0) || before.text.indexOf('\r\n', region.oldEnd) >= 0));
    const eol = crlf ? '\r\n' : '\n';
    return eol === before.formatting.eol ? before.formatting : { ...before.formatting, eol };
  },
};

/** A text to make edits in, and how it is written (found once per version of the text). */
export interface EditableText {
  readonly text: string;
  readonly formatting: TextFormatting;
}

/** A text to make edits in once (a command, a refactoring): how it is written is found when an edit first needs it. */
export function editableText(text: string): EditableText {
  let formatting: TextFormatting | undefined;
  return {
    text,
    get formatting() {
      return (formatting ??= textFormatting.of(text));
    },
  };
}

/**
 * The indentation of a line that holds only blanks (and block comments: `/* mine *\/ {` still starts its line) before
 * `offset`, or undefined when anything else stands there; reads no more than those blanks and comments.
 */
function indentBefore(text: string, offset: number): string | undefined {
  let start = offset;
  while (start > 0) {
    const c = text.charAt(start - 1);
    if (c === '\n') break;
    if (c === '/' && text.charAt(start - 2) === '*') {
      const open = text.lastIndexOf('/*', start - 3);
      if (open < 0 || text.slice(open, start).includes('\n')) return undefined;
      start = open;
      continue;
    }
    if (!/\s/.test(c)) return undefined;
    start--;
  }
  let end = start;
  while (end < offset && (text.charCodeAt(end) === 32 || text.charCodeAt(end) === 9)) end++;
  return text.slice(start, end);
}

/** A node as jsonc-parser shapes it (the compact tree's nodes included). */
interface NodeLike {
  offset: number;
  length: number;
  type: string;
  children?: NodeLike[];
  parent?: NodeLike;
}

/** A member's neighbours and container, as spans. */
interface Surroundings {
  previous?: Span;
  next?: Span;
  parent?: Span;
}

/** The span of a container's last child, read from the compact tree's indexes when it is one of its nodes (no node objects made). */
function lastChildOf(container: { children?: Span[] }): Span | undefined {
  if (container instanceof TreeNode) {
    const { tree, index } = container;
    let last = -1;
    for (let child = tree.firstChild(index); child >= 0; child = tree.nextSibling(child)) last = child;
    return last < 0 ? undefined : { offset: tree.offset(last), length: tree.length(last) };
  }
  const children = container.children;
  return children?.[children.length - 1];
}

/** Where a member's neighbours and container are, read from its parent's node (a node of the compact tree reads its indexes instead: `removeMemberEdit`). */
function surroundingsOf(member: NodeLike): Surroundings {
  const siblings = member.parent?.children ?? [];
  const index = siblings.indexOf(member);
  const next = siblings[index + 1];
  const previous = siblings[index - 1];
  return { ...(member.parent ? { parent: member.parent } : {}), ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

/**
 * Returns the edits that set (or, with `undefined`, remove) the value at a JSON path, keeping comments and the
 * file's formatting (the target's: a part of a file is given with the whole file's). Arrays are addressed by index;
 * `-1` as the last segment appends.
 */
export function setValueEdits(target: EditableText, path: (string | number)[], value: JsonValue | undefined): TextEdit[] {
  return modify(target.text, path, value, { formattingOptions: target.formatting });
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
export function setExactValueEdits(target: EditableText, path: (string | number)[], value: ExactJson): TextEdit[] {
  const seen = `${target.text}\n${stringifyExact(value)}`;
  let mark = 'connector-number-';
  while (seen.includes(mark)) mark = `${mark}x-`;
  const texts: string[] = [];
  const edits = setValueEdits(target, path, standIns(value, mark, texts));
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
  target: EditableText,
  array: { offset: number; length: number; children?: { offset: number; length: number }[] },
  ...values: JsonValue[]
): TextEdit[] {
  if (!lastChildOf(array)) return [{ offset: array.offset, length: array.length, content: `[${values.map(inlineJson).join(', ')}]` }];
  return appendElementsEdits(target, array, values, inlineJson);
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
  target: EditableText,
  array: { offset: number; length: number; children?: { offset: number; length: number }[] },
  values: readonly JsonValue[],
  print: (value: JsonValue, indent: string) => string,
): TextEdit[] {
  const { text } = target;
  const last = lastChildOf(array);
  if (!last) {
    const { eol, insertSpaces, tabSize } = target.formatting;
    const outer = indentationAt(text, array.offset);
    const inner = `${outer}${insertSpaces ? ' '.repeat(tabSize) : '\t'}`;
    const content = values.length === 0 ? '[]' : `[${eol}${values.map((v) => `${inner}${print(v, inner)}`).join(`,${eol}`)}${eol}${outer}]`;
    return [{ offset: array.offset, length: array.length, content }];
  }
  const indent = indentBefore(text, last.offset);
  const end = last.offset + last.length;
  if (indent === undefined) return [{ offset: end, length: 0, content: values.map((v) => `, ${print(v, '')}`).join('') }];
  const newLine = `${target.formatting.eol}${indent}`;
  const added = values.map((v) => print(v, indent)).join(`,${newLine}`);
  // A comment after the last element stays on its line; the new elements go on the next ones. A trailing comma the
  // file already has separates them, and the last new element gets one too, as the file writes its lists.
  const lineEnd = text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end);
  const trailing = text.slice(end, lineEnd);
  const trailingComma = /^[ \t]*,[ \t]*(?:\/\/.*)?\r?$/.test(trailing);
  if (trailingComma || /^\s*\/\//.test(trailing)) {
    const lineContentEnd = text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const inserted = { offset: lineContentEnd, length: 0, content: `${newLine}${added}${trailingComma ? ',' : ''}` };
    return trailingComma ? [inserted] : [{ offset: end, length: 0, content: ',' }, inserted];
  }
  return [{ offset: end, length: 0, content: `,${newLine}${added}` }];
}

/** Returns an edit that replaces a value node with a new value (inline JSON). */
export function replaceValueEdit(node: { offset: number; length: number }, value: JsonValue): TextEdit {
  return { offset: node.offset, length: node.length, content: inlineJson(value) };
}

/**
 * Returns edits that add `key: value` at the end of an object, matching its layout: inline objects stay on one
 * line, multi-line objects get a new line indented like their last property. Nothing else in the file changes.
 */
export function addPropertyEdits(target: EditableText, object: NodeLike, key: string, value: JsonValue): TextEdit[] {
  const entry = `${JSON.stringify(key)}: ${inlineJson(value)}`;
  const last = lastChildOf(object);
  if (!last) return [{ offset: object.offset, length: object.length, content: `{ ${entry} }` }];
  // An object whose last property starts a line is written over several lines (the object's brace is before it).
  const indent = indentBefore(target.text, last.offset);
  const separator = indent === undefined ? ' ' : `${target.formatting.eol}${indent}`;
  return [{ offset: last.offset + last.length, length: 0, content: `,${separator}${entry}` }];
}

/** Returns the edit that removes a property (or array element) with its comma, leaving its neighbours as written. */
export function removeMemberEdit(member: NodeLike): TextEdit {
  if (member instanceof TreeNode) return removeTreeMemberEdit(member);
  const { next, previous, parent } = surroundingsOf(member);
  return removalEdit(member, next?.offset, previous && previous.offset + previous.length, parent);
}

/** `removeMemberEdit` for a node of the compact tree: its neighbours read from the tree's indexes, no spans or node objects made (a file being fixed offers it on many members). */
function removeTreeMemberEdit(member: TreeNode): TextEdit {
  const { tree, index } = member;
  const parent = tree.parent(index);
  if (parent < 0) return removalEdit(member, undefined, undefined, undefined);
  const next = tree.nextSibling(index);
  if (next >= 0) return removalEdit(member, tree.offset(next), undefined, undefined);
  let previous = -1;
  for (let sibling = tree.firstChild(parent); sibling >= 0 && sibling !== index; sibling = tree.nextSibling(sibling)) previous = sibling;
  if (previous >= 0) return removalEdit(member, undefined, tree.offset(previous) + tree.length(previous), undefined);
  return removalEdit(member, undefined, undefined, { offset: tree.offset(parent), length: tree.length(parent) });
}

/** The edit removing `member`, given where its next sibling starts, where its previous one ends and its container (each absent when there is none). */
function removalEdit(member: Span, nextStart: number | undefined, previousEnd: number | undefined, parent: Span | undefined): TextEdit {
  if (nextStart !== undefined) return { offset: member.offset, length: nextStart - member.offset, content: '' };
  if (previousEnd !== undefined) return { offset: previousEnd, length: member.offset + member.length - previousEnd, content: '' };
  // The only member: empty the container but keep its braces.
  if (!parent) return { offset: member.offset, length: member.length, content: '' };
  const open = parent.offset + 1;
  const close = parent.offset + parent.length - 1;
  return { offset: open, length: Math.max(0, close - open), content: '' };
}
