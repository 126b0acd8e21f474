import { looksLikeCredential } from '../../credentialNames';
import { variablePlaceholders } from '../../placeholders';
import { operationName, quoted } from '../restShared';
import type { OperationRule } from '../types';

/** A credential written into the file travels with it; the authorization scheme keeps it in secret storage. */
export const headerCredential: OperationRule = {
  id: 'header-credential',
  subject: 'operation',
  defaultSeverity: 'warning',
  docs: {
    summary: 'A literal credential in an operation header, e.g. `"Authorization": "Bearer abc123"` or `"X-Api-Key": "k-123"`.',
    why: "An API key can be sent in a header, but the connector's authorization settings have a dedicated API-key option that keeps the key out of the file as a named secret; a credential written into the file is shared with everyone who can read it.",
    securitySeverity: 7.5,
  },
  check(operation, context) {
    for (const entry of operation.headers?.entries ?? []) {
      const value = entry.value;
      // The value node is made only for a header reported: a file's thousands of headers need none.
      if (value === undefined || value.trim() === '' || !looksLikeCredential(entry.name) || !entry.valueNode) continue;
      if (variablePlaceholders(value).length > 0) continue;
      context.report({
        at: entry.valueNode,
        message: `Header ${quoted(entry.name)} of operation ${quoted(operationName(operation))} holds a literal credential, which is shared with the file. Remove it and set "authorization" (apiKey, basic or bearer) with a secret name; the value then lives in secret storage.`,
      });
    }
  },
};
