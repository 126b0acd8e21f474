import type { RestParameter } from '../../model';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';
import { CONSTRAINT_TYPES, enableEnforcementFix } from './shared';

/** Constraints are documentation until the Advanced setting enforces them. */
export const constraintsNotEnforced: ParameterRule<'advanced'> = {
  id: 'constraints-not-enforced',
  subject: 'parameter',
  reads: { advanced: true },
  defaultSeverity: 'info',
  docs: {
    summary: 'A parameter has constraints (`maxLength`, `minimum`, ...) while `advanced.enforceConstraints` is off, so they are not checked.',
    why: "The platform does not check constraints such as minimum, maxLength or pattern unless the connector's Advanced setting enforces them; until then they only document the value.",
    fix: 'Sets `advanced.enforceConstraints` to true.',
  },
  check(parameter, context) {
    const { connector, report } = context;
    if (parameter.constraints.length === 0 || connector.advanced?.enforceConstraints?.value === true) return;
    // A constraint that does not fit the type is constraint-type-mismatch's business, not this rule's.
    const type = parameter.type?.value ?? '';
    // One pass, no lists or closures: a file being fixed has this finding on most of its parameters.
    let first: RestParameter['constraints'][number] | undefined;
    let names = '';
    let fitting = 0;
    const constraints = parameter.constraints;
    for (let i = 0; i < constraints.length; i++) {
      const constraint = constraints[i] as RestParameter['constraints'][number];
      if (!CONSTRAINT_TYPES[constraint.name]?.includes(type)) continue;
      first ??= constraint;
      names = fitting++ === 0 ? quoted(constraint.name) : `${names}, ${quoted(constraint.name)}`;
    }
    if (!first) return;
    report({
      at: first.field.keyNode,
      message: `${names} on ${quoted(parameterName(parameter))} ${fitting > 1 ? 'are' : 'is'} not checked: constraint enforcement is off. Set "advanced": { "enforceConstraints": true } to check before sending.`,
      fixes: [enableEnforcementFix(context, connector)],
    });
  },
};
