import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { GET_SECRET, type GetSecretParams, type GetSecretResult } from '../../../server/src/protocol';
import { sealSecret } from '../../../server/src/secretSeal';
import { confirmationMessage, readStoredSecret, secretUse, withOrigin, writeStoredSecret } from './secretOrigins';

const KEY_PREFIX = 'connectorTools.secret.';

/** Secrets by the name a connector gives, kept in VS Code's secret storage (never in settings or files), each bound to the origins the user confirmed. */
export class ConnectorSecrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  /**
   * The value for a request to `origin`: stored and confirmed for it, or confirmed now (modal), or asked for
   * now (which confirms the origin); undefined when the user declines.
   */
  async get(name: string, origin: string, file: vscode.Uri, tokenFor?: string): Promise<string | undefined> {
    const stored = readStoredSecret(await this.storage.get(KEY_PREFIX + name));
    const use = secretUse(stored, origin, tokenFor);
    if (use.kind === 'send') return use.value;
    if (use.kind === 'ask-value' || !stored) return this.ask(name, origin, tokenFor);
    const question = confirmationMessage(name, origin, use.confirmedFor, vscode.workspace.asRelativePath(file, false), tokenFor, use.tokenConfirmedFor);
    const answer = await vscode.window.showWarningMessage(question.message, { modal: true, detail: question.detail }, question.send);
    if (answer !== question.send) return undefined;
    await this.storage.store(KEY_PREFIX + name, writeStoredSecret(withOrigin(stored, origin, tokenFor)));
    return use.value;
  }

  /** Asks for a value and stores it (Set Secret…, or a first Send); with an origin, the value is confirmed for it. */
  async ask(name: string, origin?: string, tokenFor?: string): Promise<string | undefined> {
    const value = await vscode.window.showInputBox({
      title: origin ? `Secret '${name}' for ${origin}` : `Secret '${name}'`,
      prompt: tokenFor !== undefined && origin
        ? `The OAuth2 secret '${name}' (a client secret, or your password for the password flow), to sign in at ${origin}; the token it gets is sent to ${tokenFor}. It is kept in VS Code's secret storage, never in files or settings, and used only for addresses you confirm.`
        : `The value of the connector's secret '${name}'${origin ? `, to be sent to ${origin}` : ''}. It is kept in VS Code's secret storage, never in files or settings, and sent only to addresses you confirm.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v === '' ? 'Enter a value, or press Escape to cancel.' : undefined),
    });
    if (value === undefined) return undefined;
    await this.storage.store(KEY_PREFIX + name, writeStoredSecret({ value, origins: origin ? [origin] : [], ...(tokenFor !== undefined ? { tokenOrigins: [tokenFor] } : {}) }));
    return value;
  }

  /** Forgets a stored secret and the origins it was confirmed for (Clear Secret…). */
  async clear(name: string): Promise<void> {
    await this.storage.delete(KEY_PREFIX + name);
  }

  /** Set Secret…: asks for the name, then the value. */
  async setNamed(): Promise<void> {
    const name = await secretName();
    if (name) await this.ask(name);
  }

  /** Clear Secret…: asks for the name, and forgets it. */
  async clearNamed(): Promise<void> {
    const name = await secretName();
    if (!name) return;
    await this.clear(name);
    void vscode.window.showInformationMessage(`Secret '${name}' cleared.`);
  }
}

function secretName(): Thenable<string | undefined> {
  return vscode.window.showInputBox({ title: 'Secret name', prompt: "The name a connector gives in 'authorization.secret'.", ignoreFocusOut: true });
}

/** Answers the server's requests for a secret. The value goes back sealed to the server's one-time key: tracing the connection never shows it. */
export function serveSecrets(client: LanguageClient, secrets: ConnectorSecrets): vscode.Disposable {
  return client.onRequest(GET_SECRET, async (params: GetSecretParams): Promise<GetSecretResult> => {
    const value = await secrets.get(params.name, params.origin, vscode.Uri.parse(params.uri), typeof params.tokenFor === 'string' ? params.tokenFor : undefined);
    return value === undefined ? null : sealSecret(value, params.publicKey, params.name);
  });
}
