// A fast path for the common case: JSON with comments and trailing commas and nothing wrong in it.
// It builds exactly the tree jsonc-parser's parseTree builds (same node shapes, offsets and values) in a
// single pass of charCodeAt, about four times faster. At the first thing it does not expect (any syntax
// error, a BOM, an exotic whitespace) it gives up and the caller parses with jsonc-parser, which reports
// and recovers; so errors, recovery and every odd corner stay jsonc-parser's.
import type { Node } from 'jsonc-parser';

/** jsonc-parser's Node, writable while it is built. */
type NodeUnderConstruction = { -readonly [K in keyof Node]: Node[K] };

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

const SIMPLE_ESCAPES: Record<number, string> = { 34: '"', 92: '\\', 47: '/', 98: '\b', 102: '\f', 110: '\n', 114: '\r', 116: '\t' };

/** Stands in for a property's children until its value is parsed; never left in a finished tree. */
const NO_CHILDREN: Node[] = [];

/**
 * An array grown by push keeps spare capacity (an array of 2 may hold room for 17); a copy holds exactly its
 * elements. Most nodes have few children, so this roughly halves the memory a large file's tree keeps.
 */
function exactly(children: Node[]): Node[] {
  return children.length === 0 ? [] : children.slice();
}

class RegularParser {
  private pos = 0;

  constructor(private readonly text: string, private readonly maxDepth: number) {}

  parseRoot(): Node {
    this.skipTrivia();
    if (this.pos >= this.text.length) throw IRREGULAR;
    const root = this.parseValue(undefined, 0);
    this.skipTrivia();
    if (this.pos !== this.text.length) throw IRREGULAR;
    return root;
  }

  /** Parses the value spanning exactly [from, to) under `parent`, whose containers nest `depth` deep. */
  parseSpan(from: number, to: number, parent: Node, depth: number): Node {
    this.pos = from;
    const value = this.parseValue(parent, depth);
    if (this.pos !== to) throw IRREGULAR;
    return value;
  }

