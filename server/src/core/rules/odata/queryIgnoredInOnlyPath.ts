import { removeMemberEdit } from '../../edits';
import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';
import { parameterModeOf, requestName } from './shared';

/** In 'Only path' mode the query is not parsed, so `query` is never sent. */
export const queryIgnoredInOnlyPath: CustomRequestRule = {
  id: 'query-ignored-in-only-path',
  subject: 'customRequest',
  defaultSeverity: 'warning',
  docs: {
    summary: '`query` on a Custom request in `onlyPath` mode, where query parameters are not parsed.',
    why: 'Query options are separate settings only in the Query and path mode; in Only path mode the platform neither reads nor sends them.',
    fix: 'Removes `query`.',
  },
  check(request, context) {
    const query = request.query;
    if (!query || parameterModeOf(request) !== 'onlyPath' || !query.keyNode.parent) return;
    context.report({
      at: query.keyNode,
      message: `${quoted(requestName(request))} is in 'onlyPath' mode, where 'query' is not parsed or sent. Write the options into the url (e.g. "Orders?$top={top}"), or use "parameterMode": "queryAndPath".`,
      fixes: [{ title: "Remove 'query'", edits: [removeMemberEdit(query.keyNode.parent)] }],
      tags: ['unnecessary'],
    });
  },
};
