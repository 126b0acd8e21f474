import type { Connector } from '../model';
import { headerProblem, setHeader } from './headers';
import type { BuildOutcome, BuiltRequest, SecretPlacement, SecretProvider } from './types';
import { appendQuery, encodeComponent } from './url';

/** Adds the connector's authorization to a built request, reading secret values by name. */
export async function applyAuthorization(connector: Connector, request: BuiltRequest, secrets: SecretProvider): Promise<BuildOutcome> {
  const authorization = connector.authorization;
  const scheme = authorization?.scheme?.value ?? 'none';
  if (scheme === 'none' || !authorization) return { ok: true, request };
  const secretName = authorization.secret?.value;
  if (!secretName) return { ok: false, problems: [{ code: 'invalid-connector', message: `Authorization '${scheme}' names no 'secret'; fix the file first.` }] };
  // The secret is asked for the origin it goes to: the editor binds each secret to the origins the user confirmed.
  const secret = await secrets(secretName, URL.canParse(request.url) ? new URL(request.url).origin : request.url);
  if (secret === undefined || secret === '') {
    return { ok: false, problems: [{ code: 'missing-secret', name: secretName, message: `The secret '${secretName}' is not set.` }] };
  }
  const headers: [string, string][] = request.headers.map(([n, v]) => [n, v]);
  const used = [secret];
  let url = request.url;
  let placement: SecretPlacement | undefined;
  let header: [string, string] | undefined;
  if (scheme === 'apiKey') {
    const name = authorization.name?.value ?? 'X-Api-Key';
    if (authorization.in?.value === 'query') {
      url = appendQuery(url, [`${encodeComponent(name)}=${encodeComponent(secret)}`]);
      used.push(encodeComponent(secret));
      placement = { kind: 'query', parameter: name, secretName };
    } else {
      header = [name, secret];
      placement = { kind: 'header', header: name, prefix: '', secretName };
    }
  } else if (scheme === 'basic') {
    const username = authorization.username?.value ?? '';
    const token = Buffer.from(`${username}:${secret}`).toString('base64');
    header = ['Authorization', `Basic ${token}`];
    used.push(token);
    placement = { kind: 'basic', username, secretName };
  } else if (scheme === 'bearer') {
    header = ['Authorization', `Bearer ${secret}`];
    placement = { kind: 'header', header: 'Authorization', prefix: 'Bearer ', secretName };
  }
  if (header) {
    // The problem names the header, never the secret's text.
    if (headerProblem(header[0], header[1])) {
      return { ok: false, problems: [{ code: 'invalid-header', name: secretName, message: `The secret '${secretName}' cannot be sent in the '${header[0]}' header: it holds a line break or a character beyond Latin-1.` }] };
    }
    setHeader(headers, header[0], header[1]);
  }
  return { ok: true, request: { ...request, url, headers, secrets: [...request.secrets, ...used], ...(placement ? { secretPlacement: placement } : {}) } };
}
