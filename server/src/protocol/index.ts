// The custom LSP messages between the VS Code extension and the language server, beyond the standard protocol:
// each message's name, parameters and answer, declared once and shared by both sides. Both import this index,
// never a file below it (eslint.config.mjs holds them to it).
export * from './sending';
export * from './editing';
export * from './suite';
export * from './resultPanel';
export * from './openapi';
export * from './metadataImport';
export * from './requestImport';
