// Deterministic connector files for benchmarks and robustness tests: same size in, same text out.

const REST_SHAPES: readonly string[] = [
  // Each shape is one operation's parameter list (path gets its own placeholder), covering every location and type.
  `[
        { "name": "id", "location": "path", "type": "integer", "format": "int64", "required": true },
        { "name": "tags", "location": "query", "type": "array", "items": { "type": "string" }, "separation": "pipes" },
        { "name": "lang", "location": "matrix", "type": "string", "default": "en" },
        { "name": "X-Trace", "location": "header", "type": "string", "description": "Trace id" },
        { "name": "deleted", "location": "query", "type": "boolean", "emptyValue": true }
      ]`,
  `[
        { "name": "id", "location": "path", "type": "string", "required": true, "maxLength": 20 },
        { "name": "status", "location": "query", "type": "array", "items": { "type": "string" }, "options": ["new", "open", "done"], "separation": "multi" },
        { "name": "since", "location": "query", "type": "string", "format": "date-time" }
      ]`,
];

function restOperation(index: number): string {
  const kind = index % 4;
  const id = `op${index}`;
  if (kind === 0 || kind === 1) {
    return `    {
      "id": "${id}",
      "summary": "Read item ${index}",
      "method": "GET",
      "path": "/items${index}/{id}",
      "parameters": ${REST_SHAPES[kind]}
    }`;
  }
  if (kind === 2) {
    return `    {
      "id": "${id}",
      "summary": "Create item ${index}",
      "method": "POST",
      "path": "/items${index}",
      "headers": { "Content-Type": "application/json" },
      "parameters": [
        { "name": "item", "location": "body", "type": "object", "model": "Item", "required": true },
        { "name": "X-Request-Id", "location": "header", "type": "string" }
      ]
    }`;
  }
  return `    {
      "id": "${id}",
      "summary": "Upload for item ${index}",
      "method": "PUT",
      "path": "/items${index}/{id}/files",
      "headers": { "Content-Type": "multipart/form-data" },
      "parameters": [
        { "name": "id", "location": "path", "type": "integer", "required": true },
        { "name": "note", "location": "form", "type": "string" },
        { "name": "upload", "location": "form", "type": "file", "required": true },
        { "name": "album", "location": "form", "type": "fileGallery" }
      ]
    }`;
}

/** A valid REST connector with `operations` operations (comments included, as users write them). */
export function generateRestConnector(operations: number): string {
  const ops: string[] = [];
  for (let i = 0; i < operations; i++) ops.push(restOperation(i));
  return `// Generated REST connector with ${operations} operations.
{
  "kind": "rest",
  "name": "Bench REST ${operations}",
  "baseUrl": "http://127.0.0.1:3030/api",
  "advanced": { "enforceConstraints": true },
  "authorization": { "scheme": "bearer", "secret": "bench" },
  "models": {
    "Item": { "type": "object", "required": ["name"], "properties": { "name": { "type": "string" }, "size": { "type": "integer" } } }
  },
  "operations": [
${ops.join(',\n')}
  ]
}
`;
}

function customRequest(index: number): string {
  const kind = index % 3;
  const id = `req${index}`;
  if (kind === 0) {
    return `    {
      "id": "${id}",
      "operation": "read",
      "url": "Orders('{orderNo}')/Lines",
      "query": { "$select": "LineNo,PartNo,Quantity", "$top": "${(index % 50) + 1}" },
      "responseStructure": { "value": [{ "LineNo": 0, "PartNo": "", "Quantity": 0 }] }
    }`;
  }
  if (kind === 1) {
    return `    {
      "id": "${id}",
      "operation": "create",
      "url": "Orders",
      "body": "{ \\"CustomerNo\\": \\"{{customer}}\\", \\"Quantity\\": {{quantity}}, \\"Note\\": \\"order ${index}\\" }",
      "metadataLevel": "full",
      "includeEntityDescriptor": true,
      "responseStructure": { "OrderNo": "", "CustomerNo": "" }
    }`;
  }
  return `    {
      "id": "${id}",
      "operation": "action",
      "url": "Orders('{orderNo}')/IfsApp.CustomerOrderHandling.CustomerOrder_Release",
      "headers": { "If-Match": "{{etag}}" },
      "body": "{ \\"Reason\\": \\"{{reason}}\\" }"
    }`;
}

/** A valid OData connector with `requests` Custom requests, with bodies and response structures. */
export function generateODataConnector(requests: number): string {
  const reqs: string[] = [];
  for (let i = 0; i < requests; i++) reqs.push(customRequest(i));
  return `// Generated OData connector with ${requests} Custom requests.
{
  "kind": "odata",
  "name": "Bench OData ${requests}",
  "baseUrl": "http://127.0.0.1:3031/odata/v4/orders",
  "connectorVersion": "2.1.17",
  "authorization": { "scheme": "basic", "username": "bench", "secret": "bench" },
  "customRequests": [
${reqs.join(',\n')}
  ]
}
`;
}

