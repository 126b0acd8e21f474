import { regionOfEdit, type ChangedRegion } from './textChange';

/** The first index of a sorted list whose value is at least `value`. */
function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** 0-based line and character, as LSP counts them (UTF-16 code units). */
export interface LineCharacter {
  line: number;
  character: number;
}

/** Pushes the start of every line that begins after a line break at `from` up to `to` (excluded); CR LF ends one line. */
function pushLineStarts(text: string, from: number, to: number, starts: number[]): void {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10 /* \n */) {
      starts.push(i + 1);
    }
  }
}

/** Converts offsets to lines and columns for one text; built once, each lookup is a binary search. */
export class LineIndex {
  /** Where each line starts; typed, so that the next version's (every one after an edit moved) is one copy and a loop of adds. */
  private readonly starts: Int32Array;

  /**
   * The index of a text; given the index of its previous version, only the part an edit changed is read (the lines
   * before and after it are the previous index's, those after moved by the change in length). `edit`, when known (the
   * editor's changes), is where the text changed; else the texts are compared.
   */
  constructor(private readonly text: string, previous?: LineIndex, edit?: ChangedRegion) {
    if (previous) {
      this.starts = previous.startsAfterEdit(text, edit);
    } else {
      const starts = [0];
      pushLineStarts(text, 0, text.length, starts);
      this.starts = Int32Array.from(starts);
    }
  }

  /** The line starts of `text`, a later version of this index's text. */
  private startsAfterEdit(text: string, edit: ChangedRegion | undefined): Int32Array {
    const { start, oldEnd, newEnd } = regionOfEdit(this.text, text, edit);
    const old = this.starts;
    // A line start depends on the break before it and, after a CR, on the character at the start itself.
    const kept = Math.max(1, lowerBound(old, start));
    const inside: number[] = [];
    pushLineStarts(text, Math.max(0, start - 1), newEnd, inside);
    const delta = newEnd - oldEnd;
    const last = inside.length > 0 ? inside[inside.length - 1] as number : old[kept - 1] as number;
    // The starts after the edit, moved; any the edit's own starts already hold (a CR LF it split or joined) left out.
    let from = lowerBound(old, oldEnd + 1);
    while (from < old.length && (old[from] as number) + delta <= last) from++;
    const starts = new Int32Array(kept + inside.length + old.length - from);
    starts.set(old.subarray(0, kept));
    starts.set(inside, kept);
    let at = kept + inside.length;
    for (let i = from; i < old.length; i++) starts[at++] = (old[i] as number) + delta;
    return starts;
  }

  /** How many lines the text has (one more than its line breaks). */
  get lineCount(): number {
    return this.starts.length;
  }

  /** The offset where a 0-based line starts (the text's length past the last line). */
  lineStart(line: number): number {
    return this.starts[line] ?? this.text.length;
  }

  /** Returns the 0-based line and character of an offset (clamped into the text). */
  positionAt(offset: number): LineCharacter {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - (this.starts[low] ?? 0) };
  }

  /** Returns the offset of a 0-based line and character (clamped into the text). */
  offsetAt(position: LineCharacter): number {
    if (position.line >= this.starts.length) return this.text.length;
    if (position.line < 0) return 0;
    const start = this.starts[position.line] ?? 0;
    const next = this.starts[position.line + 1] ?? this.text.length + 1;
    return Math.max(start, Math.min(start + position.character, next - 1, this.text.length));
  }
}
