import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { RULES } from '../../server/src/core/rules';
import { CONNECTOR_TEXT, makeTempFolder, runCli, type TempFolder } from '../support/cli';

// The machine-readable reports: exact JSON records, and SARIF 2.1.0 checked against the official schema.

const ROOT = join(__dirname, '..', '..');
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The OASIS SARIF 2.1.0 schema as Microsoft's SARIF SDK ships it (draft-04, hence ajv-draft-04). */
function sarifValidator(): (log: unknown) => string[] {
  const schemaPath = join(ROOT, 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
  // unicodeRegExp off: one pattern of the published schema is not valid with the u flag.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Record<string, number> } }[];
}

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri: string;
  defaultConfiguration: { level: string };
}

interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; informationUri: string; rules: SarifRule[] } };
    invocations: { executionSuccessful: boolean; toolExecutionNotifications?: { level: string; message: { text: string } }[] }[];
    originalUriBaseIds: Record<string, { uri: string }>;
    columnKind: string;
    results: SarifResult[];
  }[];
}

describe('connector lint --format json', () => {
  let folder: TempFolder;
  before(() => {
    folder = makeTempFolder({
      'b/broken.connector.json': CONNECTOR_TEXT.missingComma,
      'a/two.connector.json': CONNECTOR_TEXT.twoErrors,
      'clean.connector.json': CONNECTOR_TEXT.clean,
    });
  });
  after(() => folder.remove());

  it('prints one record per finding with the file as given relative to the working folder and 1-based positions', async () => {
    const run = await runCli(['lint', '--format', 'json', 'a/two.connector.json', 'b'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    const records = JSON.parse(run.stdout) as Record<string, unknown>[];
    const withoutMessages = records.map(({ message, ...rest }) => {
      assert.equal(typeof message, 'string');
      return rest;
    });
    assert.deepEqual(withoutMessages, [
      { file: 'a/two.connector.json', line: 2, column: 3, endLine: 2, endColumn: 7, severity: 'error', code: 'syntax-error' },
      { file: 'a/two.connector.json', line: 12, column: 7, endLine: 12, endColumn: 19, severity: 'error', code: 'syntax-error' },
      { file: 'b/broken.connector.json', line: 3, column: 20, endLine: 3, endColumn: 29, severity: 'error', code: 'syntax-error' },
    ]);
    assert.deepEqual(Object.keys(records[0] ?? {}), ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'code', 'message']);
    assert.match(String(records[2]?.message), /^JSON syntax: comma expected\. Put a comma between the two entries\.$/);
  });

  it('prints an empty array for clean files, and shows overridden severities', async () => {
    const clean = await runCli(['lint', '-f', 'json', 'clean.connector.json'], { cwd: folder.path });
    assert.equal(clean.code, 0);
    assert.deepEqual(JSON.parse(clean.stdout), []);
    const warned = await runCli(['lint', '-f', 'json', '--rule', 'syntax-error=warning', 'b'], { cwd: folder.path });
    assert.equal(warned.code, 0);
    assert.deepEqual((JSON.parse(warned.stdout) as { severity: string }[]).map((r) => r.severity), ['warning']);
  });
});

describe('connector lint --format sarif', () => {
  let folder: TempFolder;
  const validate = sarifValidator();
  before(() => {
    folder = makeTempFolder({
      'dir with space/broken.connector.json': CONNECTOR_TEXT.missingComma,
      'two.connector.json': CONNECTOR_TEXT.twoErrors,
      'clean.connector.json': CONNECTOR_TEXT.clean,
    });
  });
  after(() => folder.remove());

  const sarif = async (args: string[], expectedCode: number): Promise<SarifLog> => {
    const run = await runCli(['lint', '--format', 'sarif', ...args], { cwd: folder.path });
    assert.equal(run.code, expectedCode, run.stderr);
    const log = JSON.parse(run.stdout) as SarifLog;
    assert.deepEqual(validate(log), [], 'valid against the SARIF 2.1.0 schema');
    return log;
  };

  it('the validator used here rejects what SARIF forbids', () => {
    assert.notDeepEqual(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'info' }] }] }), []);
    assert.notDeepEqual(validate({ version: '2.0.0', runs: [] }), []);
  });

  it('describes the tool and every rule, with a link to its section of docs/rules.md', async () => {
    const log = await sarif(['clean.connector.json'], 0);
    assert.equal(log.version, '2.1.0');
    assert.match(log.$schema, /^https:\/\/.*sarif-2\.1\.0.*\.json$/);
    assert.equal(log.runs.length, 1);
    const run = log.runs[0];
    assert.ok(run);
    const driver = run.tool.driver;
    assert.equal(driver.name, 'connector-tools');
    assert.equal(driver.version, PACKAGE_VERSION);
    assert.ok(URL.canParse(driver.informationUri), driver.informationUri);
    const ids = driver.rules.map((r) => r.id);
    for (const id of ['syntax-error', 'rule-failure', ...RULES.map((r) => r.id)]) assert.ok(ids.includes(id), `rule '${id}' described`);
    assert.equal(new Set(ids).size, ids.length, 'each rule once');
    for (const rule of driver.rules) {
      assert.ok(rule.shortDescription.text.length > 10 && rule.fullDescription.text.startsWith(rule.shortDescription.text), rule.id);
      assert.ok(rule.helpUri.endsWith(`docs/rules.md#${rule.id}`), rule.helpUri);
      assert.ok(URL.canParse(rule.helpUri));
      assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level));
    }
    const syntax = driver.rules.find((r) => r.id === 'syntax-error');
    assert.equal(syntax?.defaultConfiguration.level, 'error');
    for (const rule of RULES) {
      const level = { error: 'error', warning: 'warning', info: 'note' }[rule.defaultSeverity];
      assert.equal(driver.rules.find((r) => r.id === rule.id)?.defaultConfiguration.level, level, rule.id);
    }
    assert.deepEqual(run.results, []);
    assert.deepEqual(run.invocations, [{ executionSuccessful: true }]);
  });

  it('gives each finding its rule, level, message and a relative forward-slash location under %SRCROOT%', async () => {
    const log = await sarif(['dir with space', 'two.connector.json'], 1);
    const run = log.runs[0];
    assert.ok(run);
    assert.equal(run.columnKind, 'utf16CodeUnits');
    assert.equal(run.originalUriBaseIds['%SRCROOT%']?.uri, pathToFileURL(`${folder.path}/`).href);
    assert.equal(run.results.length, 3);
    const broken = run.results[0];
    assert.ok(broken);
    assert.equal(broken.ruleId, 'syntax-error');
    assert.equal(run.tool.driver.rules[broken.ruleIndex]?.id, 'syntax-error', 'ruleIndex points at the rule');
    assert.equal(broken.level, 'error');
    assert.match(broken.message.text, /comma expected/);
    assert.deepEqual(broken.locations, [{
      physicalLocation: {
        artifactLocation: { uri: 'dir%20with%20space/broken.connector.json', uriBaseId: '%SRCROOT%' },
        region: { startLine: 3, startColumn: 20, endLine: 3, endColumn: 29 },
      },
    }]);
    assert.deepEqual(run.results.slice(1).map((r) => [r.locations[0]?.physicalLocation.artifactLocation.uri, r.locations[0]?.physicalLocation.region]), [
      ['two.connector.json', { startLine: 2, startColumn: 3, endLine: 2, endColumn: 7 }],
      ['two.connector.json', { startLine: 12, startColumn: 7, endLine: 12, endColumn: 19 }],
    ]);
  });

  it('maps severities to SARIF levels: warning stays warning, info becomes note', async () => {
    const warned = await sarif(['--rule', 'syntax-error=warning', 'two.connector.json'], 0);
    assert.deepEqual(warned.runs[0]?.results.map((r) => r.level), ['warning', 'warning']);
    const noted = await sarif(['--rule', 'syntax-error=info', 'two.connector.json'], 0);
    assert.deepEqual(noted.runs[0]?.results.map((r) => r.level), ['note', 'note']);
  });

  it('records a file it could not read as a failed invocation, and exits 2', async () => {
    const log = await sarif(['missing.connector.json', 'clean.connector.json'], 2);
    const invocation = log.runs[0]?.invocations[0];
    assert.equal(invocation?.executionSuccessful, false);
    assert.deepEqual(invocation?.toolExecutionNotifications, [
      { level: 'error', message: { text: 'cannot read missing.connector.json: no such file or directory' } },
    ]);
  });
});

