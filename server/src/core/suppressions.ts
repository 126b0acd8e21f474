// Inline suppression: `// connector-disable-next-line rule-id[, other-id] -- reason` silences those rules on the
// next line only, and says why. A suppression that names an unknown rule, gives no reason, or silences nothing
// is itself a finding, so suppressions cannot rot silently.
import { createScanner } from 'jsonc-parser';
import { closeMatches } from './closeMatches';
import { sortFindings, type Finding, type Fix, type SeverityOverrides } from './findings';
import { LineIndex } from './lineIndex';

/** The word that starts a suppression comment. */
export const SUPPRESSION_DIRECTIVE = 'connector-disable-next-line';
export const UNUSED_SUPPRESSION = 'unused-suppression';
export const INVALID_SUPPRESSION = 'invalid-suppression';

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values, as documented.
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const END_OF_TEXT = 17;

interface NamedRule {
  id: string;
  /** Where the id stands in the text. */
  offset: number;
}

interface Suppression {
  /** The comment's span. */
  offset: number;
  length: number;
  /** The 0-based line whose findings it silences. */
  targetLine: number;
  rules: NamedRule[];
  reason: string;
}

/** Finds the suppression comments of a text (none without scanning when the directive does not occur). */
function suppressionsOf(text: string, lines: LineIndex): Suppression[] {
  if (!text.includes(SUPPRESSION_DIRECTIVE)) return [];
  const out: Suppression[] = [];
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== END_OF_TEXT; kind = scanner.scan()) {
    if (kind !== LINE_COMMENT && kind !== BLOCK_COMMENT) continue;
    const offset = scanner.getTokenOffset();
    const comment = text.slice(offset, offset + scanner.getTokenLength());
    const body = kind === LINE_COMMENT ? comment.slice(2) : comment.slice(2, comment.endsWith('*/') ? -2 : undefined);
    const start = body.search(/\S/);
    if (start < 0 || !body.startsWith(SUPPRESSION_DIRECTIVE, start)) continue;
    const afterDirective = start + SUPPRESSION_DIRECTIVE.length;
    const rest = body.slice(afterDirective);
    const separator = rest.search(/(^|\s)--(\s|$)/);
    const idsPart = separator >= 0 ? rest.slice(0, separator) : rest;
    const reason = separator >= 0 ? rest.slice(separator).replace(/^\s*--/, '').trim() : '';
    // Offsets of the ids in the text: the comment start, its two opening characters, then the body.
    const bodyOffset = offset + 2 + afterDirective;
    const rules: NamedRule[] = [];
    for (const match of idsPart.matchAll(/[^\s,]+/g)) rules.push({ id: match[0], offset: bodyOffset + (match.index ?? 0) });
    out.push({ offset, length: comment.length, targetLine: lines.positionAt(offset + comment.length).line + 1, rules, reason });
  }
  return out;
}

const LINE_END_AFTER_BLANKS = /[ \t]*(\r?\n|$)/y;
const BLANKS_AND_LINE_END = /[ \t]*(\r?\n)?/y;

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function matchesAt(pattern: RegExp, text: string, at: number): boolean {
  return matchAt(pattern, text, at) !== null;
}

/**
 * Where the line holding `offset` starts when only white space comes before it there, else undefined: read backwards
 * from `offset`, so that the comments of one long line each stop at the one before them, not at the line's start.
 */
function startOfBlankLine(text: string, offset: number): number | undefined {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text.charAt(i);
    if (c === '\n') return i + 1;
    if (!/\s/.test(c)) return undefined;
  }
  return 0;
}

