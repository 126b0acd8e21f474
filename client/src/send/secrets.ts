import * as vscode from 'vscode';

const KEY_PREFIX = 'connectorTools.secret.';

/** Secrets by the name a connector gives, kept in VS Code's secret storage (never in settings or files). */
export class ConnectorSecrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  /** The stored value, or asks once and stores it; undefined when the user declines. */
  async get(name: string): Promise<string | undefined> {
    const stored = await this.storage.get(KEY_PREFIX + name);
    if (stored !== undefined) return stored;
    return this.ask(name);
  }

  /** Asks for a value and stores it (Set Secret…). */
  async ask(name: string): Promise<string | undefined> {
    const value = await vscode.window.showInputBox({
      title: `Secret '${name}'`,
      prompt: `The value of the connector's secret '${name}'. It is kept in VS Code's secret storage, never in files or settings.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v === '' ? 'Enter a value, or press Escape to cancel.' : undefined),
    });
    if (value === undefined) return undefined;
    await this.storage.store(KEY_PREFIX + name, value);
    return value;
  }

  /** Forgets a stored secret (Clear Secret…). */
  async clear(name: string): Promise<void> {
    await this.storage.delete(KEY_PREFIX + name);
  }
}
