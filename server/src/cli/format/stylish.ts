import { visibleText, type Severity } from '../../core';
import type { LintedFile } from '../lint/lintFiles';
import { countSeverities, plural } from './counts';

export interface StylishOptions {
  color: boolean;
  /** Only errors are shown: the clean message must not claim there is nothing at all. */
  quiet: boolean;
  /** The terminal's width: messages wrap to it. Without it (piped output) each finding is one line. */
  columns?: number;
  /** How many files the project file left unchecked: said in the summary so none seems lost. */
  ignoredCount?: number;
}

/** The narrowest message column worth wrapping to; below it, lines are left long rather than cut to shreds. */
const MIN_MESSAGE_WIDTH = 30;

/** Splits text into lines of at most `width` characters at spaces (a longer word is cut). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(' ')) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

const ANSI = { reset: '\u001b[0m', bold: '\u001b[1m', dim: '\u001b[2m', underline: '\u001b[4m', red: '\u001b[31m', yellow: '\u001b[33m', cyan: '\u001b[36m', green: '\u001b[32m' };
const SEVERITY_COLOR: Record<Severity, string> = { error: ANSI.red, warning: ANSI.yellow, info: ANSI.cyan };

/** Grouped by file, aligned columns, one summary line: what a person reads in a terminal. */
export function formatStylish(files: readonly LintedFile[], options: StylishOptions): string {
  const paint = (style: string, text: string): string => (options.color && text !== '' ? `${style}${text}${ANSI.reset}` : text);
  const out: string[] = [];
  for (const file of files) {
    if (file.findings.length === 0) continue;
    const rows = file.findings.map((f) => ({
      position: `${f.line}:${f.column}`,
      severity: f.severity,
      // One finding, one line: a message with line breaks would break the columns. Text it quotes shows, never acts.
      message: visibleText(f.message.replace(/\s*[\r\n]+\s*/g, ' ')),
      code: f.code,
    }));
    // A loop, not Math.max(...rows): a file with 100 000 findings would overflow the call stack.
    let positionWidth = 0;
    let severityWidth = 0;
    for (const row of rows) {
      positionWidth = Math.max(positionWidth, row.position.length);
      severityWidth = Math.max(severityWidth, row.severity.length);
    }
    const indent = 2 + positionWidth + 2 + severityWidth + 2;
    const messageWidth = options.columns !== undefined && options.columns - indent >= MIN_MESSAGE_WIDTH ? options.columns - indent : undefined;
    out.push(paint(ANSI.underline, visibleText(file.displayPath)));
    for (const row of rows) {
      const lead = `  ${paint(ANSI.dim, row.position.padEnd(positionWidth))}  ${paint(SEVERITY_COLOR[row.severity], row.severity.padEnd(severityWidth))}  `;
      if (messageWidth === undefined) {
        out.push(`${lead}${row.message}  ${paint(ANSI.dim, row.code)}`);
        continue;
      }
      // The rule id ends the last line when it fits there, else it takes a line of its own.
      const lines = wrapText(row.message, messageWidth);
      const last = lines.length - 1;
      if ((lines[last] ?? '').length + 2 + row.code.length <= messageWidth) lines[last] = `${lines[last]}  ${paint(ANSI.dim, row.code)}`;
      else lines.push(paint(ANSI.dim, row.code));
      out.push(`${lead}${lines[0]}`, ...lines.slice(1).map((line) => `${' '.repeat(indent)}${line}`));
    }
    out.push('');
  }
  const counts = countSeverities(files);
  const total = counts.error + counts.warning + counts.info;
  if (total === 0) {
    const ignored = options.ignoredCount ? ` (${plural(options.ignoredCount, 'file')} ignored by connector-tools.json)` : '';
    const noun = files.every((file) => file.kind === 'connector') ? 'connector file' : 'file';
    const checked = `${plural(files.length, noun)}${ignored}`;
    out.push(paint(ANSI.green, options.quiet ? `✔ No errors in ${checked}.` : `✔ No problems found in ${checked}.`));
  } else {
    const style = counts.error ? ANSI.red : counts.warning ? ANSI.yellow : ANSI.cyan;
    const summary = `✖ ${plural(total, 'problem')} (${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.info, 'info')})`;
    out.push(paint(ANSI.bold + style, summary));
  }
  return `${out.join('\n')}\n`;
}
