import { ifMatchHeaderEdits } from '../../../features/actions';
import { concurrencyControlled } from '../../../metadata/targetChecks';
import { headerEntry } from '../../../model';
import { isOneOf, ODATA_OPERATIONS } from '../../../vocabulary';
import type { CustomRequestRule } from '../../types';
import { analyzed } from './shared';

/** Changing an entity of a set with optimistic concurrency needs its ETag in If-Match. */
export const ifMatchMissing: CustomRequestRule<'baseUrl'> = {
  id: 'if-match-missing',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'warning',
  docs: {
    summary: 'An update, replace, delete or bound action on an entity whose entity set declares `Core.OptimisticConcurrency`, without an `If-Match` header.',
    why: 'Such a service refuses changes without the ETag the entity was read with (428 Precondition Required), so the workflow fails when it runs; the platform has a dedicated button that adds If-Match.',
    fix: 'Adds "If-Match": "{{etag}}" to the headers (the platform\'s If-Match button).',
  },
  check(request, context) {
    const analysis = analyzed(request, context);
    if (!analysis) return;
    const kind = request.operation;
    if (!analysis.target || !kind || !isOneOf(ODATA_OPERATIONS, kind.value) || headerEntry(request.headers, 'If-Match')) return;
    const controlled = concurrencyControlled(kind.value, analysis.target, analysis.beforeLast);
    if (!controlled) return;
    const edits = ifMatchHeaderEdits(context, request);
    context.report({
      at: kind.node,
      message: `${controlled.setName} uses optimistic concurrency (Core.OptimisticConcurrency${controlled.properties.length ? `: ${controlled.properties.join(', ')}` : ''}): send the entity's ETag in an If-Match header, e.g. "If-Match": "{{etag}}", read from '@odata.etag' (metadata level minimal or full).`,
      ...(edits ? { fixes: [{ title: 'Add If-Match header', edits, preferred: true }] } : {}),
    });
  },
};
