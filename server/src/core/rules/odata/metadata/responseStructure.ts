import { checkResponseStructure } from '../../../metadata/response';
import { responseState } from '../../../metadata/request';
import type { CustomRequestRule } from '../../types';
import { analyzed } from './shared';

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
    const state = responseState(analysis, request.operation?.value);
    if (!structure || !state || request.operation?.value === 'delete') return;
    for (const problem of checkResponseStructure(analysis.service, state, structure.node, analysis.selection)) {
      context.report({
        at: problem.span,
        message: problem.message,
        fixes: (problem.replacements ?? []).map((r, i) => ({ title: r.title, edits: [{ ...r.span, content: r.text }], ...(i === 0 ? { preferred: true } : {}) })),
      });
    }
  },
};
