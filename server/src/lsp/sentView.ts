import {
  bodyShown, credentialDestinations, curlCommand, describePreview, describeRequest, nextPageUrl, parseExact, portableResult, redactRequest, stringifyExact, structureReport,
  type BuiltRequest, type ExactJson, type NetworkSettings, type SentRequest, type SuppliedValues,
} from '../core';
import type { RequestPreview, SentView } from '../protocol';

/**
 * The request as the user sees it: secrets redacted, files by name and size, where credentials go, how each hop
 * travels under `network`, and a curl command doing the same through it.
 */
export function preview(request: BuiltRequest, network: NetworkSettings | undefined): RequestPreview {
  const shown = redactRequest(request);
  return {
    method: shown.method,
    url: shown.url,
    headers: shown.headers,
    ...(shown.body ? { body: bodyShown(shown.body) } : {}),
    warnings: shown.warnings,
    curl: curlCommand(request, network),
    credentials: credentialDestinations(request),
    ...(request.tokenRequest ? { tokenRequest: describeRequest(request.tokenRequest) } : {}),
    text: describePreview(request, network),
  };
}

/** One sending as the result panel and the Testing view show it, redacted. */
export function sentView(request: BuiltRequest, values: SuppliedValues, sent: SentRequest, network: NetworkSettings | undefined): SentView {
  const structure = request.shaping.kind === 'odata' ? request.shaping.responseStructure : undefined;
  const raw = structure !== undefined ? parseExact(sent.rawText) : undefined;
  const nextPage = nextPageUrl(request, sent.rawText, sent.responseHeaders);
  return {
    preview: preview(request, network),
    result: portableResult(sent.result),
    rawText: sent.rawText,
    responseHeaders: sent.responseHeaders,
    valuesJson: stringifyExact(values as { [key: string]: ExactJson }),
    ...(request.signIn ? { signIn: { tokenUrl: request.signIn.tokenUrl, clientId: request.signIn.clientId, fromCache: request.signIn.fromCache } } : {}),
    ...(structure !== undefined && raw?.ok ? { structure: structureReport(raw.value, structure) } : {}),
    // A Custom request's result has data only when the answer is JSON (and a success), not nested past the limit.
    ...(request.shaping.kind === 'odata' && sent.result.data !== undefined ? { canUseAsStructure: true as const } : {}),
    ...(nextPage !== undefined && sent.result.pages === undefined ? { nextPageUrl: nextPage } : {}),
  };
}