describe('SARIF for code scanning', () => {
  let folder: TempFolder;
  const EXAMPLES = join(ROOT, 'examples');
  before(() => {
    folder = makeTempFolder({
      'broken-rest.connector.json': readFileSync(join(EXAMPLES, 'broken-rest.connector.json'), 'utf8'),
      'broken-odata.connector.json': readFileSync(join(EXAMPLES, 'broken-odata.connector.json'), 'utf8'),
    });
  });
  after(() => folder.remove());

  const sarifOf = async (): Promise<{ text: string; log: SarifLog }> => {
    const run = await runCli(['lint', '--format', 'sarif'], { cwd: folder.path });
    assert.equal(run.code, 1, run.stderr);
    return { text: run.stdout, log: JSON.parse(run.stdout) as SarifLog };
  };

  it("passes Microsoft's SARIF validator with the SARIF and GitHub code-scanning rules: no error, no warning", async () => {
    const { text } = await sarifOf();
    const input = join(folder.path, 'lint.sarif');
    const output = join(folder.path, 'validation.sarif');
    writeFileSync(input, text);
    // The Multitool ships as a self-contained binary in its npm package.
    const multitool = join(ROOT, 'node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool');
    const run = spawnSync(multitool, ['validate', input, '--output', output, '--rule-kind', 'Sarif;Gh', '--level', 'Error;Warning', '--log', 'ForceOverwrite'], { encoding: 'utf8' });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const validation = JSON.parse(readFileSync(output, 'utf8')) as { runs: { results?: { ruleId: string; message: { text?: string } }[] }[] };
    assert.deepEqual((validation.runs[0]?.results ?? []).map((r) => `${r.ruleId}: ${r.message.text ?? ''}`), []);
  });

  it('the validator is strict: a rule without help fails the GitHub rules', () => {
    const bad = { version: '2.1.0', runs: [{ tool: { driver: { name: 't', rules: [{ id: 'r', shortDescription: { text: 's' } }] } }, results: [] }] };
    const input = join(folder.path, 'bad.sarif');
    writeFileSync(input, JSON.stringify(bad));
    const multitool = join(ROOT, 'node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool');
    const run = spawnSync(multitool, ['validate', input, '--output', join(folder.path, 'bad-validation.sarif'), '--rule-kind', 'Sarif;Gh', '--level', 'Error;Warning', '--log', 'ForceOverwrite'], { encoding: 'utf8' });
    assert.match(run.stdout, /GH2012/);
  });

  it('gives every rule help as text and markdown, and credential rules a security severity and tags', async () => {
    const { log } = await sarifOf();
    type Described = SarifRule & { help?: { text?: string; markdown?: string }; properties?: { tags?: string[]; 'security-severity'?: string } };
    const rules = log.runs[0]?.tool.driver.rules as Described[];
    assert.ok(rules.length >= RULES.length);
    for (const rule of rules) {
      assert.match(rule.help?.text ?? '', /Why: .+\n\nFix: /, rule.id);
      assert.match(rule.help?.markdown ?? '', new RegExp(`\\[Read more about ${rule.id}\\]\\(https?://`), rule.id);
    }
    const credential = rules.find((r) => r.id === 'header-credential');
    assert.equal(credential?.properties?.['security-severity'], '7.5');
    assert.deepEqual(credential?.properties?.tags, ['security', 'credentials']);
    assert.equal(rules.find((r) => r.id === 'multi-on-path')?.properties?.['security-severity'], undefined);
  });

  it('fingerprints each result so that it survives lines added above it', async () => {
    type Printed = SarifResult & { partialFingerprints: Record<string, string> };
    const before = (await sarifOf()).log.runs[0]?.results as Printed[];
    const path = join(folder.path, 'broken-rest.connector.json');
    writeFileSync(path, `// a comment added above everything\n\n${readFileSync(path, 'utf8')}`);
    const after = (await sarifOf()).log.runs[0]?.results as Printed[];
    const prints = (results: Printed[]): string[] => results.map((r) => r.partialFingerprints['connectorFinding/v1'] ?? '').sort();
    assert.equal(new Set(prints(before)).size, before.length, 'every result has its own fingerprint');
    assert.deepEqual(prints(after), prints(before));
    const moved = after.find((r) => r.ruleId === 'multi-on-path');
    assert.equal(moved?.locations[0]?.physicalLocation.region.startLine, (before.find((r) => r.ruleId === 'multi-on-path')?.locations[0]?.physicalLocation.region.startLine ?? 0) + 2);
  });
});

