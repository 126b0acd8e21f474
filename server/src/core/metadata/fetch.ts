import { modify } from 'jsonc-parser';
import { textFormatting } from '../edits';
import type { TextEdit } from '../findings';
import type { ODataConnector } from '../model';
import { applyAuthorization } from '../request/auth';
import { redactText } from '../http/redact';
import type { SecretProvider } from '../request/types';
import type { TokenSource } from '../oauth2/types';
import { joinBase } from '../http/url';
import { sendRequest, type SendOptions } from '../http/send';
import type { ServiceMetadata } from './model';
import { readCsdl } from './readCsdl';
import { problemPlace } from './readXml';
import { MAX_METADATA_CHARS } from './xmlSafety';

/** A downloaded metadata document, checked to be OData V4 CSDL before anyone writes it down. */
export type FetchedMetadata =
  | { ok: true; text: string; service: ServiceMetadata; url: string }
  | { ok: false; code: 'invalid-connector' | 'missing-secret' | 'network' | 'status' | 'not-metadata'; message: string };

/** The url of a service's metadata document: `<baseUrl>/$metadata` (the base's own query kept). */
export function metadataUrl(baseUrl: string): string {
  return joinBase(baseUrl, '$metadata');
}

/** How a download signs in: the secrets by name, and where OAuth2 tokens come from (the same as for requests). */
export interface MetadataSignIn {
  secrets: SecretProvider;
  tokens: TokenSource;
}

/** Downloads `<baseUrl>/$metadata` with the connector's authorization and reads it, sent as `options` say; every failure is a value. */
export async function fetchMetadata(connector: ODataConnector, signIn: MetadataSignIn, options: SendOptions): Promise<FetchedMetadata> {
  const base = connector.baseUrl?.value;
  if (!base || !/^https?:\/\//i.test(base) || !URL.canParse(base)) return { ok: false, code: 'invalid-connector', message: "The connector has no valid 'baseUrl' (an absolute http or https URL); fix it first." };
  const url = metadataUrl(base);
  const authorized = await applyAuthorization(connector, { method: 'GET', url, headers: [['Accept', 'application/xml']], secrets: [], warnings: [], shaping: { kind: 'rest' } }, signIn.secrets, { tokens: signIn.tokens });
  if (!authorized.ok) {
    const problem = authorized.problems[0];
    if (problem?.code === 'token-endpoint') return { ok: false, code: 'network', message: problem.message };
    return { ok: false, code: problem?.code === 'missing-secret' ? 'missing-secret' : 'invalid-connector', message: problem?.message ?? 'The authorization cannot be applied.' };
  }
  const request = authorized.request;
  const sent = await sendRequest(request, { ...options, maxBytes: MAX_METADATA_CHARS * 2 });
  if (!sent.ok) return { ok: false, code: 'network', message: sent.failure.message };
  const { status, body, truncated } = sent.response;
  // A refused token (revoked, or expired early) must not be offered again.
  if (status === 401) request.signIn?.forget?.();
  if (status < 200 || status > 299) {
    const excerpt = redactText(body, request).replace(/\s+/g, ' ').trim().slice(0, 300);
    return { ok: false, code: 'status', message: `${url} answered ${status}${status === 401 || status === 403 ? ' (check the secret and the user)' : ''}${excerpt ? `: ${excerpt}` : ''}.` };
  }
  if (truncated) return { ok: false, code: 'not-metadata', message: `${url} sent more than ${MAX_METADATA_CHARS * 2 / 1024 / 1024} MB, above the limit for metadata documents; nothing was written.` };
  const read = readCsdl(body);
  if (!read.ok) return { ok: false, code: 'not-metadata', message: `What ${url} sent cannot be used as metadata: ${read.problem.message}${problemPlace(read.problem)}; nothing was written.` };
  return { ok: true, text: body, service: read.service, url };
}

/** Edits that add `"metadata": path` to a connector that lacks it, after baseUrl or connectorVersion, keeping the rest as written. */
export function addMetadataEdits(text: string, connector: ODataConnector, path: string): TextEdit[] {
  if (connector.metadata) return [];
  return modify(text, ['metadata'], path, {
    formattingOptions: textFormatting.of(text),
    getInsertionIndex: (properties) => {
      const after = ['connectorVersion', 'baseUrl'].map((p) => properties.indexOf(p)).find((i) => i >= 0);
      return after === undefined ? properties.length : after + 1;
    },
  });
}

/** A short account of a service for people: what its metadata declares. */
export function describeService(service: ServiceMetadata): string {
  const children = [...(service.container?.children.values() ?? [])];
  const count = (kind: string): number => children.filter((c) => c.kind === kind).length;
  const types = [...service.types.values()].filter((t) => t.kind === 'entityType').length;
  const parts = [`${count('entitySet')} entity set${count('entitySet') === 1 ? '' : 's'}`, `${types} entity type${types === 1 ? '' : 's'}`];
  if (count('singleton')) parts.push(`${count('singleton')} singleton${count('singleton') === 1 ? '' : 's'}`);
  const operations = [...service.operations.values()].reduce((n, list) => n + list.length, 0);
  if (operations) parts.push(`${operations} action${operations === 1 ? '' : 's'} and function${operations === 1 ? '' : 's'}`);
  return parts.join(', ');
}
