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

/** Returns the `{name}` path parameters of a REST path or OData url, in order (not `{{variables}}`). */
export function pathPlaceholders(text: string): Placeholder[] {
  if (!text.includes('{')) return [];
  return [...text.matchAll(PATH_PARAMETER)].map((m) => ({ name: (m[1] ?? '').trim(), index: m.index ?? 0, length: m[0].length }));
}

/** Returns the `{{name}}` variables of a body, header value or computed template, in order. */
export function variablePlaceholders(text: string): Placeholder[] {
  if (!text.includes('{{')) return [];
  return [...text.matchAll(VARIABLE)].map((m) => ({ name: (m[1] ?? '').trim(), index: m.index ?? 0, length: m[0].length }));
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
