import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { environmentSecrets, LineIndex, RULE_IDS, runCase, runScenario, secretVariable, TESTS_FILE_SUFFIX, type Scenario, type TestCase } from '../../core';
import { ProjectConfigFiles } from '../../io/projectConfigFiles';
import { connectorPathOf, loadSuite, testsPathOf, type LoadedSuite } from '../../io/testsFiles';
import { requestInputs, type RequestInputs } from '../../sending/requestInputs';
import { connectorCheckOptions } from '../connectorCheck';
import { commandLinePlace } from '../sendingPlace';
import { commandLineNetwork } from '../networkOptions';
import { languageService } from '../languageService';
import type { CliIo } from '../io';
import { displayPathOf } from '../lint/lintFiles';
import { resolveTargets, type TargetKind } from '../lint/targets';
import { describeFsError } from '../usage';
import { formatJsonReport, formatJunitReport, formatStylishReport, stylishCase, stylishFileHeading, stylishSummary } from './formats';
import { parseTestOptions, TEST_HELP } from './options';
import type { FileReport, TestReport } from './report';
import { commandLineTokens } from '../signIn';

const TESTS_TARGETS: TargetKind = { accepts: (name) => name.endsWith(TESTS_FILE_SUFFIX), described: 'tests files (*.tests.json)', verb: 'run' };

/** A suite ready to run: read, checked, with what its cases are sent with (its environment among them). */
interface Planned {
  suite: LoadedSuite;
  inputs: RequestInputs;
  shown: string;
}

/** The secret names a suite's cases need (after the environment's mapping). */
function secretsNeeded(planned: Planned): string[] {
  const authorization = planned.suite.lint.connector?.authorization;
  const name = authorization?.secret?.value;
  if (!name || (authorization?.scheme?.value ?? 'none') === 'none' || planned.suite.file.cases.length + planned.suite.file.scenarios.length === 0) return [];
  return [planned.inputs.prepare.environment?.secrets[name] ?? name];
}

/** `connector test`: check every tests file first (nothing is sent when one is wrong), then run each case in file order. */
export async function runTestCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseTestOptions(argv);
  if (options.help) {
    io.stdout(TEST_HELP);
    return 0;
  }
  const fail = (message: string): number => {
    io.stderr(`connector test: ${message}\n`);
    return 2;
  };
  // A connector file named on the command line stands for its tests file.
  const targets = options.targets.map((t) => (/\.connector\.json$/i.test(t) ? testsPathOf(t) : t));
  const resolved = await resolveTargets(targets, io.cwd, TESTS_TARGETS);
  if (resolved.problems.length) return fail(`${resolved.problems.join('\n')}\nNothing was sent.`);
  const allowed = options.allowFiles.map((f) => resolve(io.cwd, f));
  const network = commandLineNetwork(options.network, io.cwd, process.env);
  if (!network.ok) return fail(`${network.message} Nothing was sent.`);
  const planned: Planned[] = [];
  const problems: string[] = [];
  const configs = new ProjectConfigFiles(RULE_IDS);
  // One token cache for the run: cases of the same connector sign in once.
  const tokens = commandLineTokens(io, { askOnceAfterRefusal: true });
  const secrets = environmentSecrets(process.env);
  for (const path of resolved.files) {
    const shown = displayPathOf(path, io.cwd);
    const loaded = loadSuite(languageService, path, { check: connectorCheckOptions(connectorPathOf(path), { allowed, configs }) });
    if (!loaded.ok) {
      problems.push(`${shown} ${loaded.message}`);
      continue;
    }
    const { suite } = loaded;
    const connectorShown = displayPathOf(suite.connectorPath, io.cwd);
    const testsLines = new LineIndex(suite.file.text);
    const connectorLines = new LineIndex(suite.connectorText);
    for (const f of suite.findings) {
      const p = testsLines.positionAt(f.offset);
      const line = `${shown}:${p.line + 1}:${p.character + 1}: ${f.message}`;
      if (f.severity === 'error') problems.push(line);
      else io.stderr(`Warning: ${line}\n`);
    }
    for (const f of suite.lint.findings.filter((x) => x.severity === 'error')) {
      const p = connectorLines.positionAt(f.offset);
      problems.push(`${connectorShown}:${p.line + 1}:${p.character + 1}: ${f.message} (${f.code})`);
    }
    if (!suite.lint.connector || suite.lint.connector.kind === undefined) {
      problems.push(`${connectorShown} is not a connector (no valid "kind").`);
      continue;
    }
    const assembled = await requestInputs(commandLinePlace(allowed, network.value), {
      connectorPath: suite.connectorPath, ...(options.env !== undefined ? { environment: options.env } : {}), secrets, tokens, timeoutMs: options.timeoutMs,
    });
    if (assembled.ok) planned.push({ suite, shown, inputs: assembled.inputs });
    else if (assembled.problem === 'environment' || assembled.problem === 'network') problems.push(`${connectorShown}: ${assembled.message}`);
  }
  const missing = [...new Set(planned.flatMap(secretsNeeded))].filter((name) => !secrets(name));
  for (const name of missing) problems.push(`The secret '${name}' is not set: set ${secretVariable(name)} in the environment.`);
  if (problems.length) return fail(`the tests cannot run (nothing was sent):\n${problems.map((p) => `  ${p}`).join('\n')}`);

  const streaming = options.format === 'stylish' && options.outputFile === undefined;
  const color = options.color ?? (options.outputFile === undefined && io.color);
  const started = new Date();
  const startedMs = performance.now();
  const files: FileReport[] = [];
  for (const { suite, inputs, shown } of planned) {
    const environment = inputs.prepare.environment;
    const connector = suite.lint.connector;
    if (!connector) continue;
    const report: FileReport = {
      file: shown,
      connectorFile: displayPathOf(suite.connectorPath, io.cwd),
      connectorName: connector.name?.value ?? displayPathOf(suite.connectorPath, io.cwd),
      ...(environment ? { environment: environment.name } : {}),
      lines: new LineIndex(suite.file.text),
      cases: [],
    };
    files.push(report);
    if (streaming) io.stdoutPainted(`${files.length > 1 ? '\n' : ''}${stylishFileHeading(report, color)}`);
    // Cases and scenarios in file order.
    const runs: (TestCase | Scenario)[] = [...suite.file.cases, ...suite.file.scenarios].sort((a, b) => a.index - b.index);
    for (const run of runs) {
      const common = { connector, findings: suite.lint.findings, file: suite.file, ...inputs.prepare, send: inputs.send };
      const outcome = 'steps' in run ? await runScenario({ ...common, scenario: run }) : await runCase({ ...common, testCase: run });
      report.cases.push(outcome);
      if (streaming) io.stdoutPainted(stylishCase(report, outcome, color));
    }
  }
  const report: TestReport = { files, startedAt: started, durationMs: performance.now() - startedMs };
  const failed = files.some((f) => f.cases.some((c) => c.outcome !== 'passed'));
  if (streaming) {
    io.stdoutPainted(stylishSummary(report, color));
    return failed ? 1 : 0;
  }
  const text = options.format === 'json' ? formatJsonReport(report) : options.format === 'junit' ? formatJunitReport(report) : formatStylishReport(report, color);
  if (options.outputFile === undefined) {
    if (options.format === 'stylish') io.stdoutPainted(text);
    else io.stdout(text);
  }
  else {
    const out = resolve(io.cwd, options.outputFile);
    try {
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, text);
    } catch (error) {
      return fail(`cannot write ${options.outputFile}: ${describeFsError(error)}.`);
    }
  }
  return failed ? 1 : 0;
}
