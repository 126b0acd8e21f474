import type { Node } from 'jsonc-parser';
import type { EditableText } from '../edits';
import type { Fix, Severity, Span } from '../findings';
import type { MetadataOutcome } from '../metadata/source';
import type { CustomRequest, ModelDefinition, ODataConnector, RestConnector, RestOperation, RestParameter } from '../model';
import type { OperationFacts } from './operationFacts';

// How rules are written for speed: a lint of thousands of small files runs each rule a few thousand times, mostly
// before V8 has optimized it. There, a for-of loop or an array destructuring makes an iterator and an object per
// step, even over an empty list, so most rules loop by index over the lists they are handed. Not all: written so, six
// of the REST operation and parameter rules made the first keystroke after opening a large file full of findings
// slower (22 to 31 ms instead of 14 to 18), V8 still compiling them during it; they keep their for-of loops.
// Measure both (`npm run bench -- manyFiles` and `npm run bench -- server --typing`) before changing either kind
// (docs/performance.md, "Per-file costs, eleventh look").

/** What a rule reports: where, what to do, and optionally how to fix it. Code and severity are added by the engine. */
export interface RuleReport {
  /** A node (its whole range) or an explicit span. */
  at: Node | Span;
  message: string;
  fixes?: Fix[];
  tags?: 'unnecessary'[];
}

/** Reads a body file the connector names (relative to its folder, inside the workspace), or says why it cannot. */
export type BodyFileReader = (given: string) => { ok: true; text: string } | { ok: false; message: string };

/** What every rule is given besides its subject: the text and how it is written (for fixes), and a way to report. */
export interface RuleContext extends EditableText {
  report(report: RuleReport): void;
}

/** What a connector rule is given: the OData connector's $metadata besides the text and a way to report. */
export interface ConnectorContext extends RuleContext {
  /** The service's $metadata when an OData connector names it and the edge read it (or why it could not). */
  readonly metadata?: MetadataOutcome;
}

/**
 * What an operation, parameter or model rule may see of a REST connector: its own settings, models and
 * authorization, never the other operations. The engine relies on it: an edit inside one operation cannot change
 * what such a rule says about another.
 */
export type RestShared = Omit<RestConnector, 'operations'>;

/** What a Custom request rule may see of an OData connector: its own settings, never the other requests. */
export type ODataShared = Omit<ODataConnector, 'customRequests'>;

/** The connector's own settings (root properties besides `kind` and the units) that a rule about one part may read. */
export const SHARED_SETTINGS = ['name', 'description', 'baseUrl', 'authorization', 'advanced', 'models', 'connectorVersion', 'metadata'] as const;
export type SharedSetting = (typeof SHARED_SETTINGS)[number];

/** What every rule about one part sees of the connector whatever it reads: its kind, and its root node to place edits. */
type Always = 'root' | 'kind' | 'kindField';

/** A REST connector as a rule that reads settings `R` sees it: those settings only. */
export type RestView<R extends SharedSetting> = Pick<RestShared, Always | Extract<R, keyof RestShared>>;

/** An OData connector as a rule that reads settings `R` sees it: those settings only. */
export type ODataView<R extends SharedSetting> = Pick<ODataShared, Always | Extract<R, keyof ODataShared>>;

/**
 * The settings a rule about one part reads, each named: its view of the connector has those and no others, so the
 * declaration cannot fall short of what it reads. The engine relies on it: an edit to a setting asks again only the
 * rules that read it (and keeps what the others said about every operation).
 */
export type Reads<R extends SharedSetting> = [R] extends [never] ? { reads?: undefined } : { reads: { readonly [K in R]: true } };

/** `reads` as the engine holds it, for a rule of any kind. */
export interface AnyReads {
  reads?: { readonly [K in SharedSetting]?: true };
}

export interface ModelContext<R extends SharedSetting = never> extends RuleContext {
  readonly connector: RestView<R>;
}

export interface OperationContext<R extends SharedSetting = never> extends RuleContext {
  readonly connector: RestView<R>;
  /** What the engine knows of the operation, worked out once for all its rules (parameters by location, Content-Type). */
  readonly facts: OperationFacts;
}

export interface ParameterContext<R extends SharedSetting = never> extends OperationContext<R> {
  /** The operation the parameter belongs to. */
  readonly operation: RestOperation;
}

