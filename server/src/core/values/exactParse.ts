// Reading JSON text exactly: every number keeps its digits (a plain number where JavaScript writes it the same),
// at a cost close to JSON.parse's. A first look outside strings finds the numbers a double would not keep; JSON.parse
// builds the value, and a walk in document order puts those numbers back as JsonNumbers. A strict reader of its own
// says what is wrong with text that is not JSON, and reads what the quick way leaves to it. Nesting has the one
// limit every JSON reader has (parse/nesting.ts), and passing it is told in the same words.
import { MAX_NESTING, nestingTooDeep, tooDeepAt } from '../parse/nesting';
import { isJsonObject, JsonNumber, setMember, type ExactJson } from './exactJson';

/** What a number token is: a plain number keeps it, it needs a JsonNumber, or it is not a JSON number. */
const PLAIN = 0;
const KEPT = 1;
const INVALID = 2;
type NumberKind = typeof PLAIN | typeof KEPT | typeof INVALID;

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * Whether a decimal without exponent (whole digits whole..wholeEnd, fraction digits fraction..fractionEnd, none when
 * fractionEnd is wholeEnd) is written as JavaScript writes its number: at most 15 significant digits (a double tells
 * all of those apart, so none shorter reads back the same), no trailing zero in the fraction, and within the range
 * JavaScript writes without an exponent (below 10^21, at most five zeros after the point before the digits).
 */
function plainIsExact(text: string, whole: number, wholeEnd: number, fraction: number, fractionEnd: number): boolean {
  const wholeDigits = wholeEnd - whole;
  if (wholeDigits > 21) return false;
  if (fractionEnd === wholeEnd) return wholeDigits <= 15;
  if (text.charCodeAt(fractionEnd - 1) === 0x30) return false;
  if (wholeDigits === 1 && text.charCodeAt(whole) === 0x30) {
    let zeros = fraction;
    while (text.charCodeAt(zeros) === 0x30) zeros++;
    return zeros - fraction <= 5 && fractionEnd - zeros <= 15;
  }
  return wholeDigits + fractionEnd - fraction <= 15;
}

/** The kind of the number token text[start..end); the common decimals are judged without making a string. */
function numberKind(text: string, start: number, end: number): NumberKind {
  let at = start;
  if (text.charCodeAt(at) === 0x2d) at++;
  const whole = at;
  while (at < end && isDigit(text.charCodeAt(at))) at++;
  const wholeEnd = at;
  let fraction = at;
  if (at < end && text.charCodeAt(at) === 0x2e) {
    fraction = ++at;
    while (at < end && isDigit(text.charCodeAt(at))) at++;
  }
  const digitsWellFormed = wholeEnd > whole && (text.charCodeAt(whole) !== 0x30 || wholeEnd - whole === 1) && (fraction === wholeEnd || at > fraction);
  if (at === end && digitsWellFormed) {
    // -0 is kept as written: JavaScript writes it 0.
    if (start < whole && wholeEnd - whole === 1 && text.charCodeAt(whole) === 0x30 && fraction === wholeEnd) return KEPT;
    if (plainIsExact(text, whole, wholeEnd, fraction, at)) return PLAIN;
  }
  const token = text.slice(start, end);
  if (!JSON_NUMBER.test(token)) return INVALID;
  return String(Number(token)) === token ? PLAIN : KEPT;
}

function isNumberPart(c: number): boolean {
  return isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}

/** What a first look at the text found: every number a double would not keep, and what the tree must hold. */
interface Survey {
  /** Each such number's place among all the numbers of the text, and its text, in document order. */
  keptAt: number[];
  keptTexts: string[];
  numbers: number;
  /** Object members written, duplicates included (JSON.parse keeps one of a duplicate name). */
  members: number;
}

/**
 * Looks at the text outside strings: its numbers, its members and its nesting. Undefined when the text is better
 * left to the strict reader (a malformed number, nesting past the limit, a string that does not end).
 */
