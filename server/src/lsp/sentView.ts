import {
  bodyShown, credentialDestinations, curlCommand, describePreview, describeRequest, parseJsonValue, redactRequest, stringifyExact, structureReport,
  type BuiltRequest, type ExactJson, type JsonValue, type SentRequest, type SuppliedValues,
} from '../core';
import type { RequestPreview } from '../protocol';
import type { SentView } from '../suiteProtocol';

/** The request as the user sees it: secrets redacted, files by name and size, where credentials go, and a curl command doing the same. */
export function preview(request: BuiltRequest): RequestPreview {
  const shown = redactRequest(request);
  return {
    method: shown.method,
    url: shown.url,
    headers: shown.headers,
    ...(shown.body ? { body: bodyShown(shown.body) } : {}),
    warnings: shown.warnings,
    curl: curlCommand(request),
    credentials: credentialDestinations(request),
    ...(request.tokenRequest ? { tokenRequest: describeRequest(request.tokenRequest) } : {}),
    text: describePreview(request),
  };
}

function parsed(text: string): JsonValue | undefined {
  const read = parseJsonValue(text);
  return read.ok ? read.value : undefined;
}

/** One sending as the result panel and the Testing view show it, redacted. */
export function sentView(request: BuiltRequest, values: SuppliedValues, sent: SentRequest): SentView {
  const structure = request.shaping.kind === 'odata' ? request.shaping.responseStructure : undefined;
  const raw = structure !== undefined ? parsed(sent.rawText) : undefined;
  return {
    preview: preview(request),
    result: sent.result,
    rawText: sent.rawText,
    responseHeaders: sent.responseHeaders,
    valuesJson: stringifyExact(values as { [key: string]: ExactJson }),
    ...(request.signIn ? { signIn: { tokenUrl: request.signIn.tokenUrl, clientId: request.signIn.clientId, fromCache: request.signIn.fromCache } } : {}),
    ...(structure !== undefined && raw !== undefined ? { structure: structureReport(raw, structure) } : {}),
    ...(request.shaping.kind === 'odata' ? { customRequest: true as const } : {}),
  };
}