export interface CustomRequestContext<R extends SharedSetting = never> extends RuleContext {
  readonly connector: ODataView<R>;
  /** Absent where no files can be read (the core alone, tests): rules that need files then say nothing. */
  readonly readBodyFile?: BodyFileReader;
  /** The service's $metadata when the connector names it and the edge read it (or why it could not). */
  readonly metadata?: MetadataOutcome;
}

/** The rule's entry in docs/rules.md, generated from the registry. */
export interface RuleDocs {
  /** What it catches, one sentence. */
  summary: string;
  /** Why: the platform's behaviour behind it, said in the user's terms. */
  why: string;
  /** What the one-click fix does, when the rule has one. */
  fix?: string;
  /** For rules about credentials and other security matters: how grave a finding is, 0.1 to 10 (CVSS-like). */
  securitySeverity?: number;
}

interface RuleBase {
  /** kebab-case, stable: users name it in settings and `--rule`. */
  id: string;
  defaultSeverity: Severity;
  docs: RuleDocs;
}

/**
 * A rule about the connector as a whole: it may compare operations (or Custom requests) with each other, so it
 * runs on every check. `appliesTo` says which kind of connector it is for.
 */
export type ConnectorRule =
  | (RuleBase & { subject: 'connector'; appliesTo: 'rest'; check(connector: RestConnector, context: ConnectorContext): void })
  | (RuleBase & { subject: 'connector'; appliesTo: 'odata'; check(connector: ODataConnector, context: ConnectorContext): void })
  | (RuleBase & { subject: 'connector'; appliesTo: 'any'; check(connector: RestConnector | ODataConnector, context: ConnectorContext): void });

interface ModelRuleBody<R extends SharedSetting> extends RuleBase {
  subject: 'model';
  check(model: ModelDefinition, context: ModelContext<R>): void;
}

interface OperationRuleBody<R extends SharedSetting> extends RuleBase {
  subject: 'operation';
  check(operation: RestOperation, context: OperationContext<R>): void;
}

interface ParameterRuleBody<R extends SharedSetting> extends RuleBase {
  subject: 'parameter';
  check(parameter: RestParameter, context: ParameterContext<R>): void;
}

interface CustomRequestRuleBody<R extends SharedSetting> extends RuleBase {
  subject: 'customRequest';
  /** The rule reads the request's body file, which can change without the connector changing: it runs on every check. */
  readsBodyFiles?: true;
  check(request: CustomRequest, context: CustomRequestContext<R>): void;
}

/** A rule about one model of a REST connector (reading the connector's settings `R`, none by default). */
export type ModelRule<R extends SharedSetting = never> = ModelRuleBody<R> & Reads<R>;

/** A rule about one REST operation as a whole (its path, method, headers, the mix of its parameters). */
export type OperationRule<R extends SharedSetting = never> = OperationRuleBody<R> & Reads<R>;

/** A rule about one REST parameter's own settings (seeing its operation). */
export type ParameterRule<R extends SharedSetting = never> = ParameterRuleBody<R> & Reads<R>;

/** A rule about one OData Custom request. */
export type CustomRequestRule<R extends SharedSetting = never> = CustomRequestRuleBody<R> & Reads<R>;

/** A rule about one part, as the engine holds it: it sees the whole connector, and says which settings it reads. */
export type PartRule =
  | (ModelRuleBody<SharedSetting> & AnyReads)
  | (OperationRuleBody<SharedSetting> & AnyReads)
  | (ParameterRuleBody<SharedSetting> & AnyReads)
  | (CustomRequestRuleBody<SharedSetting> & AnyReads);

/** A named check: what it looks at (its subject), and what it says about it. */
export type Rule = ConnectorRule | PartRule;

/** Which connectors a rule concerns, as docs/rules.md groups them. */
export function kindOfRule(rule: Rule): 'rest' | 'odata' | 'any' {
  switch (rule.subject) {
    case 'connector': return rule.appliesTo;
    case 'customRequest': return 'odata';
    default: return 'rest';
  }
}

/** A code the engine emits that is not a model rule (syntax, schema), listed for docs and overrides. */
export interface BuiltinCode extends RuleBase {
  appliesTo: 'builtin';
}
