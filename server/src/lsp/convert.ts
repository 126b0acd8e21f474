import { DiagnosticSeverity, DiagnosticTag, type Diagnostic, type Range, type TextEdit as LspTextEdit } from 'vscode-languageserver';
import { RULE_IDS, type Finding, type LineIndex, type Span, type TextEdit } from '../core';
import { rulesDocUrl } from '../io/packageInfo';
import { sealDiagnostic } from './messageEncoding';

/** Where each diagnostic's code links to: its section of the rules' documentation. */
const RULES_DOC_URL = rulesDocUrl();

/** Codes with a section of their own in the rules' documentation; others (a values or tests file's) link nowhere. */
const DOCUMENTED_CODES: ReadonlySet<string> = new Set(RULE_IDS);

/** An offset span as an LSP range. */
export function rangeOf(lines: LineIndex, span: Span): Range {
  return { start: lines.positionAt(span.offset), end: lines.positionAt(span.offset + span.length) };
}

/** A core edit as an LSP text edit. */
export function lspEdit(lines: LineIndex, edit: TextEdit): LspTextEdit {
  return { range: rangeOf(lines, edit), newText: edit.content };
}

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/** Each documented code's link, made once: thousands of diagnostics share it, keystroke after keystroke. */
const CODE_DESCRIPTIONS = new Map([...DOCUMENTED_CODES].map((code) => [code, Object.freeze({ href: `${RULES_DOC_URL}#${code}` })]));
const UNNECESSARY = Object.freeze([DiagnosticTag.Unnecessary]) as DiagnosticTag[];

/** A finding of the document at `uri` as an LSP diagnostic; the rule id is the code, which is how fixes are found again. */
export function toDiagnostic(lines: LineIndex, finding: Finding, uri: string): Diagnostic {
  const codeDescription = CODE_DESCRIPTIONS.get(finding.code);
  // Sealed: while it stays, its bytes are copied from one keystroke's message into the next (messageEncoding.ts).
  return sealDiagnostic({
    range: rangeOf(lines, finding),
    severity: SEVERITY[finding.severity],
    code: finding.code,
    ...(codeDescription ? { codeDescription } : {}),
    source: 'connector',
    message: finding.message,
    ...(finding.tags?.includes('unnecessary') ? { tags: UNNECESSARY } : {}),
    ...(finding.related?.length ? { relatedInformation: finding.related.map((r) => ({ location: { uri, range: rangeOf(lines, r) }, message: r.message })) } : {}),
  });
}
