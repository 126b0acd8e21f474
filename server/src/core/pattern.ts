// Whether a value matches a parameter's `pattern` constraint: the one place that answers it, for the lint rule
// that checks a pattern's syntax and for every check of a supplied value.
//
// Patterns come from files anyone can send the user, so they are matched by RE2JS, an engine without
// backtracking: the time is linear in the value's length, whatever the pattern ("^(a+)+$" included). The price
// is what RE2 leaves out: lookahead and back-references. A pattern must also be valid JavaScript (the `u` flag),
// the syntax the format uses, so a file that passes here means the same to other JSON Schema tools.
import type { RE2JS } from 're2js';
import { TextKeyed } from './rememberedByText';

let re2js: typeof import('re2js') | undefined;

/** The matcher, loaded when the first pattern is judged: most files have none, and it is a sixth of the bundles. */
function matcher(): typeof RE2JS {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously: checks are synchronous
  re2js ??= require('re2js') as typeof import('re2js');
  return re2js.RE2JS;
}

/** Compiled programs larger than this are refused: per character, matching may visit every step of the program. */
export const MAX_PATTERN_PROGRAM = 5_000;
/** Program steps times value length above which a value is not judged (a hard bound on one check's time). */
export const MAX_PATTERN_WORK = 20_000_000;

type Compiled = { ok: true; engine: RE2JS; programSize: number } | { ok: false; problem: string };

const CACHE_SIZE = 256;
const cache = new TextKeyed<Compiled>(CACHE_SIZE);

/** Lookahead and back-references, outside character classes: what no linear-time matcher can run. */
function unsupportedConstruct(source: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      // Checked before translating: the translation would read \k<name> as the letters k<name>.
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) return 'it uses a back-reference (\\1 or \\k<name>), which patterns cannot use here';
      i++;
    } else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (!inClass && c === '(' && source[i + 1] === '?' && (source[i + 2] === '=' || source[i + 2] === '!')) {
      return 'it uses a lookahead ((?= or (?!), which patterns cannot use here; match the text itself instead';
    }
  }
  return undefined;
}

function whyRefused(engineMessage: string): string {
  if (/invalid repeat count/.test(engineMessage)) return 'a repeat count is above 1000, or repeats nest to more than 1000 in all';
  return `it uses syntax the linear-time matcher does not support (${engineMessage.replace(/^error parsing regexp: /, '')})`;
}

function compile(source: string): Compiled {
  try {
    new RegExp(source, 'u');
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    return { ok: false, problem: `it is not a valid regular expression (${reason}); in JSON, a backslash is written \\\\` };
  }
  const unsupported = unsupportedConstruct(source);
  if (unsupported) return { ok: false, problem: unsupported };
  let engine: RE2JS;
  try {
    const RE2 = matcher();
    engine = RE2.compile(RE2.translateRegExp(source), RE2.LOOKBEHINDS);
  } catch (error) {
    return { ok: false, problem: whyRefused((error as Error).message) };
  }
  const programSize = engine.programSize();
  if (programSize > MAX_PATTERN_PROGRAM) {
    return { ok: false, problem: `it is too large to match quickly (${programSize} steps once compiled, at most ${MAX_PATTERN_PROGRAM}); use smaller repeat counts` };
  }
  return { ok: true, engine, programSize };
}

function compiled(source: string): Compiled {
  let entry = cache.get(source);
  if (!entry) {
    entry = compile(source);
    cache.set(source, entry);
  }
  return entry;
}

/** Why a pattern cannot be used (a sentence that starts with "it"), or undefined when it can. */
export function patternProblem(source: string): string | undefined {
  const entry = compiled(source);
  return entry.ok ? undefined : entry.problem;
}

/** Whether a value matches a pattern (anywhere in it, as in JSON Schema); `unusable` for a pattern the checks refuse. */
export function matchPattern(source: string, value: string): 'match' | 'mismatch' | 'unusable' | 'too-long' {
  const entry = compiled(source);
  if (!entry.ok) return 'unusable';
  if (entry.programSize * value.length > MAX_PATTERN_WORK) return 'too-long';
  return entry.engine.test(value) ? 'match' : 'mismatch';
}

/** The longest value a pattern judges. */
export function longestJudged(source: string): number {
  const entry = compiled(source);
  return entry.ok ? Math.floor(MAX_PATTERN_WORK / Math.max(1, entry.programSize)) : 0;
}

/** What is wrong with a supplied value under its `pattern`, or undefined when it matches (or the pattern is unusable, which the checks of the file report). */
export function patternMismatch(source: string, value: string, name: string): string | undefined {
  switch (matchPattern(source, value)) {
    case 'mismatch':
      return `'${name}' does not match the pattern ${source}.`;
    case 'too-long':
      return `'${name}' is ${value.length} characters long, too long to check against the pattern ${source} (at most ${longestJudged(source)} for this pattern).`;
    default:
      return undefined;
  }
}
