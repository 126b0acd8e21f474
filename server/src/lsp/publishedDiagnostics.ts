// The diagnostics of a file full of findings, written again at every keystroke: those of findings the edit did not
// move are the previous version's objects, reused, instead of thousands made anew each time.
import type { Diagnostic } from 'vscode-languageserver';
import type { Finding, LineIndex } from '../core';
import type { DocumentAnalysis } from './context';
import { toDiagnostic } from './convert';

/** One version's findings and the diagnostics published for them. */
interface Published {
  version: number;
  findings: readonly Finding[];
  diagnostics: Diagnostic[];
  lines: LineIndex;
}

/** Whether two findings' tags are alike (a rule makes a new list for each finding). */
function sameTags(a: Finding['tags'], b: Finding['tags']): boolean {
  return a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((tag, i) => b[i] === tag));
}

/** Whether `now` is `before` moved by `delta`: the same finding further on. */
function movedAlike(before: Finding, now: Finding, delta: number): boolean {
  if (now === before) return delta === 0;
  if (now.offset !== before.offset + delta || now.length !== before.length || now.code !== before.code || now.severity !== before.severity
    || now.message !== before.message || !sameTags(before.tags, now.tags)) return false;
  const a = before.related ?? [];
  const b = now.related ?? [];
  return a.length === b.length && a.every((r, i) => b[i]?.offset === r.offset + delta && b[i]?.length === r.length && b[i]?.message === r.message);
}

/** The last offset a finding's diagnostic shows (its range's end, or a related place's). */
function lastOffset(finding: Finding): number {
  let last = finding.offset + finding.length;
  for (const r of finding.related ?? []) last = Math.max(last, r.offset + r.length);
  return last;
}

/** The first offset a finding's diagnostic shows (its range's start, or a related place's). */
function firstOffset(finding: Finding): number {
  let first = finding.offset;
  for (const r of finding.related ?? []) first = Math.min(first, r.offset);
  return first;
}

/**
 * The offset from which every line and column of the new text is that of the old one moved by the edit: the start
 * of the line after the edit's, when the edit added or removed no line (the line starts after it being then those of
 * the old text, moved); Infinity when it did.
 */
function sameLinesFrom(before: LineIndex, lines: LineIndex, region: { oldEnd: number; newEnd: number }): number {
  const lastLine = lines.positionAt(Infinity).line;
  const next = lines.positionAt(region.newEnd).line + 1;
  return lastLine !== before.positionAt(Infinity).line || next > lastLine ? Infinity : lines.offsetAt({ line: next, character: 0 });
}

/** Whether a diagnostic's positions are those of `finding` in `lines`. */
function samePlace(diagnostic: Diagnostic, finding: Finding, lines: LineIndex): boolean {
  const same = (at: { line: number; character: number }, offset: number): boolean => {
    const now = lines.positionAt(offset);
    return now.line === at.line && now.character === at.character;
  };
  const { range } = diagnostic;
  if (!same(range.start, finding.offset) || !same(range.end, finding.offset + finding.length)) return false;
  const related = diagnostic.relatedInformation ?? [];
  return (finding.related ?? []).every((r, i) => {
    const shown = related[i]?.location.range;
    return shown !== undefined && same(shown.start, r.offset) && same(shown.end, r.offset + r.length);
  });
}

/** What the editor is told of an analysis's findings, every one made afresh. */
export function diagnosticsOf(analysis: DocumentAnalysis): Diagnostic[] {
  return analysis.result.findings.map((f) => toDiagnostic(analysis.lines, f, analysis.uri));
}

/**
 * How long a document's diagnostics are kept for its next version once nothing is typed: while typing they spare
 * making thousands again; then they would only hold memory (tens of thousands in a large file full of findings),
 * given back before the server's collection once idle (idleCollection.ts).
 */
const KEPT_WHILE_TYPING_MS = 1_500;

/** The diagnostics last published per document, reused for the next version's findings an edit did not move. */
export class PublishedDiagnostics {
  private readonly last = new Map<string, Published & { timer: NodeJS.Timeout }>();

  /** The diagnostics of an analysis about to be published (remembered for the next version's, while typing goes on). */
  publish(analysis: DocumentAnalysis): Diagnostic[] {
    const { uri } = analysis;
    const previous = this.last.get(uri);
    const diagnostics = this.diagnosticsFor(analysis);
    const timer = previous?.timer.refresh() ?? setTimeout(() => this.last.delete(uri), KEPT_WHILE_TYPING_MS).unref();
    this.last.set(uri, { version: analysis.version, findings: analysis.result.findings, diagnostics, lines: analysis.lines, timer });
    return diagnostics;
  }

  /** The diagnostics `publish` would give an analysis, made as it makes them, with nothing remembered. */
  rehearse(analysis: DocumentAnalysis): Diagnostic[] {
    return this.diagnosticsFor(analysis);
  }

  /** An analysis's diagnostics: the previous version's where the edit did not move them, when it follows the version last published. */
  private diagnosticsFor(analysis: DocumentAnalysis): Diagnostic[] {
    const previous = this.last.get(analysis.uri);
    const { edit } = analysis;
    return previous && edit && edit.fromVersion === previous.version ? this.reused(previous, analysis, edit.region) : diagnosticsOf(analysis);
  }

  /**
   * Whether this analysis's diagnostics are those last published for its document (the editor has them): opening a
   * document both opens and changes it, so each asks for a check of the same version.
   */
  published(analysis: DocumentAnalysis): boolean {
    const last = this.last.get(analysis.uri);
    return last !== undefined && last.version === analysis.version && last.findings === analysis.result.findings && last.lines === analysis.lines;
  }

  forget(uri: string): void {
    clearTimeout(this.last.get(uri)?.timer);
    this.last.delete(uri);
  }

  /**
   * Pairs the findings before the edit (saying the same at the same place) and after it (moved alike, from the end) with the previous
   * diagnostics: those before are reused, those after where their lines and columns are the same (an edit that adds
   * or removes a line moves every line after it: those on the lines after the edit's are the same without looking
   * when it adds or removes none); the others are made afresh.
   */
  private reused(previous: Published, analysis: DocumentAnalysis, region: { start: number; oldEnd: number; newEnd: number }): Diagnostic[] {
    const { lines, uri } = analysis;
    const before = previous.findings;
    const now = analysis.result.findings;
    const out: Diagnostic[] = new Array<Diagnostic>(now.length);
    const delta = region.newEnd - region.oldEnd;
    const pairs = Math.min(before.length, now.length);
    let head = 0;
    // Offsets before the edit's start (the character before it included, a CR the edit may pair with an LF) keep their
    // lines. A finding there may be a new object saying the same (its fix edits a place after the edit, moved).
    for (; head < pairs && movedAlike(before[head] as Finding, now[head] as Finding, 0) && lastOffset(now[head] as Finding) < region.start; head++) {
      out[head] = previous.diagnostics[head] as Diagnostic;
    }
    const sameFrom = sameLinesFrom(previous.lines, lines, region);
    let tail = 0;
    for (; tail < pairs - head; tail++) {
      const b = before[before.length - 1 - tail] as Finding;
      const n = now[now.length - 1 - tail] as Finding;
      if (!movedAlike(b, n, delta)) break;
      const kept = previous.diagnostics[before.length - 1 - tail] as Diagnostic;
      out[now.length - 1 - tail] = firstOffset(n) >= sameFrom || samePlace(kept, n, lines) ? kept : toDiagnostic(lines, n, uri);
    }
    for (let i = head; i < now.length - tail; i++) out[i] = toDiagnostic(lines, now[i] as Finding, uri);
    return out;
  }
}
