// The rule engine: it walks the connector once and hands each rule the subject it declared (the connector, a model,
// an operation, a parameter or a Custom request), so that it knows what every finding depends on. Findings of an
// operation's or Custom request's rules depend on that unit and the settings the rule reads (`reads`) alone, and are
// kept per unit; a model rule's depend on the models and the settings it reads; connector rules, and rules that read
// files, run every time.
import type { EditableText } from '../edits';
import type { Finding, Severity, SeverityOverrides } from '../findings';
import type { MetadataOutcome } from '../metadata/source';
import type { Connector, ModelDefinition, ODataConnector, RestConnector, RestParameter } from '../model';
import { OperationFacts } from '../rules/operationFacts';
import type { BodyFileReader, ConnectorContext, ConnectorRule, PartRule, Rule, RuleReport } from '../rules/types';

/** The code of the finding a rule that throws leaves behind. */
export const RULE_FAILURE = 'rule-failure';

interface Enabled<R extends Rule> {
  rule: R;
  severity: Severity;
  // The rule's id and check, read once: rules are objects of many shapes, and reading them from the rule at every
  // subject of every file made the walk's one call site megamorphic; every Enabled has the same shape.
  id: string;
  check: R['check'];
}

function enabledOf<R extends Rule>(rule: R, severity: Severity): Enabled<R> {
  return { rule, severity, id: rule.id, check: rule.check };
}

type PartOf<S extends PartRule['subject']> = Extract<PartRule, { subject: S }>;

/** Enabled rules about parts of a connector, grouped by subject, each with its level (connector rules run on every check). */
export interface RuleGroups {
  readonly model: readonly Enabled<PartOf<'model'>>[];
  readonly operation: readonly Enabled<PartOf<'operation'>>[];
  readonly parameter: readonly Enabled<PartOf<'parameter'>>[];
  /** Custom request rules that read only the connector file. */
  readonly customRequest: readonly Enabled<PartOf<'customRequest'>>[];
  /** Custom request rules that read body files: what they say can change without the connector changing. */
  readonly customRequestFiles: readonly Enabled<PartOf<'customRequest'>>[];
}

/** Whether a rule about one part reads a setting of the connector. */
function readsSetting(rule: PartRule, setting: string): boolean {
  return rule.reads !== undefined && Object.hasOwn(rule.reads, setting);
}

/** The enabled rules of one check, grouped by subject, each with its level. */
export class RuleSet implements RuleGroups {
  readonly connector: Enabled<ConnectorRule>[] = [];
  readonly model: Enabled<PartOf<'model'>>[] = [];
  readonly operation: Enabled<PartOf<'operation'>>[] = [];
  readonly parameter: Enabled<PartOf<'parameter'>>[] = [];
  readonly customRequest: Enabled<PartOf<'customRequest'>>[] = [];
  readonly customRequestFiles: Enabled<PartOf<'customRequest'>>[] = [];
  /** Identifies the rules and levels: findings made with another key cannot be reused. */
  readonly key: string;
  private readonly bySetting = new Map<string, RuleGroups & { asked: ReadonlySet<string> }>();
  private readonly connectorByKind = new Map<Connector['kind'], readonly Enabled<ConnectorRule>[]>();

  constructor(readonly rules: readonly Rule[], readonly overrides: SeverityOverrides | undefined) {
    for (const rule of rules) {
      const level = overrides?.[rule.id] ?? rule.defaultSeverity;
      if (level === 'off') continue;
      switch (rule.subject) {
        case 'connector': this.connector.push(enabledOf(rule, level)); break;
        case 'model': this.model.push(enabledOf(rule, level)); break;
        case 'operation': this.operation.push(enabledOf(rule, level)); break;
        case 'parameter': this.parameter.push(enabledOf(rule, level)); break;
        case 'customRequest': (rule.readsBodyFiles ? this.customRequestFiles : this.customRequest).push(enabledOf(rule, level)); break;
      }
    }
    this.key = `${JSON.stringify(overrides ?? {})}|${rules.map((r) => r.id).join(',')}`;
  }

  /** The connector rules for one kind of connector: those for any kind and those for it. */
  connectorRulesFor(kind: Connector['kind']): readonly Enabled<ConnectorRule>[] {
    let rules = this.connectorByKind.get(kind);
    if (!rules) this.connectorByKind.set(kind, (rules = this.connector.filter((e) => e.rule.appliesTo === 'any' || e.rule.appliesTo === kind)));
    return rules;
  }

