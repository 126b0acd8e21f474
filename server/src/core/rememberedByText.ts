// Connector files repeat the same short texts (a url, a token endpoint, a request body) file after file: a check of
// such a text that depends on nothing else is worth asking once per text.

/** Longer texts are judged every time, by every cache of results per text: they are rarely repeated, and a cache should not hold them (in the editor, each keystroke in one would be another). */
export const LONGEST_REMEMBERED = 4096;

/**
 * `text` as a key a cache may keep. A string cut from a file's text (as the parser's values are), or joined from such
 * cuts, keeps that whole text alive while it is kept: a cache of a thousand such keys held a thousand files, and every
 * young collection moved them on. The copy holds only its own characters.
 */
export function keptKey(text: string): string {
  // The join is a new string; V8 slices only flat strings, so slicing it makes one of its own characters.
  return (' ' + text).slice(1);
}

/** Values kept per text, for up to `limit` texts (all forgotten at once past it), each text kept as keptKey gives it. */
export class TextKeyed<V> {
  readonly #known = new Map<string, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for `text`, or undefined. */
  get(text: string): V | undefined {
    return this.#known.get(text);
  }

  /** Whether a value (undefined included) is kept for `text`. */
  has(text: string): boolean {
    return this.#known.has(text);
  }

  /** Keeps `value` for `text`, forgetting every text first when `limit` are kept. */
  set(text: string, value: V): void {
    if (this.#known.size >= this.limit) this.#known.clear();
    this.#known.set(keptKey(text), value);
  }
}

/** A pure function of one string, remembering its results for up to `limit` recent short texts (all forgotten at once past it). */
export function rememberedByText<R>(judge: (text: string) => R, limit = 1000): (text: string) => R {
  const known = new TextKeyed<R>(limit);
  return (text) => {
    if (text.length > LONGEST_REMEMBERED) return judge(text);
    const hit = known.get(text);
    if (hit !== undefined || known.has(text)) return hit as R;
    const result = judge(text);
    known.set(text, result);
    return result;
  };
}
