import { binaryProblem } from '../../../metadata/targetChecks';
import { isOneOf, ODATA_OPERATIONS } from '../../../vocabulary';
import type { CustomRequestRule } from '../../types';
import { analyzed } from './shared';

/** Stream properties and functions returning streams download binary content, which Custom request cannot. */
export const binaryContent: CustomRequestRule<'baseUrl'> = {
  id: 'binary-content',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'error',
  docs: {
    summary: 'A Custom request `url` that the metadata shows to download binary content without `/$value`: an `Edm.Stream` property, or a function that returns a stream. (`/$value` itself is `binary-download`.)',
    why: "A Custom request answers JSON only and cannot download binary content; binary downloads need the projection's own binary-download operation, enabled on the connector.",
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const kind = request.operation?.value;
    if (!analysis.target || !request.url || !isOneOf(ODATA_OPERATIONS, kind)) return;
    const message = binaryProblem(kind, analysis.target);
    if (message) context.report({ at: request.url.node, message });
  },
};
