// The result of an OData batch: one entry per item, in the batch's order, each shaped as its Custom request's own
// result would be; a failed change set shows what happened to each of its items.
import { isJsonObject, stringifyExact, type ExactJson } from '../values/exactJson';
import { parseExact } from '../values/exactParse';
import { batchUnits, parseMultipartBatch, type AnswerUnit, type PartResponse } from './batchResponse';
import { shapeResult } from './result';
import type { BatchPartShaping, ConnectorResult, ReceivedResponse, ResultShaping } from './types';

type BatchShaping = Extract<ResultShaping, { kind: 'odataBatch' }>;

/** What one item got back: a response of its own, or why it has none. */
type ItemAnswer = { response: PartResponse; note?: string } | { missing: string };

/** A JSON batch answer (OData 4.01): its responses by id. */
function jsonAnswers(body: string, count: number): Map<string, PartResponse> | string {
  const parsed = parseExact(body);
  const responses = parsed.ok && isJsonObject(parsed.value) ? parsed.value.responses : undefined;
  if (!Array.isArray(responses)) return 'The answer is not a JSON batch answer (an object with a "responses" array).';
  const byId = new Map<string, PartResponse>();
  for (const entry of responses.slice(0, count * 2 + 16)) {
    if (!isJsonObject(entry) || typeof entry.id !== 'string') continue;
    const headers: Record<string, string> = {};
    if (isJsonObject(entry.headers)) for (const [name, value] of Object.entries(entry.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
    const status = Number(typeof entry.status === 'object' ? stringifyExact(entry.status) : entry.status);
    const body = entry.body === undefined ? '' : typeof entry.body === 'string' && !/json/i.test(headers['content-type'] ?? 'json') ? entry.body : stringifyExact(entry.body);
    byId.set(entry.id, { status: Number.isInteger(status) ? status : 0, statusText: '', headers, body, contentId: entry.id });
  }
  return byId;
}

/** Assigns the multipart answer's units to the items, unit by unit as they were sent. */
function multipartAnswers(parts: readonly BatchPartShaping[], units: readonly AnswerUnit[], complete: boolean): ItemAnswer[] {
  const answers: ItemAnswer[] = parts.map(() => ({
    missing: complete
      ? 'The service sent no answer for this item: it stops at the first failing request unless the batch asks it to go on (header Prefer: odata.continue-on-error).'
      : 'The answer was cut (size limit or a broken connection) before this item\'s part.',
  }));
  batchUnits(parts.map((p) => p.changeSet)).forEach((sent, u) => {
    const unit = units[u];
    if (!unit) return;
    const items = sent.kind === 'single' ? [sent.item] : sent.items;
    if (unit.kind === 'unreadable') return void items.forEach((i) => (answers[i] = { missing: unit.message }));
    if (unit.kind === 'response' && sent.kind === 'changeSet' && items.length > 1) {
      // A failed change set is answered by one response: the failing item's, when its Content-ID says which.
      const culprit = items.find((i) => unit.response.contentId === String(i + 1));
      const note = `Change set '${sent.name}' failed${culprit !== undefined ? ` at item ${culprit + 1}` : ''} (HTTP ${unit.response.status}); none of its changes were applied.`;
      for (const i of items) answers[i] = i === culprit || culprit === undefined ? { response: unit.response, note } : { response: { ...unit.response, body: '' }, note };
      return;
    }
    const responses = unit.kind === 'response' ? [unit.response] : unit.responses;
    items.forEach((item, k) => {
      const response = responses.find((r) => r.contentId === String(item + 1)) ?? (responses.every((r) => r.contentId === undefined) ? responses[k] : undefined);
      if (response) answers[item] = { response };
    });
  });
  return answers;
}

/**
 * A JSON batch answers every item of a failed atomicity group on its own, some with the success they had before
 * the group was undone: each item of the group is told that none of its changes were applied.
 */
function noteFailedGroups(parts: readonly BatchPartShaping[], answers: ItemAnswer[]): ItemAnswer[] {
  for (const unit of batchUnits(parts.map((p) => p.changeSet))) {
    if (unit.kind !== 'changeSet') continue;
    const culprit = unit.items.find((i) => {
      const answer = answers[i] as ItemAnswer;
      return 'missing' in answer || answer.response.status >= 400;
    });
    if (culprit === undefined) continue;
    const answer = answers[culprit] as ItemAnswer;
    const status = 'missing' in answer ? 'no answer' : `HTTP ${answer.response.status}`;
    const note = `Change set '${unit.name}' failed at item ${culprit + 1} (${status}); none of its changes were applied.`;
    for (const i of unit.items) {
      const one = answers[i] as ItemAnswer;
      answers[i] = 'missing' in one ? { missing: `${note} ${one.missing}` } : { response: one.response, note };
    }
  }
  return answers;
}

/** One item's entry: `{ status, headers?, data, errors }` shaped by its Custom request; its warnings go to the batch's. */
function itemEntry(part: BatchPartShaping, position: number, answer: ItemAnswer, totalMs: number, warnings: string[]): { entry: { [key: string]: ExactJson }; failed?: string } {
  const label = `Item ${position} ('${part.requestId}')`;
  if ('missing' in answer) return { entry: { status: 0, data: null, errors: [answer.missing] }, failed: `${label}: ${answer.missing}` };
  const { response } = answer;
  const received: ReceivedResponse = { status: response.status, statusText: response.statusText, headers: response.headers, body: response.body, truncated: false, totalMs };
  const shaped = shapeResult(part.shaping, received, []);
  warnings.push(...shaped.warnings.map((w) => `${label}: ${w}`));
  const errors = answer.note ? [answer.note, ...shaped.errors] : shaped.errors;
  const entry: { [key: string]: ExactJson } = { status: response.status, ...(shaped.headers ? { headers: shaped.headers } : {}), data: shaped.data ?? null, errors };
  return { entry, ...(errors.length ? { failed: `${label}: ${errors.join(' ')}` } : {}) };
}

/** The result of a batch: its own status, and per item the result its Custom request would give. */
export function shapeBatchResult(shaping: BatchShaping, response: ReceivedResponse, buildWarnings: readonly string[]): ConnectorResult {
  const whole = (): ConnectorResult =>
    shapeResult({ kind: 'odata', operation: 'action', includeHeaders: shaping.includeHeaders, includeEntityDescriptor: false, metadataLevel: 'minimal' }, response, buildWarnings);
  if (response.status < 200 || response.status >= 300) return whole();
  const warnings = [...buildWarnings];
  let answers: ItemAnswer[];
  if (shaping.format === 'json') {
    const byId = jsonAnswers(response.body, shaping.parts.length);
    if (typeof byId === 'string') return { ...whole(), errors: [byId] };
    answers = noteFailedGroups(
      shaping.parts,
      shaping.parts.map((_, i) => {
        const found = byId.get(String(i + 1));
        return found ? { response: found } : { missing: response.truncated ? "The answer was cut (size limit) before this item's response." : 'The service sent no response for this item.' };
      }),
    );
  } else {
    const parsed = parseMultipartBatch(response.headers['content-type'], response.body);
    if (!parsed.ok) return { ...whole(), errors: [parsed.message], data: response.body };
    const expected = batchUnits(shaping.parts.map((p) => p.changeSet)).length;
    if (parsed.units.length > expected) warnings.push(`The answer has ${parsed.units.length} parts for ${expected} sent; the extra ones are ignored.`);
    answers = multipartAnswers(shaping.parts, parsed.units, parsed.complete && !response.truncated);
  }
  const errors: string[] = [];
  const data = shaping.parts.map((part, i) => {
    const { entry, failed } = itemEntry(part, i + 1, answers[i] as ItemAnswer, response.totalMs, warnings);
    if (failed) errors.push(failed);
    return entry;
  });
  if (response.truncated) warnings.push('The response was cut at the size limit; items after the cut have no answer.');
  return {
    status: response.status,
    errors,
    warnings,
    data,
    ...(shaping.includeHeaders ? { headers: response.headers } : {}),
    timing: { totalMs: response.totalMs },
    ...(response.truncated ? { truncated: true } : {}),
    ...(response.redirects?.length ? { redirects: response.redirects } : {}),
    batchItems: shaping.parts.map((p) => ({ request: p.requestId, ...(p.changeSet !== undefined ? { changeSet: p.changeSet } : {}) })),
  };
}
