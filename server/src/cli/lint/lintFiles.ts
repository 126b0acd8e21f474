import { createHash, type Hash } from 'node:crypto';
import { isAbsolute, relative, sep } from 'node:path';
import { LineIndex, parseEnvironmentsFile, parseProjectConfig, RULE_IDS, type Finding, type Severity, type SeverityOverrides } from '../../core';
import { connectorOfValues, fileKindOf, type FileKind } from '../../io/fileKinds';
import { readJsonTextSync, readListedJsonTextSync } from '../../io/jsonText';
import { plainShownPath } from '../../io/plainPaths';
import { ProjectConfigFiles, type ConfigForFile, type LoadedProjectConfig } from '../../io/projectConfigFiles';
import { connectorPathOf, testsFileFindings } from '../../io/testsFiles';
import { valuesFileFindings } from '../../io/valuesFiles';
import { connectorCheckOptions, type ConnectorCheckScope } from '../connectorCheck';
import { languageService } from '../languageService';
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
  /**
   * Stable across edits elsewhere in the file (no line number in it): the rule, the file, the text of the finding's
   * line and span, and which of equal ones it is. Code scanning uses it to follow an alert as lines move.
   */
  fingerprint: string;
}

export interface LintedFile {
  /** Absolute path. */
  path: string;
  /** What the file is: a connector, or one of the files around connectors. */
  kind: FileKind;
  /** Relative to the working folder, as the user would type it. */
  displayPath: string;
  findings: LocatedFinding[];
}

export interface LintRun {
  files: LintedFile[];
  /** Files the project file (connector-tools.json) leaves unchecked, as shown to the user. */
  ignored: string[];
  /** Files that could not be read, as messages. */
  problems: string[];
}

/** The path as shown to the user: relative to the working folder when inside it, otherwise absolute. */
export function displayPathOf(file: string, cwd: string): string {
  const plain = plainShownPath(cwd, file);
  if (plain !== undefined) return plain;
  const shown = relative(cwd, file);
  const outside = shown === '' || shown === '..' || shown.startsWith(`..${sep}`) || isAbsolute(shown);
  return outside ? file : shown;
}

/**
 * What the findings of one line share: its text, trimmed, and per rule the hash of everything the fingerprint hashes
 * before the finding's own text. A minified file's one line holds every finding: read and hashed once, not per finding.
 */
interface LineOfFindings {
  text: string;
  prefixes: Map<string, Hash>;
}

function locate(finding: Finding, index: LineIndex, text: string, displayPath: string, seen: Map<string, number>, lines: Map<number, LineOfFindings>): LocatedFinding {
  const start = index.positionAt(finding.offset);
  const end = index.positionAt(finding.offset + finding.length);
  let line = lines.get(start.line);
  if (!line) {
    const lineStart = finding.offset - start.character;
    const lineEnd = text.indexOf('\n', finding.offset);
    line = { text: text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).trim(), prefixes: new Map() };
    lines.set(start.line, line);
  }
  let prefix = line.prefixes.get(finding.code);
  if (!prefix) {
    prefix = createHash('sha256').update([finding.code, displayPath.split(sep).join('/'), line.text, ''].join('\u0000'));
    line.prefixes.set(finding.code, prefix);
  }
  const spanText = text.slice(finding.offset, finding.offset + finding.length);
  // The hash of code, path, line and span joined by NULs: the prefix's, continued with the span.
  const key = prefix.copy().update(spanText).digest('hex').slice(0, 32);
  const occurrence = (seen.get(key) ?? 0) + 1;
  seen.set(key, occurrence);
  return {
    fingerprint: `${key}:${occurrence}`,
    code: finding.code,
    severity: finding.severity,
    message: finding.message,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
  };
}

function locatedFile(path: string, displayPath: string, kind: FileKind, text: string, findings: readonly Finding[]): LintedFile {
  // Most files of a run are clean: their lines need not be counted.
  if (findings.length === 0) return { path, kind, displayPath, findings: [] };
  const index = new LineIndex(text);
  const seen = new Map<string, number>();
  const lines = new Map<number, LineOfFindings>();
  return { path, kind, displayPath, findings: findings.map((finding) => locate(finding, index, text, displayPath, seen, lines)) };
}

