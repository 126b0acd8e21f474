import { headerProblem, setContentLength, setHeader } from '../http/headers';
import { againstBase, appendQuery, encodeComponent, encodeODataComponent, fillPath, splitUrl } from '../http/url';
import type { CustomRequest, ODataConnector } from '../model';
import { fillPathPlaceholders, fillVariablePlaceholders, pathPlaceholders } from '../placeholders';
import { checkValue } from '../values/check';
import { scalarText } from '../values/write';
import { isOneOf, METADATA_LEVELS, ODATA_METHOD, ODATA_OPERATIONS, ODATA_OPERATIONS_WITH_BODY } from '../vocabulary';
import { firstJsonError } from './bodyTemplate';
import type { InputDescription } from './inputs';
import type { BuildOutcome, BuildProblem, SuppliedValues } from './types';

/** A Custom request's values as the text each is inserted as (checked and written by the values module). */
export type ODataTexts = ReadonlyMap<string, string>;

/** A Custom request's values as the text each is inserted as; unknown names and bad values are problems. */
export function odataTexts(request: CustomRequest, inputs: readonly InputDescription[], values: SuppliedValues, problems: BuildProblem[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const name of Object.keys(values)) {
    if (!inputs.some((i) => i.name === name)) problems.push({ code: 'unknown-value', name, message: `Custom request '${request.id?.value ?? ''}' has no path parameter, query option or variable '${name}'.` });
  }
  for (const description of inputs) {
    const supplied = values[description.name];
    const raw = supplied !== undefined && supplied !== null ? supplied : description.default;
    if (raw === undefined || raw === null) continue;
    const checked = checkValue(description, raw);
    if (!checked.ok) problems.push({ code: 'invalid-value', name: description.name, message: `'${description.name}' ${checked.message}.` });
    else texts.set(description.name, scalarText(checked.value));
  }
  return texts;
}

/** Replaces {{variables}} as text, as the platform does; a variable without a value is a problem. */
function fillVariables(text: string, values: ODataTexts, where: string, problems: BuildProblem[]): string {
  return fillVariablePlaceholders(text, (name) => {
    const value = values.get(name);
    if (value === undefined && !problems.some((p) => p.name === name)) problems.push({ code: 'missing-value', name, message: `Variable '${name}' (in the ${where}) needs a value.` });
    return value;
  });
}

/**
 * Builds an OData Custom request from its values' texts. Pure: a body file's template is read by the file step
 * and passed in as `bodyTemplate`.
 */
export function buildODataRequest(connector: ODataConnector, request: CustomRequest, values: ODataTexts, bodyTemplate: string | undefined): BuildOutcome {
  const problems: BuildProblem[] = [];
  const operation = request.operation?.value;
  const rawUrl = request.url?.value;
  if (!isOneOf(ODATA_OPERATIONS, operation) || rawUrl === undefined) {
    return { ok: false, problems: [{ code: 'invalid-connector', message: `Custom request '${request.id?.value ?? ''}' needs a valid 'operation' and 'url'; fix the file first.` }] };
  }
  const onlyPath = request.parameterMode?.value === 'onlyPath';
  for (const { name } of pathPlaceholders(rawUrl)) {
    if (!values.has(name)) problems.push({ code: 'missing-value', name, message: `Path parameter '${name}' needs a value.` });
  }
  // Path parameters: encoded as a REST path's are, in 'queryAndPath'; inserted as given in 'onlyPath', where they
  // may be any part of the url.
  const filledUrl = onlyPath
    ? fillPathPlaceholders(rawUrl, (name) => values.get(name))
    : fillPath(rawUrl, (name) => {
        const value = values.get(name);
        return value === undefined ? undefined : encodeODataComponent(value);
      });
  let url = againstBase(connector.baseUrl?.value ?? '', filledUrl);
  if (!onlyPath) {
    const pairs: string[] = [];
    for (const entry of request.query?.entries ?? []) {
      const value = values.get(entry.name);
      if (value === undefined || value === '') continue;
      // OData options keep their quotes and parentheses readable: encodeURIComponent leaves them alone.
      pairs.push(`${encodeComponent(entry.name).replace(/^%24/, '$')}=${encodeODataComponent(value)}`);
    }
    url = appendQuery(url, pairs);
  }
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url) || splitUrl(url).fragment !== undefined) {
    problems.push({ code: 'invalid-url', message: `The url ${JSON.stringify(url)} is not an absolute http(s) URL without a '#'; check 'url' and 'baseUrl'.` });
  }
  const level = isOneOf(METADATA_LEVELS, request.metadataLevel?.value) ? request.metadataLevel.value : 'minimal';
  const headers: [string, string][] = [['Accept', `application/json;odata.metadata=${level}`]];
  for (const entry of request.headers?.entries ?? []) {
    if (entry.value === undefined) continue;
    const value = fillVariables(entry.value, values, `'${entry.name}' header`, problems);
    const problem = headerProblem(entry.name, value);
    if (problem) problems.push({ code: 'invalid-header', message: problem });
    else setHeader(headers, entry.name, value);
  }
  let bodyText: string | undefined;
  if (request.body && ODATA_OPERATIONS_WITH_BODY.includes(operation)) {
    const template = request.body.kind === 'text' ? request.body.field.value : bodyTemplate;
    if (template !== undefined) {
      bodyText = fillVariables(template, values, 'body', problems);
      if (!problems.some((p) => p.code === 'missing-value')) {
        const error = firstJsonError(bodyText);
        if (error) {
          const line = bodyText.slice(0, error.index).split('\n').length;
          const column = error.index - bodyText.lastIndexOf('\n', error.index - 1);
          problems.push({
            code: 'invalid-body',
            message: error.tooDeep
              ? `With the values filled in, the body has ${error.problem} at line ${line}, column ${column}; a request body is never nested this deep. Nothing was sent.`
              : `With the values filled in, the body is not valid JSON (${error.problem} at line ${line}, column ${column}). A string value needs quotation marks, either in the value or around the {{placeholder}}; nothing was sent.`,
          });
        }
      }
    }
  }
  if (bodyText !== undefined && !headers.some(([n]) => n.toLowerCase() === 'content-type')) headers.push(['Content-Type', 'application/json']);
  setContentLength(headers, ODATA_METHOD[operation], bodyText === undefined ? undefined : Buffer.byteLength(bodyText));
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    request: {
      method: ODATA_METHOD[operation],
      url,
      headers,
      ...(bodyText !== undefined ? { body: { kind: 'text', text: bodyText, ...(request.body?.kind === 'file' && request.body.file ? { fromFile: request.body.file.value } : {}) } } : {}),
      secrets: [],
      warnings: [],
      shaping: {
        kind: 'odata',
        operation,
        ...(request.responseStructure ? { responseStructure: request.responseStructure.value } : {}),
        includeHeaders: request.includeHeaders?.value === true,
        includeEntityDescriptor: request.includeEntityDescriptor?.value === true,
        metadataLevel: level,
      },
    },
  };
}
