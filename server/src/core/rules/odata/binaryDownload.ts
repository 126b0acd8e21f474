import { quoted } from '../restShared';
import type { ODataRule } from '../types';
import { requestName } from './shared';

/** Custom request answers JSON only; media resources ($value) are binary. */
export const binaryDownload: ODataRule = {
  id: 'binary-download',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: 'A Custom request whose `url` downloads binary content (`/$value`).',
    why: "A Custom request answers JSON only and cannot download binary content; binary downloads need the projection's own binary-download operation, enabled on the connector.",
  },
  check(connector, context) {
    for (const request of connector.customRequests) {
      const url = request.url;
      if (!url) continue;
      const path = url.value.split('?')[0] ?? '';
      if (!/\/\$value\/?$/.test(path)) continue;
      context.report({
        at: url.node,
        message: `${quoted(requestName(request))} downloads binary content ('/$value'), which Custom request cannot do: it answers JSON only. Enable the projection and use its binary-download operation instead.`,
      });
    }
  },
};
