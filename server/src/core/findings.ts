/** Severity of a finding; `off` exists only in overrides. */
export type Severity = 'error' | 'warning' | 'info';
export type SeverityLevel = Severity | 'off';

/** A range of the document text, in UTF-16 code units as JavaScript strings count them. */
export interface Span {
  offset: number;
  length: number;
}

/** A text replacement: same shape as jsonc-parser's `Edit`, so its `modify` output is usable as is. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/** A one-click correction: a title for the light bulb and the edits that make it. */
export interface Fix {
  title: string;
  edits: TextEdit[];
  /** The fix a user most likely wants; editors show it first. */
  preferred?: boolean;
}

/** One problem found in a connector file. `code` is the rule id; fixes are found by it, never by message text. */
export interface Finding extends Span {
  code: string;
  severity: Severity;
  message: string;
  fixes?: Fix[];
  /** `unnecessary` renders faded (a setting with no effect). */
  tags?: 'unnecessary'[];
  /** Other places in the same text the finding is about (the first of two equal keys). */
  related?: (Span & { message: string })[];
}

/** Rule id → level, as set in settings or with the CLI's `--rule id=level`. */
export type SeverityOverrides = Readonly<Record<string, SeverityLevel>>;

/** Returns whether a string names a severity level. */
export function isSeverityLevel(value: string): value is SeverityLevel {
  return value === 'off' || value === 'info' || value === 'warning' || value === 'error';
}

/** Sorts findings in place the way every result lists them: by offset, then code (stable for ties). */
export function sortFindings(findings: Finding[]): void {
  findings.sort((a, b) => a.offset - b.offset || a.code.localeCompare(b.code));
}
