// A curl command pasted into a connector file (as it is, over one or more lines, or as a JSON string) found at the
// cursor, and the connector it becomes: the command taken out and imported into what is left, as an update keeps a
// file (comments and operations stay, the operation is added, the sign-in set when the file has none).
import { findNodeAtOffset, parse, type ParseError } from 'jsonc-parser';
import { parseJsonTree } from '../parse';
import { importRequestTexts, type RequestImportTexts } from './importSource';

/** A pasted command: where it stands in the file, and its text. */
export interface PastedCurl {
  start: number;
  end: number;
  command: string;
}

/** How far a pasted command is looked for, before the cursor and in all. */
const MAX_LINES_BACK = 200;
const MAX_COMMAND_CHARS = 1024 * 1024;
const CURL_START = /^[ \t]*(?:\$[ \t]+)?curl(?:\.exe)?[ \t]/;

/** Where a command starting at `start` ends: the first line break outside quotes that no backslash continues. */
function commandEnd(text: string, start: number): number {
  let quote: "'" | '"' | 'ansi' | undefined;
  const limit = Math.min(text.length, start + MAX_COMMAND_CHARS);
  for (let i = start; i < limit; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
    } else if (quote) {
      if (c === '\\') i++;
      else if ((quote === '"' && c === '"') || (quote === 'ansi' && c === "'")) quote = undefined;
    } else if (c === '\\') i++;
    else if (c === "'") quote = "'";
    else if (c === '"') quote = '"';
    else if (c === '$' && text[i + 1] === "'") {
      quote = 'ansi';
      i++;
    } else if (c === '\n') return text[i - 1] === '\r' ? i - 1 : i;
  }
  return limit;
}

/** The curl command at an offset: a JSON string holding one, or command text pasted into the file. */
export function pastedCurlAt(text: string, offset: number): PastedCurl | undefined {
  const parsed = parseJsonTree(text, { allowTrailingComma: true });
  const root = 'root' in parsed ? parsed.root : undefined;
  const node = root ? findNodeAtOffset(root, offset, true) : undefined;
  if (node?.type === 'string' && typeof node.value === 'string' && CURL_START.test(node.value)) {
    return { start: node.offset, end: node.offset + node.length, command: node.value };
  }
  let lineStart = text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
  for (let back = 0; back < MAX_LINES_BACK; back++) {
    const lineEnd = text.indexOf('\n', lineStart);
    const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
    if (CURL_START.test(line)) {
      const start = lineStart + (/^[ \t]*(?:\$[ \t]+)?/.exec(line)?.[0].length ?? 0);
      const end = commandEnd(text, start);
      return offset <= end ? { start, end, command: text.slice(start, end) } : undefined;
    }
    if (lineStart === 0) return undefined;
    lineStart = text.lastIndexOf('\n', lineStart - 2) + 1;
  }
  return undefined;
}

/**
 * Where the spaces and tabs before `end` begin. Counted back from `end`: a search for them from the front starts again
 * at every blank of each long run before them (/[ \t]*$/ took 20 s on a run of 200,000 spaces anywhere in the file).
 */
function blanksStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && (text.charCodeAt(start - 1) === 0x20 || text.charCodeAt(start - 1) === 0x09)) start--;
  return start;
}

/** The file without the command; a comma left doubled, or first in an array, by taking it out is taken out too. */
function withoutCommand(text: string, pasted: PastedCurl): string {
  const before = text.slice(0, blanksStart(text, pasted.start));
  let after = text.slice(pasted.end);
  const beforeTrimmed = before.trimEnd();
  if (/^\s*,/.test(after) && (beforeTrimmed.endsWith(',') || beforeTrimmed.endsWith('['))) after = after.replace(/^\s*,/, '');
  // A line that only held the command goes with it.
  if (before.endsWith('\n') && /^\r?\n/.test(after)) after = after.replace(/^\r?\n/, '');
  return before + after;
}

/** The connector (and values file) once the pasted command is an operation of it; why not, when the rest is not a REST connector. */
export function convertPastedCurl(text: string, pasted: PastedCurl, options: { existingValuesText?: string; filePath?: (path: string) => string } = {}): ({ ok: true } & RequestImportTexts) | { ok: false; message: string } {
  const rest = withoutCommand(text, pasted);
  const errors: ParseError[] = [];
  parse(rest, errors, { allowTrailingComma: true });
  if (errors.length > 0) return { ok: false, message: 'Without the curl command the file is not valid JSON; fix the file around it first.' };
  return importRequestTexts({
    kind: 'curl',
    text: pasted.command,
    label: 'a pasted curl command',
    existingText: rest,
    ...(options.existingValuesText !== undefined ? { existingValuesText: options.existingValuesText } : {}),
    ...(options.filePath ? { filePath: options.filePath } : {}),
  });
}