  private skipTrivia(): void {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (c === SPACE || c === LF || c === CR || c === TAB) {
        this.pos++;
      } else if (c === SLASH) {
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

  /** Parses the value at pos (trivia already skipped) into a node whose parent is `parent`. */
  private parseValue(parent: Node | undefined, depth: number): Node {
    const c = this.text.charCodeAt(this.pos);
    if (c === OPEN_BRACE) return this.parseObject(parent, depth + 1);
    if (c === OPEN_BRACKET) return this.parseArray(parent, depth + 1);
    if (c === QUOTE) {
      const offset = this.pos;
      const value = this.scanString();
      return this.literal(parent, 'string', value, offset);
    }
    if (c === MINUS || isDigit(c)) {
      const offset = this.pos;
      return this.literal(parent, 'number', this.scanNumber(), offset);
    }
    if (this.text.startsWith('true', this.pos)) return this.keyword(parent, 'boolean', true, 4);
    if (this.text.startsWith('false', this.pos)) return this.keyword(parent, 'boolean', false, 5);
    if (this.text.startsWith('null', this.pos)) return this.keyword(parent, 'null', null, 4);
    throw IRREGULAR;
  }

  private literal(parent: Node | undefined, type: Node['type'], value: unknown, offset: number): Node {
    // Same own properties in the same order as jsonc-parser's literal nodes; the root has no parent.
    if (parent === undefined) return { type, offset, length: this.pos - offset, value } as Node;
    return { type, offset, length: this.pos - offset, parent, value };
  }

  private keyword(parent: Node | undefined, type: Node['type'], value: boolean | null, length: number): Node {
    const offset = this.pos;
    this.pos += length;
    if (!endsToken(this.text.charCodeAt(this.pos))) throw IRREGULAR;
    return this.literal(parent, type, value, offset);
  }

  /** Starts an object or array node at pos (its opening bracket), with jsonc-parser's properties; the root has no parent. */
  private openContainer(type: 'object' | 'array', parent: Node | undefined, depth: number): NodeUnderConstruction {
    if (depth > this.maxDepth) throw IRREGULAR;
    const offset = this.pos++;
    return parent === undefined
      ? { type, offset, length: -1, children: [] } as unknown as NodeUnderConstruction
      : { type, offset, length: -1, parent, children: [] };
  }

  /** Ends a container at pos (its closing bracket): its length, and its children at their exact size. */
  private closeContainer(node: NodeUnderConstruction, children: Node[]): Node {
    this.pos++;
    node.length = this.pos - node.offset;
    node.children = exactly(children);
    return node;
  }

  /** After an element: a comma (consumed), or the container's closing bracket (left for the loop). */
  private skipSeparator(close: number): void {
    this.skipTrivia();
    const after = this.text.charCodeAt(this.pos);
    if (after === COMMA) this.pos++;
    else if (after !== close) throw IRREGULAR;
  }

  private parseObject(parent: Node | undefined, depth: number): Node {
    const text = this.text;
    const node = this.openContainer('object', parent, depth);
    const children = node.children as Node[];
    for (;;) {
      this.skipTrivia();
      const c = text.charCodeAt(this.pos);
      if (c === CLOSE_BRACE) return this.closeContainer(node, children);
      if (c !== QUOTE) throw IRREGULAR;
      const keyOffset = this.pos;
      const key = this.scanString();
      const property: NodeUnderConstruction = { type: 'property', offset: keyOffset, length: -1, parent: node, children: NO_CHILDREN };
      const keyNode: Node = { type: 'string', value: key, offset: keyOffset, length: this.pos - keyOffset, parent: property };
      children.push(property);
      this.skipTrivia();
      if (text.charCodeAt(this.pos) !== COLON) throw IRREGULAR;
      property.colonOffset = this.pos;
      this.pos++;
      this.skipTrivia();
      const value = this.parseValue(property, depth);
      property.children = [keyNode, value];
      property.length = value.offset + value.length - keyOffset;
      this.skipSeparator(CLOSE_BRACE);
    }
  }

  private parseArray(parent: Node | undefined, depth: number): Node {
    const text = this.text;
    const node = this.openContainer('array', parent, depth);
    const children = node.children as Node[];
    for (;;) {
      this.skipTrivia();
      if (text.charCodeAt(this.pos) === CLOSE_BRACKET) return this.closeContainer(node, children);
      children.push(this.parseValue(node, depth));
      this.skipSeparator(CLOSE_BRACKET);
    }
  }

  /** Scans the string starting at pos (a quote) and returns its value; pos ends after the closing quote. */
  private scanString(): string {
    const text = this.text;
    let i = this.pos + 1;
    let start = i;
    let value = '';
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c !== c || c < SPACE) throw IRREGULAR; // end of text, or a control character
      if (c !== BACKSLASH) {
        i++;
        continue;
      }
      value += text.slice(start, i);
      const escape = text.charCodeAt(i + 1);
      const simple = SIMPLE_ESCAPES[escape];
      if (simple !== undefined) {
        value += simple;
        i += 2;
      } else if (escape === 117 /* u */) {
        let code = 0;
        for (let k = 2; k < 6; k++) {
          const digit = hexValue(text.charCodeAt(i + k));
          if (digit < 0) throw IRREGULAR;
          code = code * 16 + digit;
        }
        value += String.fromCharCode(code);
        i += 6;
      } else {
        throw IRREGULAR;
      }
      start = i;
    }
    value += text.slice(start, i);
    this.pos = i + 1;
    return value;
  }

  /** Scans a JSON number at pos and returns its value. */
  private scanNumber(): number {
    const text = this.text;
    const start = this.pos;
    let i = start;
    if (text.charCodeAt(i) === MINUS) i++;
    if (text.charCodeAt(i) === DIGIT_0) i++;
    else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
    else throw IRREGULAR;
    if (text.charCodeAt(i) === DOT) {
      i++;
      if (!isDigit(text.charCodeAt(i))) throw IRREGULAR;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    const e = text.charCodeAt(i);
    if (e === LOWER_E || e === UPPER_E) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === PLUS || sign === MINUS) i++;
      if (!isDigit(text.charCodeAt(i))) throw IRREGULAR;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if (!endsToken(text.charCodeAt(i))) throw IRREGULAR;
    this.pos = i;
    return Number(text.slice(start, i));
  }
}

/**
 * Parses text that is regular JSONC (no syntax error, nested at most `maxDepth` deep) into the tree
 * jsonc-parser would build, or returns undefined for anything else, leaving errors and recovery to jsonc-parser.
 */
export function parseRegularJsonc(text: string, maxDepth = 512): Node | undefined {
  return unlessIrregular(() => new RegularParser(text, maxDepth).parseRoot());
}

/**
 * Parses the regular JSONC value spanning exactly [from, to) of text as a child of `parent` (nested `depth`
 * containers deep), or returns undefined. Used to re-parse one edited operation in place of the whole file.
 */
export function parseRegularValueAt(text: string, from: number, to: number, parent: Node, depth: number, maxDepth = 512): Node | undefined {
  return unlessIrregular(() => new RegularParser(text, maxDepth).parseSpan(from, to, parent, depth));
}

/** Runs a fast parse; undefined when it gave up, so the caller takes the slow path. */
function unlessIrregular(parse: () => Node): Node | undefined {
  try {
    return parse();
  } catch (error) {
    if (error === IRREGULAR) return undefined;
    throw error;
  }
}
