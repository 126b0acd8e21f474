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
