import { readCsdlXml, type MetadataRead } from './readXml';
import { readCsdlJson } from './readJson';

/** Reads a metadata document in either CSDL form: XML (`<edmx:Edmx>`) or JSON (`{ "$Version": ... }`). */
export function readCsdl(text: string): MetadataRead {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('{') ? readCsdlJson(start) : readCsdlXml(start);
}
