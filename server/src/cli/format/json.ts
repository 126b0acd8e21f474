import type { LintedFile } from '../lint/lintFiles';

/** One record per finding, for scripts: positions 1-based, columns in UTF-16 code units, ends exclusive. */
export interface JsonFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
}

/** All findings of all files as one JSON array. */
export function formatJson(files: readonly LintedFile[]): string {
  const records: JsonFinding[] = files.flatMap((file) =>
    file.findings.map((f) => ({
      file: file.displayPath,
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      severity: f.severity,
      code: f.code,
      message: f.message,
    })),
  );
  return `${JSON.stringify(records, null, 2)}\n`;
}