/** The text of a file that may not exist (undefined then); any other failure to read it throws. */
function textIfThere(path: string): string | undefined {
  try {
    return readJsonTextSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A file's findings, by what it is: the same checks the editor makes of an open file of that kind. */
function findingsOf(kind: Exclude<FileKind, 'project'>, path: string, text: string, scope: ConnectorCheckScope, project: ConfigForFile): readonly Finding[] {
  switch (kind) {
    case 'connector':
      return languageService.check(text, connectorCheckOptions(path, scope, project)).result.findings;
    case 'values': {
      const connectorPath = connectorOfValues(path);
      return valuesFileFindings(languageService, path, text, textIfThere(connectorPath), connectorCheckOptions(connectorPath, scope).readBodyFile);
    }
    case 'tests':
      return testsFileFindings(languageService, path, { readText: (p) => (p === path ? text : undefined), check: connectorCheckOptions(connectorPathOf(path), scope) });
    case 'environments':
      return parseEnvironmentsFile(text).findings;
  }
}

/**
 * Connectors checked between two turns of the event loop. V8 keeps whatever a check holds weakly (an operation's
 * parameters and headers, read when a rule first asks) alive until the current task ends: a run over thousands of
 * files in one task kept every file's, and each collection copied more of them (about 8 % of the CPU of 2,000 small files).
 */
const FILES_PER_TURN = 10;

/** A file to lint: a file on disk, or text already read (standard input) judged as if it were that file. */
export interface LintSource {
  path: string;
  /** How the report names it; defaults to the path relative to the working folder. */
  displayPath?: string;
  text?: string;
  /** A folder's listing showed it as a regular file: it is read by name in one call (io/jsonText.ts). */
  listed?: boolean;
}

/** The sources of resolved targets: each file, marked where a folder's listing showed it as a regular file. */
export function sourcesOf(files: readonly string[], listed: ReadonlySet<string>): (string | LintSource)[] {
  return files.map((path) => (listed.has(path) ? { path, listed: true } : path));
}

/** The path of a source. */
export function pathOfSource(source: string | LintSource): string {
  return typeof source === 'string' ? source : source.path;
}

/**
 * Reads and lints each source as its name says (a connector, a values, tests or environments file, a project file),
 * connectors with the levels of their project file (connector-tools.json), then `overrides` (the command line's,
 * which win); a project file with problems is reported once, before the first file it governs or where it is named.
 * A file that cannot be read becomes a problem, not a crash.
 */
export async function lintFiles(sources: readonly (string | LintSource)[], overrides: SeverityOverrides, cwd: string, configs = ProjectConfigFiles.forOneRun(RULE_IDS)): Promise<LintRun> {
  const files: LintedFile[] = [];
  const problems: string[] = [];
  const ignored: string[] = [];
  let checked = 0;
  const reportedConfigs = new Set<string>();
  const scope: ConnectorCheckScope = { overrides, configs, readers: new Map() };
  const reportConfig = (config: LoadedProjectConfig, evenClean: boolean): void => {
    if (reportedConfigs.has(config.path) || (!evenClean && config.findings.length === 0)) return;
    reportedConfigs.add(config.path);
    files.push(locatedFile(config.path, displayPathOf(config.path, cwd), 'project', config.text, config.findings));
  };
  for (let i = 0; i < sources.length; i++) {
    const entry = sources[i] as string | LintSource;
    const { path, displayPath = displayPathOf(path, cwd), text: given, listed = false } = typeof entry === 'string' ? { path: entry } : entry;
    const kind = fileKindOf(path) ?? 'connector';
    if (kind === 'project') {
      // Named (or found in a folder): reported even when clean, as a file that was checked.
      if (given !== undefined) {
        files.push(locatedFile(path, displayPath, kind, given, parseProjectConfig(given, RULE_IDS).findings));
        continue;
      }
      const loaded = configs.load(path);
      if (loaded) reportConfig(loaded, true);
      else problems.push(`cannot read ${displayPath}: not a regular file`);
      continue;
    }
    const fileConfig = configs.forFile(path);
    if (fileConfig.source) reportConfig(fileConfig.source, false);
    if (fileConfig.ignored) {
      ignored.push(displayPath);
      continue;
    }
    let text = given;
    if (text === undefined) {
      try {
        // Read synchronously: for thousands of small files, an asynchronous open, stat, read and close per file
        // costs more than the reading itself, and nothing else waits on this thread.
        text = listed ? readListedJsonTextSync(path) : readJsonTextSync(path);
      } catch (error) {
        problems.push(`cannot read ${displayPath}: ${describeFsError(error)}`);
        continue;
      }
    }
    let findings: readonly Finding[];
    try {
      findings = findingsOf(kind, path, text, scope, fileConfig);
    } catch (error) {
      // The connector beside a values file exists but cannot be read.
      problems.push(`cannot check ${displayPath}: ${describeFsError(error)}`);
      continue;
    }
    files.push(locatedFile(path, displayPath, kind, text, findings));
    if (++checked % FILES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return { files, ignored, problems };
}
