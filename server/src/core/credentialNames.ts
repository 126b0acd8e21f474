// Which names carry credentials: a header such as Authorization or X-Api-Key, a value named token, secret, password
// or cookie. One list for the rule that flags a credential written into a connector file and for what the editor
// does not remember of the values a user types.
const CREDENTIAL_NAME = /^(authorization|proxy-authorization|x-api-key|api-key|apikey|x-auth-token|x-access-token|.*(api[-_]?key|token|secret|password|passwd|credential|cookie|session).*)$/i;

/** Whether a header's or a value's name says it carries a credential. */
export function looksLikeCredential(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}
