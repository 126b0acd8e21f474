import { visibleText, type Severity } from '../../core';
import type { LintedFile } from '../lint/lintFiles';

// GitHub Actions workflow commands: each finding becomes an annotation on the pull request's changed lines.
const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** Escapes a workflow command's message (data); the log shows control characters as text, never acts on them. */
function escapeData(text: string): string {
  return visibleText(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a workflow command's property value, where `:` and `,` also separate. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One `::error file=...,line=...::message` line per finding, paths as given (relative to the workspace). */
export function formatGithub(files: readonly LintedFile[]): string {
  const lines: string[] = [];
  for (const file of files) {
    for (const f of file.findings) {
      const properties = [
        `file=${escapeProperty(file.displayPath.split('\\').join('/'))}`,
        `line=${f.line}`, `col=${f.column}`, `endLine=${f.endLine}`, `endColumn=${f.endColumn}`,
        `title=${escapeProperty(f.code)}`,
      ];
      lines.push(`::${COMMAND[f.severity]} ${properties.join(',')}::${escapeData(`${f.message} (${f.code})`)}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
