import * as vscode from 'vscode';
import type { InputDescription } from '../../../server/src/core/request/inputs';
import { optionId, parseInput } from '../../../server/src/core/request/parseInput';
import type { JsonValue } from '../../../server/src/core/tree';

type Values = Record<string, JsonValue>;

function shown(value: JsonValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.join(', ');
  return JSON.stringify(value);
}

function title(input: InputDescription, index: number, count: number): string {
  const kind = input.role === 'variable' ? 'variable' : `${input.role} ${input.type}${input.format ? ` (${input.format})` : ''}`;
  return `${input.name} — ${kind}${input.required ? '' : ', optional'} (${index + 1}/${count})`;
}

async function pickOptions(input: InputDescription, previous: JsonValue | undefined, heading: string): Promise<JsonValue | undefined | null> {
  const options = input.options ?? [];
  const chosen = new Set(Array.isArray(previous) ? previous : [previous]);
  const items = options.map((option, i) => ({ label: `${optionId(i)} — ${option}`, id: optionId(i), picked: chosen.has(optionId(i)) }));
  const many = input.type === 'array';
  const picked = many
    ? await vscode.window.showQuickPick(items, { title: heading, canPickMany: true, ignoreFocusOut: true })
    : await vscode.window.showQuickPick(items, { title: heading, ignoreFocusOut: true }).then((one) => (one ? [one] : undefined));
  if (picked === undefined) return null;
  return picked.map((p) => p.id);
}

async function pickBoolean(previous: JsonValue | undefined, heading: string, optional: boolean): Promise<JsonValue | undefined | null> {
  const items = [{ label: 'true' }, { label: 'false' }, ...(optional ? [{ label: '(leave out)' }] : [])];
  const active = items.find((i) => i.label === String(previous));
  const picked = await vscode.window.showQuickPick(items, { title: heading, ignoreFocusOut: true, ...(active ? { placeHolder: `last: ${active.label}` } : {}) });
  if (!picked) return null;
  return picked.label === '(leave out)' ? undefined : picked.label === 'true';
}

async function pickFile(input: InputDescription, baseDir: vscode.Uri, heading: string): Promise<JsonValue | undefined | null> {
  const files = await vscode.window.showOpenDialog({ title: heading, canSelectMany: false, defaultUri: baseDir, openLabel: `Use as '${input.name}'` });
  const file = files?.[0];
  if (!file) return input.required ? null : undefined;
  const relative = vscode.workspace.asRelativePath(file, false);
  const parsed = parseInput(input, file.fsPath);
  return parsed.ok ? (input.type === 'fileGallery' ? { Filename: relative.split('/').pop() ?? relative, Data: file.fsPath } : file.fsPath) : null;
}

async function typeValue(input: InputDescription, previous: JsonValue | undefined, heading: string): Promise<JsonValue | undefined | null> {
  const text = await vscode.window.showInputBox({
    title: heading,
    value: shown(previous ?? input.default),
    prompt: input.description ?? (input.role === 'variable' ? 'Inserted into the body or header as written: quote strings, e.g. "SITE1".' : undefined),
    placeHolder: input.type === 'array' ? 'values separated by commas, or a JSON array' : input.required ? 'required' : 'leave empty to leave out',
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (value === '' && !input.required) return undefined;
      const parsed = parseInput(input, value);
      return parsed.ok ? undefined : parsed.message;
    },
  });
  if (text === undefined) return null;
  if (text === '' && !input.required) return undefined;
  const parsed = parseInput(input, text);
  return parsed.ok ? parsed.value : null;
}

/** Asks for every input in turn, starting from the last values; undefined when the user cancels (nothing is sent). */
export async function promptForValues(inputs: readonly InputDescription[], previous: Values, baseDir: vscode.Uri): Promise<Values | undefined> {
  const values: Values = {};
  for (const [index, input] of inputs.entries()) {
    const heading = title(input, index, inputs.length);
    const last = previous[input.name];
    let value: JsonValue | undefined | null;
    if (input.options) value = await pickOptions(input, last, heading);
    else if (input.type === 'boolean') value = await pickBoolean(last, heading, !input.required);
    else if (input.type === 'file' || input.type === 'stream' || input.type === 'fileGallery') value = await pickFile(input, baseDir, heading);
    else value = await typeValue(input, last, heading);
    if (value === null) return undefined;
    if (value !== undefined) values[input.name] = value;
  }
  return values;
}
