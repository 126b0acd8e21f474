// What every `connector import` prints on stderr after writing: notes on what the platform cannot hold, and the
// connector checks' findings on the written text. And the existing file an import updates.
import { LineIndex, type Finding, type ImportNote } from '../core';
import { readJsonFile, type JsonFileText } from '../io/jsonText';

/** Notes grouped by where they apply, one line each, as the report of an import or export prints them. */
export function formatNotes(notes: readonly ImportNote[]): string {
  const byPlace = new Map<string, ImportNote[]>();
  for (const note of notes) byPlace.set(note.where, [...(byPlace.get(note.where) ?? []), note]);
  const lines: string[] = [];
  for (const [where, group] of byPlace) {
    lines.push(`  ${where}`);
    for (const note of group) lines.push(`    ${note.kind === 'left-out' ? 'left out' : 'changed '}  ${note.reason}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** The findings of the checks on a written connector, each at its line and column. */
export function formatFindings(text: string, findings: readonly Finding[]): string {
  if (findings.length === 0) return '';
  const lines = new LineIndex(text);
  return `The connector needs attention (run connector lint):\n${findings.map((f) => {
    const p = lines.positionAt(f.offset);
    return `  ${p.line + 1}:${p.character + 1}  ${f.message}  ${f.code}\n`;
  }).join('')}`;
}

/** The file as read from disk, or undefined when there is none. */
export async function readOptional(path: string): Promise<JsonFileText | undefined> {
  try {
    return await readJsonFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
