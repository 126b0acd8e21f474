import type { RestConnector, RestOperation, RestParameter } from '../model';
import { fillVariablePlaceholders, variablePlaceholders } from '../placeholders';
import { checkValue } from '../values/check';
import { constraintProblems, constraintsOf } from '../values/constraints';
import { isJsonObject, type ExactJson } from '../values/exactJson';
import { checkModel, modelsOf } from '../values/model';
import { specOfParameter } from '../values/spec';
import { scalarText } from '../values/write';
import type { BuildProblem, SuppliedValues } from './types';

/** A parameter with its value resolved: supplied or default, checked, in canonical form (options by value). */
export interface ResolvedParameter {
  parameter: RestParameter;
  name: string;
  location: string;
  type: string;
  value: ExactJson;
}

/** What resolving an operation's values found: the values, and problems that block or only warn. */
export interface ResolvedValues {
  resolved: ResolvedParameter[];
  problems: BuildProblem[];
  warnings: string[];
}

/** Text of a resolved value as a template placeholder sees it (arrays joined by commas). */
export function valueText(value: ExactJson): string {
  return Array.isArray(value) ? value.map(valueText).join(',') : scalarText(value);
}

/**
 * Resolves every parameter's value (supplied, else default), checks it with the values module, applies
 * constraints and models (errors when enforced, warnings otherwise) and fills computed templates. Every
 * missing and bad value is reported at once.
 */
export function resolveValues(connector: RestConnector, operation: RestOperation, values: SuppliedValues): ResolvedValues {
  const enforce = connector.advanced?.enforceConstraints?.value === true;
  const problems: BuildProblem[] = [];
  const warnings: string[] = [];
  const resolved: ResolvedParameter[] = [];
  const models = modelsOf(connector);
  const known = new Set(operation.parameters.map((p) => p.name?.value));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) problems.push({ code: 'unknown-value', name, message: `'${operationLabel(operation)}' has no parameter '${name}'.` });
  }
  const constrain = (name: string, message: string): void => {
    if (enforce) problems.push({ code: 'constraint-violated', name, message });
    else warnings.push(`${message} (Not enforced: the request is sent anyway.)`);
  };
  for (const parameter of operation.parameters) {
    const name = parameter.name?.value;
    const location = parameter.location?.value;
    const spec = specOfParameter(parameter);
    if (!name || !location || !spec || spec.type === 'computed') continue;
    const supplied = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
    const raw = supplied !== undefined && supplied !== null ? supplied : parameter.default?.exact;
    if (raw === undefined || raw === null) {
      if (parameter.required?.value === true || location === 'path') {
        problems.push({ code: 'missing-value', name, message: `'${name}' (${location} ${spec.type}) is required; supply a value.` });
      }
      continue;
    }
    const checked = checkValue(spec, raw);
    if (!checked.ok) {
      problems.push({ code: 'invalid-value', name, message: `'${name}' ${checked.message}.` });
      continue;
    }
    for (const message of constraintProblems(constraintsOf(parameter), checked.value, name)) constrain(name, message);
    let value = checked.value;
    if (spec.model && (isJsonObject(value) || Array.isArray(value))) {
      const judged = checkModel(value, spec.model, models, spec.items);
      for (const message of judged.problems) constrain(name, `'${name}' does not fit model '${spec.model}': ${message}.`);
      value = judged.value;
    }
    resolved.push({ parameter, name, location, type: spec.type, value });
  }
  resolveComputed(operation, resolved, problems);
  return { resolved, problems, warnings };
}

function operationLabel(operation: RestOperation): string {
  return operation.id?.value ?? `#${operation.index + 1}`;
}

/** Fills computed parameters from their templates, in dependency order; a cycle is a problem. */
function resolveComputed(operation: RestOperation, resolved: ResolvedParameter[], problems: BuildProblem[]): void {
  const pending = operation.parameters.filter((p) => p.type?.value === 'computed' && p.name && p.location);
  let progress = true;
  while (pending.length > 0 && progress) {
    progress = false;
    for (let i = 0; i < pending.length; i++) {
      const parameter = pending[i];
      if (!parameter) continue;
      const template = parameter.template?.value ?? '';
      const names = variablePlaceholders(template).map((p) => p.name);
      const waiting = names.some((n) => pending.some((p) => p.name?.value === n));
      if (waiting) continue;
      const text = fillVariablePlaceholders(template, (name) => {
        const found = resolved.find((r) => r.name === name);
        return found ? valueText(found.value) : '';
      });
      resolved.push({ parameter, name: parameter.name?.value ?? '', location: parameter.location?.value ?? '', type: 'computed', value: text });
      pending.splice(i, 1);
      i--;
      progress = true;
    }
  }
  for (const parameter of pending) {
    problems.push({ code: 'invalid-connector', name: parameter.name?.value ?? '', message: `Computed parameter '${parameter.name?.value ?? ''}' refers to itself through other computed parameters; fix its template.` });
  }
}
