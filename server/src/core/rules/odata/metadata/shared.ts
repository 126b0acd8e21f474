import type { Fix, Span } from '../../../findings';
import { analyzeRequest, type RequestAnalysis } from '../../../metadata/request';
import type { ServiceMetadata } from '../../../metadata/model';
import type { Range } from '../../../metadata/pathSyntax';
import type { PathProblem } from '../../../metadata/resourcePath';
import type { CustomRequest } from '../../../model';
import type { CustomRequestContext } from '../../types';

/** The problems of a request whose url has no resolved path: none, one list for all. */
export const NO_PATH_PROBLEMS: readonly PathProblem[] = [];

/** The service's metadata, when the connector names a metadata file that could be read. */
export function serviceOf(context: CustomRequestContext<'baseUrl'>): ServiceMetadata | undefined {
  return context.metadata?.ok ? context.metadata.service : undefined;
}

/** A Custom request's analysis against the service (made once for all the rules); undefined without metadata. */
export function analyzed(request: CustomRequest, context: CustomRequestContext<'baseUrl'>): RequestAnalysis | undefined {
  const service = serviceOf(context);
  return service ? analyzeRequest(service, context.connector, request, context.text) : undefined;
}

/** Text as it goes inside a JSON string of the connector file. */
export function inJsonString(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Fixes from replacements in a string value (url, option, body), mapped into the connector file. */
export function fixesOf(replacements: readonly { range: Range; text: string; title: string }[] | undefined, span: (range: Range) => Span, raw = false): Fix[] {
  return (replacements ?? []).map((r, i) => {
    const at = span(r.range);
    return { title: r.title, edits: [{ offset: at.offset, length: at.length, content: raw ? r.text : inJsonString(r.text) }], ...(i === 0 ? { preferred: true } : {}) };
  });
}
