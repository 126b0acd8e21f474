// Text with variables in it (a shell's $NAME, Postman's {{name}}), read without expanding them: each variable stands
// in the text as a mark that no source text holds, so URLs, bodies and fields can be split as plain text and each
// piece said to be text or a variable afterwards.
import type { Hole } from './captured';

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARK = /\uE000(\d+)\uE001/g;

/** Text and the variables its marks stand for. */
export class MarkedText {
  constructor(readonly text: string, readonly holes: readonly Hole[]) {}

  /** Text of plain parts with a mark for each variable. */
  static of(parts: readonly ({ text: string } | { hole: Hole })[]): MarkedText {
    const holes: Hole[] = [];
    const text = parts.map((p) => ('hole' in p ? `${OPEN}${holes.push(p.hole) - 1}${CLOSE}` : p.text.replace(/[\uE000\uE001]/g, ''))).join('');
    return new MarkedText(text, holes);
  }

  /** Whether the text holds a variable. */
  get hasHoles(): boolean {
    return this.text.includes(OPEN);
  }

  /** A slice of the text, as marked text of its own. */
  slice(start: number, end?: number): MarkedText {
    return new MarkedText(this.text.slice(start, end), this.holes);
  }

  /** Splits at each occurrence of a separator. */
  split(separator: string): MarkedText[] {
    return this.text.split(separator).map((t) => new MarkedText(t, this.holes));
  }

  /** The one variable the text is, when it is exactly one. */
  soleHole(): Hole | undefined {
    const match = /^\uE000(\d+)\uE001$/.exec(this.text);
    return match ? this.holes[Number(match[1])] : undefined;
  }

  /** The variables the text holds, in order. */
  holesIn(): Hole[] {
    return [...this.text.matchAll(MARK)].map((m) => this.holes[Number(m[1])]).filter((h): h is Hole => h !== undefined);
  }

  /** The text with each variable written by `show` (its example, a placeholder). */
  shown(show: (hole: Hole) => string): string {
    return this.text.replace(MARK, (_m, index: string) => {
      const hole = this.holes[Number(index)];
      return hole ? show(hole) : '';
    });
  }

  /** The pieces in order: text, and variables. */
  pieces(): ({ text: string } | { hole: Hole })[] {
    const out: ({ text: string } | { hole: Hole })[] = [];
    let at = 0;
    for (const match of this.text.matchAll(MARK)) {
      if (match.index > at) out.push({ text: this.text.slice(at, match.index) });
      const hole = this.holes[Number(match[1])];
      if (hole) out.push({ hole });
      at = match.index + match[0].length;
    }
    if (at < this.text.length) out.push({ text: this.text.slice(at) });
    return out;
  }
}
