import { parameterName } from '../restShared';
import type { OperationRule } from '../types';
import { computedParameters, templateReferences } from './computed';

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
    const edges = new Map(computed.map((p) => [parameterName(p), templateReferences(p.template.value).map((r) => r.name).filter((n) => byName.has(n))]));
    const reported = new Set<string>();
    for (const start of byName.keys()) {
      // Depth-first search for a path back to `start`; report each member of a cycle once.
      const stack: { name: string; path: string[] }[] = [{ name: start, path: [start] }];
      const visited = new Set<string>();
      while (stack.length > 0) {
        const { name, path } = stack.pop() ?? { name: '', path: [] };
        for (const next of edges.get(name) ?? []) {
          if (next === start) {
            if (!reported.has(start)) {
              reported.add(start);
              const parameter = byName.get(start);
              if (parameter) {
                context.report({
                  at: parameter.template.node,
                  message: `Computed parameters refer to each other in a cycle: ${[...path, start].join(' → ')}. Build one of them from non-computed parameters only.`,
                });
              }
            }
          } else if (!visited.has(next)) {
            visited.add(next);
            stack.push({ name: next, path: [...path, next] });
          }
        }
      }
    }
  },
};
