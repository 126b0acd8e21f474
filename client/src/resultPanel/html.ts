import { randomBytes } from 'node:crypto';

/** A fresh nonce for one page load: only scripts and styles carrying it may run. */
export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/** The Content-Security-Policy of the result panel: nothing remote, nothing inline without the nonce, no eval. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "img-src 'none'",
    "font-src 'none'",
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

// VS Code's theme variables, so the panel follows light, dark and high-contrast themes.
const STYLES = `
body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }
.header { display: flex; gap: 1em; align-items: baseline; margin-bottom: .5em; }
.status { font-weight: bold; padding: 0 .4em; border-radius: 3px; }
.status-2xx { color: var(--vscode-testing-iconPassed); }
.status-3xx { color: var(--vscode-charts-blue); }
.status-4xx, .status-5xx, .status-error { color: var(--vscode-errorForeground); }
.request-line, pre { font-family: var(--vscode-editor-font-family); }
.errors h2 { color: var(--vscode-errorForeground); }
.warnings h2 { color: var(--vscode-editorWarning-foreground); }
h2 { font-size: 1.05em; margin: .8em 0 .3em; }
.actions button { margin-right: .4em; color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); border: none; padding: .2em .6em; cursor: pointer; }
details.json-node, details.json-group, .json-leaf { margin-left: 1em; }
.json-key { color: var(--vscode-symbolIcon-propertyForeground, var(--vscode-foreground)); }
.json-string { color: var(--vscode-debugTokenExpression-string); }
.json-number, .json-boolean, .json-null { color: var(--vscode-debugTokenExpression-number); }
.json-summary { opacity: .7; }
pre { white-space: pre-wrap; word-break: break-all; }
.environment, .source { opacity: .8; border: 1px solid var(--vscode-panel-border, currentColor); border-radius: 3px; padding: 0 .4em; }
.data.with-tables { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.data.with-tables > .tables { flex: 2 1 32em; min-width: 0; overflow-x: auto; }
.data.with-tables > .tree-view { flex: 1 1 20em; min-width: 0; }
table.rows, table.headers-table { border-collapse: collapse; font-family: var(--vscode-editor-font-family); }
table.rows th, table.rows td, table.headers-table th, table.headers-table td { border: 1px solid var(--vscode-panel-border, rgba(128,128,128,.35)); padding: .15em .5em; text-align: left; vertical-align: top; }
table.rows th.sortable { cursor: pointer; user-select: none; }
.table-scroll { max-height: 70vh; overflow: auto; position: relative; overflow-anchor: none; contain: content; }
.table-scroll:focus-visible, table.rows tr:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: -1px; }
table.rows { table-layout: fixed; }
table.rows thead th { position: sticky; top: 0; background: var(--vscode-editor-background); }
table.rows td { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
table.rows td.number { text-align: right; }
.row-number { opacity: .6; }
.table-note { opacity: .8; font-style: italic; }
.structure .dropped-path { color: var(--vscode-editorWarning-foreground); text-decoration: line-through; }
.structure .missing-path { color: var(--vscode-errorForeground); }
.sign-in { margin: .3em 0; opacity: .85; }
.credentials { margin: .3em 0; }
.credential-list { margin: .2em 0; }
.token-request-text { opacity: .85; border-left: 2px solid var(--vscode-panel-border, rgba(128,128,128,.35)); padding-left: .6em; }
.truncated, .raw-cut { color: var(--vscode-editorWarning-foreground); }
`;

/** The panel's page: a CSP with a fresh nonce, the theme styles, and the bundled script; the result arrives by message. */
export function resultPanelHtml(scriptUri: string, nonce: string, title: string): string {
  const escapedTitle = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapedTitle}</title>
<style nonce="${nonce}">${STYLES}</style>
</head>
<body>
<div id="root" role="main"></div>
<script nonce="${nonce}" src="${scriptUri}"></script>
</body>
</html>`;
}
