import { isOptionalParameter, callerParameters } from './arguments';
import { annotation, descriptionOf, isReadOnly, keyOf, propertiesOf, recordFlag, schemaType, shortName, structuredType, typeLabel } from './lookups';
import type { EdmContainerChild, EdmNavigationProperty, EdmOperation, EdmProperty, EdmStructuredType, ServiceMetadata, TypeRef } from './model';
import { TERMS } from './model';

/** Markdown that describes model elements for hovers and completion details, in one voice everywhere. */

function typeText(service: ServiceMetadata, type: TypeRef): string {
  const named = schemaType(service, type.name);
  if (named?.kind === 'enumType') return `${typeLabel(type)} (${named.members.slice(0, 10).map((m) => m.name).join(', ')}${named.members.length > 10 ? ', ...' : ''})`;
  if (named?.kind === 'typeDefinition') return `${typeLabel(type)} (${named.underlyingType})`;
  return typeLabel(type);
}

/** A structural or navigation property: type, key, nullability, default, what the service does with it, description. */
export function describeMember(service: ServiceMetadata, member: EdmProperty | EdmNavigationProperty, owner: EdmStructuredType): string {
  const facts: string[] = [];
  if (member.kind === 'property') {
    facts.push(typeText(service, member.type));
    if (keyOf(service, owner).includes(member.name)) facts.push('key');
    facts.push(member.nullable ? 'nullable' : 'not nullable');
    if (member.defaultValue !== undefined) facts.push(`default ${member.defaultValue}`);
    if (member.maxLength) facts.push(`max length ${member.maxLength}`);
    const readOnly = isReadOnly(member);
    if (readOnly) facts.push(readOnly === 'computed' ? 'computed by the service' : 'read-only');
    if (annotation(member, TERMS.immutable) === true) facts.push('immutable (set on create only)');
  } else {
    const target = structuredType(service, member.type.name);
    facts.push(`navigation to ${member.type.collection ? 'many ' : 'one '}${target ? shortName(target.qualifiedName) : member.type.name}`);
    if (member.containsTarget) facts.push('contained');
  }
  const description = descriptionOf(member);
  return `**${member.name}**: ${facts.join(' · ')}${description ? `\n\n${description}` : ''}\n\n*Property of ${shortName(owner.qualifiedName)}*`;
}

/** An operation's signature: `Release(Reason: Edm.String, Notify?: Edm.Boolean) → Edm.Decimal`. */
export function signatureOf(operation: EdmOperation): string {
  const parameters = callerParameters(operation).map((p) => `${p.name}${isOptionalParameter(p) ? '?' : ''}: ${typeLabel(p.type)}`).join(', ');
  return `${operation.name}(${parameters})${operation.returnType ? ` → ${typeLabel(operation.returnType)}` : ''}`;
}

/** An action or function: kind, signature, what it is bound to, description. */
export function describeOperation(operation: EdmOperation): string {
  const binding = operation.bound ? operation.parameters[0]?.type : undefined;
  const description = descriptionOf(operation);
  return `**${operation.kind === 'action' ? 'Action' : 'Function'}** \`${signatureOf(operation)}\`${binding ? `\n\nBound to ${typeLabel(binding)}.` : ''}${operation.kind === 'action' ? ' Invoked with POST ("operation": "action"); parameters go in the JSON body.' : ' Invoked with GET ("operation": "function"); parameters go in the parentheses.'}${description ? `\n\n${description}` : ''}`;
}

function restrictions(child: EdmContainerChild): string[] {
  const out: string[] = [];
  if (recordFlag(child, TERMS.insertRestrictions, 'Insertable') === false) out.push('no create');
  if (recordFlag(child, TERMS.updateRestrictions, 'Updatable') === false) out.push('no update');
  if (recordFlag(child, TERMS.deleteRestrictions, 'Deletable') === false) out.push('no delete');
  if (annotation(child, TERMS.optimisticConcurrency) !== undefined) out.push('needs If-Match (optimistic concurrency)');
  return out;
}

/** An entity set, singleton or operation import: its type, key and restrictions. */
export function describeContainerChild(service: ServiceMetadata, child: EdmContainerChild): string {
  if (child.kind === 'entitySet' || child.kind === 'singleton') {
    const type = structuredType(service, child.kind === 'entitySet' ? child.entityType : child.type);
    const key = type ? keyOf(service, type) : [];
    const keyText = type && key.length ? ` · key ${key.map((k) => `${k} (${propertiesOf(service, type).get(k)?.type.name ?? '?'})`).join(', ')}` : '';
    const limits = restrictions(child);
    const description = descriptionOf(child) ?? descriptionOf(type);
    return `**${child.name}**: ${child.kind === 'entitySet' ? 'entity set' : 'singleton'} of ${type ? shortName(type.qualifiedName) : '?'}${keyText}${limits.length ? `\n\n${limits.join(' · ')}` : ''}${description ? `\n\n${description}` : ''}`;
  }
  const name = child.kind === 'actionImport' ? child.action : child.function;
  const operation = service.operations.get(name)?.find((o) => !o.bound);
  return operation ? describeOperation(operation) : `**${child.name}**: ${child.kind === 'actionImport' ? 'action' : 'function'} ${name}`;
}

/** An entity or complex type: name, key, base type, description. */
export function describeType(service: ServiceMetadata, type: EdmStructuredType): string {
  const key = keyOf(service, type);
  const description = descriptionOf(type);
  return `**${shortName(type.qualifiedName)}**: ${type.kind === 'entityType' ? 'entity type' : 'complex type'}${type.baseType ? ` derived from ${shortName(type.baseType)}` : ''}${key.length ? ` · key ${key.join(', ')}` : ''}${type.openType ? ' · open (takes any property)' : ''}${type.hasStream ? ' · media entity (binary content)' : ''}${description ? `\n\n${description}` : ''}`;
}
