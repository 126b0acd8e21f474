/** Compares ignoring case, spaces, hyphens and underscores: "Only path" ~ "onlyPath", "Date-time" ~ "date-time". */
function loose(value: string): string {
  return value.toLowerCase().replace(/[\s_-]+/g, '');
}

/** UI labels that are not just another spelling of the file's word. */
const UI_LABELS: Readonly<Record<string, string>> = {
  computedparameter: 'computed',
  apikey: 'apiKey',
};

/** The canonical value a UI spelling or case slip stands for ("Query" → "query", "Only path" → "onlyPath"). */
export function canonicalSpelling(value: string, allowed: readonly unknown[]): string | undefined {
  const wanted = loose(value);
  const label = UI_LABELS[wanted];
  if (label !== undefined && allowed.includes(label)) return label;
  const matches = allowed.filter((a): a is string => typeof a === 'string' && loose(a) === wanted);
  return matches.length === 1 ? matches[0] : undefined;
}
