import { tokenUrlProblem } from '../oauth2/tokenUrl';
import type { ConnectorRule } from './types';

/** The client secret goes to the token endpoint: over plain http anyone on the way could read it. */
export const oauth2TokenUrl: ConnectorRule = {
  id: 'oauth2-token-url',
  subject: 'connector',
  appliesTo: 'any',
  defaultSeverity: 'error',
  docs: {
    summary: "An OAuth2 `tokenUrl` that is not an https URL (plain http is allowed only on this machine: localhost, 127.0.0.1, ::1), or that has a fragment or credentials in it.",
    why: 'With client credentials, the client secret is sent to the token endpoint on every sign-in; unencrypted, anyone on the network path could read it and sign in as the connector. The secret and the token are never sent over such a URL.',
    securitySeverity: 8.1,
  },
  check(connector, context) {
    const authorization = connector.authorization;
    const tokenUrl = authorization?.tokenUrl;
    if (authorization?.scheme?.value !== 'oauth2' || !tokenUrl) return;
    const problem = tokenUrlProblem(tokenUrl.value);
    if (problem) context.report({ at: tokenUrl.node, message: `'tokenUrl': ${problem}` });
  },
};
