import type { MapEntry } from '../../model';
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
    // A table only where a name can repeat (tens of thousands of operations in a large file have one header or none).
    if (entries.length > 1) {
      const seen = new Map<string, string>();
      for (const entry of entries) {
        const first = seen.get(entry.name.toLowerCase());
        if (first !== undefined) report({ at: entry.keyNode, message: `The header ${quoted(entry.name)} is already set here as ${quoted(first)}; header names are compared without case. Keep one.` });
        else seen.set(entry.name.toLowerCase(), entry.name);
      }
    }
    const headerParameters = facts.in('header');
    if (headerParameters.length === 0) return;
    const auth = connector.authorization;
    const authHeaderName = authorizationHeader(auth?.scheme?.value, auth?.in?.value, auth?.name?.value);
    const authHeader = authHeaderName?.toLowerCase();
    // Each name is looked up once, not searched for among every header and parameter (thousands in a hostile file).
    const fixedByName = new Map<string, MapEntry<string>>();
    for (const entry of entries) if (!fixedByName.has(entry.name.toLowerCase())) fixedByName.set(entry.name.toLowerCase(), entry);
    let authParameterSeen = false;
    for (const parameter of headerParameters) {
      const name = parameter.name?.value;
      if (!name) continue;
      const lower = name.toLowerCase();
      const fixed = fixedByName.get(lower);
      const isAuthHeader = authHeader !== undefined && lower === authHeader;
      if (fixed) {
        report({ at: parameter.name?.node ?? parameter.node, message: `Header parameter ${quoted(parameterName(parameter))} sets the same header as ${quoted(fixed.name)} in 'headers' (names are compared without case); only one can be sent. Remove one of them.` });
      } else if (isAuthHeader && !authParameterSeen) {
        report({ at: parameter.name?.node ?? parameter.node, message: `Header parameter ${quoted(parameterName(parameter))} is the header the authorization sends (${quoted(authHeaderName ?? '')}); only one can be sent. Remove the parameter.` });
      }
      // Only the first parameter naming the authorization's header is reported (a second one is a duplicate parameter).
      if (isAuthHeader) authParameterSeen = true;
    }
  },
};
