import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CliIo } from '../io';
import { describeFsError } from '../usage';
import { formatCompact } from '../format/compact';
import { formatGithub } from '../format/github';
import { formatJson } from '../format/json';
import { formatSarif } from '../format/sarif';
import { formatStylish } from '../format/stylish';
import { countSeverities, plural } from '../format/counts';
import { docUrl, packageInfo, projectUrl, rulesDocUrl } from '../../io/packageInfo';
import { RULE_CATALOG, type RuleInfo } from '../../core';
import { decodeJsonText } from '../../io/jsonText';
import { displayPathOf, lintFiles, sourcesOf, type LintedFile, type LintRun, type LintSource } from './lintFiles';
import { lintInThreads, threadsFor } from './lintThreads';
import { LINT_HELP, parseLintArgs, type LintOptions } from './options';
import { resolveTargets } from './targets';

function render(files: readonly LintedFile[], options: LintOptions, io: CliIo, problems: readonly string[], catalog: readonly RuleInfo[], ignoredCount: number, color: boolean): string {
  switch (options.format) {
    case 'github':
      return formatGithub(files);
    case 'compact':
      return formatCompact(files);
    case 'json':
      return formatJson(files);
    case 'sarif': {
      const info = packageInfo();
      return formatSarif(files, {
        catalog,
        toolVersion: info.version,
        informationUri: projectUrl(info),
        rulesDocUrl: rulesDocUrl(info),
        docUrl: (page) => docUrl(page, info),
        cwd: io.cwd,
        problems,
      });
    }
    case 'stylish':
      return formatStylish(files, { color, quiet: options.quiet, ignoredCount, ...(io.columns && !options.outputFile ? { columns: io.columns } : {}) });
  }
}

/** How a connector read from standard input is named without --stdin-filename. */
const STDIN_NAME = '<stdin>';

/** `connector lint`: resolves the targets, lints each file, prints one report; returns the exit code (0, 1 or 2). */
export async function runLintCommand(argv: readonly string[], io: CliIo, catalog: readonly RuleInfo[] = RULE_CATALOG): Promise<number> {
  const options = parseLintArgs(argv, catalog.map((rule) => rule.id));
  if (options.help) {
    io.stdout(LINT_HELP);
    return 0;
  }
  const targets = options.stdin ? { files: [], listed: new Set<string>(), problems: [] } : await resolveTargets(options.targets, io.cwd);
  const sources: (string | LintSource)[] = options.stdin
    ? [{ path: resolve(io.cwd, options.stdin.filename ?? STDIN_NAME), displayPath: options.stdin.filename ?? STDIN_NAME, text: decodeJsonText(await io.readStdin()) }]
    : sourcesOf(targets.files, targets.listed);
  const threads = threadsFor(options.concurrency, sources.length);
  const inThreads: LintRun | undefined = threads > 1
    ? await lintInThreads(sources, { threads, overrides: options.overrides, cwd: io.cwd, displayPathOf: (file) => displayPathOf(file, io.cwd) })
    : undefined;
  const run = inThreads ?? await lintFiles(sources, options.overrides, io.cwd);
  const problems = [...targets.problems, ...run.problems];
  const files = options.quiet
    ? run.files.map((file) => ({ ...file, findings: file.findings.filter((f) => f.severity === 'error') }))
    : run.files;
  // A stylish report of zero files would only say "no problems"; the problems below say what happened instead.
  if (options.format !== 'stylish' || files.length > 0 || run.ignored.length > 0) {
    // A report written to a file is for a program or a later read: colour codes would be noise there.
    const color = options.outputFile ? options.color === true : options.color ?? io.color;
    const report = render(files, options, io, problems, catalog, run.ignored.length, color);
    if (options.outputFile) {
      const path = resolve(io.cwd, options.outputFile);
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, report);
      } catch (error) {
        io.stderr(`connector lint: cannot write the report to ${options.outputFile}: ${describeFsError(error)}\n`);
        return 2;
      }
    } else if (options.format === 'stylish') {
      io.stdoutPainted(report);
    } else {
      io.stdout(report);
    }
  }
  for (const problem of problems) io.stderr(`connector lint: ${problem}\n`);
  if (problems.length) return 2;
  const counts = countSeverities(files);
  if (counts.error > 0) return 1;
  if (options.maxWarnings !== undefined && counts.warning > options.maxWarnings) {
    io.stderr(`connector lint: ${plural(counts.warning, 'warning')} found; --max-warnings allows ${options.maxWarnings}.\n`);
    return 1;
  }
  return 0;
}
