import type { Node } from 'jsonc-parser';
import type { Span } from '../../../findings';
import { checkResponseStructure, type Selection, type StructureProblem } from '../../../metadata/response';
import { responseState, type RequestAnalysis } from '../../../metadata/request';
import type { CustomRequestRule } from '../../types';
import { analyzed } from './shared';
import { LONGEST_REMEMBERED, TextKeyed } from '../../../rememberedByText';

// Requests written alike (the same service, baseUrl, url and options) share their analysis's selection: for them, a
// response structure of the same text and the same kind of request has the same problems, at the same places
// relative to where the structure starts. They are kept that way (long structures excepted), and placed for each file.
const known = new WeakMap<Selection, TextKeyed<readonly StructureProblem[]>>();
const MAX_KNOWN = 500;

function shifted(span: Span, by: number): Span {
  return { offset: span.offset + by, length: span.length };
}

/** A problem with its places counted from `start`. */
function relativeTo(problem: StructureProblem, start: number): StructureProblem {
  return {
    ...problem,
    span: shifted(problem.span, -start),
    ...(problem.replacements ? { replacements: problem.replacements.map((r) => ({ ...r, span: shifted(r.span, -start) })) } : {}),
  };
}

function structureProblems(analysis: RequestAnalysis, operation: string | undefined, structure: Node, text: string): readonly StructureProblem[] {
  const state = responseState(analysis, operation);
  if (!state) return [];
  const judge = (): StructureProblem[] => checkResponseStructure(analysis.service, state, structure, analysis.selection).map((p) => relativeTo(p, structure.offset));
  if (structure.length > LONGEST_REMEMBERED) return judge();
  let byText = known.get(analysis.selection);
  if (!byText) known.set(analysis.selection, (byText = new TextKeyed(MAX_KNOWN)));
  const key = `${operation ?? ''}\u0000${text.slice(structure.offset, structure.offset + structure.length)}`;
  let relative = byText.get(key);
  if (!relative) {
    relative = judge();
    byText.set(key, relative);
  }
  return relative;
}

/** A response structure may list only what the response has, with the JSON types it has them. */
export const responseStructure: CustomRequestRule<'baseUrl'> = {
  id: 'response-structure',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: "A `responseStructure` entry that the response will not have: a property the result's type does not have, one left out by `$select`, a navigation property not in `$expand`, an entry outside 'value' for a collection (a create answers with the one entity it created), or an entry with another JSON type than the property's.",
    why: 'The structure must match the real response; an entry it lacks is reported as a warning on every run, and the workflow gets nothing for it.',
    fix: "The code action 'Generate response structure' writes the structure from the type, honouring $select and $expand.",
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const structure = request.responseStructure;
    const operation = request.operation?.value;
    if (!structure || operation === 'delete') return;
    const at = structure.node.offset;
    const problems = structureProblems(analysis, operation, structure.node, context.text);
    for (let i = 0; i < problems.length; i++) {
      const problem = problems[i] as StructureProblem;
      context.report({
        at: shifted(problem.span, at),
        message: problem.message,
        fixes: (problem.replacements ?? []).map((r, i) => ({ title: r.title, edits: [{ ...shifted(r.span, at), content: r.text }], ...(i === 0 ? { preferred: true } : {}) })),
      });
    }
  },
};