describe('connector lint --format compact and the $connector-lint problem matcher', () => {
  it("every line of the compact report is read by the extension's problem matcher, file, position, severity, message and rule", async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      contributes: { problemMatchers: { name: string; pattern: { regexp: string; file: number; line: number; column: number; severity: number; message: number; code: number } }[] };
    };
    const matcher = manifest.contributes.problemMatchers.find((m) => m.name === 'connector-lint');
    assert.ok(matcher, 'the extension contributes $connector-lint');
    const pattern = new RegExp(matcher.pattern.regexp);
    const run = await runCli(['lint', '--format', 'compact', 'examples'], { cwd: ROOT });
    assert.equal(run.code, 1);
    const json = JSON.parse((await runCli(['lint', '--format', 'json', 'examples'], { cwd: ROOT })).stdout) as { file: string; line: number; column: number; severity: string; code: string; message: string }[];
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, json.length);
    lines.forEach((line, i) => {
      const match = pattern.exec(line);
      assert.ok(match, `the matcher reads: ${line}`);
      const expected = json[i];
      assert.deepEqual(
        [match[matcher.pattern.file], Number(match[matcher.pattern.line]), Number(match[matcher.pattern.column]), match[matcher.pattern.severity], match[matcher.pattern.message], match[matcher.pattern.code]],
        [expected?.file, expected?.line, expected?.column, expected?.severity, expected?.message, expected?.code],
      );
    });
  });
});