  /**
   * What an edit to one setting of the connector (a root property other than `kind` and the units) asks again:
   * connector rules and rules that read files, as always, the part rules that read the setting, and every model
   * rule when the setting is `models`; `asked` lists the part rules' ids, whose findings the check replaces.
   */
  afterSettingEdit(setting: string): RuleGroups & { asked: ReadonlySet<string> } {
    let groups = this.bySetting.get(setting);
    if (!groups) {
      const reading = <R extends PartRule>(list: readonly Enabled<R>[]): Enabled<R>[] => list.filter((e) => readsSetting(e.rule, setting));
      const model = setting === 'models' ? this.model : reading(this.model);
      const operation = reading(this.operation);
      const parameter = reading(this.parameter);
      const customRequest = reading(this.customRequest);
      const asked = new Set([...model, ...operation, ...parameter, ...customRequest].map((e) => e.rule.id));
      groups = { model, operation, parameter, customRequest, customRequestFiles: this.customRequestFiles, asked };
      this.bySetting.set(setting, groups);
    }
    return groups;
  }
}

/** Rule sets made so far, per rule list and then per levels (as JSON). */
const RULE_SETS = new WeakMap<readonly Rule[], Map<string, RuleSet>>();

/** Levels kept per rule list: a session uses a few; the bound keeps a long one's settings changes from piling up. */
const LEVELS_KEPT = 32;

/** The rule set of these rules and levels: made once, then shared by every check made with them, keystroke after keystroke. */
export function ruleSetFor(rules: readonly Rule[], overrides: SeverityOverrides | undefined): RuleSet {
  const levels = JSON.stringify(overrides ?? {});
  let byLevels = RULE_SETS.get(rules);
  if (!byLevels) {
    byLevels = new Map();
    RULE_SETS.set(rules, byLevels);
  }
  let set = byLevels.get(levels);
  if (!set) {
    if (byLevels.size >= LEVELS_KEPT) byLevels.clear();
    set = new RuleSet(rules, overrides);
    byLevels.set(levels, set);
  }
  return set;
}

/** What the rules said, sorted by what it depends on. */
export interface RuleFindings {
  /** Per operation or Custom request (by position): what the rules about it, its parameters included, said. */
  units: Finding[][];
  /** What model rules said: it depends on the models alone. */
  models: Finding[];
  /** What connector rules and rules that read files said: asked again on every check. */
  everyCheck: Finding[];
  /** One finding per rule that threw; such a check is never reused. */
  failures: Finding[];
}

/** Collects reports into the list in use, with the code and level of the rule that is running. */
class Reporter {
  sink: Finding[] = [];
  code = '';
  severity: Severity = 'error';
  readonly report = (report: RuleReport): void => {
    // Built in place, not spread from optional parts: a file imported from another tool has tens of thousands of findings.
    const finding: Finding = { code: this.code, severity: this.severity, message: report.message, offset: report.at.offset, length: report.at.length };
    if (report.fixes?.length) finding.fixes = report.fixes;
    if (report.tags?.length) finding.tags = report.tags;
    this.sink.push(finding);
  };
}

/** Runs rules, each over its subjects; a rule that throws is stopped and leaves one `rule-failure` finding. */
class Runner {
  readonly reporter = new Reporter();
  readonly failures: Finding[] = [];
  private readonly failed = new Set<string>();

  constructor(private readonly overrides: SeverityOverrides | undefined) {}

  /**
   * Hands `subject` to each rule of `rules` in turn, their reports going into `into`. One guarded loop per subject,
   * not a call of the runner per rule: a small file's check makes about a hundred rule calls, in a lint of many files
   * mostly while V8 still runs this code unoptimized, where every call costs.
   */
  runAll<S, C>(rules: readonly Enabled<Rule & { check(subject: S, context: C): void }>[], into: Finding[], subject: S, context: C): void {
    const reporter = this.reporter;
    reporter.sink = into;
    let i = 0;
    while (i < rules.length) {
      try {
        for (; i < rules.length; i++) {
          const enabled = rules[i] as Enabled<Rule & { check(subject: S, context: C): void }>;
          if (this.failed.size > 0 && this.failed.has(enabled.id)) continue;
          reporter.code = enabled.id;
          reporter.severity = enabled.severity;
          const check = enabled.check;
          check(subject, context);
        }
      } catch (error) {
        this.fail((rules[i] as Enabled<Rule>).id, error);
        i++;
      }
    }
  }

