import type { MapEntry, RestParameter } from '../../model';
import { PAIRWISE_MAX } from '../../pairwise';
import { parameterName, quoted } from '../restShared';
import type { OperationRule } from '../types';

/** The header a connector's authorization sends, if any. */
function authorizationHeader(scheme: string | undefined, apiKeyIn: string | undefined, apiKeyName: string | undefined): string | undefined {
  if (scheme === 'basic' || scheme === 'bearer') return 'Authorization';
  if (scheme === 'apiKey' && apiKeyIn !== 'query') return apiKeyName ?? 'X-Api-Key';
  return undefined;
}

/** HTTP header names are case-insensitive: two of the same name would send one, and the preview would show two. */
export const duplicateHeader: OperationRule<'authorization'> = {
  id: 'duplicate-header',
  subject: 'operation',
  reads: { authorization: true },
  defaultSeverity: 'error',
  docs: {
    summary: "The same header twice in one operation, names compared case-insensitively: in `headers`, as a header parameter beside a fixed header, or beside the header the authorization sends.",
    why: 'HTTP header names are case-insensitive (RFC 9110): `content-type` and `Content-Type` are one header, so only one value would reach the server.',
  },
  check(operation, { connector, facts, report }) {
    const entries = operation.headers?.entries ?? [];
    const headerParameters = facts.in('header');
    // One fixed header and no header parameter (most operations of a large file): nothing can repeat.
    if (entries.length < 2 && headerParameters.length === 0) return;
    // Few headers (nearly every operation) are compared by their lower-cased names in one shared list; many are
    // looked up in a table, so that thousands stay linear.
    const table = entries.length > PAIRWISE_MAX ? new Map<string, MapEntry<string>>() : undefined;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as MapEntry<string>;
      const lower = entry.name.toLowerCase();
      const first = fixedHeaderNamed(lower, entries, i, table);
      if (first) report({ at: entry.keyNode, message: `The header ${quoted(entry.name)} is already set here as ${quoted(first.name)}; header names are compared without case. Keep one.` });
      else if (table) table.set(lower, entry);
      if (!table) LOWERED[i] = lower;
    }
    if (headerParameters.length > 0) {
      const auth = connector.authorization;
      const authHeaderName = authorizationHeader(auth?.scheme?.value, auth?.in?.value, auth?.name?.value);
      const authHeader = authHeaderName?.toLowerCase();
      let authParameterSeen = false;
      for (let i = 0; i < headerParameters.length; i++) {
        const parameter = headerParameters[i] as RestParameter;
        const name = parameter.name?.value;
        if (!name) continue;
        const lower = name.toLowerCase();
        const fixed = fixedHeaderNamed(lower, entries, entries.length, table);
        const isAuthHeader = authHeader !== undefined && lower === authHeader;
        if (fixed) {
          report({ at: parameter.name?.node ?? parameter.node, message: `Header parameter ${quoted(parameterName(parameter))} sets the same header as ${quoted(fixed.name)} in 'headers' (names are compared without case); only one can be sent. Remove one of them.` });
        } else if (isAuthHeader && !authParameterSeen) {
          report({ at: parameter.name?.node ?? parameter.node, message: `Header parameter ${quoted(parameterName(parameter))} is the header the authorization sends (${quoted(authHeaderName ?? '')}); only one can be sent. Remove the parameter.` });
        }
        // Only the first parameter naming the authorization's header is reported (a second one is a duplicate parameter).
        if (isAuthHeader) authParameterSeen = true;
      }
    }
    if (!table) LOWERED.fill('', 0, entries.length);
  },
};

/** The lower-cased names of the few fixed headers of the operation being checked, by position. */
const LOWERED: string[] = [];

/** The first of the operation's first `count` fixed headers whose name, lower-cased, is `lower`. */
function fixedHeaderNamed(lower: string, entries: readonly MapEntry<string>[], count: number, table: Map<string, MapEntry<string>> | undefined): MapEntry<string> | undefined {
  if (table) return table.get(lower);
  for (let i = 0; i < count; i++) if (LOWERED[i] === lower) return entries[i];
  return undefined;
}
