// The fast path for the common case: JSON with comments and trailing commas and nothing wrong in it. One pass of
// charCodeAt writes each node into the compact tree (the same nodes, offsets and values jsonc-parser's parseTree
// finds) and builds the plain values beside it. At the first thing it does not expect (any syntax error, a BOM, an
// exotic whitespace) it gives up, and the caller parses with jsonc-parser, which reports and recovers; so errors,
// recovery and every odd corner stay jsonc-parser's.
import { PAIRWISE_MAX } from '../pairwise';
import { ARRAY, BOOLEAN, JSON_OBJECT, JsonTree, NULL, NUMBER, OBJECT, PROPERTY, STRING, type Kind, type TreeArrays } from './jsonTree';
import { TreeBuilder, TreeFullError } from './treeBuilder';

/** The keys of the objects being read, outermost first: never more than PAIRWISE_MAX per object, shared by every parse. */
const OPEN_KEYS: string[] = [];
/** How far this parse has filled OPEN_KEYS: emptied that far when it ends (a key may be a slice holding its whole text). */
let openKeysUsed = 0;

/** Thrown to abandon the fast path; never escapes this module. */
const IRREGULAR = new Error('irregular JSONC');

// Character codes.
const TAB = 9, LF = 10, CR = 13, SPACE = 32, QUOTE = 34, PLUS = 43, COMMA = 44, MINUS = 45, DOT = 46, SLASH = 47;
const DIGIT_0 = 48, DIGIT_9 = 57, COLON = 58, UPPER_E = 69, OPEN_BRACKET = 91, BACKSLASH = 92, CLOSE_BRACKET = 93;
const LOWER_E = 101, OPEN_BRACE = 123, CLOSE_BRACE = 125, STAR = 42;

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

/** A character that may follow a number or keyword in regular text: whitespace, a separator, a comment or the end. */
function endsToken(c: number): boolean {
  return c !== c /* NaN: end of text */ || c === SPACE || c === LF || c === CR || c === TAB
    || c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === SLASH;
}

