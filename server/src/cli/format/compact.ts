import { visibleText } from '../../core';
import type { LintedFile } from '../lint/lintFiles';

/**
 * One line per finding, `path:line:column: severity: message (rule-id)`: the shape editors' problem matchers and
 * compilers' error formats read (VS Code's $connector-lint, Vim's errorformat, Emacs's compile mode).
 */
export function formatCompact(files: readonly LintedFile[]): string {
  const lines: string[] = [];
  for (const file of files) {
    for (const f of file.findings) {
      lines.push(visibleText(`${file.displayPath}:${f.line}:${f.column}: ${f.severity}: ${f.message.replace(/\s*[\r\n]+\s*/g, ' ')} (${f.code})`));
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
