import type { Node } from 'jsonc-parser';
import type { Span } from '../findings';
import type { CustomRequest, MapEntry, ODataConnector } from '../model';
import { stringOffsets, type JsonValue } from '../tree';
import type { ServiceMetadata } from './model';
import type { Range } from './pathSyntax';
import { namesScheme } from '../http/url';
import { checkOption, type OptionCheck, type OptionTarget } from './queryOptions';
import { resolvePath, resultState, stateOfType, type PathState, type ResolvedPath } from './resourcePath';
import type { BodySubject } from './body';
import { selectionOf, type Selection } from './response';
import { LONGEST_REMEMBERED, TextKeyed } from '../rememberedByText';
import { LastAsked } from '../lastAsked';
import { scalarValueText } from '../values/check';

/** One query option of a request, from its `query` object or written in its url. */
export interface AnalyzedOption {
  name: string;
  value: string;
  where: 'query' | 'url';
  keyNode?: Node;
  valueNode?: Node;
  /** Where a range of the value lies in the connector file. */
  span(range: Range): Span;
  check: OptionCheck;
}

/** Everything the metadata says about one Custom request, computed once per request and service. */
export interface RequestAnalysis {
  service: ServiceMetadata;
  /** Absent without a url, or when the url is another service's or a parameter as a whole. */
  path?: ResolvedPath;
  /** Where a range of the url lies in the connector file. */
  urlSpan(range: Range): Span;
  target?: PathState;
  /** What the response describes: a function's result, or the target. */
  result?: PathState;
  /** What the url addressed before its last segment (the entity a bound action is called on). */
  beforeLast?: PathState;
  options: AnalyzedOption[];
  selection: Selection;
}

/**
 * Where a range of a string's value lies in the file. Its node, and the walk through its escapes, are made when a
 * range is first asked for: most requests have nothing to report, and a lint of many files analyses every request.
 */
export function stringSpan(text: string, nodeOf: () => Node): (range: Range) => Span {
  let offsetOf: ((decodedIndex: number) => number) | undefined;
  let node: Node | undefined;
  return (range) => {
    node ??= nodeOf();
    if (node.type !== 'string') return { offset: node.offset, length: node.length };
    offsetOf ??= stringOffsets(text, node);
    const start = offsetOf(range.start);
    return { offset: start, length: Math.max(0, offsetOf(range.end) - start) };
  };
}

function optionTargetOf(state: PathState | undefined): OptionTarget | undefined {
  if (!state) return undefined;
  if (state.kind === 'collection') return { type: state.type, collection: true };
  if (state.kind === 'entity') return { type: state.type, collection: false };
  if (state.kind === 'complex') return { type: state.type, collection: state.collection };
  return undefined;
}

// The rules ask about one request after another.
const cache = new LastAsked<CustomRequest, { service: ServiceMetadata; text: string; analysis: RequestAnalysis }>();

/** What an analysis holds that does not depend on where the request stands in its file: shared by every request written alike. */
interface Verdict {
  path?: ResolvedPath;
  target?: PathState;
  result?: PathState;
  beforeLast?: PathState;
  /** Where the url's path ends (-1 without a resolved path): its query options start after it. */
  pathEnd: number;
  /** One per option, in the order the request lists them (its `query` object's first, then its url's). */
  checks: OptionCheck[];
  selection: Selection;
}

// Connectors of one service repeat the same requests (copies, variants of one template): their verdicts are kept
// per service, keyed by everything a verdict reads. A service whose connectors keep changing (typing) is not
// allowed to grow without end.
const verdicts = new WeakMap<ServiceMetadata, TextKeyed<Verdict>>();
const MAX_VERDICTS = 2000;

/** An option found in a request, before its check (the verdict's) is joined to it. */
type PendingOption = Omit<AnalyzedOption, 'check'> & { check?: OptionCheck };

/** An option of the request's `query` object; its nodes, too, are made when first asked for. */
class QueryOption implements PendingOption {
  readonly where = 'query';
  check?: OptionCheck = undefined;
  readonly span: (range: Range) => Span;

  constructor(readonly name: string, readonly value: string, private readonly entry: MapEntry<JsonValue>, text: string) {
    this.span = stringSpan(text, () => entry.valueNode as Node);
  }

  get keyNode(): Node {
    return this.entry.keyNode;
  }

  get valueNode(): Node | undefined {
    return this.entry.valueNode;
  }
}

function queryOptionsOf(request: CustomRequest, text: string): PendingOption[] {
  const options: PendingOption[] = [];
  if (request.parameterMode?.value === 'onlyPath') return options;
  const entries = request.query?.entries;
  for (let i = 0; entries && i < entries.length; i++) {
    const entry = entries[i] as MapEntry<JsonValue>;
    // As it is sent: the text the values module makes of it (a number as its value, every digit of a whole one).
    const value = scalarValueText(entry.exact);
    // A scalar value stands in the file: its node is there.
    if (value === undefined) continue;
    options.push(new QueryOption(entry.name, value, entry, text));
  }
  return options;
}

function urlOptionsOf(url: string, pathEnd: number, urlSpan: (range: Range) => Span, into: PendingOption[]): void {
  if (pathEnd < 0 || url[pathEnd] !== '?') return;
  let cursor = pathEnd + 1;
  for (const part of url.slice(cursor).split('#')[0]?.split('&') ?? []) {
    const eq = part.indexOf('=');
    const name = eq >= 0 ? part.slice(0, eq) : part;
    const start = cursor + (eq >= 0 ? eq + 1 : part.length);
    let value = eq >= 0 ? part.slice(eq + 1) : '';
    let span = (range: Range): Span => urlSpan({ start: start + range.start, end: start + range.end });
    if (value.includes('%') || value.includes('+')) {
      // A decoded value's ranges do not map back one to one: the whole option as written is marked.
      const written = { start: cursor, end: cursor + part.length };
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
        span = () => urlSpan(written);
      } catch {
        // Not valid percent-encoding: judged as written.
      }
    }
    if (name.startsWith('$')) into.push({ name, value, where: 'url', span, check: undefined });
    cursor += part.length + 1;
  }
}

