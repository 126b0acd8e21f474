import { IdAllocator } from '../importing/names';
import { callerParameters, keyPredicateTemplate, placeholderName } from '../metadata/arguments';
import { annotation, boundOperations, isQualifiedName, isSimpleIdentifier, keyOf, propertiesOf, recordFlag, shortName, structuredType } from '../metadata/lookups';
import type { EdmActionImport, EdmEntitySet, EdmFunctionImport, EdmOperation, EdmSingleton, EdmStructuredType, ServiceMetadata } from '../metadata/model';
import { TERMS } from '../metadata/model';
import { shapeOf, urlLiteralTemplate } from '../metadata/primitives';
import { updateProperties } from './properties';
import type { MetadataChoiceKind } from './types';

/** The requests an entity set gives. */
export type EntitySetRequest = 'list' | 'get' | 'create' | 'update' | 'delete';

/**
 * One request the service offers, before it is written: what it is, and the id it is written with (`clashed`: the id
 * it would have had, which another request of the service has).
 */
export type PlannedRequest = { id: string; choice: string; clashed?: string } & (
  | { kind: EntitySetRequest; set: EdmEntitySet; type: EdmStructuredType }
  | { kind: 'singleton'; singleton: EdmSingleton; type: EdmStructuredType }
  | { kind: 'bound'; source: EdmEntitySet | EdmSingleton; type: EdmStructuredType; operation: EdmOperation; collection: boolean }
  | { kind: 'import'; child: EdmActionImport | EdmFunctionImport; operation: EdmOperation }
);

/** One choice of the service (an entity set, a bound operation, an import) with its planned requests. */
export interface PlannedChoice {
  key: string;
  kind: MetadataChoiceKind;
  source: string;
  label: string;
  requests: PlannedRequest[];
  leftOut: string[];
}

type Unplanned = PlannedRequest extends infer R ? (R extends PlannedRequest ? Omit<R, 'id' | 'choice' | 'clashed'> : never) : never;

