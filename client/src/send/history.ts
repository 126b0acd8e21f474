import type * as vscode from 'vscode';
import {
  hideValues, isJsonObject, JsonNumber, numberText, parseExact, portableResult, redactJson, redactResult, redactText, REDACTED, resultOfPortable,
  type ExactJson, type InputDescription,
} from '../../../server/src/core';
import type { PreviewRequestResult } from '../../../server/src/protocol';
import { RAW_VIEW_LIMIT, type ResultView } from '../webview/protocol';

const HISTORY_KEY = 'connectorTools.sentHistory';
/** Where an earlier version kept results with every value as sent: deleted, never read. */
const UNFILTERED_HISTORY_KEY = 'connectorTools.history';
const LAST_TEXTS_KEY = 'connectorTools.lastTexts';
/** Results kept per workspace. */
export const HISTORY_LIMIT = 50;
/**
 * The most of an answer's body (and of its data as JSON) the history keeps per result, in characters: as much as the
 * panel's raw view shows. The workspace state is one file that VS Code reads whole and copies on every change, so
 * fifty answers of megabytes each would make every send slower and the file hundreds of megabytes.
 */
export const HISTORY_ANSWER_LIMIT = RAW_VIEW_LIMIT;

export interface HistoryEntry {
  /** `file uri#operation id`. */
  key: string;
  fileUri: string;
  view: ResultView;
}

/**
 * The last results and the last typed values per operation, per workspace. The workspace state is a plain file on
 * disk: neither keeps a value that may be a credential (an input's `mayHoldCredential`: any header value, and any
 * value whose name says it is one). Secrets belong in secret storage, and the server has hidden them already.
 */
export class SendHistory {
  constructor(private readonly state: vscode.Memento) {}

  entries(): HistoryEntry[] {
    return this.state.get<HistoryEntry[]>(HISTORY_KEY, []);
  }

  /** Keeps a result, without the values of the operation's inputs that may hold a credential. */
  async add(entry: HistoryEntry, inputs: readonly InputDescription[]): Promise<void> {
    const kept = { ...entry, view: withinLimit(withoutCredentials(entry.view, inputs)) };
    await this.state.update(HISTORY_KEY, [kept, ...this.entries()].slice(0, HISTORY_LIMIT));
  }

  /** Deletes the results an earlier version kept with every value as sent. */
  async forgetEarlierVersions(): Promise<void> {
    if (this.state.get(UNFILTERED_HISTORY_KEY) !== undefined) await this.state.update(UNFILTERED_HISTORY_KEY, undefined);
  }

  /**
   * What the user typed for each input last time (texts, read again by the server exactly as typed), for the
   * inputs that cannot hold a credential.
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

/** Every text a value is sent as: strings and numbers, inside arrays and objects too. */
function textsOf(value: ExactJson | undefined): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'number' || value instanceof JsonNumber) return [numberText(value)];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (isJsonObject(value)) return Object.values(value).flatMap(textsOf);
  return [];
}

/**
 * A result as the history keeps it: the values sent for inputs that may hold a credential hidden in the request
 * (address, headers, body) however short, and where the answer echoes them as a secret would be (8 characters and
 * more). Without them the values cannot make a case, so Save as expectation is not offered.
 */
function withoutCredentials(view: ResultView, inputs: readonly InputDescription[]): ResultView {
  const parsed = view.valuesJson === undefined ? undefined : parseExact(view.valuesJson);
  const values = parsed?.ok && isJsonObject(parsed.value) ? parsed.value : undefined;
  const withheld = inputs.filter((input) => input.mayHoldCredential && (values === undefined || Object.hasOwn(values, input.name)));
  if (withheld.length === 0) return view;
  const texts = values === undefined ? [] : withheld.flatMap((input) => textsOf(values[input.name]));
  const names = new Set(withheld.map((input) => input.name.toLowerCase()));
  const hide = (text: string): string => hideValues(text, texts);
  const echoes = { secrets: texts };
  const { valuesJson: _values, ...rest } = view;
  return {
    ...rest,
    request: {
      ...view.request,
      url: hide(view.request.url),
      ...(view.request.headers ? { headers: view.request.headers.map(([name, value]): [string, string] => [name, names.has(name.toLowerCase()) ? REDACTED : hide(value)]) } : {}),
      ...(view.request.body !== undefined ? { body: hide(view.request.body) } : {}),
    },
    result: portableResult(redactResult(resultOfPortable(view.result), echoes)),
    rawText: redactText(view.rawText, echoes),
    ...(view.responseHeaders ? { responseHeaders: redactJson(view.responseHeaders, echoes) } : {}),
    canSaveAsExpectation: false,
  };
}

/**
 * A result as the history keeps a long answer: the start of its body (as the raw view shows it), without the data
 * read from it (its table and tree), and a warning that says so; the request, status and headers whole.
 */
function withinLimit(view: ResultView): ResultView {
  const dataLength = view.result.dataJson?.length ?? 0;
  if (view.rawText.length <= HISTORY_ANSWER_LIMIT && dataLength <= HISTORY_ANSWER_LIMIT) return view;
  const length = view.rawLength ?? view.rawText.length;
  const { dataJson: _data, entityDescriptorJson: _descriptor, ...result } = view.result;
  const { structure: _structure, nextPageUrl: _next, etagFollowUps: _etag, ...rest } = view;
  return {
    ...rest,
    rawText: view.rawText.slice(0, HISTORY_ANSWER_LIMIT),
    rawLength: length,
    result: {
      ...result,
      warnings: [...result.warnings, `The history keeps the first ${HISTORY_ANSWER_LIMIT.toLocaleString('en-US')} characters of this answer (${length.toLocaleString('en-US')} in all), without its table and tree: send the request again to see it whole.`],
    },
    canSaveAsExpectation: false,
    canUseAsStructure: false,
  };
}

/** The preview as text for an editor tab: request line, headers, body (secrets already redacted). */
export function previewText(result: PreviewRequestResult): string {
  if (!result.ok) return `# Cannot build this request\n${result.problems.map((p) => `# - ${p}`).join('\n')}\n`;
  const { preview } = result;
  const lines = [preview.text];
  if (preview.warnings.length) lines.push('', ...preview.warnings.map((w) => `# warning: ${w}`));
  return `${lines.join('\n')}\n`;
}
