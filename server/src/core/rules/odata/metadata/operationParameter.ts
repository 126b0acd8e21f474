import type { PathProblem } from '../../../metadata/resourcePath';
import type { CustomRequestRule } from '../../types';
import { eachBodyProblem } from './bodyAnalysis';
import { analyzed, fixesOf, NO_PATH_PROBLEMS } from './shared';

/** Action and function parameters must be known, complete and of their types. */
export const operationParameter: CustomRequestRule<'baseUrl'> = {
  id: 'operation-parameter',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: "A parameter of an action (in the body) or a function (in the url's parentheses) that the operation does not have, a non-nullable parameter that is missing, or a value of the wrong type. `{path parameters}`, `@aliases` and `{{variables}}` stand for any value.",
    why: 'The service refuses the call (400) when the workflow runs; the metadata declares each parameter with its type.',
    fix: 'Changes a parameter name to the closest one, or adds the parentheses a function call needs.',
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const problems = analysis.path?.problems ?? NO_PATH_PROBLEMS;
    for (let i = 0; i < problems.length; i++) {
      const problem = problems[i] as PathProblem;
      if (problem.kind !== 'parameter') continue;
      context.report({ at: analysis.urlSpan(problem.range), message: problem.message, fixes: fixesOf(problem.replacements, analysis.urlSpan) });
    }
    eachBodyProblem(request, context, ['parameter']);
  },
};
