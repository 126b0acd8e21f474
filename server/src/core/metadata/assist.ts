import { findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import type { CompletionProposal } from '../features/completion';
import type { HoverInfo } from '../features/hover';
import { locateIn } from '../features/locate';
import type { Span } from '../findings';
import type { CustomRequest, ODataConnector } from '../model';
import { sourceOffsetInString } from '../tree';
import { callerParameters, keyPredicateTemplate } from './arguments';
import { requiredForCreate, sampleValue } from './body';
import { describeContainerChild, describeMember, describeOperation, describeType } from './describe';
import { boundOperations, derivedTypes, keyOf, memberOf, navigationOf, propertiesOf, shortName, structuredType, typeLabel } from './lookups';
import type { EdmStructuredType, ServiceMetadata } from './model';
import { analyzeRequest, bodySubjectOf, responseState, type RequestAnalysis } from './request';
import type { PathState, ResolvedSegment } from './resourcePath';

/** Completion and hover inside a Custom request, from the service's metadata: pure functions of (metadata, model, offset). */

/** The index in a string node's decoded value that a document offset falls on. */
export function decodedIndexAt(text: string, node: Node, offset: number): number {
  let source = node.offset + 1;
  let decoded = 0;
  const end = node.offset + node.length - 1;
  while (source < end && source < offset) {
    source += text[source] === '\\' ? (text[source + 1] === 'u' ? 6 : 2) : 1;
    decoded++;
  }
  return decoded;
}

function inside(node: Node | undefined, offset: number): node is Node {
  return node !== undefined && node.type === 'string' && offset > node.offset && offset < node.offset + node.length;
}

function escape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function spanOfRange(text: string, node: Node, start: number, end: number): Span {
  const from = sourceOffsetInString(text, node, start);
  return { offset: from, length: sourceOffsetInString(text, node, end) - from };
}

type PathCandidate = { label: string; insert: string; documentation: string; kind: CompletionProposal['kind'] };

/**
 * The names at a path's root (entity sets, singletons, imports), made once per service: a large service has a
 * thousand, asked for at every keystroke in a url. Each is described when its documentation is first read (an
 * editor is sent a few of them) and the description kept.
 */
const rootCandidates = new WeakMap<ServiceMetadata, readonly PathCandidate[]>();

function rootCandidatesOf(service: ServiceMetadata): readonly PathCandidate[] {
  let candidates = rootCandidates.get(service);
  if (!candidates) {
    candidates = [...(service.container?.children.values() ?? [])].map((child) => {
      let documentation: string | undefined;
      return {
        label: child.name,
        insert: child.kind === 'functionImport' ? `${child.name}()` : child.name,
        get documentation() {
          return (documentation ??= describeContainerChild(service, child));
        },
        kind: 'reference' as const,
      };
    });
    rootCandidates.set(service, candidates);
  }
  return candidates;
}

/** The names that may follow a state in a resource path, with what each is. */
function pathCandidates(service: ServiceMetadata, state: PathState): readonly PathCandidate[] {
  const out: PathCandidate[] = [];
  if (state.kind === 'root') return rootCandidatesOf(service);
  if (state.kind === 'function') return pathCandidates(service, state.result);
  if (state.kind === 'primitive') return state.type.collection ? [{ label: '$count', insert: '$count', documentation: 'The number of values.', kind: 'value' }] : [{ label: '$value', insert: '$value', documentation: 'The raw value, without JSON.', kind: 'value' }];
  if (state.kind !== 'collection' && state.kind !== 'entity' && state.kind !== 'complex') return out;
  const type = state.type;
  const single = state.kind === 'entity' || (state.kind === 'complex' && !state.collection);
  if (single) {
    for (const property of propertiesOf(service, type).values()) out.push({ label: property.name, insert: property.name, documentation: describeMember(service, property, type), kind: 'property' });
    for (const navigation of navigationOf(service, type).values()) out.push({ label: navigation.name, insert: navigation.name, documentation: describeMember(service, navigation, type), kind: 'reference' });
    if (state.kind === 'entity' && type.hasStream) out.push({ label: '$value', insert: '$value', documentation: 'The media content (binary: Custom request cannot download it).', kind: 'value' });
  } else {
    out.push({ label: '$count', insert: '$count', documentation: 'The number of entities.', kind: 'value' });
  }
  for (const operation of boundOperations(service, type, !single)) {
    out.push({ label: operation.qualifiedName, insert: operation.kind === 'function' ? `${operation.qualifiedName}()` : operation.qualifiedName, documentation: describeOperation(operation), kind: 'reference' });
  }
  for (const derived of derivedTypes(service, type)) out.push({ label: derived.qualifiedName, insert: derived.qualifiedName, documentation: `Type cast: ${describeType(service, derived)}`, kind: 'reference' });
  return out;
}

function keyProposals(service: ServiceMetadata, type: EdmStructuredType, replace: Span): CompletionProposal[] {
  const key = keyOf(service, type);
  if (key.length === 0) return [];
  const properties = propertiesOf(service, type);
  const template = keyPredicateTemplate(service, type);
  const documentation = `Key of ${shortName(type.qualifiedName)}: ${key.map((k) => `${k} (${properties.get(k)?.type.name ?? '?'})`).join(', ')}. \`{name}\` is a path parameter.`;
  return [
    ...(template ? [{ label: template, kind: 'value' as const, insertText: escape(template), documentation, replace }] : []),
    ...key.map((k) => ({ label: `${k}=`, kind: 'property' as const, insertText: escape(`${k}=`), documentation: describeMember(service, properties.get(k) as never, type), replace })),
  ];
}

function urlCompletions(service: ServiceMetadata, analysis: RequestAnalysis, text: string, node: Node, index: number): CompletionProposal[] {
  const path = analysis.path;
  if (!path || index < path.pathRange.start || index > path.pathRange.end) return [];
  let segment: ResolvedSegment | undefined;
  for (const s of path.segments) if (s.raw.range.start <= index && index <= s.raw.range.end) segment = s;
  const args = segment?.raw.args;
  if (segment && args && index >= args.range.start && index <= args.range.end) {
    const before = segment.before;
    const type = segment.keyOf ?? (before.kind === 'root' && segment.meaning?.kind === 'entitySet' ? structuredType(service, segment.meaning.set.entityType) : undefined);
    const replace = spanOfRange(text, node, args.range.start, args.range.end);
    if (type) return keyProposals(service, type, replace);
    const operation = segment.meaning?.kind === 'operation' ? segment.meaning.operation : segment.meaning?.kind === 'functionImport' ? segment.meaning.operation : undefined;
    if (operation?.kind === 'function') {
      return callerParameters(operation).map((p) => ({ label: `${p.name}=`, kind: 'property', insertText: escape(`${p.name}=`), documentation: `${p.name}: ${typeLabel(p.type)}${p.nullable ? '' : ', required'}`, replace: { offset: sourceOffsetInString(text, node, index), length: 0 } }));
    }
    return [];
  }
  // A new segment right after a slash, or the one being typed.
  const state: PathState | undefined = segment ? segment.before : path.segments.length === 0 ? { kind: 'root' } : path.target;
  if (!state) return [];
  const start = segment ? segment.raw.nameRange.start : index;
  const end = segment ? segment.raw.nameRange.end : index;
  const replace = spanOfRange(text, node, start, end);
  return pathCandidates(service, state).map((c) => new PathProposal(c, replace));
}

/** A path candidate proposed for one span: one small object per name, its documentation read from the candidate. */
class PathProposal implements CompletionProposal {
  readonly label: string;
  readonly kind: CompletionProposal['kind'];
  constructor(private readonly candidate: PathCandidate, readonly replace: Span) {
    this.label = candidate.label;
    this.kind = candidate.kind;
  }

  get insertText(): string {
    return escape(this.candidate.insert);
  }

  get documentation(): string {
    return this.candidate.documentation;
  }
}

function optionTargetType(analysis: RequestAnalysis): EdmStructuredType | undefined {
  const result = analysis.result;
  return result && (result.kind === 'collection' || result.kind === 'entity' || result.kind === 'complex') ? result.type : undefined;
}

function optionCompletions(service: ServiceMetadata, analysis: RequestAnalysis, request: CustomRequest, text: string, offset: number): CompletionProposal[] | undefined {
  const entry = request.query?.entries.find((e) => inside(e.valueNode, offset));
  if (!entry?.valueNode) return undefined;
  const type = optionTargetType(analysis);
  const name = entry.name.toLowerCase();
  if (!type || !['$select', '$expand', '$orderby', '$filter'].includes(name)) return [];
  const value = String(entry.value ?? '');
  const index = decodedIndexAt(text, entry.valueNode, offset);
  let start = index;
  while (start > 0 && /[\w.]/.test(value[start - 1] ?? '')) start--;
  let end = index;
  while (end < value.length && /[\w.]/.test(value[end] ?? '')) end++;
  // After a slash: the members of what the path before it leads to.
  let owner = type;
  const before = value.slice(0, start);
  const pathBefore = /([\w./]+)\/$/.exec(before)?.[1];
  if (pathBefore) {
    for (const part of pathBefore.split('/')) {
      const member = memberOf(service, owner, part);
      const next = member ? structuredType(service, member.type.name) : undefined;
      if (!next) return [];
      owner = next;
    }
  }
  const replace = spanOfRange(text, entry.valueNode, start, end);
  const members = name === '$expand' ? [...navigationOf(service, owner).values()] : [...propertiesOf(service, owner).values(), ...(name === '$select' || name === '$filter' ? [...navigationOf(service, owner).values()] : [])];
  return members.map((m) => ({ label: m.name, kind: m.kind === 'navigation' ? 'reference' : 'property', insertText: m.name, documentation: describeMember(service, m, owner), replace }));
}

function bodyCompletions(service: ServiceMetadata, analysis: RequestAnalysis, request: CustomRequest, text: string, offset: number): CompletionProposal[] | undefined {
  const field = request.body?.kind === 'text' ? request.body.field : undefined;
  if (!field || !inside(field.node, offset)) return undefined;
  const subject = bodySubjectOf(request, analysis);
  if (!subject) return [];
  const body = field.value;
  const index = decodedIndexAt(text, field.node, offset);
  let start = index;
  while (start > 0 && /\w/.test(body[start - 1] ?? '')) start--;
  if (body[start - 1] === '"') start--;
  let before = start - 1;
  while (before >= 0 && /\s/.test(body[before] ?? '')) before--;
  // Only where a member name goes: right after '{' or ',' of the top-level object.
  if (body[before] !== '{' && body[before] !== ',') return [];
  let end = index;
  while (end < body.length && /\w/.test(body[end] ?? '')) end++;
  if (body[end] === '"') end++;
  const present = new Set([...body.matchAll(/"([^"\\]+)"\s*:/g)].map((m) => m[1]));
  const replace = spanOfRange(text, field.node, start, end);
  if (subject.kind === 'action') {
    return callerParameters(subject.operation).filter((p) => !present.has(p.name)).map((p) => ({ label: p.name, kind: 'property', insertText: escape(`"${p.name}": `), documentation: `Parameter ${p.name}: ${typeLabel(p.type)}${p.nullable ? '' : ', required'}`, replace }));
  }
  const required = new Set(subject.operation === 'create' ? requiredForCreate(service, subject.type).map((r) => r.name) : []);
  const members = [...propertiesOf(service, subject.type).values(), ...navigationOf(service, subject.type).values()].filter((m) => !present.has(m.name));
  return members.map((m): CompletionProposal => ({
    label: m.name,
    kind: m.kind === 'navigation' ? 'reference' : 'property',
    insertText: escape(`"${m.name}": `),
    documentation: `${required.has(m.name) ? '**Required in a create.** ' : ''}${describeMember(service, m, subject.type)}`,
    replace,
  })).sort((a, b) => Number(required.has(b.label)) - Number(required.has(a.label)));
}

/** The type an object inside a response structure describes, by its path below `responseStructure`. */
function structureTypeAt(service: ServiceMetadata, analysis: RequestAnalysis, request: CustomRequest, path: readonly (string | number)[]): EdmStructuredType | undefined {
  const state = responseState(analysis, request.operation?.value);
  if (!state || (state.kind !== 'collection' && state.kind !== 'entity' && state.kind !== 'complex')) return undefined;
  let type: EdmStructuredType | undefined = state.type;
  let rest = path;
  if (state.kind === 'collection' || (state.kind === 'complex' && state.collection)) {
    if (rest[0] !== 'value' || typeof rest[1] !== 'number') return undefined;
    rest = rest.slice(2);
  }
  for (let i = 0; i < rest.length && type; i++) {
    const part = rest[i];
    if (typeof part !== 'string') return undefined;
    const member = memberOf(service, type, part);
    const next = member ? structuredType(service, member.type.name) : undefined;
    if (!member || !next) return undefined;
    type = next;
    if (member.type.collection) {
      if (typeof rest[i + 1] !== 'number') return undefined;
      i++;
    }
  }
  return type;
}

function structureCompletions(service: ServiceMetadata, analysis: RequestAnalysis, request: CustomRequest, root: Node, offset: number): CompletionProposal[] | undefined {
  const structure = request.responseStructure?.node;
  if (!structure || offset <= structure.offset || offset >= structure.offset + structure.length) return undefined;
  const node = findNodeAtOffset(root, offset, true);
  const objectNode = node?.type === 'object' ? node : node?.parent?.type === 'property' && node.parent.children?.[0] === node ? node.parent.parent : undefined;
  if (!objectNode || objectNode.type !== 'object') return [];
  const full = getNodePath(objectNode);
  const at = full.indexOf('responseStructure');
  const type = structureTypeAt(service, analysis, request, full.slice(at + 1));
  if (!type) return [];
  const present = new Set((objectNode.children ?? []).map((p) => p.children?.[0]?.value));
  const replace = node?.type === 'string' ? { offset: node.offset, length: node.length } : { offset, length: 0 };
  const expanded = analysis.selection;
  return [...propertiesOf(service, type).values(), ...navigationOf(service, type).values()]
    .filter((m) => !present.has(m.name) && !(m.kind === 'property' && m.type.name === 'Edm.Stream'))
    .map((m) => {
      const target = m.kind === 'navigation' ? structuredType(service, m.type.name) : undefined;
      const sample = m.kind === 'navigation' ? (m.type.collection ? '[{}]' : '{}') : JSON.stringify(m.type.collection ? [sampleValue(service, { name: m.type.name, collection: false })] : sampleValue(service, m.type));
      return { label: m.name, kind: m.kind === 'navigation' ? 'reference' : 'property', insertText: `"${m.name}": ${sample}`, documentation: `${describeMember(service, m, type)}${target && !expanded.expand.has(m.name) ? '\n\nNot in $expand: the response has it only when expanded.' : ''}`, replace } satisfies CompletionProposal;
    });
}

/** Completion proposals from the metadata at an offset of a Custom request; undefined when the offset is not theirs. */
export function metadataCompletions(service: ServiceMetadata, connector: ODataConnector, root: Node, text: string, offset: number): CompletionProposal[] | undefined {
  const request = locateIn(connector, offset).request;
  if (!request) return undefined;
  const analysis = analyzeRequest(service, connector, request, text);
  if (inside(request.url?.node, offset)) return urlCompletions(service, analysis, text, request.url.node, decodedIndexAt(text, request.url.node, offset));
  return optionCompletions(service, analysis, request, text, offset) ?? bodyCompletions(service, analysis, request, text, offset) ?? structureCompletions(service, analysis, request, root, offset);
}

function segmentHover(service: ServiceMetadata, segment: ResolvedSegment): string | undefined {
  const meaning = segment.meaning;
  if (!meaning) return undefined;
  switch (meaning.kind) {
    case 'entitySet': case 'singleton': return describeContainerChild(service, meaning.set);
    case 'actionImport': case 'functionImport': return describeContainerChild(service, meaning.import);
    case 'navigation': return describeMember(service, meaning.navigation, meaning.owner);
    case 'property': return describeMember(service, meaning.property, meaning.owner);
    case 'cast': return `Type cast: ${describeType(service, meaning.type)}`;
    case 'operation': return describeOperation(meaning.operation);
    case 'count': return '**$count**: the number of items, as plain text.';
    case 'value': return '**$value**: the raw value (media content for a media entity).';
    case 'ref': return '**$ref**: references (ids) of the entities instead of the entities.';
  }
}

function urlHover(service: ServiceMetadata, analysis: RequestAnalysis, text: string, node: Node, offset: number): HoverInfo | undefined {
  const index = decodedIndexAt(text, node, offset);
  for (const segment of analysis.path?.segments ?? []) {
    const raw = segment.raw;
    if (index < raw.range.start || index >= raw.range.end) continue;
    for (const arg of raw.args?.items ?? []) {
      const type = segment.keyOf;
      if (!type || index < (arg.nameRange ?? arg.valueRange).start || index >= arg.valueRange.end) continue;
      const name = arg.name ?? keyOf(service, type)[0];
      const property = name ? propertiesOf(service, type).get(name) : undefined;
      if (property) return { markdown: describeMember(service, property, type), ...spanOfRange(text, node, (arg.nameRange ?? arg.valueRange).start, arg.valueRange.end) };
    }
    const markdown = segmentHover(service, segment);
    return markdown ? { markdown, ...spanOfRange(text, node, raw.nameRange.start, raw.nameRange.end) } : undefined;
  }
  return undefined;
}

/** Hover from the metadata on a url segment, a query option's property, a body member or a response structure entry. */
export function metadataHover(service: ServiceMetadata, connector: ODataConnector, root: Node, text: string, offset: number): HoverInfo | undefined {
  const request = locateIn(connector, offset).request;
  if (!request) return undefined;
  const analysis = analyzeRequest(service, connector, request, text);
  if (inside(request.url?.node, offset)) return urlHover(service, analysis, text, request.url.node, offset);
  for (const option of analysis.options) {
    for (const reference of option.check.references) {
      const span = option.span(reference.range);
      if (offset >= span.offset && offset < span.offset + span.length) return { markdown: describeMember(service, reference.member, reference.owner), ...span };
    }
  }
  const body = request.body?.kind === 'text' ? request.body.field : undefined;
  const subject = body ? bodySubjectOf(request, analysis) : undefined;
  if (body && inside(body.node, offset) && subject?.kind === 'structured') {
    const index = decodedIndexAt(text, body.node, offset);
    for (const match of body.value.matchAll(/"([^"\\]+)"\s*:/g)) {
      const start = match.index ?? 0;
      if (index < start || index > start + (match[1]?.length ?? 0) + 1) continue;
      const member = memberOf(service, subject.type, match[1] ?? '');
      if (member) return { markdown: describeMember(service, member, subject.type), ...spanOfRange(text, body.node, start, start + (match[1]?.length ?? 0) + 2) };
    }
  }
  const structure = request.responseStructure?.node;
  if (structure && offset >= structure.offset && offset < structure.offset + structure.length) {
    const node = findNodeAtOffset(root, offset, false);
    const property = node?.parent?.type === 'property' && node.parent.children?.[0] === node ? node.parent : undefined;
    const objectNode = property?.parent;
    if (node && objectNode && typeof node.value === 'string') {
      const full = getNodePath(objectNode);
      const type = structureTypeAt(service, analysis, request, full.slice(full.indexOf('responseStructure') + 1));
      const member = type ? memberOf(service, type, node.value) : undefined;
      if (type && member) return { markdown: describeMember(service, member, type), offset: node.offset, length: node.length };
    }
  }
  return undefined;
}
