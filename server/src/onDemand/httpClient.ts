// The HTTP client, as its own bundle (dist/http-client.js): the command line and the language server load it when the
// first request is sent, so their startup neither reads nor compiles it, and both share this one copy (esbuild.mjs).
export * from 'undici';
