import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';
import { requestName } from './shared';

/** A url whose path (before any `?`) ends in `/$value`, tested without cutting the url apart. */
const BINARY_PATH = /^[^?]*\/\$value\/?(?:\?|$)/;

/** Custom request answers JSON only; media resources ($value) are binary. */
export const binaryDownload: CustomRequestRule = {
  id: 'binary-download',
  subject: 'customRequest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A Custom request whose `url` downloads binary content (`/$value`).',
    why: "A Custom request answers JSON only and cannot download binary content; binary downloads need the projection's own binary-download operation, enabled on the connector.",
  },
  check(request, context) {
    const url = request.url;
    if (!url) return;
    if (!BINARY_PATH.test(url.value)) return;
    context.report({
      at: url.node,
      message: `${quoted(requestName(request))} downloads binary content ('/$value'), which Custom request cannot do: it answers JSON only. Enable the projection and use its binary-download operation instead.`,
    });
  },
};
