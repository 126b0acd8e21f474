import type { OptionProblem } from '../../../metadata/queryOptions';
import type { AnalyzedOption } from '../../../metadata/request';
import type { CustomRequestRule } from '../../types';
import { analyzed, fixesOf } from './shared';

/** Query options must name properties the addressed type has and take values of their kind. */
export const queryOption: CustomRequestRule<'baseUrl'> = {
  id: 'query-option',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: "A query option of a Custom request that does not fit the service: `$select`, `$expand` or `$orderby` naming a property the addressed type does not have (or a structural property in `$expand`), `$top` or `$skip` that is not a whole number, `$count` other than true or false, a collection option on a single entity, or a misspelt option such as `$slect`.",
    why: 'The service answers an option it cannot apply with 400 when the workflow runs; the metadata lists every property.',
    fix: 'Changes a property name to the closest one the type has.',
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const options = analysis.options;
    for (let i = 0; i < options.length; i++) {
      const option = options[i] as AnalyzedOption;
      if (option.name.toLowerCase() === '$filter') continue;
      const problems = option.check.problems;
      for (let j = 0; j < problems.length; j++) {
        const problem = problems[j] as OptionProblem;
        if (problem.unknownOption !== undefined && option.keyNode) {
          const fix = problem.unknownOption ? [{ title: `Change to '${problem.unknownOption}'`, edits: [{ offset: option.keyNode.offset, length: option.keyNode.length, content: JSON.stringify(problem.unknownOption) }], preferred: true }] : [];
          context.report({ at: option.keyNode, message: problem.message, fixes: fix });
          continue;
        }
        context.report({ at: option.span(problem.range), message: `${option.name}: ${problem.message}`, fixes: fixesOf(problem.replacements, option.span) });
      }
    }
  },
};
