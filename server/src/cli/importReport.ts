// What every `connector import` prints on stderr after writing: notes on what the platform cannot hold, and the
// connector checks' findings on the written text. And the existing file an import updates.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { LineIndex, type Finding, type ImportNote } from '../core';
import { keepingByteOrderMark, readJsonFile, type JsonFileText } from '../io/jsonText';
import type { CliIo } from './io';
import { describeFsError } from './usage';

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

/** The connector file an import writes (`--out`, resolved) and its text when it exists; undefined (said on stderr) when it cannot be read. */
export async function readImportTarget(io: CliIo, out: string | undefined): Promise<{ path?: string; existing?: JsonFileText } | undefined> {
  if (out === undefined) return {};
  const path = resolve(io.cwd, out);
  try {
    return { path, existing: await readJsonFile(path) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path };
    io.stderr(`connector import: cannot read ${out}: ${describeFsError(error)}.\nNothing was written.\n`);
    return undefined;
  }
}

/**
 * Writes an import's connector text to `out` (an existing file keeps its byte-order mark), or prints it without
 * `out`; false, said on stderr, when it cannot be written.
 */
export async function writeImported(io: CliIo, out: { path: string; shown: string } | undefined, existing: JsonFileText | undefined, text: string): Promise<boolean> {
  if (!out) {
    io.stdout(text);
    return true;
  }
  try {
    await writeFile(out.path, existing === undefined ? text : keepingByteOrderMark(existing, text), 'utf8');
    return true;
  } catch (error) {
    io.stderr(`connector import: cannot write ${out.shown}: ${describeFsError(error)}.\n`);
    return false;
  }
}

/** An update's changes, one per line, or that nothing changed. */
export function formatChanges(changes: readonly string[]): string {
  return changes.length ? changes.map((c) => `  ${c}\n`).join('') : '  Nothing changed.\n';
}
