import type { Connection } from 'vscode-languageserver';
import { environmentSecrets, type SecretProvider } from '../core';
import { GET_SECRET, type GetSecretParams, type GetSecretResult } from '../protocol';
import { isSealedSecret, secretOpener } from '../secretSeal';

/** The editor's answer to a secret request could not be used; nothing is sent. */
export class SecretChannelError extends Error {}

/** Secrets from the editor, asked for the origin they go to and received sealed to a one-time key; undefined when not given. */
function editorSecrets(connection: Connection, uri: string): SecretProvider {
  return async (name, origin, tokenFor) => {
    const opener = secretOpener();
    const params: GetSecretParams = { name, origin, uri, publicKey: opener.publicKey, ...(tokenFor !== undefined ? { tokenFor } : {}) };
    const answer = await connection.sendRequest<GetSecretResult | string | undefined>(GET_SECRET, params);
    if (answer === null || answer === undefined) return undefined;
    // A value in clear has already been written to any trace of the connection: refuse it, so that it is noticed.
    if (!isSealedSecret(answer)) throw new SecretChannelError(`The editor sent the secret '${name}' unsealed; nothing was sent. Update Connector Tools, then set the secret again (it may have been written to a trace).`);
    try {
      return opener.open(answer, name);
    } catch {
      throw new SecretChannelError(`The editor's answer for the secret '${name}' could not be opened; nothing was sent. Try again.`);
    }
  };
}

/**
 * Where a request's secrets come from: our extension answers from its secret storage, bound to origins; any other
 * client cannot, so the server uses its own environment (CONNECTOR_SECRET_<NAME>), as the command line does.
 */
export function secretsForClient(connection: Connection, uri: string, connectorToolsExtension: boolean): SecretProvider {
  return connectorToolsExtension ? editorSecrets(connection, uri) : environmentSecrets(process.env);
}