/** Everything a verdict depends on besides the service, as one string (absent and empty told apart). */
function verdictKey(baseUrl: string | undefined, url: string | undefined, queryOptions: readonly PendingOption[]): string {
  let key = `${baseUrl === undefined ? '-' : `+${baseUrl}`}\u0000${url === undefined ? '-' : `+${url}`}`;
  for (let i = 0; i < queryOptions.length; i++) {
    const option = queryOptions[i] as PendingOption;
    key += `\u0000${option.name}\u0000${option.value}`;
  }
  return key;
}

function verdictOf(service: ServiceMetadata, baseUrl: string | undefined, url: string | undefined, queryOptions: readonly PendingOption[]): Verdict {
  const verdict: Verdict = { pathEnd: -1, checks: [], selection: { expand: new Map() } };
  if (url !== undefined) {
    const resolved = resolvePath(service, url, baseUrl);
    if (resolved.ok) {
      verdict.path = resolved.path;
      verdict.pathEnd = resolved.path.pathRange.end;
      if (resolved.path.target) {
        verdict.target = resolved.path.target;
        verdict.result = resultState(resolved.path.target);
        const last = resolved.path.segments[resolved.path.segments.length - 1];
        if (last) verdict.beforeLast = last.before;
      }
    }
  }
  const options = [...queryOptions];
  if (url !== undefined) urlOptionsOf(url, verdict.pathEnd, () => ({ offset: 0, length: 0 }), options);
  const optionTarget = optionTargetOf(verdict.result);
  for (const option of options) verdict.checks.push(checkOption(service, optionTarget, option.name, option.value, 0));
  const find = (name: string): string | undefined => options.find((o) => o.name.toLowerCase() === name)?.value;
  verdict.selection = selectionOf(find('$select'), find('$expand'));
  return verdict;
}

function sharedVerdict(service: ServiceMetadata, connectorBaseUrl: string | undefined, url: string | undefined, queryOptions: readonly PendingOption[]): Verdict {
  // A relative url's verdict does not depend on the base url: connectors of one service at different addresses share it.
  const baseUrl = url !== undefined && namesScheme(url) ? connectorBaseUrl : undefined;
  let known = verdicts.get(service);
  if (!known) verdicts.set(service, (known = new TextKeyed(MAX_VERDICTS)));
  const key = verdictKey(baseUrl, url, queryOptions);
  if (key.length > LONGEST_REMEMBERED) return verdictOf(service, baseUrl, url, queryOptions);
  let verdict = known.get(key);
  if (!verdict) {
    verdict = verdictOf(service, baseUrl, url, queryOptions);
    known.set(key, verdict);
  }
  return verdict;
}

/** Analyses a Custom request against the service's metadata: its path, target, options and what it selects. */
export function analyzeRequest(service: ServiceMetadata, connector: Pick<ODataConnector, 'baseUrl'>, request: CustomRequest, text: string): RequestAnalysis {
  const cached = cache.get(request);
  if (cached?.service === service && cached.text === text) return cached.analysis;
  const url = request.url;
  const urlSpan = url ? stringSpan(text, () => url.node) : (): Span => ({ offset: request.node.offset, length: 0 });
  const pending = queryOptionsOf(request, text);
  const verdict = sharedVerdict(service, connector.baseUrl?.value, url?.value, pending);
  if (url) urlOptionsOf(url.value, verdict.pathEnd, urlSpan, pending);
  const analysis: RequestAnalysis = { service, urlSpan, options: [], selection: verdict.selection };
  if (verdict.path) analysis.path = verdict.path;
  if (verdict.target) analysis.target = verdict.target;
  if (verdict.result) analysis.result = verdict.result;
  if (verdict.beforeLast) analysis.beforeLast = verdict.beforeLast;
  // Each option takes its check in place: the analysis holds the options found, not copies of them.
  for (let i = 0; i < pending.length; i++) (pending[i] as PendingOption).check = verdict.checks[i] as OptionCheck;
  analysis.options = pending as AnalyzedOption[];
  cache.set(request, { service, text, analysis });
  return analysis;
}

/** What the body of a request is judged against, given its kind and target; undefined when nothing fits. */
export function bodySubjectOf(request: CustomRequest, analysis: RequestAnalysis): BodySubject | undefined {
  const kind = request.operation?.value;
  const target = analysis.target;
  if (!target) return undefined;
  if (kind === 'action' && target.kind === 'action') return { kind: 'action', operation: target.operation };
  if (kind === 'create' && target.kind === 'collection') return { kind: 'structured', type: target.type, operation: 'create' };
  if ((kind === 'update' || kind === 'replace') && (target.kind === 'entity' || (target.kind === 'complex' && !target.collection))) return { kind: 'structured', type: target.type, operation: kind };
  return undefined;
}

/**
 * What the response of a request describes: the function's result, the action's return value, the entity a create
 * made, or the target.
 */
export function responseState(analysis: RequestAnalysis, operation: string | undefined): PathState | undefined {
  const target = analysis.target;
  if (!target) return undefined;
  if (target.kind === 'action') return target.operation.returnType ? stateOfType(analysis.service, target.operation.returnType) : undefined;
  // A create posts to a collection and answers with the one entity it created.
  if (operation === 'create' && analysis.result?.kind === 'collection') return { ...analysis.result, kind: 'entity' };
  return analysis.result;
}

