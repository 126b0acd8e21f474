import type { OptionProblem } from '../../../metadata/queryOptions';
import type { AnalyzedOption } from '../../../metadata/request';
import type { CustomRequestRule } from '../../types';
import { analyzed, fixesOf } from './shared';

/** A $filter must parse and name properties the addressed type has, compared with literals of their type. */
export const filterExpression: CustomRequestRule<'baseUrl'> = {
  id: 'filter-expression',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: "A `$filter` that is not a valid OData expression (an unclosed quote or parenthesis, an operator such as `==` or `AND`), names a property the addressed type does not have, calls an unknown function, or compares a property with a literal of another type (`Quantity eq 'five'`).",
    why: 'The service answers a $filter it cannot read with 400 when the workflow runs.',
    fix: 'Changes a property or function name to the closest one.',
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const options = analysis.options;
    for (let i = 0; i < options.length; i++) {
      const option = options[i] as AnalyzedOption;
      if (option.name.toLowerCase() !== '$filter') continue;
      const problems = option.check.problems;
      for (let j = 0; j < problems.length; j++) {
        const problem = problems[j] as OptionProblem;
        context.report({ at: option.span(problem.range), message: problem.message, fixes: fixesOf(problem.replacements, option.span) });
      }
    }
  },
};