  /** Stops a rule that threw: it leaves one `rule-failure` finding, and the other rules still run. */
  private fail(id: string, error: unknown): void {
    // A faulty rule must not take the others (or the editor) down with it.
    this.failed.add(id);
    const level = this.overrides?.[RULE_FAILURE] ?? 'error';
    if (level === 'off') return;
    this.failures.push({
      code: RULE_FAILURE,
      severity: level,
      message: `Internal error in rule '${id}': ${error instanceof Error ? error.message : String(error)}. The other rules still ran; please report this with the file.`,
      offset: 0,
      length: 0,
    });
  }
}

/**
 * Which parts of a check to run: everything; after an edit inside one unit, that unit and what runs every time;
 * after an edit inside one setting, the rules that read it (over every unit) and what runs every time.
 */
export interface WalkOptions {
  readBodyFile?: BodyFileReader;
  /** An OData connector's $metadata as the edge read it: one outcome for the whole check. */
  metadata?: MetadataOutcome;
  /** Only this unit's rules (and the connector and file rules); the models' and other units' findings are kept. */
  onlyUnit?: number;
  /** Only the rules an edit to this setting asks again (RuleSet.afterSettingEdit); what the others said is kept. */
  setting?: string;
}

function walkRest(connector: RestConnector, source: EditableText, set: RuleGroups, runner: Runner, out: RuleFindings, only: number | undefined): void {
  const { text, formatting } = source;
  const report = runner.reporter.report;
  if (only === undefined && set.model.length > 0) {
    const context = { text, formatting, report, connector };
    const definitions = connector.models?.definitions;
    for (let i = 0; definitions && i < definitions.length; i++) runner.runAll(set.model, out.models, definitions[i] as ModelDefinition, context);
  }
  if (set.operation.length === 0 && set.parameter.length === 0) return;
  connector.operations.forEach((operation, index) => {
    if (only !== undefined && index !== only) return;
    const findings = (out.units[index] = []);
    const context = { text, formatting, report, connector, operation, facts: new OperationFacts(operation) };
    runner.runAll(set.operation, findings, operation, context);
    const parameters = operation.parameters;
    for (let i = 0; i < parameters.length; i++) runner.runAll(set.parameter, findings, parameters[i] as RestParameter, context);
    // Nothing after this walk reads the operation's parts: let go of them now, while they are young, rather than when
    // the whole check ends (a large file's parts, held that long, are copied by every young collection on the way).
    operation.letGoOfRead?.();
  });
}

function walkOData(connector: ODataConnector, source: EditableText, set: RuleGroups, runner: Runner, out: RuleFindings, options: WalkOptions): void {
  const { text, formatting } = source;
  const report = runner.reporter.report;
  // One shape, absent settings undefined: no spread of optional parts per file.
  const context = { text, formatting, report, connector, readBodyFile: options.readBodyFile, metadata: options.metadata };
  if (set.customRequest.length === 0 && set.customRequestFiles.length === 0) return;
  connector.customRequests.forEach((request, index) => {
    if (options.onlyUnit === undefined || index === options.onlyUnit) {
      const findings = (out.units[index] = []);
      runner.runAll(set.customRequest, findings, request, context);
    }
    runner.runAll(set.customRequestFiles, out.everyCheck, request, context);
  });
}

/** Runs every enabled rule over its subjects in one walk of the connector (`source`: its text and how it is written). */
export function runRules(connector: Connector, source: EditableText, set: RuleSet, options: WalkOptions = {}): RuleFindings {
  const out: RuleFindings = { units: [], models: [], everyCheck: [], failures: [] };
  // A file whose kind is missing or unknown: only the schema speaks about it.
  if (connector.kind === undefined) return out;
  const runner = new Runner(set.overrides);
  const groups: RuleGroups = options.setting === undefined ? set : set.afterSettingEdit(options.setting);
  const { text, formatting } = source;
  const context: ConnectorContext = { text, formatting, report: runner.reporter.report, metadata: options.metadata };
  // Every rule in the list declares the connector's kind (or any): its check takes it.
  runner.runAll(set.connectorRulesFor(connector.kind) as readonly Enabled<Rule & { check(connector: Connector, context: ConnectorContext): void }>[], out.everyCheck, connector, context);
  if (connector.kind === 'rest') walkRest(connector, source, groups, runner, out, options.onlyUnit);
  else walkOData(connector, source, groups, runner, out, options);
  out.failures = runner.failures;
  return out;
}
