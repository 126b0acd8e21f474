import { duplicateKeyFindings } from './duplicateKeys';
import { sortFindings, type Finding, type Severity, type SeverityLevel, type SeverityOverrides, type Span } from './findings';
import { RULE_IDS } from './ruleCatalog';
import { applySuppressions } from './suppressions';
import { buildModel, type Connector } from './model';
import type { MetadataOutcome, MetadataSource } from './metadata/source';
import { parseDocument, type ParsedDocument } from './parse';
import { RULES } from './rules';
import type { BodyFileReader, Rule, RuleReport } from './rules/types';
import { validateSchema } from './schema/validate';

export interface LintOptions {
  /** Rule id → level; `off` skips the rule entirely. */
  overrides?: SeverityOverrides;
  /** Reads body files named by the connector (inside the workspace); supplied by the edge, the core does no I/O. */
  readBodyFile?: BodyFileReader;
  /** Reads the service's $metadata an OData connector names (the edge resolves, reads and caches it). */
  metadata?: MetadataSource;
}

export interface LintResult {
  parsed: ParsedDocument;
  connector: Connector | undefined;
  /** Sorted by offset, then code. */
  findings: Finding[];
}

function levelOf(code: string, defaultSeverity: Severity, overrides: SeverityOverrides | undefined): SeverityLevel {
  return overrides?.[code] ?? defaultSeverity;
}

function spanOfReport(report: RuleReport): Span {
  return { offset: report.at.offset, length: report.at.length };
}

function runRule(rule: Rule, connector: Connector, text: string, severity: Severity, out: Finding[], readBodyFile: BodyFileReader | undefined, metadata: MetadataOutcome | undefined): void {
  const context = {
    text,
    ...(readBodyFile ? { readBodyFile } : {}),
    ...(metadata ? { metadata } : {}),
    report(report: RuleReport): void {
      out.push({
        code: rule.id,
        severity,
        message: report.message,
        ...spanOfReport(report),
        ...(report.fixes?.length ? { fixes: report.fixes } : {}),
        ...(report.tags?.length ? { tags: report.tags } : {}),
      });
    },
  };
  if (connector.kind === undefined) return;
  if (rule.appliesTo === 'any') rule.check(connector, context);
  else if (rule.appliesTo === 'rest' && connector.kind === 'rest') rule.check(connector, context);
  else if (rule.appliesTo === 'odata' && connector.kind === 'odata') rule.check(connector, context);
}

/** The code of the finding a rule that throws leaves behind. */
export const RULE_FAILURE = 'rule-failure';

/** Applies overrides to engine findings (syntax, schema) whose codes are not model rules. */
export function withOverride(finding: Finding, overrides: SeverityOverrides | undefined): Finding | undefined {
  const level = overrides?.[finding.code];
  if (level === undefined) return finding;
  return level === 'off' ? undefined : { ...finding, severity: level };
}

/** Checks one connector file's text: syntax, schema and every enabled rule. Never throws. */
export function lintText(text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintResult {
  return lintParsed(parseDocument(text), options, rules);
}

/** Checks an already parsed file (and its model, when already built): schema and every enabled rule. Never throws. */
export function lintParsed(parsed: ParsedDocument, options: LintOptions = {}, rules: readonly Rule[] = RULES, connector = buildModel(parsed.root)): LintResult {
  const { overrides } = options;
  const { text } = parsed;
  const findings: Finding[] = [];
  for (const f of [...parsed.syntaxFindings, ...duplicateKeyFindings(text, parsed.root), ...validateSchema(parsed)]) {
    const kept = withOverride(f, overrides);
    if (kept) findings.push(kept);
  }
  if (connector) findings.push(...ruleFindings(connector, text, rules, overrides, options.readBodyFile, metadataOf(connector, options)));
  sortFindings(findings);
  const knownCodes = rules === RULES ? RULE_IDS : [...RULE_IDS, ...rules.map((r) => r.id)];
  return { parsed, connector, findings: applySuppressions(text, findings, knownCodes, overrides) };
}

/** The metadata an OData connector names, as the edge's source reads it; undefined without either. */
export function metadataOf(connector: Connector | undefined, options: LintOptions): MetadataOutcome | undefined {
  const given = connector?.kind === 'odata' ? connector.metadata?.value : undefined;
  return given === undefined || !options.metadata ? undefined : options.metadata.load(given);
}

/** Runs each enabled rule over the model; a rule that throws becomes one `rule-failure` finding. */
export function ruleFindings(connector: Connector, text: string, rules: readonly Rule[], overrides: SeverityOverrides | undefined, readBodyFile?: BodyFileReader, metadata?: MetadataOutcome): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    const level = levelOf(rule.id, rule.defaultSeverity, overrides);
    if (level === 'off') continue;
    try {
      runRule(rule, connector, text, level, findings, readBodyFile, metadata);
    } catch (error) {
      // A faulty rule must not take the others (or the editor) down with it.
      const failureLevel = overrides?.[RULE_FAILURE] ?? 'error';
      if (failureLevel === 'off') continue;
      findings.push({
        code: RULE_FAILURE,
        severity: failureLevel,
        message: `Internal error in rule '${rule.id}': ${error instanceof Error ? error.message : String(error)}. The other rules still ran; please report this with the file.`,
        offset: 0,
        length: 0,
      });
    }
  }
  return findings;
}

export { sortFindings };
