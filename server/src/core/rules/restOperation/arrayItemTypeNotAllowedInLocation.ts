import type { ItemsSpec } from '../../model';
import { ITEM_TYPES, ITEM_TYPES_BY_LOCATION, isOneOf, LOCATIONS } from '../../vocabulary';
import { parameterName, quoted } from '../restShared';
import type { ParameterRule } from '../types';

/** The platform's inner types of arrays, applied at every nesting level. */
export const arrayItemTypeNotAllowedInLocation: ParameterRule = {
  id: 'array-item-type-not-allowed-in-location',
  subject: 'parameter',
  defaultSeverity: 'error',
  docs: {
    summary: 'An array whose inner type (at any depth) its location does not allow, e.g. an array of objects in `query`.',
    why: 'Array items in query, form, header and matrix parameters can be strings, integers, numbers, booleans or arrays; only a body array can also hold objects.',
  },
  check(parameter, context) {
    const location = parameter.location?.value;
    if (parameter.type?.value !== 'array' || !isOneOf(LOCATIONS, location)) return;
    const allowed = ITEM_TYPES_BY_LOCATION[location];
    for (let items: ItemsSpec | undefined = parameter.items, depth = 0; items && depth < 32; items = items.items, depth++) {
      const type = items.type;
      if (!type || !isOneOf(ITEM_TYPES, type.value) || allowed.includes(type.value)) continue;
      context.report({
        at: type.node,
        message: `Arrays in ${quoted(location)} cannot hold ${quoted(type.value)} items (parameter ${quoted(parameterName(parameter))}). Use ${allowed.map(quoted).join(', ')}${type.value === 'object' ? ", or move the parameter to the body" : ''}.`,
      });
    }
  },
};
