// OpenAPI documents generated for limits: YAML alias bombs (billion laughs) and a very large document, deterministic.

/** The anchors of a billion-laughs bomb: `levels` levels of `width` aliases each, under a key at `indent`. */
function laughs(levels: number, width: number, indent: string): string[] {
  const lines = [`${indent}l0: &l0 [${Array.from({ length: width }, () => '"lol"').join(', ')}]`];
  for (let level = 1; level < levels; level++) {
    lines.push(`${indent}l${level}: &l${level} [${Array.from({ length: width }, () => `*l${level - 1}`).join(', ')}]`);
  }
  return lines;
}

/**
 * A YAML OpenAPI 3.0 document of a few hundred bytes whose aliases expand to `width ** levels` strings (10^9 by
 * default): in an unused `x-` extension, or also used as an operation's description.
 */
export function aliasBombYaml(use: 'unused-extension' | 'operation-description', levels = 9, width = 10): string {
  const top = `*l${levels - 1}`;
  return [
    'openapi: 3.0.3',
    "info: { title: Laughs, version: '1' }",
    'x-laughs:',
    ...laughs(levels, width, '  '),
    'paths:',
    '  /pets:',
    '    get:',
    '      operationId: listPets',
    ...(use === 'operation-description' ? [`      description: ${top}`] : []),
    "      responses: { '200': { description: OK } }",
    '',
  ].join('\n');
}

/** One operation of the large document: a path parameter, query and header parameters, a body and a response by `$ref`. */
function largeOperation(index: number): Record<string, unknown> {
  const model = { $ref: `#/components/schemas/Item${index % 500}` };
  return {
    operationId: `updateItem${index}`,
    summary: `Update item ${index}`,
    description: `Replaces item ${index} of the collection with the item sent; the answer is the item as stored. Fields not sent are cleared; send the whole item, as a read returns it. The change is visible to readers at once, and the previous item is kept.`,
    tags: [`group${index % 40}`],
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } },
      { name: 'fields', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'string' } } },
      { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
      { name: 'dryRun', in: 'query', schema: { type: 'boolean', default: false } },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: model } } },
    responses: {
      '200': { description: 'The item as stored', content: { 'application/json': { schema: model } } },
      '400': { description: 'The item sent is not valid', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
      '404': { description: 'No such item' },
    },
  };
}

/** A JSON OpenAPI 3.0 document with `operations` operations (about 1.2 KB each: 51,000 make 57 MB), sharing 500 models. */
export function largeOpenApiJson(operations: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) paths[`/collection${i}/items/{id}`] = { put: largeOperation(i) };
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 500; i++) {
    schemas[`Item${i}`] = {
      type: 'object',
      required: ['name'],
      properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string', maxLength: 80 }, tags: { type: 'array', items: { type: 'string' } } },
    };
  }
  schemas.Problem = { type: 'object', properties: { title: { type: 'string' }, status: { type: 'integer', format: 'int32' } } };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Large', version: '1' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths,
    components: { schemas },
  });
}
