import { authorizationUrlProblem, tokenUrlProblem } from '../oauth2/tokenUrl';
import type { ConnectorRule } from './types';

/** The client secret, the password and the code go to the token endpoint, the user's own password to the sign-in page: over plain http anyone on the way could read them. */
export const oauth2TokenUrl: ConnectorRule = {
  id: 'oauth2-token-url',
  subject: 'connector',
  appliesTo: 'any',
  defaultSeverity: 'error',
  docs: {
    summary: "An OAuth2 `tokenUrl` or `authorizationUrl` that is not an https URL (plain http is allowed only on this machine: localhost, 127.0.0.1, ::1), or that has a fragment or credentials in it.",
    why: "The client secret, a user's password and the browser sign-in's code are sent to the token endpoint, and the user types their own password on the sign-in page; unencrypted, anyone on the network path could read them and sign in as the connector or the user. Nothing is sent over such a URL.",
    securitySeverity: 8.1,
  },
  check(connector, context) {
    const authorization = connector.authorization;
    if (authorization?.scheme?.value !== 'oauth2') return;
    const { tokenUrl, authorizationUrl } = authorization;
    const tokenProblem = tokenUrl && tokenUrlProblem(tokenUrl.value);
    if (tokenUrl && tokenProblem) context.report({ at: tokenUrl.node, message: `'tokenUrl': ${tokenProblem}` });
    const pageProblem = authorizationUrl && authorizationUrlProblem(authorizationUrl.value);
    if (authorizationUrl && pageProblem) context.report({ at: authorizationUrl.node, message: `'authorizationUrl': ${pageProblem}` });
  },
};
