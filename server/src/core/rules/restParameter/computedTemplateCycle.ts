import { parameterName } from '../restShared';
import type { OperationRule } from '../types';
import { computedParameters, templateReferences } from './computed';
import { cyclesThrough, type Cycle } from './templateCycles';

/** At most this many names of a cycle are written out at each end: a message stays short for a long cycle. */
const NAMES_AT_EACH_END = 5;

/** A cycle's names joined by arrows, its middle elided when it is long. */
function shown(cycle: Cycle): string {
  const head = cycle.head.join(' → ');
  return cycle.elided === 0 ? head : `${head} → … (${cycle.elided} more) → ${cycle.tail.join(' → ')}`;
}

/** Computed parameters built from each other in a circle can never get a value. */
export const computedTemplateCycle: OperationRule = {
  id: 'computed-template-cycle',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'Computed parameters whose templates refer to each other in a cycle (`a` uses `{{b}}`, `b` uses `{{a}}`).',
    why: "A computed value is built from other parameters' values; when the templates refer to each other in a circle, none of them can be built first.",
  },
  check(operation, context) {
    const computed = computedParameters(operation);
    if (computed.length === 0) return;
    const byName = new Map(computed.map((p) => [parameterName(p), p]));
    const refersTo = new Map(computed.map((p) => [parameterName(p), templateReferences(p.template.value).map((r) => r.name)]));
    const cycles = cyclesThrough([...byName.keys()], refersTo, NAMES_AT_EACH_END);
    for (const [name, parameter] of byName) {
      const cycle = cycles.get(name);
      if (!cycle) continue;
      context.report({
        at: parameter.template.node,
        message: `Computed parameters refer to each other in a cycle: ${shown(cycle)}. Build one of them from non-computed parameters only.`,
      });
    }
  },
};
