// Which Custom requests an answer's ETag can be sent with next (e.g. update or delete the entity just read), and
// with which values: the ETag for the placeholder of their If-Match header, the answer's values of the same names
// (case-insensitive) for their other inputs. Only defaults for the prompts: the user confirms each value and sends.
import { looksLikeCredential } from '../credentialNames';
import { headerEntry, type Connector } from '../model';
import { variablePlaceholders } from '../placeholders';
import { isJsonObject, JsonNumber, stringifyExact, type ExactJson } from '../values/exactJson';
import { describeInputs } from './inputs';

/** One Custom request the ETag can be sent with, and the texts its prompts start from, by input name. */
export interface EtagFollowUp {
  operationId: string;
  /** [input name, text] pairs: the ETag for its placeholder, the answer's values for the others it names. */
  texts: [string, string][];
}

/** An answer's ETag and what it can be sent with; `refused` says why an ETag was not offered. */
export interface EtagFollowUps {
  etag?: string;
  refused?: string;
  followUps: EtagFollowUp[];
}

// An entity tag is visible ASCII (RFC 9110 etagc, W/ and quotes included): anything else, CR/LF above all, could
// add a header line when inserted into If-Match, so such an ETag is refused rather than offered.
const ENTITY_TAG = /^[\x21-\x7e]{1,1024}$/;

function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

/** The answer's own members by lower-case name; a name given twice with different case is ambiguous and left out. */
function membersByName(data: ExactJson | undefined): Map<string, ExactJson> {
  const members = new Map<string, ExactJson>();
  const ambiguous = new Set<string>();
  if (!isJsonObject(data)) return members;
  for (const key of Object.keys(data)) {
    const name = key.toLowerCase();
    if (members.has(name)) ambiguous.add(name);
    members.set(name, data[key] as ExactJson);
  }
  for (const name of ambiguous) members.delete(name);
  return members;
}

/** A scalar value as a prompt's text: strings as they are, numbers with every digit; JSON text for a body variable. */
function promptText(value: ExactJson, asJson: boolean): string | undefined {
  if (value === null || typeof value === 'object' && !(value instanceof JsonNumber)) return undefined;
  if (asJson) return stringifyExact(value);
  if (value instanceof JsonNumber) return value.text;
  return String(value);
}

/**
 * The Custom requests of a connector (other than the one answered) that name a `{{variable}}` in their If-Match
 * header and whose other required inputs the answer's values fill; the ETag comes from the response's ETag header,
 * else the data's `@odata.etag`. Inputs that may hold a credential
 * (other than the If-Match variable) are never filled.
 */
export function etagFollowUps(connector: Connector, answeredId: string, data: ExactJson | undefined, headers: Readonly<Record<string, string>>): EtagFollowUps {
  const dataTag = isJsonObject(data) && Object.hasOwn(data, '@odata.etag') ? data['@odata.etag'] : undefined;
  const etag = headerValue(headers, 'etag') ?? (typeof dataTag === 'string' ? dataTag : undefined);
  if (etag === undefined || connector.kind !== 'odata') return { followUps: [] };
  if (!ENTITY_TAG.test(etag)) return { refused: 'The answer\'s ETag has characters an ETag cannot have (spaces, control characters or line breaks); it is not offered.', followUps: [] };
  const members = membersByName(data);
  const followUps: EtagFollowUp[] = [];
  for (const request of connector.customRequests) {
    const id = request.id?.value;
    if (id === undefined || id === answeredId) continue;
    const ifMatch = headerEntry(request.headers, 'If-Match')?.value;
    const etagNames = new Set(variablePlaceholders(ifMatch ?? '').map((p) => p.name));
    if (etagNames.size === 0) continue;
    const inputs = describeInputs(connector, id) ?? [];
    const texts: [string, string][] = [];
    let complete = true;
    for (const input of inputs) {
      // A header's variable may hold a credential, but the one If-Match names holds the ETag (unless named like a credential).
      if (etagNames.has(input.name) && !looksLikeCredential(input.name)) {
        texts.push([input.name, etag]);
        continue;
      }
      if (input.mayHoldCredential) continue;
      const value = members.get(input.name.toLowerCase());
      const text = value === undefined ? undefined : promptText(value, input.role === 'variable');
      if (text !== undefined) texts.push([input.name, text]);
      else if (input.required) complete = false;
    }
    if (complete && texts.some(([name]) => etagNames.has(name))) followUps.push({ operationId: id, texts });
  }
  return { etag, followUps };
}
