/**
 * Numbers as the platform types them: integers (32-bit, or 64-bit with format int64) and numbers (64-bit, or
 * 32-bit with format float). Read from their decimal text, so nothing is rounded before it is checked.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
// Past this many digits no format holds a whole number, and wholeNumberOf stops counting them.
const MOST_DIGITS = 40;
// A decimal that is zero as written (0, -0.00, 0e5): any other that reads as 0 was too small to hold.
const ZERO = /^[+-]?[0.]*(?:[eE].*)?$/;
const INT32 = { min: -(2n ** 31n), max: 2n ** 31n - 1n };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** A checked number's canonical text, or what is wrong with the text. */
export type NumberOutcome = { ok: true; text: string } | { ok: false; message: string };

/** Whether text is a decimal number (JSON's form, a leading + allowed): no hex, no `Infinity`, no spaces inside. */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/**
 * How many zeros `digits` ends with. Counted from the end: a search for a run of zeros before the end starts again at
 * every zero of a long run (/0*$/ took hours on a million digits).
 */
function trailingZeros(digits: string): number {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 0x30) end--;
  return digits.length - end;
}

/** The whole number a decimal text stands for (`1.0`, `1e3` included), or undefined when it has a fraction. */
function wholeNumberOf(text: string): bigint | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  // By index: taking the match apart runs the iterator protocol, which each number of each file pays while unoptimized.
  const sign = match[1] ?? '';
  const fraction = match[3] ?? '';
  const exponent = Number(match[4] ?? '0');
  let digits = (match[2] ?? '') + fraction;
  let scale = exponent - fraction.length;
  // Trailing zeros move into the scale, so 1.50e1 is 15 and 10e-1 is 1 (counted once: a long run stays linear).
  const movable = Math.min(trailingZeros(digits), Math.max(0, -scale));
  digits = digits.slice(0, digits.length - movable);
  scale += movable;
  if (/^0*$/.test(digits)) return 0n;
  if (scale < 0) return undefined;
  // Past 10^40 no integer format can hold it; the scale is capped so 1e999999999 is not built digit by digit.
  const significant = digits.replace(/^0+/, '');
  if (significant.length + scale > MOST_DIGITS) return BigInt(sign === '-' ? -1 : 1) * 10n ** BigInt(MOST_DIGITS + 1);
  const value = BigInt(significant) * 10n ** BigInt(scale);
  return sign === '-' ? -value : value;
}

/**
 * A JSON number's value as text, where it is inserted as text (a query option, a string parameter): a whole number
 * with all its digits (1e2 is 100, 9007199254740993 stays), any other as the shortest text of its 64-bit value
 * (0.10 is 0.1); the text as written when it has neither (1e400, 1e-400), so that what judges it sees it.
 */
export function numberValueText(text: string): string {
  const value = Number(text);
  // Most are written as JavaScript writes them (10, 0.5): nothing to read digit by digit. Not 1e+21, which
  // JavaScript writes so but a whole number is written with all its digits.
  if (String(value) === text && (Number.isSafeInteger(value) || !Number.isInteger(value))) return text;
  const whole = wholeNumberOf(text);
  if (whole !== undefined && (whole < 0n ? -whole : whole) < 10n ** BigInt(MOST_DIGITS)) return whole.toString();
  if (!isDecimal(text) || !Number.isFinite(value) || (value === 0 && !ZERO.test(text))) return text;
  return Object.is(value, -0) ? '-0' : String(value);
}

/** An integer of the parameter's format: 32-bit, or 64-bit with `int64`; written without sign or leading zeros. */
export function checkInteger(text: string, format: string | undefined): NumberOutcome {
  if (!isDecimal(text)) return { ok: false, message: `needs a whole number, not ${JSON.stringify(text)}` };
  const value = wholeNumberOf(text);
  if (value === undefined) return { ok: false, message: `needs a whole number, not ${text}` };
  const range = format === 'int64' ? INT64 : INT32;
  if (value < range.min || value > range.max) {
    // Format int64 is suggested only where it would hold the value.
    const beyond64 = value < INT64.min || value > INT64.max;
    return {
      ok: false,
      message: format === 'int64' || beyond64
        ? `is outside the 64-bit range (${INT64.min} to ${INT64.max})`
        : `is outside the 32-bit range (${INT32.min} to ${INT32.max}); the parameter would need format 'int64'`,
    };
  }
  return { ok: true, text: value.toString() };
}

