import { headerEntry } from '../../model';
import { eachParameter, parameterName, quoted } from '../restShared';
import type { RestRule } from '../types';

/** The header a connector's authorization sends, if any. */
function authorizationHeader(scheme: string | undefined, apiKeyIn: string | undefined, apiKeyName: string | undefined): string | undefined {
  if (scheme === 'basic' || scheme === 'bearer') return 'Authorization';
  if (scheme === 'apiKey' && apiKeyIn !== 'query') return apiKeyName ?? 'X-Api-Key';
  return undefined;
}

/** HTTP header names are case-insensitive: two of the same name would send one, and the preview would show two. */
export const duplicateHeader: RestRule = {
  id: 'duplicate-header',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: "The same header twice in one operation, names compared case-insensitively: in `headers`, as a header parameter beside a fixed header, or beside the header the authorization sends.",
    why: 'HTTP header names are case-insensitive (RFC 9110): `content-type` and `Content-Type` are one header, so only one value would reach the server.',
  },
  check(connector, context) {
    const auth = connector.authorization;
    const authHeader = authorizationHeader(auth?.scheme?.value, auth?.in?.value, auth?.name?.value);
    for (const operation of connector.operations) {
      const seen = new Map<string, string>();
      for (const entry of operation.headers?.entries ?? []) {
        const first = seen.get(entry.name.toLowerCase());
        if (first !== undefined) context.report({ at: entry.keyNode, message: `The header ${quoted(entry.name)} is already set here as ${quoted(first)}; header names are compared without case. Keep one.` });
        else seen.set(entry.name.toLowerCase(), entry.name);
      }
    }
    for (const { operation, parameter } of eachParameter(connector)) {
      const name = parameter.name?.value;
      if (parameter.location?.value !== 'header' || !name) continue;
      const fixed = headerEntry(operation.headers, name);
      const others = operation.parameters.filter((p) => p !== parameter && p.location?.value === 'header' && p.name?.value.toLowerCase() === name.toLowerCase() && p.index < parameter.index);
      if (fixed) {
        context.report({ at: parameter.name?.node ?? parameter.node, message: `Header parameter ${quoted(parameterName(parameter))} sets the same header as ${quoted(fixed.name)} in 'headers' (names are compared without case); only one can be sent. Remove one of them.` });
      } else if (others.length === 0 && authHeader && authHeader.toLowerCase() === name.toLowerCase()) {
        context.report({ at: parameter.name?.node ?? parameter.node, message: `Header parameter ${quoted(parameterName(parameter))} is the header the authorization sends (${quoted(authHeader)}); only one can be sent. Remove the parameter.` });
      }
    }
  },
};
