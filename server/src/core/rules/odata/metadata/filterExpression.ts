import type { ODataRule } from '../../types';
import { eachAnalyzed, fixesOf } from './shared';

/** A $filter must parse and name properties the addressed type has, compared with literals of their type. */
export const filterExpression: ODataRule = {
  id: 'filter-expression',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: "A `$filter` that is not a valid OData expression (an unclosed quote or parenthesis, an operator such as `==` or `AND`), names a property the addressed type does not have, calls an unknown function, or compares a property with a literal of another type (`Quantity eq 'five'`).",
    why: 'The service answers a $filter it cannot read with 400 when the workflow runs.',
    fix: 'Changes a property or function name to the closest one.',
  },
  check(connector, context) {
    eachAnalyzed(connector, context, (_request, analysis) => {
      for (const option of analysis.options) {
        if (option.name.toLowerCase() !== '$filter') continue;
        for (const problem of option.check.problems) {
          context.report({ at: option.span(problem.range), message: problem.message, fixes: fixesOf(problem.replacements, option.span) });
        }
      }
    });
  },
};
