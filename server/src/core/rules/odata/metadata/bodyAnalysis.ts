import { checkBody, type BodyProblem } from '../../../metadata/body';
import { bodySubjectOf, stringSpan, type RequestAnalysis } from '../../../metadata/request';
import type { CustomRequest } from '../../../model';
import type { CustomRequestContext } from '../../types';
import { analyzed, fixesOf } from './shared';
import { LastAsked } from '../../../lastAsked';

// The rules ask about one request after another.
const cache = new LastAsked<RequestAnalysis, readonly BodyProblem[]>();

/** Reports each body problem of one kind in the request's inline body (body files are checked when sent). */
export function eachBodyProblem(request: CustomRequest, context: CustomRequestContext<'baseUrl'>, kinds: readonly BodyProblem['kind'][]): void {
  const analysis = analyzed(request, context);
  const body = request.body?.kind === 'text' ? request.body.field : undefined;
  const subject = body && analysis ? bodySubjectOf(request, analysis) : undefined;
  if (!body || !analysis || !subject) return;
  let problems = cache.get(analysis);
  if (!problems) {
    problems = checkBody(analysis.service, subject, body.value);
    cache.set(analysis, problems);
  }
  // Most bodies have none: the body's node and the walk through its escapes are not made for nothing.
  if (problems.length === 0) return;
  const span = stringSpan(context.text, () => body.node);
  for (let i = 0; i < problems.length; i++) {
    const problem = problems[i] as BodyProblem;
    if (kinds.includes(problem.kind)) context.report({ at: span(problem.range), message: problem.message, fixes: fixesOf(problem.replacements, span) });
  }
}
