import type { MapEntry } from '../../model';
import { pathPlaceholders } from '../../placeholders';
import type { JsonValue } from '../../tree';
import { quoted, spansInString } from '../restShared';
import type { CustomRequestRule } from '../types';
import { parameterModeOf, requestName } from './shared';

/** In 'Query and path' mode a {parameter} may not sit inside a query parameter. */
export const pathParameterInQuery: CustomRequestRule = {
  id: 'path-parameter-in-query',
  subject: 'customRequest',
  defaultSeverity: 'error',
  docs: {
    summary: "In `queryAndPath` mode, a `{parameter}` in the query part of the `url` (after `?`) or in a `query` value.",
    why: "In the Query and path mode, path parameters fill the url's path; the platform does not place them inside a query option, which must be supplied as a value instead.",
  },
  check(request, context) {
    if (parameterModeOf(request) !== 'queryAndPath') return;
    const url = request.url;
    const queryStart = url ? url.value.indexOf('?') : -1;
    if (url && queryStart >= 0) {
      const spanOf = spansInString(context.text, url.node);
      for (const placeholder of pathPlaceholders(url.value)) {
        if (placeholder.index < queryStart) continue;
        context.report({
          at: spanOf(placeholder.index, placeholder.length),
          message: `'{${placeholder.name}}' is in the query part of the url of ${quoted(requestName(request))}; in 'queryAndPath' mode path parameters cannot be placed in a query parameter. Move the option to 'query' and supply it as a value, or set "parameterMode": "onlyPath".`,
        });
      }
    }
    const entries = request.query?.entries;
    for (let i = 0; entries && i < entries.length; i++) {
      const entry = entries[i] as MapEntry<JsonValue>;
      // The value's node is made only for a value with a placeholder to point into.
      if (typeof entry.value !== 'string' || !entry.value.includes('{')) continue;
      const valueNode = entry.valueNode;
      if (!valueNode) continue;
      const spanOf = spansInString(context.text, valueNode);
      for (const placeholder of pathPlaceholders(entry.value)) {
        context.report({
          at: spanOf(placeholder.index, placeholder.length),
          message: `'{${placeholder.name}}' in query option ${quoted(entry.name)} is not replaced in 'queryAndPath' mode. Supply the whole value of ${quoted(entry.name)} when sending instead, or set "parameterMode": "onlyPath".`,
        });
      }
    }
  },
};