function hexValue(c: number): number {
  if (c >= DIGIT_0 && c <= DIGIT_9) return c - DIGIT_0;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** The character after a backslash of a one-character escape: \" \\ \/ \b \f \n \r \t. */
function isSimpleEscape(c: number): boolean {
  return c === QUOTE || c === BACKSLASH || c === SLASH || c === 98 || c === 102 || c === 110 || c === 114 || c === 116;
}

/**
 * Short strings repeat (keys, enumerated values): a direct-mapped cache by hash and length hands out one string
 * object per spelling without slicing the text again, so a large file holds each spelling once. Its slots grow with
 * the text up to 2^12 (a small file fills few of them, and making and clearing 4,096 of them would cost it more than
 * its parse).
 */
const CACHE_MAX_BITS = 12;
const CACHE_MIN_BITS = 6;
const CACHE_MAX_LENGTH = 32;

/** The cache's size in bits for a text of `length` characters: about one slot per 16 characters. */
function cacheBitsFor(length: number): number {
  let bits = CACHE_MIN_BITS;
  while (bits < CACHE_MAX_BITS && 1 << (bits + 4) < length) bits++;
  return bits;
}

/**
 * The cache's slots, shared by the parses, which run one at a time from start to end: each parse clears the slots
 * it uses before it starts and lets go of its strings when it ends, so nothing is ever found across texts, and no
 * parse allocates them (every small file and every request body is parsed).
 */
const SLOTS = {
  starts: new Int32Array(1 << CACHE_MAX_BITS),
  lengths: new Int32Array(1 << CACHE_MAX_BITS),
  strings: new Array<string>(1 << CACHE_MAX_BITS).fill(''),
  inUse: 0,
};

class RegularParser {
  private pos = 0;
  /** Whether some object may write a key twice (one did, or one had too many keys to compare). */
  private keysUnsure = false;
  /** How many keys of the objects being read OPEN_KEYS holds (each object's from where it opened). */
  private keysTop = 0;
  private readonly out: TreeBuilder;
  private readonly cacheBits: number;
  private readonly cachedStarts: Int32Array;
  private readonly cachedLengths: Int32Array;
  private readonly cachedStrings: string[];

  /**
   * Reads `text` from `from` to `to`; its nodes are numbered from 0 whatever the span. `strict` declines comments
   * and trailing commas too (plain JSON).
   */
  constructor(private readonly text: string, private readonly maxDepth: number, from = 0, to = text.length, private readonly strict = false) {
    this.pos = from;
    this.cacheBits = cacheBitsFor(to - from);
    SLOTS.inUse = 1 << this.cacheBits;
    SLOTS.starts.fill(-1, 0, SLOTS.inUse);
    this.cachedStarts = SLOTS.starts;
    this.cachedLengths = SLOTS.lengths;
    this.cachedStrings = SLOTS.strings;
    // Regular text has at most one node per character (a property and its key take at least the key's two quotes).
    // Connector files have about one node per 7.5 characters: room for one per 6 is rarely outgrown (growing copies
    // every array into one twice as large, which then stays with the tree), for a fifth more room than needed.
    this.out = new TreeBuilder(Math.ceil((to - from) / 6) + 16, to - from + 1);
  }

  parseRoot(): JsonTree {
    this.skipTrivia();
    if (this.pos >= this.text.length) throw IRREGULAR;
    this.parseValue(-1, 0);
    this.skipTrivia();
    if (this.pos !== this.text.length) throw IRREGULAR;
    return new JsonTree(this.text, this.out.finish(), !this.keysUnsure);
  }

  /** Parses the value spanning exactly the span given, nested `depth` containers deep in its file. */
  parseSpan(to: number, depth: number): RegularSpan {
    this.parseValue(-1, depth);
    if (this.pos !== to) throw IRREGULAR;
    return { arrays: this.out.finish(), keysDistinct: !this.keysUnsure };
  }

  private skipTrivia(): void {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (c === SPACE || c === LF || c === CR || c === TAB) {
        this.pos++;
      } else if (c === SLASH) {
        if (this.strict) throw IRREGULAR;
        const next = text.charCodeAt(this.pos + 1);
        if (next === SLASH) {
          let i = this.pos + 2;
          while (i < text.length) {
            const d = text.charCodeAt(i);
            if (d === LF || d === CR) break;
            i++;
          }
          this.pos = i;
        } else if (next === STAR) {
          const end = text.indexOf('*/', this.pos + 2);
          if (end < 0) throw IRREGULAR;
          this.pos = end + 2;
        } else {
          throw IRREGULAR;
        }
      } else {
        return;
      }
    }
  }

  /** Parses the value at pos (trivia already skipped) as a child of `parent`; returns its index. */
  private parseValue(parent: number, depth: number): number {
    const c = this.text.charCodeAt(this.pos);
    if (c === OPEN_BRACE) return this.parseObject(parent, depth + 1);
    if (c === OPEN_BRACKET) return this.parseArray(parent, depth + 1);
    const offset = this.pos;
    if (c === QUOTE) {
      const value = this.scanString();
      return this.out.leaf(STRING, offset, this.pos - offset, parent, value);
    }
    if (c === MINUS || isDigit(c)) {
      const value = this.scanNumber();
      return this.out.leaf(NUMBER, offset, this.pos - offset, parent, value);
    }
    if (this.text.startsWith('true', offset)) return this.keyword(parent, BOOLEAN, true, 4);
    if (this.text.startsWith('false', offset)) return this.keyword(parent, BOOLEAN, false, 5);
    if (this.text.startsWith('null', offset)) return this.keyword(parent, NULL, null, 4);
    throw IRREGULAR;
  }

  private keyword(parent: number, kind: Kind, value: boolean | null, length: number): number {
    const offset = this.pos;
    this.pos += length;
    if (!endsToken(this.text.charCodeAt(this.pos))) throw IRREGULAR;
    return this.out.leaf(kind, offset, length, parent, value);
  }

  /** After an element: a comma (consumed), or the container's closing bracket (left for the loop). */
  private skipSeparator(close: number): void {
    this.skipTrivia();
    const after = this.text.charCodeAt(this.pos);
    if (after === COMMA) {
      this.pos++;
      if (this.strict) {
        this.skipTrivia();
        if (this.text.charCodeAt(this.pos) === close) throw IRREGULAR;
      }
    } else if (after !== close) {
      throw IRREGULAR;
    }
  }

  private parseObject(parent: number, depth: number): number {
    if (depth > this.maxDepth) throw IRREGULAR;
    const text = this.text;
    const value = Object.create(JSON_OBJECT) as Record<string, unknown>;
    const node = this.out.open(OBJECT, this.pos++, parent, value);
    const keysFrom = this.keysTop;
    for (;;) {
      this.skipTrivia();
      const c = text.charCodeAt(this.pos);
      if (c === CLOSE_BRACE) {
        this.pos++;
        this.keysTop = keysFrom;
        return this.out.close(node, this.pos);
      }
      if (c !== QUOTE) throw IRREGULAR;
      const keyOffset = this.pos;
      const property = this.out.open(PROPERTY, keyOffset, node, undefined);
      const key = this.scanString();
      this.out.leaf(STRING, keyOffset, this.pos - keyOffset, property, key);
      this.skipTrivia();
      if (text.charCodeAt(this.pos) !== COLON) throw IRREGULAR;
      this.pos++;
      this.skipTrivia();
      if (!this.keysUnsure) this.noteKey(key, keysFrom);
      const member = this.parseValue(property, depth);
      value[key] = this.out.valueOf(member);
      this.out.close(property, this.out.endOffsetOf(member));
      this.skipSeparator(CLOSE_BRACE);
    }
  }

  /**
   * Compares a key with the ones its object has written before it (`from` up to the top of OPEN_KEYS), as the parse
   * passes every key anyway: a file whose keys are known not to repeat is not walked again to look for repeats. A repeat,
   * or an object too wide to compare pairwise, leaves the file to that walk.
   */
  private noteKey(key: string, from: number): void {
    const top = this.keysTop;
    if (top - from >= PAIRWISE_MAX) {
      this.keysUnsure = true;
      return;
    }
    for (let i = from; i < top; i++) {
      if (OPEN_KEYS[i] === key) {
        this.keysUnsure = true;
        return;
      }
    }
    OPEN_KEYS[top] = key;
    this.keysTop = top + 1;
    if (top >= openKeysUsed) openKeysUsed = top + 1;
  }

  private parseArray(parent: number, depth: number): number {
    if (depth > this.maxDepth) throw IRREGULAR;
    const text = this.text;
    const value: unknown[] = [];
    const node = this.out.open(ARRAY, this.pos++, parent, value);
    for (;;) {
      this.skipTrivia();
      if (text.charCodeAt(this.pos) === CLOSE_BRACKET) {
        this.pos++;
        return this.out.close(node, this.pos);
      }
      value.push(this.out.valueOf(this.parseValue(node, depth)));
      this.skipSeparator(CLOSE_BRACKET);
    }
  }

  /** Scans the string starting at pos (a quote) and returns its value; pos ends after the closing quote. */
  private scanString(): string {
    const text = this.text;
    const first = this.pos + 1;
    let i = first;
    let hash = 0;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c !== c || c < SPACE) throw IRREGULAR; // end of text, or a control character
      if (c === BACKSLASH) return this.scanEscapedString(first, i);
      hash = (Math.imul(hash, 31) + c) | 0;
      i++;
    }
    this.pos = i + 1;
    const length = i - first;
    if (length > CACHE_MAX_LENGTH) return text.slice(first, i);
    const bits = this.cacheBits;
    const slot = (hash ^ (hash >>> bits) ^ length) & ((1 << bits) - 1);
    const cachedStart = this.cachedStarts[slot] as number;
    if (cachedStart >= 0 && this.cachedLengths[slot] === length && this.sameText(cachedStart, first, length)) return this.cachedStrings[slot] as string;
    const value = text.slice(first, i);
    this.cachedStarts[slot] = first;
    this.cachedLengths[slot] = length;
    this.cachedStrings[slot] = value;
    return value;
  }

  private sameText(a: number, b: number, length: number): boolean {
    const text = this.text;
    for (let k = 0; k < length; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
    return true;
  }

  /**
   * The rest of a string with escapes, from its first backslash at `from`: checked here, then read natively from
   * its literal in one flat string (JSON's escapes are exactly these; joining the pieces between escapes would make
   * a chain of strings that every later reader flattens again).
   */
  private scanEscapedString(first: number, from: number): string {
    const text = this.text;
    let i = from;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c !== c || c < SPACE) throw IRREGULAR;
      if (c !== BACKSLASH) {
        i++;
        continue;
      }
      const escape = text.charCodeAt(i + 1);
      if (isSimpleEscape(escape)) {
        i += 2;
      } else if (escape === 117 /* u */) {
        for (let k = 2; k < 6; k++) if (hexValue(text.charCodeAt(i + k)) < 0) throw IRREGULAR;
        i += 6;
      } else {
        throw IRREGULAR;
      }
    }
    this.pos = i + 1;
    return JSON.parse(text.slice(first - 1, i + 1)) as string;
  }

  /** Scans a JSON number at pos and returns its value. */
  private scanNumber(): number {
    const text = this.text;
    const start = this.pos;
    let i = start;
    const negative = text.charCodeAt(i) === MINUS;
    if (negative) i++;
    // Digits are summed as they are read; a plain integer of up to 15 digits is then exact without Number().
    let whole = 0;
    const digitsStart = i;
    if (text.charCodeAt(i) === DIGIT_0) i++;
    else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) whole = whole * 10 + (text.charCodeAt(i++) - DIGIT_0);
    else throw IRREGULAR;
    let plain = i - digitsStart <= 15;
    if (text.charCodeAt(i) === DOT) {
      plain = false;
      i++;
      if (!isDigit(text.charCodeAt(i))) throw IRREGULAR;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    const e = text.charCodeAt(i);
    if (e === LOWER_E || e === UPPER_E) {
      plain = false;
      i++;
      const sign = text.charCodeAt(i);
      if (sign === PLUS || sign === MINUS) i++;
      if (!isDigit(text.charCodeAt(i))) throw IRREGULAR;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if (!endsToken(text.charCodeAt(i))) throw IRREGULAR;
    this.pos = i;
    if (plain) return negative ? -whole : whole;
    return Number(text.slice(start, i));
  }
}

