import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, sep } from 'node:path';
import { bodyFileReader, projectRootOf } from '../../files/workspaceFiles';
import type { Finding, Severity, SeverityOverrides } from '../../core/findings';
import { LineIndex } from '../../core/lineIndex';
import { lintText } from '../../core/lint';
import { describeFsError } from '../usage';

/** A finding placed in its file as editors count: 1-based lines and columns in UTF-16 code units, end exclusive. */
export interface LocatedFinding {
  code: string;
  severity: Severity;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface LintedFile {
  /** Absolute path. */
  path: string;
  /** Relative to the working folder, as the user would type it. */
  displayPath: string;
  findings: LocatedFinding[];
}

export interface LintRun {
  files: LintedFile[];
  /** Files that could not be read, as messages. */
  problems: string[];
}

/** The path as shown to the user: relative to the working folder when inside it, otherwise absolute. */
export function displayPathOf(file: string, cwd: string): string {
  const shown = relative(cwd, file);
  const outside = shown === '' || shown === '..' || shown.startsWith(`..${sep}`) || isAbsolute(shown);
  return outside ? file : shown;
}

function locate(finding: Finding, index: LineIndex): LocatedFinding {
  const start = index.positionAt(finding.offset);
  const end = index.positionAt(finding.offset + finding.length);
  return {
    code: finding.code,
    severity: finding.severity,
    message: finding.message,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
  };
}

/** Text of a connector file: UTF-8, without the byte order mark editors hide (offsets must match what they show). */
export function decodeConnectorText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Reads and lints each file; a file that cannot be read becomes a problem, not a crash. */
export async function lintFiles(paths: readonly string[], overrides: SeverityOverrides, cwd: string): Promise<LintRun> {
  const files: LintedFile[] = [];
  const problems: string[] = [];
  for (const path of paths) {
    const displayPath = displayPathOf(path, cwd);
    let text: string;
    try {
      // A FIFO or a device (/dev/zero) would block or never end: only regular files are read.
      if (!(await stat(path)).isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREGULAR' });
      text = decodeConnectorText(await readFile(path));
    } catch (error) {
      problems.push(`cannot read ${displayPath}: ${describeFsError(error)}`);
      continue;
    }
    const index = new LineIndex(text);
    const readBodyFile = bodyFileReader(dirname(path), [projectRootOf(dirname(path), existsSync)]);
    const findings = lintText(text, { overrides, readBodyFile }).findings.map((finding) => locate(finding, index));
    files.push({ path, displayPath, findings });
  }
  return { files, problems };
}