function survey(text: string): Survey | undefined {
  const found: Survey = { keptAt: [], keptTexts: [], numbers: 0, members: 0 };
  let depth = 0;
  const length = text.length;
  for (let at = 0; at < length;) {
    const c = text.charCodeAt(at);
    if (c === 0x22) {
      let close = text.indexOf('"', at + 1);
      for (;;) {
        if (close < 0) return undefined;
        let backslashes = close;
        while (text.charCodeAt(backslashes - 1) === 0x5c) backslashes--;
        // After an odd run of backslashes the quotation mark is part of the string.
        if ((close - backslashes) % 2 === 0) break;
        close = text.indexOf('"', close + 1);
      }
      at = close + 1;
    } else if (c === 0x2d || isDigit(c)) {
      let end = at + 1;
      while (isNumberPart(text.charCodeAt(end))) end++;
      const kind = numberKind(text, at, end);
      if (kind === INVALID) return undefined;
      if (kind === KEPT) {
        found.keptAt.push(found.numbers);
        found.keptTexts.push(text.slice(at, end));
      }
      found.numbers++;
      at = end;
    } else {
      if (c === 0x3a) found.members++;
      else if (c === 0x5b || c === 0x7b) {
        if (++depth > MAX_NESTING) return undefined;
      } else if (c === 0x5d || c === 0x7d) depth--;
      at++;
    }
  }
  return found;
}

/** A walk over JSON.parse's value in document order, putting back the numbers a double did not keep. */
class Restorer {
  numbers = 0;
  members = 0;
  /** Set when an object has a name like an array index: its members are not in document order. */
  reordered = false;
  private next = 0;
  constructor(private readonly found: Survey) {}

  /** The value for the number met now: itself, or the JsonNumber of its text when it is one the survey kept. */
  private number(value: number): number | JsonNumber {
    if (this.numbers++ !== this.found.keptAt[this.next]) return value;
    return new JsonNumber(this.found.keptTexts[this.next++] ?? '');
  }

  walk(value: ExactJson): void {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (typeof item === 'number') value[i] = this.number(item);
        else if (typeof item === 'object' && item !== null) this.walk(item);
      }
      return;
    }
    if (!isJsonObject(value)) return;
    for (const key in value) {
      this.members++;
      const first = key.charCodeAt(0);
      if (first >= 0x30 && first <= 0x39 && String(Number(key) >>> 0) === key && key !== '4294967295') this.reordered = true;
      const member = value[key];
      if (typeof member === 'number') setMember(value, key, this.number(member));
      else if (typeof member === 'object' && member !== null) this.walk(member);
    }
  }
}

/**
 * The value by JSON.parse, with every number a double would not keep put back as a JsonNumber; undefined when the
 * strict reader must decide: text JSON.parse refuses, or a value whose members are not in document order (a name
 * written twice, a name like an array index), where the numbers could not be matched to their places.
 */
function parsedQuickly(text: string, found: Survey): { value: ExactJson } | undefined {
  let value: ExactJson;
  try {
    value = JSON.parse(text) as ExactJson;
  } catch {
    return undefined;
  }
  if (found.keptAt.length === 0) return { value };
  if (typeof value === 'number') return found.numbers === 1 ? { value: new JsonNumber(found.keptTexts[0] ?? '') } : undefined;
  const restorer = new Restorer(found);
  restorer.walk(value);
  return !restorer.reordered && restorer.numbers === found.numbers && restorer.members === found.members ? { value } : undefined;
}

/** The problem at an offset of the text being read: thrown inside the strict reader, a message outside it. */
class Unreadable {
  /** `tooDeep`: the problem is nesting past MAX_NESTING, told as every JSON reader tells it. */
  constructor(readonly what: string, readonly offset: number, readonly tooDeep = false) {}
}

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Strict JSON (RFC 8259, what JSON.parse takes), read in one pass by recursive descent: slow, and precise about errors. */
class StrictReader {
  private at = 0;
  constructor(private readonly text: string) {}

  read(): ExactJson {
    const value = this.value(0);
    this.space();
    if (this.at < this.text.length) throw new Unreadable('end of input expected', this.at);
    return value;
  }

  private space(): void {
    for (let c = this.text.charCodeAt(this.at); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = this.text.charCodeAt(++this.at));
  }

