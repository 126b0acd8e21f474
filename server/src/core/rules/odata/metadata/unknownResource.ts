import { pathSuggestions, suggested, type PathProblem, type PathSuggestions } from '../../../metadata/resourcePath';
import type { CustomRequestRule } from '../../types';
import { analyzed, fixesOf, NO_PATH_PROBLEMS } from './shared';
import { LastAsked } from '../../../lastAsked';

// The suggestions of one check of a file (the engine gives every request of a check the same context): thousands of
// requests naming unknown sets share one budget instead of each comparing with every name of the service. A check of
// one edited request is a scope of its own.
const SCOPES = new LastAsked<object, PathSuggestions>();

/** Every segment of a Custom request url's resource path must name something the service has. */
export const unknownResource: CustomRequestRule<'baseUrl'> = {
  id: 'unknown-resource',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: "A segment of a Custom request `url` that the service's metadata does not have: an entity set, singleton, navigation or structural property, type cast, bound action or function, `$count`, `$value` or `$ref` that does not exist or cannot follow what comes before it.",
    why: 'A Custom request is not bound to an entity set: the url is typed by hand, and a misspelt name only fails when the workflow runs (404 or 400).',
    fix: 'Changes the name to the closest one the service has.',
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const problems = analysis.path?.problems ?? NO_PATH_PROBLEMS;
    for (let i = 0; i < problems.length; i++) {
      const problem = problems[i] as PathProblem;
      if (problem.kind !== 'segment') continue;
      let scope = SCOPES.get(context);
      if (!scope) SCOPES.set(context, (scope = pathSuggestions()));
      const { message, replacements } = suggested(problem, scope);
      context.report({ at: analysis.urlSpan(problem.range), message, fixes: fixesOf(replacements, analysis.urlSpan) });
    }
  },
};
