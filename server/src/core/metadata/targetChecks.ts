import type { ODataOperation } from '../vocabulary';
import { annotation, recordFlag, shortName } from './lookups';
import type { EdmEntitySet, EdmNavigationProperty, EdmSingleton } from './model';
import { TERMS } from './model';
import type { PathState } from './resourcePath';

/** What the addressed resource is, in the words messages use. */
export function describeTarget(state: PathState): string {
  switch (state.kind) {
    case 'root': return 'the service root';
    case 'collection': return `a collection of ${shortName(state.type.qualifiedName)}`;
    case 'entity': return `one ${shortName(state.type.qualifiedName)}`;
    case 'complex': return state.collection ? `a collection of ${shortName(state.type.qualifiedName)} values` : `a ${shortName(state.type.qualifiedName)} value`;
    case 'primitive': return state.type.collection ? `a collection of ${state.type.name} values` : `a ${state.type.name} value`;
    case 'count': return 'a count ($count)';
    case 'value': return 'a raw value ($value)';
    case 'ref': return 'entity references ($ref)';
    case 'action': return `action '${state.operation.name}'`;
    case 'function': return `function '${state.operation.name}'`;
  }
}

/** Why an operation kind does not fit what the url addresses, and the kind that would; undefined when it fits. */
export function operationKindProblem(operation: ODataOperation, target: PathState): { message: string; better?: ODataOperation } | undefined {
  // The target is described only in a problem's message: most requests fit, and a description is a new string.
  if (target.kind === 'action') {
    return operation === 'action' ? undefined : { message: `The url calls ${describeTarget(target)}, which is invoked with POST: set "operation": "action".`, better: 'action' };
  }
  if (target.kind === 'function') {
    return operation === 'function' ? undefined : { message: `The url calls ${describeTarget(target)}, which is invoked with GET: set "operation": "function".`, better: 'function' };
  }
  if (operation === 'action') return { message: `"operation": "action" POSTs to an action, but the url addresses ${describeTarget(target)}. Put the action's name at the end of the url, or choose another operation kind.` };
  if (operation === 'function') return { message: `"operation": "function" calls a function, but the url addresses ${describeTarget(target)}. Put the function call at the end of the url, or choose "read".` };
  if (operation === 'create') {
    if (target.kind === 'collection') return undefined;
    return { message: `Create POSTs a new entity to a collection, but the url addresses ${describeTarget(target)}.${target.kind === 'entity' ? ' Remove the key from the url to post to the collection.' : ''}` };
  }
  if (operation === 'update' || operation === 'replace' || operation === 'delete') {
    const single = target.kind === 'entity' || (target.kind === 'complex' && !target.collection && operation !== 'delete') || (target.kind === 'primitive' && !target.type.collection && operation !== 'update') || target.kind === 'value' || target.kind === 'ref';
    if (single) return undefined;
    return { message: `${operation === 'update' ? 'Update (PATCH)' : operation === 'replace' ? 'Replace (PUT)' : 'Delete'} changes one entity, but the url addresses ${describeTarget(target)}.${target.kind === 'collection' ? " Add the entity's key, e.g. Orders('{orderNo}')." : ''}` };
  }
  return undefined;
}

/** The entity set (or containment navigation) whose annotations govern the target. */
function governing(target: PathState): EdmEntitySet | EdmSingleton | EdmNavigationProperty | undefined {
  if (target.kind !== 'collection' && target.kind !== 'entity') return undefined;
  return target.containment ?? target.source;
}

/** Whether the service forbids this kind on the target (Capabilities Insert/Update/DeleteRestrictions). */
export function restrictionProblem(operation: ODataOperation, target: PathState): string | undefined {
  const source = governing(target);
  if (!source) return undefined;
  const name = source.name;
  if (operation === 'create' && target.kind === 'collection' && recordFlag(source, TERMS.insertRestrictions, 'Insertable') === false) {
    return `The service does not allow creating ${name} (Capabilities.InsertRestrictions: Insertable is false).`;
  }
  if ((operation === 'update' || operation === 'replace') && target.kind === 'entity' && recordFlag(source, TERMS.updateRestrictions, 'Updatable') === false) {
    return `The service does not allow changing ${name} (Capabilities.UpdateRestrictions: Updatable is false).`;
  }
  if (operation === 'delete' && target.kind === 'entity' && recordFlag(source, TERMS.deleteRestrictions, 'Deletable') === false) {
    return `The service does not allow deleting ${name} (Capabilities.DeleteRestrictions: Deletable is false).`;
  }
  return undefined;
}

/** The entity set that declares optimistic concurrency for a changed entity, when it does (Core.OptimisticConcurrency). */
export function concurrencyControlled(operation: ODataOperation, target: PathState, bindingTarget?: PathState): { setName: string; properties: string[] } | undefined {
  const changed = operation === 'update' || operation === 'replace' || operation === 'delete' ? target : operation === 'action' ? bindingTarget : undefined;
  if (!changed || changed.kind !== 'entity') return undefined;
  const source = governing(changed);
  const value = annotation(source, TERMS.optimisticConcurrency);
  if (!source || value === undefined || value === false) return undefined;
  const properties = Array.isArray(value) ? value.map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? String(v.$PropertyPath ?? '') : String(v))).filter(Boolean) : [];
  return { setName: source.name, properties };
}

/** Why the target is binary content a Custom request cannot download, or undefined (`/$value` has its own rule). */
export function binaryProblem(operation: ODataOperation, target: PathState): string | undefined {
  if (operation !== 'read' && operation !== 'function') return undefined;
  const result = target.kind === 'function' ? target.result : target;
  if (result.kind !== 'primitive' || result.type.collection || result.type.name !== 'Edm.Stream') return undefined;
  const what = result.property ? `'${result.property.name}' is a stream property: reading it downloads` : target.kind === 'function' ? `Function '${target.operation.name}' returns a stream: calling it downloads` : 'The url downloads';
  return `${what} binary content, which Custom request cannot do: it answers JSON only. Enable the projection and use its binary-download operation instead.`;
}
