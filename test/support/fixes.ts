import { fixIn, type Finding, type KeptFix, type TextEdit } from '../../server/src/core/findings';

/** A finding's fix's edits in `text` (the text it was found in); none when there is no fix. */
export function editsOf(text: string, fix: KeptFix | undefined): TextEdit[] {
  return fix ? fixIn(fix, text).edits : [];
}

/** A check's findings with their fixes' edits at their offsets in its text: what a full check of that text holds. */
export function findingsWithFixesIn(result: { parsed: { text: string }; findings: readonly Finding[] }): Finding[] {
  const { text } = result.parsed;
  return result.findings.map((f) => (f.fixes ? { ...f, fixes: f.fixes.map((fix) => fixIn(fix, text)) } : f));
}
