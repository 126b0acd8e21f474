// The XML reader and writer, as its own bundle (dist/xml-parser.js): the command line and the language server load
// it when the first $metadata document is read or the first XML body is built, so their startup neither reads nor
// compiles it (esbuild.mjs).
export * from 'fast-xml-parser';
