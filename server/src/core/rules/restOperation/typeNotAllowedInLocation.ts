import { isOneOf, LOCATIONS, PARAMETER_TYPES, TYPES_BY_LOCATION } from '../../vocabulary';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** The platform's table of parameter types by location. */
export const typeNotAllowedInLocation: ParameterRule = {
  id: 'type-not-allowed-in-location',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: "A parameter type its location does not allow, e.g. `file` in `query` or `object` in `header`.",
    why: 'Each location takes certain types: objects and streams only in the body, files and file galleries only in a form, computed values anywhere but the body.',
  },
  check(parameter, context) {
    const location = parameter.location?.value;
    const type = parameter.type;
    if (!type || !isOneOf(LOCATIONS, location) || !isOneOf(PARAMETER_TYPES, type.value)) return;
    if (TYPES_BY_LOCATION[location].includes(type.value)) return;
    const where = LOCATIONS.filter((l) => TYPES_BY_LOCATION[l].includes(type.value as (typeof PARAMETER_TYPES)[number]));
    context.report({
      at: type.node,
      message: `Type ${quoted(type.value)} is not allowed in location ${quoted(location)} (parameter ${quoted(parameterName(parameter))}). ${quoted(type.value)} goes in ${where.map(quoted).join(', ')}; in ${quoted(location)} use ${TYPES_BY_LOCATION[location].map(quoted).join(', ')}.`,
    });
  },
};
