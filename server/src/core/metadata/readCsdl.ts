import { readCsdlXml, type MetadataProblem, type MetadataRead } from './readXml';
import { readCsdlJson } from './readJson';

/** Reads a metadata document in either CSDL form: XML (`<edmx:Edmx>`) or JSON (`{ "$Version": ... }`). */
export function readCsdl(text: string): MetadataRead {
  // A byte order mark is not part of the text an editor shows; white space before the document is tolerated, and a
  // problem's place is counted in the text as written.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const start = body.trimStart();
  const read = start.startsWith('{') ? readCsdlJson(start) : readCsdlXml(start);
  if (read.ok || read.problem.line === undefined || start.length === body.length) return read;
  return { ok: false, problem: shiftedBy(read.problem, body.slice(0, body.length - start.length)) };
}

/** The problem's place in a text that has `skipped` before the part that was read. */
function shiftedBy(problem: MetadataProblem, skipped: string): MetadataProblem {
  const lines = skipped.split('\n');
  const lastLine = lines[lines.length - 1] ?? '';
  const line = (problem.line ?? 1) + lines.length - 1;
  const column = problem.column !== undefined && problem.line === 1 ? problem.column + lastLine.length : problem.column;
  return { ...problem, line, ...(column !== undefined ? { column } : {}) };
}
