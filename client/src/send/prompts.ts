import * as vscode from 'vscode';
import { optionId, parseTyped, type InputDescription } from '../../../server/src/core';

/** What the user typed, by input name: the server reads these texts as `connector request --value` does. */
type Texts = Record<string, string>;

function title(input: InputDescription, index: number, count: number): string {
  const kind = input.role === 'variable' ? 'variable' : `${input.role} ${input.type}${input.format ? ` (${input.format})` : ''}`;
  return `${input.name} — ${kind}${input.required ? '' : ', optional'} (${index + 1}/${count})`;
}

async function pickOptions(input: InputDescription, previous: string | undefined, heading: string): Promise<string | undefined | null> {
  const options = input.options ?? [];
  const chosen = new Set((previous ?? '').split(',').map((s) => s.trim()));
  const items = options.map((option, i) => ({ label: `${optionId(i)} — ${option}`, id: optionId(i), picked: chosen.has(optionId(i)) }));
  const many = input.type === 'array';
  const picked = many
    ? await vscode.window.showQuickPick(items, { title: heading, canPickMany: true, ignoreFocusOut: true })
    : await vscode.window.showQuickPick(items, { title: heading, ignoreFocusOut: true }).then((one) => (one ? [one] : undefined));
  if (picked === undefined) return null;
  return picked.map((p) => p.id).join(',');
}

async function pickBoolean(previous: string | undefined, heading: string, optional: boolean): Promise<string | undefined | null> {
  const items = [{ label: 'true' }, { label: 'false' }, ...(optional ? [{ label: '(leave out)' }] : [])];
  const active = items.find((i) => i.label === previous);
  const picked = await vscode.window.showQuickPick(items, { title: heading, ignoreFocusOut: true, ...(active ? { placeHolder: `last: ${active.label}` } : {}) });
  if (!picked) return null;
  return picked.label === '(leave out)' ? undefined : picked.label;
}

async function pickFile(input: InputDescription, baseDir: vscode.Uri, heading: string): Promise<string | undefined | null> {
  const files = await vscode.window.showOpenDialog({ title: heading, canSelectMany: false, defaultUri: baseDir, openLabel: `Use as '${input.name}'` });
  const file = files?.[0];
  if (!file) return input.required ? null : undefined;
  // The server checks the file is inside the workspace (or an allowed folder) before anything is read.
  return file.fsPath;
}

async function typeValue(input: InputDescription, previous: string | undefined, heading: string): Promise<string | undefined | null> {
  const text = await vscode.window.showInputBox({
    title: heading,
    value: previous ?? input.default ?? '',
    prompt: input.description ?? (input.role === 'variable' ? 'Inserted into the body or header as written: quote strings, e.g. "SITE1".' : undefined),
    placeHolder: input.type === 'array' ? 'values separated by commas, or a JSON array' : input.required ? 'required' : 'leave empty to leave out',
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (value === '' && !input.required) return undefined;
      const parsed = parseTyped(input, value);
      return parsed.ok ? undefined : parsed.message;
    },
  });
  if (text === undefined) return null;
  if (text === '' && !input.required) return undefined;
  return parseTyped(input, text).ok ? text : null;
}

/** Asks for every input in turn, starting from the last texts; undefined when the user cancels (nothing is sent). */
export async function promptForValues(inputs: readonly InputDescription[], previous: Texts, baseDir: vscode.Uri): Promise<Texts | undefined> {
  const texts: Texts = {};
  for (const [index, input] of inputs.entries()) {
    const heading = title(input, index, inputs.length);
    const last = previous[input.name];
    let text: string | undefined | null;
    if (input.options) text = await pickOptions(input, last, heading);
    else if (input.type === 'boolean') text = await pickBoolean(last, heading, !input.required);
    else if (input.type === 'file' || input.type === 'stream' || input.type === 'fileGallery') text = await pickFile(input, baseDir, heading);
    else text = await typeValue(input, last, heading);
    if (text === null) return undefined;
    if (text !== undefined) texts[input.name] = text;
  }
  return texts;
}
