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

/**
 * A fix as a kept finding holds it after an edit before its edits moved them (the fix enabling a setting at the
 * file's end, while typing above it): each edit's offset counts back from the end of the text, so further edits before
 * them move nothing and the finding holding it is not copied again. Read it with `fixIn`.
 */
export interface FixFromEnd {
  title: string;
  /** The edits, each `offset` being the text's length minus where the edit starts. */
  editsFromEnd: TextEdit[];
  preferred?: boolean;
}

/** A fix as a finding holds it: as made (offsets from the text's start), or counted back from its end. */
export type KeptFix = Fix | FixFromEnd;

/** A finding's fix with its edits at their offsets in `text`, the text of the version whose findings hold it. */
export function fixIn(fix: KeptFix, text: string): Fix {
  if ('edits' in fix) return fix;
  const { length } = text;
  return {
    title: fix.title,
    edits: fix.editsFromEnd.map((e) => ({ offset: length - e.offset, length: e.length, content: e.content })),
    ...(fix.preferred !== undefined ? { preferred: fix.preferred } : {}),
  };
}

/** One problem found in a connector file. `code` is the rule id; fixes are found by it, never by message text. */
export interface Finding extends Span {
  code: string;
  severity: Severity;
  message: string;
  /** Its fixes; `fixIn` gives their edits in the finding's text. */
  fixes?: KeptFix[];
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
