import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { LIST_ENVIRONMENTS, type EnvironmentSummary } from '../../../server/src/protocol';

const STATE_KEY = 'connectorTools.environment';
export const SELECT_ENVIRONMENT_COMMAND = 'connectorTools.selectEnvironment';

/**
 * The environment requests are sent in, chosen per workspace: shown in the status bar whenever the workspace has
 * an environments file, switched in one click. Sending, previews and test runs all use it.
 */
export class ActiveEnvironment implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('connectorTools.environment', vscode.StatusBarAlignment.Left, 50);
  private readonly changed = new vscode.EventEmitter<string | undefined>();
  private known: EnvironmentSummary[] = [];
  /** Fires with the new environment's name (undefined: none). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento, private readonly client: LanguageClient) {
    this.item.name = 'Connector environment';
    this.item.command = SELECT_ENVIRONMENT_COMMAND;
  }

  /** The active environment's name; undefined when requests use the connector files as written. */
  current(): string | undefined {
    return this.state.get<string>(STATE_KEY);
  }

  /** Reads the workspace's environments again and shows or hides the status bar item. */
  async refresh(): Promise<void> {
    this.known = await this.client.sendRequest<EnvironmentSummary[]>(LIST_ENVIRONMENTS, {}).catch(() => []);
    this.render();
  }

  private render(): void {
    const name = this.current();
    if (this.known.length === 0 && name === undefined) {
      this.item.hide();
      return;
    }
    const missing = name !== undefined && !this.known.some((e) => e.name === name);
    this.item.text = `$(${missing ? 'warning' : 'server-environment'}) ${name ?? 'No environment'}`;
    this.item.tooltip = missing
      ? `The connector environment '${name}' is not defined in any connector-environments.json: requests are refused until you choose another. Click to switch.`
      : name === undefined
        ? 'Connector requests use the connector files as written. Click to choose an environment.'
        : `Connector requests use the environment '${name}'. Click to switch.`;
    this.item.show();
  }

  /** Asks which environment to use (the quick pick the status bar item opens). */
  async pick(): Promise<void> {
    await this.refresh();
    const current = this.current();
    const none = { label: 'No environment', description: 'use the connector files as written', name: undefined as string | undefined };
    const items = [none, ...this.known.map((e) => ({ label: e.name, description: e.description ?? '', detail: vscode.workspace.asRelativePath(vscode.Uri.parse(e.uri)), name: e.name as string | undefined }))];
    const picked = await vscode.window.showQuickPick(items.map((i) => ({ ...i, ...(i.name === current ? { description: `${i.description} (active)`.trim() } : {}) })), { title: 'Connector environment', placeHolder: current ? `Active: ${current}` : 'Active: none' });
    if (!picked) return;
    await this.set(picked.name);
  }

  /** Makes an environment active (undefined: none). */
  async set(name: string | undefined): Promise<void> {
    await this.state.update(STATE_KEY, name);
    this.render();
    this.changed.fire(name);
  }

  dispose(): void {
    this.item.dispose();
    this.changed.dispose();
  }
}
