import type { SentView } from '../../../server/src/protocol';
import type { ResultView } from '../webview/protocol';

/** What the panel shows for one sending (already redacted by the server), from Send Request or a test case. */
export function resultViewOf(operationId: string, sent: SentView, extras: { environment?: string; source?: string } = {}): ResultView {
  return {
    operationId,
    request: { method: sent.preview.method, url: sent.preview.url, headers: sent.preview.headers, ...(sent.preview.body !== undefined ? { body: sent.preview.body } : {}) },
    result: sent.result,
    rawText: sent.rawText,
    receivedAt: new Date().toISOString(),
    responseHeaders: sent.responseHeaders,
    valuesJson: sent.valuesJson,
    canSaveAsExpectation: sent.result.status !== 0,
    canUseAsStructure: sent.canUseAsStructure === true,
    ...(sent.signIn ? { signIn: { tokenUrl: sent.signIn.tokenUrl, fromCache: sent.signIn.fromCache } } : {}),
    ...(sent.preview.credentials.length ? { credentials: sent.preview.credentials } : {}),
    ...(sent.preview.tokenRequest !== undefined ? { tokenRequest: sent.preview.tokenRequest } : {}),
    ...(sent.structure ? { structure: sent.structure } : {}),
    ...(sent.nextPageUrl !== undefined ? { nextPageUrl: sent.nextPageUrl } : {}),
    ...(sent.etagFollowUps !== undefined ? { etagFollowUps: sent.etagFollowUps } : {}),
    ...(extras.environment !== undefined ? { environment: extras.environment } : {}),
    ...(extras.source !== undefined ? { source: extras.source } : {}),
  };
}
