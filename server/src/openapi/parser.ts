// The OpenAPI parser, as its own bundle (dist/openapi-parser.js): the command line and the language server load it on
// the first import only, so their startup does not read and compile it (see docs/performance.md).
export { bundle, validate } from '@readme/openapi-parser';
