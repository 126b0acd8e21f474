import { checkDateTime } from './dateTime';
import { checkInteger, checkNumber } from './numbers';

/**
 * What an example says of a value's type, as an import writes a parameter from one example (a curl command, a Postman
 * request, a browser's recording): the narrowest type whose value is sent as the example's own text, so the imported
 * operation sends what the example sent. Judged with the same checks every value goes through.
 */
export interface ExampleType {
  type: 'string' | 'integer' | 'number' | 'boolean';
  /** `int64` for a whole number beyond 32 bits, `date-time` for an RFC 3339 date and time. */
  format?: 'int64' | 'date-time';
  /** The example as a values file holds it: a number where it is one exactly, an int64 beyond 2^53 as its digits. */
  value: string | number | boolean;
  /** Set when the value is sent as other text than the example (a date-time goes in UTC, with milliseconds). */
  sentAs?: string;
}

/** The type of a number's text: integer (int64 when beyond 32 bits) or number, when sending it gives the same digits; else undefined. */
export function typeOfNumberText(text: string): Pick<ExampleType, 'type' | 'format'> | undefined {
  const int32 = checkInteger(text, undefined);
  if (int32.ok) return int32.text === text ? { type: 'integer' } : undefined;
  const int64 = checkInteger(text, 'int64');
  if (int64.ok) return int64.text === text ? { type: 'integer', format: 'int64' } : undefined;
  const number = checkNumber(text, undefined);
  return number.ok && number.text === text ? { type: 'number' } : undefined;
}

/** Whether text is an RFC 3339 date and time (a date alone is not: it may well be a date the service wants as written). */
export function isDateTimeText(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}[Tt]/.test(text) && checkDateTime(text).ok;
}

/**
 * The type a text example suggests (a query, path, header or form value): boolean for `true`/`false`, integer or
 * number when the value is sent with the example's digits (`007` and `1.50` stay strings), string with `date-time`
 * for a date and time, else string.
 */
export function typeOfExampleText(text: string): ExampleType {
  if (text === 'true' || text === 'false') return { type: 'boolean', value: text === 'true' };
  const numeric = typeOfNumberText(text);
  if (numeric) {
    const exact = Number.isSafeInteger(Number(text)) || numeric.type === 'number';
    return { ...numeric, value: exact ? Number(text) : text };
  }
  if (isDateTimeText(text)) {
    const checked = checkDateTime(text);
    const sent = checked.ok ? checked.text : text;
    return { type: 'string', format: 'date-time', value: text, ...(sent !== text ? { sentAs: sent } : {}) };
  }
  return { type: 'string', value: text };
}
