import type { Connector } from '../model';
import { encodeComponent } from './separation';
import type { BuildOutcome, BuiltRequest, SecretProvider } from './types';

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
  const headers = [...request.headers];
  const used = [secret];
  let url = request.url;
  if (scheme === 'apiKey') {
    const name = authorization.name?.value ?? 'X-Api-Key';
    if (authorization.in?.value === 'query') {
      url += `${url.includes('?') ? '&' : '?'}${encodeComponent(name)}=${encodeComponent(secret)}`;
      used.push(encodeComponent(secret));
    } else {
      headers.push([name, secret]);
    }
  } else if (scheme === 'basic') {
    const token = Buffer.from(`${authorization.username?.value ?? ''}:${secret}`).toString('base64');
    headers.push(['Authorization', `Basic ${token}`]);
    used.push(token);
  } else if (scheme === 'bearer') {
    headers.push(['Authorization', `Bearer ${secret}`]);
  }
  return { ok: true, request: { ...request, url, headers, secrets: [...request.secrets, ...used] } };
}
