import { addPropertyEdits, inlineJson, replaceValueEdit, type EditableText } from '../edits';
import type { Fix } from '../findings';
import type { CustomRequest, ODataConnector } from '../model';
import type { JsonValue } from '../tree';
import { parseBody, requiredForCreate, sampleValue } from './body';
import type { ServiceMetadata } from './model';
import { analyzeRequest, bodySubjectOf, responseState } from './request';
import { generateResponseStructure } from './response';

/** Code actions that write from the metadata: pure functions of (metadata, model, request). */

/** "Generate response structure": the structure of what the request returns, honouring $select and $expand. */
export function generateResponseStructureFix(service: ServiceMetadata, connector: ODataConnector, request: CustomRequest, target: EditableText): Fix | undefined {
  const analysis = analyzeRequest(service, connector, request, target.text);
  const state = responseState(analysis, request.operation?.value);
  if (!state || request.operation?.value === 'delete') return undefined;
  const structure = generateResponseStructure(service, state, analysis.selection);
  if (structure === undefined) return undefined;
  const edits = request.responseStructure ? [replaceValueEdit(request.responseStructure.node, structure)] : addPropertyEdits(target, request.node, 'responseStructure', structure);
  return { title: request.responseStructure ? 'Regenerate response structure from the metadata' : 'Generate response structure from the metadata', edits };
}

/** "Fill required properties": adds the members a create needs (not nullable, no default, not computed) to its body. */
export function fillRequiredFix(service: ServiceMetadata, connector: ODataConnector, request: CustomRequest, target: EditableText): Fix | undefined {
  if (request.operation?.value !== 'create' || request.body?.kind === 'file') return undefined;
  const subject = bodySubjectOf(request, analyzeRequest(service, connector, request, target.text));
  if (subject?.kind !== 'structured') return undefined;
  const required = requiredForCreate(service, subject.type);
  const field = request.body?.kind === 'text' ? request.body.field : undefined;
  if (!field) {
    if (required.length === 0) return undefined;
    const body: Record<string, JsonValue> = {};
    for (const r of required) body[r.name] = sampleValue(service, r.type);
    return { title: 'Fill the body with the required properties', edits: addPropertyEdits(target, request.node, 'body', inlineJson(body)) };
  }
  const tree = parseBody(field.value);
  if (!tree || tree.root.type !== 'object') return undefined;
  const present = new Set((tree.root.children ?? []).map((p) => p.children?.[0]?.value));
  const missing = required.filter((r) => !present.has(r.name));
  if (missing.length === 0) return undefined;
  const close = field.value.lastIndexOf('}');
  if (close < 0) return undefined;
  const head = field.value.slice(0, close).trimEnd();
  const entries = missing.map((r) => `${JSON.stringify(r.name)}: ${JSON.stringify(sampleValue(service, r.type))}`).join(', ');
  const separator = head.endsWith('{') ? ' ' : ', ';
  const updated = `${head}${separator}${entries} ${field.value.slice(close)}`;
  return { title: `Add the required properties (${missing.map((r) => r.name).join(', ')})`, edits: [{ offset: field.node.offset, length: field.node.length, content: JSON.stringify(updated) }] };
}
