import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { CustomRequest, ODataConnector } from '../model';
import { firstJsonError } from '../rules/odata/bodyJson';
import type { JsonValue } from '../tree';
import { isOneOf, METADATA_LEVELS, ODATA_METHOD, ODATA_OPERATIONS, ODATA_OPERATIONS_WITH_BODY } from '../vocabulary';
import type { BuildOutcome, BuildProblem, SuppliedValues } from './types';

function textOf(value: JsonValue): string {
  if (value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Replaces {{variables}} as text, as the platform does; unknown variables are problems. */
function fillVariables(text: string, values: SuppliedValues, where: string, problems: BuildProblem[]): string {
  return text.replace(/\{\{([^{}]*)\}\}/g, (whole, raw: string) => {
    const name = raw.trim();
    const value = values[name];
    if (value === undefined) {
      if (!problems.some((p) => p.name === name)) problems.push({ code: 'missing-value', name, message: `Variable '${name}' (in the ${where}) needs a value.` });
      return whole;
    }
    return textOf(value);
  });
}

/** Builds an OData Custom request from supplied values. A body file is read here, everything else is pure. */
export function buildODataRequest(connector: ODataConnector, request: CustomRequest, values: SuppliedValues, baseDir: string): BuildOutcome {
  const problems: BuildProblem[] = [];
  const operation = request.operation?.value;
  const rawUrl = request.url?.value;
  if (!isOneOf(ODATA_OPERATIONS, operation) || rawUrl === undefined) {
    return { ok: false, problems: [{ code: 'invalid-connector', message: `Custom request '${request.id?.value ?? ''}' needs a valid 'operation' and 'url'; fix the file first.` }] };
  }
  const onlyPath = request.parameterMode?.value === 'onlyPath';
  // Path parameters: encoded in 'queryAndPath'; inserted as given in 'onlyPath', where they may be any part of the url.
  const filledUrl = rawUrl.replace(/(?<!\{)\{([^{}]*)\}(?!\})/g, (whole, raw: string) => {
    const name = raw.trim();
    const value = values[name];
    if (value === undefined || value === null) {
      problems.push({ code: 'missing-value', name, message: `Path parameter '${name}' needs a value.` });
      return whole;
    }
    return onlyPath ? textOf(value) : encodeURIComponent(textOf(value));
  });
  const base = connector.baseUrl?.value ?? '';
  let url = /^[a-z][a-z0-9+.-]*:/i.test(filledUrl) ? filledUrl : `${base.replace(/\/+$/, '')}/${filledUrl.replace(/^\/+/, '')}`;
  if (!onlyPath) {
    const pairs: string[] = [];
    for (const entry of request.query?.entries ?? []) {
      const supplied = values[entry.name];
      const value = supplied !== undefined ? supplied : entry.value;
      if (value === undefined || value === null || value === '') continue;
      // OData options keep their quotes and parentheses readable: encodeURIComponent leaves them alone.
      pairs.push(`${encodeURIComponent(entry.name).replace(/^%24/, '$')}=${encodeURIComponent(textOf(value))}`);
    }
    if (pairs.length) url += `${url.includes('?') ? '&' : '?'}${pairs.join('&')}`;
  }
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
  } catch {
    problems.push({ code: 'invalid-url', message: `The url ${JSON.stringify(url)} is not an absolute http(s) URL; check 'url' and 'baseUrl'.` });
  }
  const level = isOneOf(METADATA_LEVELS, request.metadataLevel?.value) ? request.metadataLevel.value : 'minimal';
  const headers: [string, string][] = [['Accept', `application/json;odata.metadata=${level}`]];
  for (const entry of request.headers?.entries ?? []) {
    if (entry.value !== undefined) headers.push([entry.name, fillVariables(entry.value, values, `'${entry.name}' header`, problems)]);
  }
  let bodyText: string | undefined;
  if (request.body && ODATA_OPERATIONS_WITH_BODY.includes(operation)) {
    let template: string | undefined;
    if (request.body.kind === 'text') template = request.body.field.value;
    else if (request.body.file) {
      const path = isAbsolute(request.body.file.value) ? request.body.file.value : resolve(baseDir, request.body.file.value);
      try {
        template = readFileSync(path, 'utf8');
      } catch (error) {
        problems.push({ code: 'invalid-body', message: `The body file ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.` });
      }
    }
    if (template !== undefined) {
      bodyText = fillVariables(template, values, 'body', problems);
      if (!problems.some((p) => p.code === 'missing-value')) {
        const error = firstJsonError(bodyText);
        if (error) {
          const line = bodyText.slice(0, error.index).split('\n').length;
          const column = error.index - bodyText.lastIndexOf('\n', error.index - 1);
          problems.push({
            code: 'invalid-body',
            message: `With the values filled in, the body is not valid JSON (${error.problem} at line ${line}, column ${column}). A string value needs quotation marks, either in the value or around the {{placeholder}}; nothing was sent.`,
          });
        }
      }
    }
  }
  if (bodyText !== undefined && !headers.some(([n]) => n.toLowerCase() === 'content-type')) headers.push(['Content-Type', 'application/json']);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    request: {
      method: ODATA_METHOD[operation],
      url,
      headers,
      ...(bodyText !== undefined ? { body: { kind: 'text', text: bodyText } } : {}),
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