/** An operation with eight headers and the given parameters (one JSON object a line). */
function operationWithHeaders(index: number, parameters: readonly string[]): string {
  return `    {
      "id": "op${index}",
      "summary": "Search items ${index}",
      "method": "${index % 2 === 0 ? 'GET' : 'POST'}",
      "path": "/search${index}/{tenant}",
      "headers": {
        "Accept": "application/json",
        "Accept-Language": "en",
        "Cache-Control": "no-cache",
        "X-Client": "bench",
        "X-Correlation": "{{correlation}}",
        "X-Feature-A": "on",
        "X-Feature-B": "off",
        "X-Region": "eu-${index % 7}"
      },
      "parameters": [
${parameters.map((p) => `        ${p}`).join(',\n')}
      ]
    }`;
}

function arraysAndHeadersOperation(index: number): string {
  return operationWithHeaders(index, [
    '{ "name": "tenant", "location": "path", "type": "string", "required": true }',
    '{ "name": "ids", "location": "query", "type": "array", "items": { "type": "integer", "format": "int64" }, "separation": "csv", "minItems": 1, "maxItems": 50 }',
    '{ "name": "grid", "location": "query", "type": "array", "items": { "type": "array", "items": { "type": "number", "format": "float" }, "separation": "pipes" }, "separation": "multi" }',
    '{ "name": "status", "location": "query", "type": "array", "items": { "type": "string" }, "options": ["new", "open", "held", "done", "void"], "separation": "multi" }',
    '{ "name": "fields", "location": "query", "type": "array", "items": { "type": "string" }, "separation": "ssv", "minItems": 0 }',
    '{ "name": "X-Trace", "location": "header", "type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 64 }',
    '{ "name": "X-Flags", "location": "header", "type": "array", "items": { "type": "boolean" }, "separation": "csv" }',
  ]);
}

/** A valid REST connector whose operations each carry many headers and array parameters (nested items, options). */
export function generateArraysAndHeadersConnector(operations: number): string {
  const ops: string[] = [];
  for (let i = 0; i < operations; i++) ops.push(arraysAndHeadersOperation(i));
  return `// Generated REST connector with ${operations} operations, many headers and arrays.
{
  "kind": "rest",
  "name": "Bench arrays and headers ${operations}",
  "baseUrl": "http://127.0.0.1:3032/api",
  "advanced": { "enforceConstraints": true },
  "authorization": { "scheme": "apiKey", "in": "header", "name": "X-Api-Key", "secret": "bench" },
  "operations": [
${ops.join(',\n')}
  ]
}
`;
}

/**
 * One operation of a connector full of findings, as files imported from another tool often are: nine operations in
 * ten carry three, each with a fix (a warning for `emptyValue` on an integer, and two notes that constraints are not
 * enforced, whose fix adds a setting at the end of the file); the tenth is clean.
 */
function operationWithFindings(index: number): string {
  const clean = index % 10 === 9;
  return operationWithHeaders(index, [
    '{ "name": "tenant", "location": "path", "type": "string", "required": true }',
    `{ "name": "ids", "location": "query", "type": "array", "items": { "type": "integer", "format": "int64" }, "separation": "csv"${clean ? '' : ', "minItems": 1, "maxItems": 50'} }`,
    '{ "name": "grid", "location": "query", "type": "array", "items": { "type": "array", "items": { "type": "number", "format": "float" }, "separation": "pipes" }, "separation": "multi" }',
    '{ "name": "status", "location": "query", "type": "array", "items": { "type": "string" }, "options": ["new", "open", "held", "done", "void"], "separation": "multi" }',
    `{ "name": "page", "location": "query", "type": "integer"${clean ? '' : ', "emptyValue": true'} }`,
    `{ "name": "X-Trace", "location": "header", "type": "string"${clean ? '' : ', "pattern": "^[a-z0-9-]+$", "maxLength": 64'} }`,
    '{ "name": "X-Flags", "location": "header", "type": "array", "items": { "type": "boolean" }, "separation": "csv" }',
  ]);
}

/**
 * A REST connector full of findings: three per operation on nine operations in ten (about 1.3 KB and 2.7 findings
 * per operation), without the constraint enforcement the file's constraints ask for.
 */
export function generateConnectorWithFindings(operations: number): string {
  const ops: string[] = [];
  for (let i = 0; i < operations; i++) ops.push(operationWithFindings(i));
  return `// Generated REST connector with ${operations} operations, most of them with findings.
{
  "kind": "rest",
  "name": "Bench findings ${operations}",
  "baseUrl": "http://127.0.0.1:3032/api",
  "authorization": { "scheme": "apiKey", "in": "header", "name": "X-Api-Key", "secret": "bench" },
  "operations": [
${ops.join(',\n')}
  ]
}
`;
}

/**
 * The shapes every size-dependent benchmark runs: REST, OData, REST with many headers and arrays, and REST full of
 * findings (the clean ones measure the path a finished file takes, the last what a file being fixed costs).
 */
export const GENERATORS: Readonly<Record<string, (size: number) => string>> = {
  REST: generateRestConnector,
  OData: generateODataConnector,
  'arrays+headers': generateArraysAndHeadersConnector,
  findings: generateConnectorWithFindings,
};

/** The shapes to run: all of them, or those named with `--shape=NAME` (repeatable), e.g. `npm run bench -- lint --shape=findings`. */
export function shapesToRun(): [string, (size: number) => string][] {
  const named = process.argv.filter((a) => a.startsWith('--shape=')).map((a) => a.slice('--shape='.length));
  return Object.entries(GENERATORS).filter(([name]) => named.length === 0 || named.includes(name));
}
