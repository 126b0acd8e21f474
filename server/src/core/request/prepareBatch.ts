// A batch's items prepared as the Custom requests they name would be on their own (values checked, body files read
// through the file step, each built), then put together as one $batch request.
import { listedNames } from '../closeMatches';
import { newBoundary } from '../http/body';
import type { BatchItem, CustomRequest, ODataConnector } from '../model';
import { readValues } from '../values/read';
import { isJsonObject } from '../values/exactJson';
import { ODATA_BATCH } from '../vocabulary';
import { buildBatchRequest, type BatchItemBuilt } from './batch';
import type { FileAccess } from './files';
import { describeInputs, odataBodyFile, unitWithId } from './inputs';
import { buildODataRequest, odataTexts } from './odata';
import type { BuildOutcome, BuildProblem } from './types';

/** The texts of a Custom request's body file, by the path it names (empty when it has none); a file that cannot be read is a problem. */
export async function readBodyFile(request: CustomRequest, files: FileAccess, baseDir: string, problems: BuildProblem[]): Promise<Map<string, string>> {
  const bodyTexts = new Map<string, string>();
  const bodyFile = odataBodyFile(request);
  if (bodyFile === undefined) return bodyTexts;
  const found = await files.find(bodyFile, baseDir);
  const read = found.ok ? await files.readText(found.file) : found;
  if (read.ok) bodyTexts.set(bodyFile, read.text);
  else problems.push(read.problem);
  return bodyTexts;
}

const KNOWN_IDS = new WeakMap<ODataConnector, string>();

/**
 * The ids an item may name, as a message lists them (twenty and how many more), made once per connector: the same
 * lookup and list as the file's check, so a batch of thousands of items is not a search and a list per item.
 */
function knownRequestIds(connector: ODataConnector): string {
  let known = KNOWN_IDS.get(connector);
  if (known === undefined) {
    known = listedNames(connector.customRequests.filter((r) => r.operation?.value !== ODATA_BATCH).map((r) => r.id?.value ?? ''), (id) => `'${id}'`);
    KNOWN_IDS.set(connector, known);
  }
  return known;
}

/** A problem of one item, saying which item it is about. */
function ofItem(problem: BuildProblem, position: number, id: string): BuildProblem {
  return { ...problem, message: `Item ${position} ('${id}'): ${problem.message}` };
}

async function buildItem(connector: ODataConnector, item: BatchItem, files: FileAccess, baseDir: string, problems: BuildProblem[]): Promise<BatchItemBuilt | undefined> {
  const position = item.index + 1;
  const id = item.request?.value ?? '';
  const request = unitWithId(connector, id) as CustomRequest | undefined;
  if (!request || request.operation?.value === ODATA_BATCH) {
    const known = knownRequestIds(connector);
    problems.push({ code: 'unknown-operation', message: `Item ${position} names ${request ? `the batch '${id}'; a batch holds Custom requests, not batches` : `'${id}', which is no Custom request of this file`}.${known ? ` Known: ${known}.` : ''}` });
    return undefined;
  }
  const own: BuildProblem[] = [];
  const bodyTexts = await readBodyFile(request, files, baseDir, own);
  const inputs = describeInputs(connector, id, bodyTexts) ?? [];
  const given = item.exactValues;
  if (given !== undefined && !isJsonObject(given)) own.push({ code: 'invalid-value', message: "'values' must be an object: name → value." });
  const read = readValues(inputs, isJsonObject(given) ? { values: given } : {});
  for (const { name, message } of read.problems) own.push({ code: 'invalid-value', name, message: `'${name}': ${message}` });
  const texts = odataTexts(request, inputs, read.values, own);
  const bodyFile = odataBodyFile(request);
  const built = own.length ? undefined : buildODataRequest(connector, request, texts, bodyFile === undefined ? undefined : bodyTexts.get(bodyFile));
  if (built && !built.ok) own.push(...built.problems);
  problems.push(...own.map((p) => ofItem(p, position, id)));
  if (!built?.ok) return undefined;
  return { request: built.request, requestId: id, ...(item.changeSet ? { changeSet: item.changeSet.value } : {}) };
}

/** Builds a batch Custom request from its items; every item's problems are listed at once, each naming its item. */
export async function buildBatch(connector: ODataConnector, batch: CustomRequest, files: FileAccess, baseDir: string, nextBoundary: () => string = newBoundary): Promise<BuildOutcome> {
  const problems: BuildProblem[] = [];
  const built: BatchItemBuilt[] = [];
  for (const item of batch.requests ?? []) {
    const one = await buildItem(connector, item, files, baseDir, problems);
    if (one) built.push(one);
  }
  if (problems.length) return { ok: false, problems };
  return buildBatchRequest(connector, batch, built, nextBoundary);
}
