import type { Fix, Span } from '../../../findings';
import { analyzeRequest, type RequestAnalysis } from '../../../metadata/request';
import type { ServiceMetadata } from '../../../metadata/model';
import type { Range } from '../../../metadata/pathSyntax';
import type { CustomRequest, ODataConnector } from '../../../model';
import type { RuleContext } from '../../types';

/** The service's metadata, when the connector names a metadata file that could be read. */
export function serviceOf(context: RuleContext): ServiceMetadata | undefined {
  return context.metadata?.ok ? context.metadata.service : undefined;
}

/** Runs `check` on each Custom request with its analysis against the service; nothing without metadata. */
export function eachAnalyzed(connector: ODataConnector, context: RuleContext, check: (request: CustomRequest, analysis: RequestAnalysis) => void): void {
  const service = serviceOf(context);
  if (!service) return;
  for (const request of connector.customRequests) check(request, analyzeRequest(service, connector, request, context.text));
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
