// A Custom request's body template: its {{variables}} filled with samples the platform could send, and where it
// stops being JSON. The same judgement for the file's checks, the $metadata analysis and the request itself (with
// the values filled in), so what lints clean is what is sent.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { MAX_NESTING, tooDeepAt } from '../parse';
import { variableEnd } from '../placeholders';
import { rememberedByText } from '../rememberedByText';

/** A body with its variables filled, and the way back from an index in it to an index in the original. */
export interface FilledBody {
  text: string;
  /** Maps an index in `text` to the index in the original body (a filled sample maps to its placeholder). */
  originalIndex(index: number): number;
}

/** Tells, for increasing indexes of `text`, whether each falls inside a JSON string literal (one pass in all). */
function stringTracker(text: string): (index: number) => boolean {
  let inside = false;
  let i = 0;
  return (index) => {
    for (; i < index; i++) {
      const c = text.charCodeAt(i);
      if (inside && c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inside = !inside;
    }
    return inside;
  };
}

const sameIndex = (index: number): number => index;

/**
 * Fills each {{variable}} with a sample the platform could send. Inside a string literal any text works (`0`);
 * outside one the variable's value must bring its own quotes if it is a string, so a quoted sample ("s") is used,
 * which is also valid where a number or an object key is expected.
 */
export function fillVariables(body: string): FilledBody {
  let at = body.indexOf('{{');
  // A body without variables is its own filled text: nothing to build or map back.
  if (at < 0) return { text: body, originalIndex: sameIndex };
  // Four numbers a variable (filled start, original start, filled length, original length), no object for each: a
  // large file has a body in each of thousands of requests.
  const segments: number[] = [];
  let text = '';
  let cursor = 0;
  const insideString = stringTracker(body);
  for (; at >= 0; at = body.indexOf('{{', at + 1)) {
    const end = variableEnd(body, at);
    if (end < 0) continue;
    text += body.slice(cursor, at);
    const sample = insideString(at) ? '0' : '"s"';
    segments.push(text.length, at, sample.length, end - at);
    text += sample;
    cursor = end;
    at = end - 1;
  }
  text += body.slice(cursor);
  return {
    text,
    originalIndex(index: number): number {
      let shift = 0;
      for (let s = 0; s < segments.length; s += 4) {
        const filledStart = segments[s] as number, originalStart = segments[s + 1] as number;
        const filledLength = segments[s + 2] as number, originalLength = segments[s + 3] as number;
        if (index < filledStart) break;
        if (index < filledStart + filledLength) return originalStart;
        shift = originalStart + originalLength - (filledStart + filledLength);
      }
      return index + shift;
    },
  };
}

/** Where a filled body stops being JSON (in the original body), and what is wrong there. */
export interface JsonError {
  readonly index: number;
  readonly problem: string;
  readonly tooDeep?: true;
}

/** Only white space (what trim() removes), told without making the trimmed copy. */
const BLANK = /^\s*$/;

function judgeJson(body: string): JsonError | undefined {
  const filled = fillVariables(body);
  if (BLANK.test(filled.text)) return { index: 0, problem: 'the body is empty' };
  const deep = tooDeepAt(filled.text);
  if (deep >= 0) return { index: Math.min(filled.originalIndex(deep), body.length), problem: `nesting deeper than ${MAX_NESTING} levels`, tooDeep: true };
  // Valid JSON (what nearly every body is) is told apart natively; only an invalid one is read again for where.
  try {
    JSON.parse(filled.text);
    return undefined;
  } catch {
    // Located below.
  }
  const errors: ParseError[] = [];
  parse(filled.text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const [error] = errors;
  if (!error) return undefined;
  const words = printParseErrorCode(error.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return { index: Math.min(filled.originalIndex(error.offset), body.length), problem: words };
}

/**
 * The first JSON error in a filled body: where (in the original body) and what, or undefined when it parses. A body
 * nested deeper than MAX_NESTING is refused before it is read (`tooDeep`).
 */
export const firstJsonError = rememberedByText(judgeJson);