/**
 * Parses text that is regular JSONC (no syntax error, nested at most `maxDepth` deep) into the tree jsonc-parser
 * would find, or returns undefined for anything else, leaving errors and recovery to jsonc-parser.
 */
export function parseRegularJsonc(text: string, maxDepth = 512): JsonTree | undefined {
  return unlessIrregular(() => new RegularParser(text, maxDepth).parseRoot());
}

/**
 * Parses text that is plain JSON (no comment, no trailing comma, no syntax error, nested at most `maxDepth` deep)
 * into the tree jsonc-parser would find with comments and trailing commas disallowed, or returns undefined.
 */
export function parseRegularJson(text: string, maxDepth = 512): JsonTree | undefined {
  return unlessIrregular(() => new RegularParser(text, maxDepth, 0, text.length, true).parseRoot());
}

/** One value of a text parsed alone: its nodes, and whether its objects' keys were all compared and none repeats. */
export interface RegularSpan {
  arrays: TreeArrays;
  keysDistinct: boolean;
}

/**
 * Parses the regular JSONC value spanning exactly [from, to) of text, nested `depth` containers deep (its nodes
 * numbered from 0, the value's own parent -1), or returns undefined. Re-reads one edited operation of a file.
 */
export function parseRegularValueAt(text: string, from: number, to: number, depth: number, maxDepth = 512): RegularSpan | undefined {
  return unlessIrregular(() => new RegularParser(text, maxDepth, from, to).parseSpan(to, depth));
}

/** Runs a fast parse; undefined when it gave up, so the caller takes the slow path. */
function unlessIrregular<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    // Regular text has at most one node per character: a full tree means the parse ran past the span's end (an edit
    // that unbalanced the value), which is no regular value of that span.
    if (error === IRREGULAR || error instanceof TreeFullError) return undefined;
    throw error;
  } finally {
    // The strings of this text are the tree's now, or garbage: the shared slots do not keep them alive.
    SLOTS.strings.fill('', 0, SLOTS.inUse);
    OPEN_KEYS.fill('', 0, openKeysUsed);
    openKeysUsed = 0;
  }
}
