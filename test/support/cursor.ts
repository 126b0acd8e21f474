// Documents with a cursor: `|` marks where it is (written once; use `\|` nowhere else in the text).

/** Splits a text with one `|` into the text without it and the cursor's offset. */
export function withCursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  if (offset < 0 || marked.indexOf('|', offset + 1) >= 0) throw new Error('mark the cursor with exactly one |');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}
