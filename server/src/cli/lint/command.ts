import type { CliIo } from '../io';
import { formatJson } from '../format/json';
import { formatSarif } from '../format/sarif';
import { formatStylish } from '../format/stylish';
import { countSeverities, plural } from '../format/counts';
import { packageInfo, projectUrl, rulesDocUrl } from '../packageInfo';
import { RULE_CATALOG, type RuleInfo } from '../ruleCatalog';
import { lintFiles, type LintedFile } from './lintFiles';
import { LINT_HELP, parseLintArgs, type LintOptions } from './options';
import { resolveTargets } from './targets';

function render(files: readonly LintedFile[], options: LintOptions, io: CliIo, problems: readonly string[], catalog: readonly RuleInfo[]): string {
  switch (options.format) {
    case 'json':
      return formatJson(files);
    case 'sarif': {
      const info = packageInfo();
      return formatSarif(files, {
        catalog,
        toolVersion: info.version,
        informationUri: projectUrl(info),
        rulesDocUrl: rulesDocUrl(info),
        cwd: io.cwd,
        problems,
      });
    }
    case 'stylish':
      return formatStylish(files, { color: io.color, quiet: options.quiet, ...(io.columns ? { columns: io.columns } : {}) });
  }
}

/** `connector lint`: resolves the targets, lints each file, prints one report; returns the exit code (0, 1 or 2). */
export async function runLintCommand(argv: readonly string[], io: CliIo, catalog: readonly RuleInfo[] = RULE_CATALOG): Promise<number> {
  const options = parseLintArgs(argv, catalog.map((rule) => rule.id));
  if (options.help) {
    io.stdout(LINT_HELP);
    return 0;
  }
  const targets = await resolveTargets(options.targets, io.cwd);
  const run = await lintFiles(targets.files, options.overrides, io.cwd);
  const problems = [...targets.problems, ...run.problems];
  const files = options.quiet
    ? run.files.map((file) => ({ ...file, findings: file.findings.filter((f) => f.severity === 'error') }))
    : run.files;
  // A stylish report of zero files would only say "no problems"; the problems below say what happened instead.
  if (options.format !== 'stylish' || files.length > 0) io.stdout(render(files, options, io, problems, catalog));
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
