import type * as vscode from 'vscode';
import type { PreviewRequestResult } from '../../../server/src/protocol';
import type { ResultView } from '../webview/protocol';

const HISTORY_KEY = 'connectorTools.history';
const LAST_TEXTS_KEY = 'connectorTools.lastTexts';
/** Results kept per workspace. */
export const HISTORY_LIMIT = 50;

export interface HistoryEntry {
  /** `file uri#operation id`. */
  key: string;
  fileUri: string;
  view: ResultView;
}

/** The last results (already redacted by the server) and the last typed values per operation, per workspace. */
export class SendHistory {
  constructor(private readonly state: vscode.Memento) {}

  entries(): HistoryEntry[] {
    return this.state.get<HistoryEntry[]>(HISTORY_KEY, []);
  }

  async add(entry: HistoryEntry): Promise<void> {
    await this.state.update(HISTORY_KEY, [entry, ...this.entries()].slice(0, HISTORY_LIMIT));
  }

  /** What the user typed for each input last time (texts, read again by the server exactly as typed). */
  lastTexts(key: string): Record<string, string> | undefined {
    return this.state.get<Record<string, Record<string, string>>>(LAST_TEXTS_KEY, {})[key];
  }

  async setLastTexts(key: string, texts: Record<string, string>): Promise<void> {
    const all = this.state.get<Record<string, Record<string, string>>>(LAST_TEXTS_KEY, {});
    await this.state.update(LAST_TEXTS_KEY, { ...all, [key]: texts });
  }
}

/** The preview as text for an editor tab: request line, headers, body (secrets already redacted). */
export function previewText(result: PreviewRequestResult): string {
  if (!result.ok) return `# Cannot build this request\n${result.problems.map((p) => `# - ${p}`).join('\n')}\n`;
  const { preview } = result;
  const lines = [preview.text];
  if (preview.warnings.length) lines.push('', ...preview.warnings.map((w) => `# warning: ${w}`));
  return `${lines.join('\n')}\n`;
}
