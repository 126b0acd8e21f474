// Names an import hands out: ids unique in one connector, and the globs that choose what to import.

/** Hands out ids unique in one connector: the wanted id, or it with the first free number after it. */
export class IdAllocator {
  private readonly taken = new Set<string>();

  constructor(existing: Iterable<string> = []) {
    for (const id of existing) this.taken.add(id);
  }

  /** A free id as close to `wanted` as possible, now taken. */
  allocate(wanted: string): string {
    let id = wanted;
    for (let i = 2; this.taken.has(id); i++) id = `${wanted}${i}`;
    this.taken.add(id);
    return id;
  }

  /** Whether an id is taken. */
  has(id: string): boolean {
    return this.taken.has(id);
  }
}

/**
 * Comma-separated globs (`*` any run of characters, `?` one) as one matcher: a text matches when any glob does,
 * case-sensitively. No globs match everything.
 */
export function globsMatcher(globs: string | undefined): (text: string) => boolean {
  const patterns = (globs ?? '').split(',').map((g) => g.trim()).filter((g) => g !== '');
  if (patterns.length === 0) return () => true;
  const matchers = patterns.map(globMatcher);
  return (text) => matchers.some((m) => m(text));
}

/** A glob as a matcher, walked without regular expressions so no pattern can take long. */
function globMatcher(glob: string): (text: string) => boolean {
  return (text) => {
    // Classic two-pointer wildcard match: linear backtracking to the last '*'.
    let g = 0;
    let t = 0;
    let star = -1;
    let mark = 0;
    while (t < text.length) {
      if (g < glob.length && (glob[g] === '?' || glob[g] === text[t])) {
        g++;
        t++;
      } else if (g < glob.length && glob[g] === '*') {
        star = g++;
        mark = t;
      } else if (star >= 0) {
        g = star + 1;
        t = ++mark;
      } else return false;
    }
    while (g < glob.length && glob[g] === '*') g++;
    return g === glob.length;
  };
}
