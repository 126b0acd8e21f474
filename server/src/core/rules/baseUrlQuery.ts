import { splitUrl } from '../http/url';
import { spanInString } from './restShared';
import type { ConnectorRule } from './types';

/** `baseUrl` is where paths start: a query or fragment in it would end up in the middle of every request URL. */
export const baseUrlQuery: ConnectorRule = {
  id: 'base-url-query',
  subject: 'connector',
  appliesTo: 'any',
  defaultSeverity: 'error',
  docs: {
    summary: 'A query (`?...`) or fragment (`#...`) in `baseUrl`.',
    why: 'Every request URL starts with baseUrl, and paths and query parameters are appended to it; a query in it would end up before the path, and a fragment is never sent.',
    fix: 'Removes the query and fragment from `baseUrl` (put a fixed query value in query parameters instead).',
  },
  check(connector, context) {
    const base = connector.baseUrl;
    if (!base) return;
    const parts = splitUrl(base.value);
    if (parts.query === undefined && parts.fragment === undefined) return;
    const at = base.value.search(/[?#]/);
    context.report({
      at: spanInString(context.text, base.node, at, base.value.length - at),
      message: `'baseUrl' has a ${parts.query !== undefined ? 'query' : 'fragment'} (${JSON.stringify(base.value.slice(at))}); every path is appended to 'baseUrl', so it would stand before the path. Move query values into query parameters${connector.kind === 'odata' ? " (or the Custom request's 'query')" : ''}.`,
      fixes: [{ title: `Remove ${JSON.stringify(base.value.slice(at))} from 'baseUrl'`, edits: [{ offset: base.node.offset, length: base.node.length, content: JSON.stringify(base.value.slice(0, at)) }] }],
    });
  },
};