/** A fix that removes one id from a suppression, or the whole comment when it is the only one. */
function removalFix(text: string, suppression: Suppression, index: number): Fix {
  const rule = suppression.rules[index] as NamedRule;
  if (suppression.rules.length === 1) {
    // The comment and the line it leaves empty, when it stands alone on its line.
    const lineStart = startOfBlankLine(text, suppression.offset);
    const end = suppression.offset + suppression.length;
    const alone = lineStart !== undefined && matchesAt(LINE_END_AFTER_BLANKS, text, end);
    const removeTo = alone ? end + (matchAt(BLANKS_AND_LINE_END, text, end)?.[0].length ?? 0) : end;
    const removeFrom = alone ? lineStart : suppression.offset;
    return { title: 'Remove this suppression comment', edits: [{ offset: removeFrom, length: removeTo - removeFrom, content: '' }], preferred: true };
  }
  // The id with the separator before it (or after it, for the first id).
  const neighbour = index > 0 ? suppression.rules[index - 1] : suppression.rules[index + 1];
  const [from, to] = index > 0 && neighbour
    ? [neighbour.offset + neighbour.id.length, rule.offset + rule.id.length]
    : [rule.offset, neighbour ? neighbour.offset : rule.offset + rule.id.length];
  return { title: `Remove '${rule.id}' from this suppression`, edits: [{ offset: from, length: to - from, content: '' }], preferred: true };
}

/**
 * Drops the findings that a suppression comment silences and adds findings for suppressions that are unknown,
 * without a reason, or silence nothing. `knownCodes` are every code a user may name.
 */
export function applySuppressions(text: string, findings: readonly Finding[], knownCodes: readonly string[], overrides?: SeverityOverrides): Finding[] {
  const lines = new LineIndex(text);
  const suppressions = suppressionsOf(text, lines);
  if (suppressions.length === 0) return [...findings];
  const known = new Set(knownCodes);
  // Per line, the first id naming each rule among the suppressions of that line, in order: the one a finding there uses.
  const byLine = new Map<number, Map<string, NamedRule>>();
  for (const s of suppressions) {
    let named = byLine.get(s.targetLine);
    if (!named) byLine.set(s.targetLine, (named = new Map()));
    for (const rule of s.rules) if (!named.has(rule.id)) named.set(rule.id, rule);
  }
  const used = new Set<NamedRule>();
  const kept: Finding[] = [];
  for (const finding of findings) {
    const silencedBy = finding.code === UNUSED_SUPPRESSION || finding.code === INVALID_SUPPRESSION
      ? undefined
      : byLine.get(lines.positionAt(finding.offset).line)?.get(finding.code);
    if (silencedBy) used.add(silencedBy);
    else kept.push(finding);
  }
  const level = (code: string): 'error' | 'warning' | 'info' | 'off' => overrides?.[code] ?? 'warning';
  const add = (code: string, finding: Omit<Finding, 'code' | 'severity'>): void => {
    const severity = level(code);
    if (severity !== 'off') kept.push({ code, severity, ...finding });
  };
  for (const s of suppressions) {
    if (s.rules.length === 0) {
      add(INVALID_SUPPRESSION, { offset: s.offset, length: s.length, message: `Name the rule this comment silences, e.g. "// ${SUPPRESSION_DIRECTIVE} header-credential -- why". Rule ids are listed in docs/rules.md.` });
      continue;
    }
    if (!s.reason) {
      add(INVALID_SUPPRESSION, { offset: s.offset, length: s.length, message: `Say why the rule is silenced here: end the comment with " -- " and the reason, so the next reader knows it is deliberate.` });
    }
    for (const [index, rule] of s.rules.entries()) {
      if (!known.has(rule.id)) {
        const close = closeMatches(rule.id, knownCodes, 1);
        const fixes: Fix[] = close.map((id) => ({ title: `Change to '${id}'`, edits: [{ offset: rule.offset, length: rule.id.length, content: id }], preferred: true }));
        add(INVALID_SUPPRESSION, {
          offset: rule.offset, length: rule.id.length,
          message: `There is no rule '${rule.id}'.${close.length ? ` Did you mean '${close[0]}'?` : ' Rule ids are listed in docs/rules.md.'}`,
          ...(fixes.length ? { fixes } : {}),
        });
      } else if (!used.has(rule)) {
        add(UNUSED_SUPPRESSION, {
          offset: rule.offset, length: rule.id.length,
          message: `'${rule.id}' reports nothing on the next line, so this suppression silences nothing. Remove it.`,
          fixes: [removalFix(text, s, index)], tags: ['unnecessary'],
        });
      }
    }
  }
  sortFindings(kept);
  return kept;
}