/** The shortest decimal text that reads back as the same 32-bit float. */
export function shortestFloat32(value: number): string {
  const target = Math.fround(value);
  if (Object.is(target, -0)) return '-0';
  for (let precision = 1; precision <= 9; precision++) {
    const candidate = Number(target.toPrecision(precision));
    if (Math.fround(candidate) === target) return Object.is(candidate, -0) ? '-0' : String(candidate);
  }
  return String(target);
}

/** A number of the parameter's format: a 64-bit float, or with `float` a 32-bit one; written as its shortest text. */
export function checkNumber(text: string, format: string | undefined): NumberOutcome {
  if (!isDecimal(text)) return { ok: false, message: `needs a number, not ${JSON.stringify(text)}` };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: `is ${text}, beyond the range of a 64-bit number` };
  const isZero = ZERO.test(text);
  if (value === 0 && !isZero) return { ok: false, message: `is ${text}, too small for a 64-bit number (it would be sent as 0)` };
  if (format === 'float') {
    const single = Math.fround(value);
    if (!Number.isFinite(single)) return { ok: false, message: `is ${text}, beyond the range of a 32-bit float (format 'float' holds up to about 3.4e38)` };
    if (single === 0 && value !== 0) return { ok: false, message: `is ${text}, too small for a 32-bit float (format 'float'; it would be sent as 0)` };
    return { ok: true, text: shortestFloat32(value) };
  }
  return { ok: true, text: Object.is(value, -0) ? '-0' : String(value) };
}

/** A decimal's value as sign, significant digits (no leading or trailing zeros) and the power of ten of the first. */
interface Decimal {
  negative: boolean;
  digits: string;
  /** The value is 0.DIGITS × 10^exponent; a bigint when the written exponent is too long for a double to hold. */
  exponent: number | bigint;
}

function decimalOf(text: string): Decimal | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const all = whole + fraction;
  const leading = /^0*/.exec(all)?.[0].length ?? 0;
  const significant = all.slice(leading);
  const digits = significant.slice(0, significant.length - trailingZeros(significant));
  const shift = whole.length - leading;
  const exponent = exponentText.replace(/^[+-]?0*/, '').length > 15 ? BigInt(exponentText) + BigInt(shift) : Number(exponentText) + shift;
  return { negative: sign === '-', digits, exponent };
}

/**
 * Compares two decimal texts by their exact values (negative, zero or positive, as a sort wants): `1.0` equals
 * `1`, `1e2` equals `100`, `-0` equals `0`, and 9007199254740993 is more than 9007199254740992. Text that is not
 * a decimal compares by JavaScript's number as a last resort.
 */
export function compareDecimals(a: string, b: string): number {
  const x = decimalOf(a);
  const y = decimalOf(b);
  if (!x || !y) return Number(a) - Number(b) || 0;
  const sign = (d: Decimal): number => (d.digits === '' ? 0 : d.negative ? -1 : 1);
  if (sign(x) !== sign(y)) return sign(x) - sign(y);
  if (sign(x) === 0) return 0;
  const [ex, ey] = typeof x.exponent === 'bigint' || typeof y.exponent === 'bigint' ? [BigInt(x.exponent), BigInt(y.exponent)] : [x.exponent, y.exponent];
  // Same exponent: digits without trailing zeros compare as text (0.5 < 0.51 < 0.6).
  const magnitude = ex !== ey ? (ex > ey ? 1 : -1) : x.digits === y.digits ? 0 : x.digits > y.digits ? 1 : -1;
  return magnitude === 0 ? 0 : magnitude * sign(x);
}