function upperFirst(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** Why an operation cannot be a Custom request, or undefined: a stream result, or a parameter a url or JSON body cannot carry. */
export function operationProblem(service: ServiceMetadata, operation: EdmOperation): string | undefined {
  const kind = operation.kind === 'action' ? 'Action' : 'Function';
  if (!isQualifiedName(operation.qualifiedName)) return `${kind} ${JSON.stringify(operation.qualifiedName)} has a name that is no OData identifier, so a url cannot call it.`;
  if (operation.returnType?.name === 'Edm.Stream') return `${kind} '${operation.name}' returns a stream (binary content); a Custom request answers JSON only. Use the projection's own binary-download operation.`;
  for (const parameter of callerParameters(operation)) {
    if (parameter.type.name === 'Edm.Stream') return `${kind} '${operation.name}' takes a stream ('${parameter.name}'), which a Custom request's JSON body cannot carry.`;
    if (operation.kind !== 'function') continue;
    if (!isSimpleIdentifier(parameter.name)) return `Function '${operation.name}' takes ${JSON.stringify(parameter.name)}, a name that is no OData identifier, so a url cannot carry it.`;
    const shape = shapeOf(service, parameter.type.name);
    // Structured values and collections go in the query as aliases (@name); a primitive needs a url literal.
    if (!parameter.type.collection && shape.kind !== 'structured' && !urlLiteralTemplate(service, parameter.type, 'x')) {
      return `Function '${operation.name}' takes '${parameter.name}' (${parameter.type.name}), which cannot be written in a url as a path parameter.`;
    }
  }
  return undefined;
}

/** Why an entity set's keyed requests (get, update, delete, bound operations on one entity) cannot be written, or undefined. */
function keyProblem(service: ServiceMetadata, type: EdmStructuredType): string | undefined {
  const key = keyOf(service, type);
  if (key.length === 0) return `${shortName(type.qualifiedName)} declares no key, so no single entity can be addressed.`;
  if (keyPredicateTemplate(service, type)) return undefined;
  const properties = propertiesOf(service, type);
  const misnamed = key.filter((k) => !isSimpleIdentifier(k));
  if (misnamed.length) return `the key ${misnamed.map((k) => JSON.stringify(k)).join(', ')} has a name that is no OData identifier`;
  const odd = key.filter((k) => !urlLiteralTemplate(service, properties.get(k)?.type ?? { name: 'Edm.Untyped', collection: false }, 'x'));
  return `the key ${odd.map((k) => `'${k}' (${properties.get(k)?.type.name ?? 'unknown type'})`).join(', ')} cannot be written as a path parameter in a url`;
}

class Planner {
  readonly choices: PlannedChoice[] = [];
  private readonly unplanned: { choice: PlannedChoice; request: Unplanned; wanted: string; qualified: string }[] = [];

  constructor(private readonly service: ServiceMetadata) {}

  private choice(key: string, kind: MetadataChoiceKind, source: string, label: string): PlannedChoice {
    const choice: PlannedChoice = { key, kind, source, label, requests: [], leftOut: [] };
    this.choices.push(choice);
    return choice;
  }

  private add(choice: PlannedChoice, request: Unplanned, wanted: string, qualified: string): void {
    this.unplanned.push({ choice, request, wanted, qualified });
  }

  /** Says why a request (or all of a choice's) is not written: the import reports it, the picker shows it. */
  private refuse(choice: PlannedChoice, reason: string): void {
    choice.leftOut.push(reason);
  }

  /** Reports a container child whose name a url cannot carry (braces, quotes, slashes): nothing is written for it. */
  misnamed(name: string): void {
    this.refuse(this.choice(name, 'entitySet', name, `${name}: a name no url can carry`), `${JSON.stringify(name)} is no OData identifier, so no url can name it (the platform would read braces as parameters); nothing is written for it.`);
  }

  /** An entity set's five requests, as far as its key and the service's restrictions allow. */
  entitySet(set: EdmEntitySet, typesUsed: Map<string, number>): void {
    const type = structuredType(this.service, set.entityType);
    const choice = this.choice(set.name, 'entitySet', set.name, `${set.name}: entity set of ${shortName(set.entityType)}`);
    if (type?.kind !== 'entityType') {
      this.refuse(choice, `Its entity type ${set.entityType} is not declared in the metadata; nothing can be written for it.`);
      return;
    }
    const typeName = upperFirst(shortName(type.qualifiedName));
    const shared = (typesUsed.get(type.qualifiedName) ?? 0) > 1;
    const id = (kind: string): [string, string] => [`${kind}${typeName}`, `${kind}${typeName}In${upperFirst(set.name)}`];
    const planned = (kind: EntitySetRequest, [wanted, qualified]: [string, string]): void => this.add(choice, { kind, set, type }, shared ? qualified : wanted, qualified);
    planned('list', [`list${upperFirst(set.name)}`, `list${upperFirst(set.name)}`]);
    const keyed = keyProblem(this.service, type);
    if (keyed) this.refuse(choice, `No get, update or delete for ${set.name}: ${keyed}.`);
    else planned('get', id('get'));
    if (recordFlag(set, TERMS.insertRestrictions, 'Insertable') === false) this.refuse(choice, `No create for ${set.name}: the service does not allow creating them (Capabilities.InsertRestrictions: Insertable is false).`);
    else if (type.abstract) this.refuse(choice, `No create for ${set.name}: its type ${shortName(type.qualifiedName)} is abstract, so a new entity must name a derived type ("@odata.type") — write that request by hand.`);
    else planned('create', id('create'));
    if (!keyed && recordFlag(set, TERMS.updateRestrictions, 'Updatable') === false) this.refuse(choice, `No update for ${set.name}: the service does not allow changing them (Capabilities.UpdateRestrictions: Updatable is false).`);
    else if (!keyed && updateProperties(this.service, type).length === 0) this.refuse(choice, `No update for ${set.name}: none of its properties can change (they are keys, computed, read-only or immutable).`);
    else if (!keyed) planned('update', id('update'));
    if (!keyed && recordFlag(set, TERMS.deleteRestrictions, 'Deletable') === false) this.refuse(choice, `No delete for ${set.name}: the service does not allow deleting them (Capabilities.DeleteRestrictions: Deletable is false).`);
    else if (!keyed) planned('delete', id('delete'));
    this.boundOperations(set, type, keyed === undefined);
  }

  singleton(singleton: EdmSingleton): void {
    const type = structuredType(this.service, singleton.type);
    const choice = this.choice(singleton.name, 'singleton', singleton.name, `${singleton.name}: singleton of ${shortName(singleton.type)}`);
    if (type?.kind !== 'entityType') {
      this.refuse(choice, `Its type ${singleton.type} is not declared in the metadata; nothing can be written for it.`);
      return;
    }
    this.add(choice, { kind: 'singleton', singleton, type }, `get${upperFirst(singleton.name)}`, `get${upperFirst(singleton.name)}`);
    this.boundOperations(singleton, type, true);
  }

  /** Bound operations on one entity of a source (when it can be addressed) and on its collection. */
  private boundOperations(source: EdmEntitySet | EdmSingleton, type: EdmStructuredType, keyed: boolean): void {
    const bindings: [boolean, EdmOperation[]][] = source.kind === 'singleton'
      ? [[false, boundOperations(this.service, type, false)]]
      : [[false, keyed ? boundOperations(this.service, type, false) : []], [true, boundOperations(this.service, type, true)]];
    for (const [collection, operations] of bindings) {
      const seen = new Map<string, number>();
      for (const operation of operations) {
        const base = `${source.name}${collection || source.kind === 'singleton' ? '' : '()'}/${operation.qualifiedName}`;
        const count = (seen.get(base) ?? 0) + 1;
        seen.set(base, count);
        const kind = operation.kind === 'action' ? 'boundAction' : 'boundFunction';
        const label = `${source.name}${collection ? '' : source.kind === 'singleton' ? '' : '(…)'}/${operation.name}: ${operation.kind} on ${collection ? `the collection of ${shortName(type.qualifiedName)}` : `one ${shortName(type.qualifiedName)}`}`;
        const choice = this.choice(count > 1 ? `${base}#${count}` : base, kind, source.name, label);
        const problem = operationProblem(this.service, operation);
        if (problem) {
          this.refuse(choice, problem);
          continue;
        }
        const wanted = placeholderName(operation.name);
        this.add(choice, { kind: 'bound', source, type, operation, collection }, wanted, `${wanted}${upperFirst(source.name)}`);
      }
    }
  }

  operationImport(child: EdmActionImport | EdmFunctionImport): void {
    const name = child.kind === 'actionImport' ? child.action : child.function;
    const overloads = (this.service.operations.get(name) ?? []).filter((o) => !o.bound && o.kind === (child.kind === 'actionImport' ? 'action' : 'function'));
    const kind = child.kind;
    if (overloads.length === 0) {
      const choice = this.choice(child.name, kind, child.name, `${child.name}: ${kind === 'actionImport' ? 'action' : 'function'}`);
      this.refuse(choice, `It names ${name}, which the metadata does not declare as an unbound ${kind === 'actionImport' ? 'action' : 'function'}.`);
      return;
    }
    overloads.forEach((operation, index) => {
      const choice = this.choice(index === 0 ? child.name : `${child.name}#${index + 1}`, kind, child.name, `${child.name}: ${operation.kind} at the service root`);
      const problem = operationProblem(this.service, operation);
      if (problem) this.refuse(choice, problem);
      else this.add(choice, { kind: 'import', child, operation }, placeholderName(child.name), placeholderName(child.name));
    });
  }

  /** Hands out the ids: a wanted id two requests share is qualified by its source for both; numbers settle the rest. */
  finish(): void {
    const counts = new Map<string, number>();
    for (const u of this.unplanned) counts.set(u.wanted, (counts.get(u.wanted) ?? 0) + 1);
    const ids = new IdAllocator();
    for (const u of this.unplanned) {
      const wanted = (counts.get(u.wanted) ?? 0) > 1 ? u.qualified : u.wanted;
      const id = ids.allocate(wanted);
      u.choice.requests.push({ ...u.request, id, choice: u.choice.key, ...(id !== wanted ? { clashed: wanted } : {}) } as PlannedRequest);
    }
  }
}

/** Plans every request the service offers, in the document's order, with ids that depend on the service alone (never on what is chosen). */
export function planService(service: ServiceMetadata): PlannedChoice[] {
  const planner = new Planner(service);
  const children = [...(service.container?.children.values() ?? [])];
  const typesUsed = new Map<string, number>();
  for (const child of children) if (child.kind === 'entitySet') typesUsed.set(child.entityType, (typesUsed.get(child.entityType) ?? 0) + 1);
  for (const kinds of [['entitySet'], ['singleton'], ['actionImport', 'functionImport']]) {
    for (const child of children) {
      if (!kinds.includes(child.kind)) continue;
      if (!isSimpleIdentifier(child.name)) planner.misnamed(child.name);
      else if (child.kind === 'entitySet') planner.entitySet(child, typesUsed);
      else if (child.kind === 'singleton') planner.singleton(child);
      else planner.operationImport(child);
    }
  }
  planner.finish();
  return planner.choices;
}

/** Whether a set's changes need the entity's ETag (Core.OptimisticConcurrency on it). */
export function usesETags(source: EdmEntitySet | EdmSingleton): boolean {
  const value = annotation(source, TERMS.optimisticConcurrency);
  return value !== undefined && value !== false;
}
