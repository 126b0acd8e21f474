import type { PathProblem } from '../../../metadata/resourcePath';
import type { CustomRequestRule } from '../../types';
import { analyzed, fixesOf, NO_PATH_PROBLEMS } from './shared';

/** A key predicate must give the entity type's key: the right names, all of them, each a literal of its type. */
export const keyPredicate: CustomRequestRule<'baseUrl'> = {
  id: 'key-predicate',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: "A key in a Custom request `url` that does not fit the entity type's key: unknown or missing key properties, a value without names for a compound key, or a literal of the wrong type (`People(1)` for a string key, `Orders(OrderNo='A',Seq='1')` for a number). `{path parameters}` stand for any literal.",
    why: 'The service answers a malformed key with 400 or 404 when the workflow runs; the metadata says what the key is.',
    fix: 'Quotes a bare string, removes quotes from a number, or changes a key name to the closest one.',
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const problems = analysis.path?.problems ?? NO_PATH_PROBLEMS;
    for (let i = 0; i < problems.length; i++) {
      const problem = problems[i] as PathProblem;
      if (problem.kind !== 'key') continue;
      context.report({ at: analysis.urlSpan(problem.range), message: problem.message, fixes: fixesOf(problem.replacements, analysis.urlSpan) });
    }
  },
};