  private value(depth: number): ExactJson {
    this.space();
    const c = this.text.charCodeAt(this.at);
    if (c === 0x22) return this.string();
    if (c === 0x7b) return this.object(depth + 1);
    if (c === 0x5b) return this.array(depth + 1);
    if (c === 0x2d || isDigit(c)) return this.number();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return value;
      }
    }
    throw new Unreadable(Number.isNaN(c) ? 'value expected, the text ends' : 'value expected', this.at);
  }

  private number(): number | JsonNumber {
    const start = this.at;
    let end = start + 1;
    while (isNumberPart(this.text.charCodeAt(end))) end++;
    const kind = numberKind(this.text, start, end);
    if (kind === INVALID) throw new Unreadable('invalid number', start);
    this.at = end;
    const token = this.text.slice(start, end);
    return kind === PLAIN ? Number(token) : new JsonNumber(token);
  }

  private string(): string {
    const text = this.text;
    let at = this.at + 1;
    let out = '';
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x22) break;
      if (Number.isNaN(c)) throw new Unreadable('closing quotation mark expected', at);
      if (c < 0x20) throw new Unreadable('control character in a string', at);
      if (c !== 0x5c) {
        out += text[at];
        at++;
        continue;
      }
      const escape = text[at + 1] ?? '';
      if (escape === 'u') {
        const hex = text.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Unreadable('invalid \\u escape', at);
        out += String.fromCharCode(parseInt(hex, 16));
        at += 6;
      } else {
        const replaced = Object.prototype.hasOwnProperty.call(ESCAPES, escape) ? ESCAPES[escape] : undefined;
        if (replaced === undefined) throw new Unreadable('invalid escape', at);
        out += replaced;
        at += 2;
      }
    }
    this.at = at + 1;
    return out;
  }

  private array(depth: number): ExactJson[] {
    if (depth > MAX_NESTING) throw new Unreadable('nesting too deep', this.at, true);
    this.at++;
    const out: ExactJson[] = [];
    this.space();
    if (this.text.charCodeAt(this.at) === 0x5d) {
      this.at++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth));
      this.space();
      const c = this.text.charCodeAt(this.at++);
      if (c === 0x5d) return out;
      if (c !== 0x2c) throw new Unreadable('comma or ] expected', this.at - 1);
    }
  }

  private object(depth: number): { [key: string]: ExactJson } {
    if (depth > MAX_NESTING) throw new Unreadable('nesting too deep', this.at, true);
    this.at++;
    const out: { [key: string]: ExactJson } = {};
    this.space();
    if (this.text.charCodeAt(this.at) === 0x7d) {
      this.at++;
      return out;
    }
    for (;;) {
      this.space();
      if (this.text.charCodeAt(this.at) !== 0x22) throw new Unreadable('property name expected', this.at);
      const key = this.string();
      this.space();
      if (this.text.charCodeAt(this.at) !== 0x3a) throw new Unreadable('colon expected', this.at);
      this.at++;
      setMember(out, key, this.value(depth));
      this.space();
      const c = this.text.charCodeAt(this.at++);
      if (c === 0x7d) return out;
      if (c !== 0x2c) throw new Unreadable('comma or } expected', this.at - 1);
    }
  }
}

/** What parseExact says of text it does not read: a message, and for nesting past the limit its place in the shared words. */
export interface ExactParseFailure {
  ok: false;
  message: string;
  /** "nesting deeper than 512 levels at line L, column C" when that is the problem. */
  tooDeep?: string;
}

function tooDeepFailure(text: string, offset: number): ExactParseFailure {
  const tooDeep = nestingTooDeep(text, offset);
  return { ok: false, message: `${tooDeep}; no value is nested this deep`, tooDeep };
}

/**
 * Parses JSON text keeping every number's digits. It takes and refuses what JSON.parse does, except containers
 * nested deeper than MAX_NESTING levels, which it refuses with where (`tooDeep`), before reading anything
 * recursively. A syntax error is a message with its 1-based column.
 */
export function parseExact(text: string): { ok: true; value: ExactJson } | ExactParseFailure {
  const found = survey(text);
  const quick = found === undefined ? undefined : parsedQuickly(text, found);
  if (quick) return { ok: true, value: quick.value };
  // Measured as every JSON reader measures it: a document both deep and malformed is told it is too deep.
  const deep = tooDeepAt(text);
  if (deep >= 0) return tooDeepFailure(text, deep);
  try {
    return { ok: true, value: new StrictReader(text).read() };
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    if (error.tooDeep) return tooDeepFailure(text, error.offset);
    return { ok: false, message: `not valid JSON (${error.what} at column ${error.offset + 1})` };
  }
}
