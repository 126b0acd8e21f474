import type { MapEntry } from '../../model';
import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';

/** HTTP header names are case-insensitive: `if-match` and `If-Match` in one Custom request are one header. */
export const duplicateODataHeader: CustomRequestRule<'authorization'> = {
  id: 'duplicate-odata-header',
  subject: 'customRequest',
  reads: { authorization: true },
  defaultSeverity: 'error',
  docs: {
    summary: "The same header twice in a Custom request's `headers`, names compared case-insensitively (or `Accept`, which `metadataLevel` sets, or `Authorization` beside an authorization scheme).",
    why: 'HTTP header names are case-insensitive (RFC 9110); only one value would reach the server, while the file shows two.',
  },
  check(request, { connector, report }) {
    const entries = request.headers?.entries;
    if (!entries || entries.length === 0) return;
    const scheme = connector.authorization?.scheme?.value;
    // A table only where a name can repeat: most requests have no header or one (tens of thousands in a large file).
    const seen = entries.length > 1 ? new Map<string, string>() : undefined;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as MapEntry<string>;
      const lower = entry.name.toLowerCase();
      const first = seen?.get(lower);
      if (first !== undefined) report({ at: entry.keyNode, message: `The header ${quoted(entry.name)} is already set here as ${quoted(first)}; header names are compared without case. Keep one.` });
      else if (lower === 'accept') report({ at: entry.keyNode, message: `'Accept' is set by 'metadataLevel' (application/json;odata.metadata=...); this header replaces it. Set 'metadataLevel' instead.` });
      else if (lower === 'authorization' && (scheme === 'basic' || scheme === 'bearer')) report({ at: entry.keyNode, message: `The authorization scheme ${quoted(scheme)} sends 'Authorization'; this header would be replaced. Remove it.` });
      seen?.set(lower, first ?? entry.name);
    }
  },
};
