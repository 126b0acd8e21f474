/** A `{name}` or `{{name}}` found in a string, with its index in the decoded string. */
export interface Placeholder {
  name: string;
  /** Index of the opening brace in the decoded string. */
  index: number;
  /** Length including the braces. */
  length: number;
}

const PATH_PARAMETER = /(?<!\{)\{([^{}]*)\}(?!\})/g;
const VARIABLE = /\{\{([^{}]*)\}\}/g;
const VARIABLE_HERE = new RegExp(VARIABLE.source, 'y');

const OPEN = 123; // {
const CLOSE = 125; // }

/** Where the run of characters other than braces that starts at `from` ends. */
function braceFrom(text: string, from: number): number {
  let j = from;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === OPEN || c === CLOSE) break;
  }
  return j;
}

/**
 * Returns the `{name}` path parameters of a REST path or OData url, in order (not `{{variables}}`): what
 * PATH_PARAMETER matches, found by one scan (every path, url and query of every file is read for them).
 */
export function pathPlaceholders(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === OPEN) continue;
    const end = braceFrom(text, i + 1);
    if (text.charCodeAt(end) !== CLOSE || text.charCodeAt(end + 1) === CLOSE) continue;
    found.push({ name: text.slice(i + 1, end).trim(), index: i, length: end + 1 - i });
    i = end;
  }
  return found;
}

/** The index just past the `{{name}}` variable whose `{{` is at `index`, or -1 when no variable closes there. */
export function variableEnd(text: string, index: number): number {
  const end = braceFrom(text, index + 2);
  return text.charCodeAt(end) === CLOSE && text.charCodeAt(end + 1) === CLOSE ? end + 2 : -1;
}

/** Returns the `{{name}}` variables of a body, header value or computed template, in order: what VARIABLE matches, by one scan. */
export function variablePlaceholders(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (let i = text.indexOf('{{'); i >= 0; i = text.indexOf('{{', i + 1)) {
    const end = variableEnd(text, i);
    if (end < 0) continue;
    found.push({ name: text.slice(i + 2, end - 2).trim(), index: i, length: end - i });
    i = end - 1;
  }
  return found;
}

/** The length of the `{{name}}` variable that starts at `index` of a text, or undefined when none starts there. */
export function variableLengthAt(text: string, index: number): number | undefined {
  VARIABLE_HERE.lastIndex = index;
  return VARIABLE_HERE.exec(text)?.[0].length;
}

/** What a placeholder is filled with, by its name (trimmed); undefined leaves it as written. */
export type Fill = (name: string) => string | undefined;

/** Replaces the `{name}` path parameters of a text (not `{{variables}}`) with what `fill` gives. */
export function fillPathPlaceholders(text: string, fill: Fill): string {
  return text.replace(PATH_PARAMETER, (whole, raw: string) => fill(raw.trim()) ?? whole);
}

/** Replaces the `{{name}}` variables of a text with what `fill` gives. */
export function fillVariablePlaceholders(text: string, fill: Fill): string {
  return text.replace(VARIABLE, (whole, raw: string) => fill(raw.trim()) ?? whole);
}
