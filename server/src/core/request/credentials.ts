// Where a request's credentials go, for previews, `--dry-run` and the result panel: an OAuth2 connector sends its
// client secret to the token endpoint, another origin than the service's, and the user must see that before
// setting a secret.
import type { BuiltRequest } from '../http/types';
import { originOf } from '../http/url';

/** An origin that receives a credential with a request, and what it receives (by name, never a value). */
export interface CredentialDestination {
  origin: string;
  what: string;
}

/** A name from the file, quoted on one line: a line break in it (a client id may hold one) cannot start a line of its own. */
function quoted(name: string): string {
  // eslint-disable-next-line no-control-regex
  return `'${name.replace(/[\u0000-\u001f\u007f]/g, (c) => JSON.stringify(c).slice(1, -1))}'`;
}

/** Every origin a request's credentials go to, in the order they are sent: an OAuth2 token endpoint first. */
export function credentialDestinations(request: BuiltRequest): CredentialDestination[] {
  const placement = request.secretPlacement;
  const api = originOf(request.url);
  switch (placement?.kind) {
    case undefined:
      return [];
    case 'header':
      return [{ origin: api, what: `the secret ${quoted(placement.secretName)} in the header ${placement.header}` }];
    case 'query':
      return [{ origin: api, what: `the secret ${quoted(placement.secretName)} in the query parameter ${quoted(placement.parameter)}` }];
    case 'basic':
      return [{ origin: api, what: `the secret ${quoted(placement.secretName)} as the password of ${quoted(placement.username)} (Basic authorization)` }];
    case 'tokenForm':
      return [{ origin: api, what: `the form fields ${placement.fields.map(quoted).join(', ')}${placement.basic ? ' and the client secret (Basic authorization)' : ''}` }];
    case 'oauth2': {
      const tokenOrigin = originOf(placement.tokenUrl);
      const how = placement.clientAuthentication === 'body' ? 'in the form body' : 'Basic authorization';
      const client = placement.secretName !== undefined ? `the client id ${quoted(placement.clientId)} and the client secret ${quoted(placement.secretName)} (${how})` : `the client id ${quoted(placement.clientId)}`;
      const user = placement.password ? `, the user name ${quoted(placement.password.username)} and the password ${quoted(placement.password.secretName)}` : '';
      const browser = placement.flow === 'authorizationCode' ? ', the code from the browser sign-in and the PKCE verifier' : '';
      return [
        ...(placement.authorizationUrl ? [{ origin: originOf(placement.authorizationUrl), what: 'your own sign-in, in the browser (this tool sends nothing there)' }] : []),
        { origin: tokenOrigin, what: `${client}${user}${browser}, for a token` },
        { origin: api, what: `the token from ${tokenOrigin} (Authorization: Bearer)` },
      ];
    }
  }
}
