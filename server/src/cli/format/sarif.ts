import { isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuleInfo, Severity } from '../../core';
import type { FileKind } from '../../io/fileKinds';
import type { LintedFile } from '../lint/lintFiles';

/** What a SARIF log needs besides the findings. */
export interface SarifContext {
  catalog: readonly RuleInfo[];
  toolVersion: string;
  informationUri: string;
  /** Absolute address of docs/rules.md; each rule links to its section. */
  rulesDocUrl: string;
  /** Absolute address of a page of the user docs (`format.md`): where the codes of values, tests and other files link. */
  docUrl: (page: string) => string;
  /** The folder relative paths start from (%SRCROOT%). */
  cwd: string;
  /** Files that could not be read: the run did not check everything. */
  problems: readonly string[];
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };
const SRCROOT = '%SRCROOT%';

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

function artifactLocationOf(file: LintedFile): ArtifactLocation {
  // displayPath is absolute only when the file is outside the working folder: no %SRCROOT% to be relative to.
  if (isAbsolute(file.displayPath)) return { uri: pathToFileURL(file.path).href };
  const uri = file.displayPath.split(sep).map((segment) => encodeURIComponent(segment)).join('/');
  return { uri, uriBaseId: SRCROOT };
}

/** The rule's help as code scanning shows it beside an alert: what, why, the fix, and where to read more. */
function helpOf(rule: Pick<RuleInfo, 'id'> & Partial<RuleInfo>, helpUri: string): { text: string; markdown: string } {
  const docs = rule.docs;
  if (!docs) return { text: `See ${helpUri}`, markdown: `See [${rule.id}](${helpUri}).` };
  const fix = docs.fix ?? 'none; the message says what to change.';
  return {
    text: `${docs.summary}\n\nWhy: ${docs.why}\n\nFix: ${fix}\n\nMore: ${helpUri}`,
    markdown: `${docs.summary}\n\n**Why:** ${docs.why}\n\n**Fix:** ${fix}\n\n[Read more about ${rule.id}](${helpUri})`,
  };
}

/**
 * Values, tests and environments files have no rules of their own in the catalog (the project file's codes are in
 * it): a code of theirs is described by its kind of file, and links to where that file is documented.
 */
const FILE_KIND_HELP: Record<Exclude<FileKind, 'connector' | 'project'>, { page: string; anchor: string; summary: string; why: string }> = {
  values: {
    page: 'format.md', anchor: 'supplied-values',
    summary: 'A problem in a values file (NAME.values.json): an entry, name or value its connector does not take, or no connector beside it.',
    why: "A values file supplies the values an operation is sent with; an entry with a problem stops its operation from being sent.",
  },
  tests: {
    page: 'format.md', anchor: 'expectations-nametestsjson',
    summary: 'A problem in a tests file (NAME.tests.json): a case its connector cannot run as written, or no connector beside it.',
    why: 'connector test and the Testing view run no case of a tests file with errors; nothing is sent.',
  },
  environments: {
    page: 'format.md', anchor: 'environments-connector-environmentsjson',
    summary: 'A problem in connector-environments.json: a setting that cannot be used as written.',
    why: 'An environments file with errors is not used: sending with any of its environments is refused, so nothing goes to the wrong place.',
  },
};

function ruleDescriptor(rule: Pick<RuleInfo, 'id' | 'defaultSeverity'> & Partial<RuleInfo>, helpUri: string): Record<string, unknown> {
  const docs = rule.docs;
  const security = docs?.securitySeverity;
  return {
    id: rule.id,
    name: rule.id.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase()),
    shortDescription: { text: docs?.summary ?? rule.id },
    fullDescription: { text: docs ? `${docs.summary} ${docs.why}` : rule.id },
    help: helpOf(rule, helpUri),
    helpUri,
    defaultConfiguration: { level: LEVEL[rule.defaultSeverity] },
    properties: {
      ...(rule.appliesTo ? { appliesTo: rule.appliesTo } : {}),
      // Code scanning ranks security alerts by this score and files them under the security tag.
      ...(security !== undefined ? { 'security-severity': security.toFixed(1), tags: ['security', 'credentials'] } : {}),
    },
  };
}

/** A SARIF 2.1.0 log with one run: the rule catalog, one result per finding, and whether every file was read. */
export function formatSarif(files: readonly LintedFile[], context: SarifContext): string {
  const rules: Record<string, unknown>[] = [];
  const ruleIndex = new Map<string, number>();
  const addRule = (descriptor: Record<string, unknown>, id: string): void => {
    ruleIndex.set(id, rules.length);
    rules.push(descriptor);
  };
  for (const rule of context.catalog) addRule(ruleDescriptor(rule, `${context.rulesDocUrl}#${rule.id}`), rule.id);
  /** A descriptor for a code outside the catalog: by the kind of file it was found in. */
  const describeOther = (code: string, severity: Severity, kind: FileKind): Record<string, unknown> => {
    if (kind === 'connector' || kind === 'project') return ruleDescriptor({ id: code, defaultSeverity: severity }, `${context.rulesDocUrl}#${code}`);
    const help = FILE_KIND_HELP[kind];
    return ruleDescriptor({ id: code, defaultSeverity: severity, docs: { summary: help.summary, why: help.why } }, `${context.docUrl(help.page)}#${help.anchor}`);
  };
  const results = files.flatMap((file) => {
    const artifactLocation = artifactLocationOf(file);
    return file.findings.map((f) => {
      // A code missing from the catalog still gets a descriptor, so every ruleIndex points somewhere.
      if (!ruleIndex.has(f.code)) addRule(describeOther(f.code, f.severity, file.kind), f.code);
      return {
        ruleId: f.code,
        ruleIndex: ruleIndex.get(f.code),
        level: LEVEL[f.severity],
        message: { text: f.message },
        partialFingerprints: { 'connectorFinding/v1': f.fingerprint },
        locations: [{
          physicalLocation: {
            artifactLocation,
            region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
          },
        }],
      };
    });
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: { name: 'connector-tools', version: context.toolVersion, informationUri: context.informationUri, rules },
      },
      invocations: [{
        executionSuccessful: context.problems.length === 0,
        ...(context.problems.length
          ? { toolExecutionNotifications: context.problems.map((text) => ({ level: 'error', message: { text } })) }
          : {}),
      }],
      originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(context.cwd.endsWith(sep) ? context.cwd : context.cwd + sep).href } },
      // Columns count UTF-16 code units, as editors do; SARIF's default would be code points.
      columnKind: 'utf16CodeUnits',
      results,
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
