import { splitUrl } from '../../http/url';
import { operationName, quoted, spanInString } from '../restShared';
import type { OperationRule } from '../types';

/**
 * A `?` or `#` in an operation's path: the query belongs in query parameters, where matrix parameters and the
 * other query parameters can be placed around it, and a fragment is never sent to a server.
 */
export const queryInPath: OperationRule = {
  id: 'query-in-path',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: "A `?` (query) or `#` (fragment) in an operation's `path`.",
    why: "The platform appends matrix parameters to the path and query parameters after '?'; a query written into the path would put the matrix parameters inside the query and a second '?' in the URL. A fragment ('#...') is never sent to a server.",
    fix: 'Removes a fragment; a query is moved into query parameters by hand (each `name=value` becomes a query parameter with that default).',
  },
  check(operation, { text, report }) {
    const path = operation.path;
    if (!path) return;
    const parts = splitUrl(path.value);
    if (parts.fragment !== undefined) {
      const at = path.value.indexOf('#');
      const kept = path.value.slice(0, at);
      report({
        at: spanInString(text, path.node, at, path.value.length - at),
        message: `The path of ${quoted(operationName(operation))} has a fragment ('#...'), which is never sent to a server. Remove it.`,
        fixes: [{ title: "Remove the '#...' fragment", edits: [{ offset: path.node.offset, length: path.node.length, content: JSON.stringify(kept) }], preferred: true }],
      });
    }
    if (parts.query !== undefined) {
      const at = path.value.indexOf('?');
      report({
        at: spanInString(text, path.node, at, (parts.fragment !== undefined ? path.value.indexOf('#') : path.value.length) - at),
        message: `The path of ${quoted(operationName(operation))} has a query ('?${parts.query}'). Declare each entry as a query parameter (a fixed value as its default) so matrix and query parameters are placed around it correctly.`,
      });
    }
  },
};
