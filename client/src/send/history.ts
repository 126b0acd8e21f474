import type * as vscode from 'vscode';
import type { InputDescription } from '../../../server/src/core';
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

  /**
   * What the user typed for each input last time (texts, read again by the server exactly as typed). Only inputs
   * that cannot hold a credential are kept: the workspace state is a plain file on disk, and a token typed for a
   * header must not stay there (secrets belong in secret storage).
   */
  lastTexts(key: string, inputs: readonly InputDescription[]): Record<string, string> | undefined {
    const texts = this.state.get<Record<string, Record<string, string>>>(LAST_TEXTS_KEY, {})[key];
    return texts && keptOnly(texts, inputs);
  }

  async setLastTexts(key: string, texts: Record<string, string>, inputs: readonly InputDescription[]): Promise<void> {
    const all = this.state.get<Record<string, Record<string, string>>>(LAST_TEXTS_KEY, {});
    await this.state.update(LAST_TEXTS_KEY, { ...all, [key]: keptOnly(texts, inputs) });
  }

  /** The inputs whose typed values are not kept: "Send Request with Last Values" asks for them again. */
  notKept(inputs: readonly InputDescription[]): InputDescription[] {
    return inputs.filter((input) => input.mayHoldCredential);
  }
}

/** The texts of inputs that cannot hold a credential (an input the operation no longer has is not kept either). */
function keptOnly(texts: Record<string, string>, inputs: readonly InputDescription[]): Record<string, string> {
  const kept = new Set(inputs.filter((input) => !input.mayHoldCredential).map((input) => input.name));
  return Object.fromEntries(Object.entries(texts).filter(([name]) => kept.has(name)));
}

/** The preview as text for an editor tab: request line, headers, body (secrets already redacted). */
export function previewText(result: PreviewRequestResult): string {
  if (!result.ok) return `# Cannot build this request\n${result.problems.map((p) => `# - ${p}`).join('\n')}\n`;
  const { preview } = result;
  const lines = [preview.text];
  if (preview.warnings.length) lines.push('', ...preview.warnings.map((w) => `# warning: ${w}`));
  return `${lines.join('\n')}\n`;
}
