// The pattern matcher, as its own bundle (dist/pattern-matcher.js): the command line and the language server load it
// when the first `pattern` is judged, so their startup neither reads nor compiles it (esbuild.mjs).
export * from 're2js';
