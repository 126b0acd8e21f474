/** 0-based line and character, as LSP counts them (UTF-16 code units). */
export interface LineCharacter {
  line: number;
  character: number;
}

/** Converts offsets to lines and columns for one text; built once, each lookup is a binary search. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      } else if (c === 10 /* \n */) {
        this.starts.push(i + 1);
      }
    }
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
