import { checkBody, type BodyProblem, type BodySubject } from '../../../metadata/body';
import type { RequestAnalysis } from '../../../metadata/request';
import type { CustomRequest } from '../../../model';
import type { Span } from '../../../findings';
import { sourceOffsetInString } from '../../../tree';
import type { RuleContext } from '../../types';
import { eachAnalyzed, fixesOf } from './shared';
import type { ODataConnector } from '../../../model';

/** What the body of a request is judged against, given its kind and target; undefined when nothing fits. */
export function bodySubjectOf(request: CustomRequest, analysis: RequestAnalysis): BodySubject | undefined {
  const kind = request.operation?.value;
  const target = analysis.target;
  if (!target) return undefined;
  if (kind === 'action' && target.kind === 'action') return { kind: 'action', operation: target.operation };
  if (kind === 'create' && target.kind === 'collection') return { kind: 'structured', type: target.type, operation: 'create' };
  if ((kind === 'update' || kind === 'replace') && (target.kind === 'entity' || (target.kind === 'complex' && !target.collection))) return { kind: 'structured', type: target.type, operation: kind };
  return undefined;
}

const cache = new WeakMap<RequestAnalysis, BodyProblem[]>();

/** Runs `report` for each body problem of one kind in every inline body (body files are checked when sent). */
export function eachBodyProblem(connector: ODataConnector, context: RuleContext, kinds: readonly BodyProblem['kind'][]): void {
  eachAnalyzed(connector, context, (request, analysis) => {
    const body = request.body?.kind === 'text' ? request.body.field : undefined;
    const subject = body ? bodySubjectOf(request, analysis) : undefined;
    if (!body || !subject) return;
    let problems = cache.get(analysis);
    if (!problems) {
      problems = checkBody(analysis.service, subject, body.value);
      cache.set(analysis, problems);
    }
    const span = (range: { start: number; end: number }): Span => {
      const start = sourceOffsetInString(context.text, body.node, range.start);
      return { offset: start, length: sourceOffsetInString(context.text, body.node, range.end) - start };
    };
    for (const problem of problems) {
      if (kinds.includes(problem.kind)) context.report({ at: span(problem.range), message: problem.message, fixes: fixesOf(problem.replacements, span) });
    }
  });
}
