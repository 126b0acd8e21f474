// The one entry to the core. The language server and the command line import this module and nothing below it
// (eslint.config.mjs holds them to it): the language service for checking and the editor features, and the
// pure functions for preparing and sending requests, values files, the project file and OpenAPI.

// Checking and editor features.
export { getLanguageService } from './service';
export type { AddedParameters, CheckState, ConnectorLanguageService, Refactoring, ServiceOptions } from './service';
export type { CheckedDocument, ConnectorDocument } from './document';
export type { LintOptions as CheckOptions } from './lint';
export type { CompletionProposal } from './features/completion';
export type { HoverInfo } from './features/hover';
export type { LensInfo } from './features/codeLens';
export type { NamedThing } from './features/navigation';
export type { OutlineSymbol } from './features/symbols';
export type { Connector, CustomRequest, ODataConnector, RestConnector, RestOperation } from './model';
export type { BodyFileReader, Rule } from './rules/types';
export { RULE_CATALOG, RULE_IDS } from './ruleCatalog';
export type { RuleInfo } from './ruleCatalog';

// Findings, levels and positions.
export { isSeverityLevel } from './findings';
export type { Finding, Fix, Severity, SeverityLevel, SeverityOverrides, Span, TextEdit } from './findings';
export { LineIndex } from './lineIndex';
export { closeMatches } from './closeMatches';
export type { JsonValue } from './tree';

// The project file (connector-tools.json).
export { EMPTY_PROJECT_CONFIG, isIgnoredByConfig, parseProjectConfig, PROJECT_CONFIG_FILE, ruleLevelsFor } from './projectConfig';
export type { ProjectConfig } from './projectConfig';

// Requests: preparing, showing and sending one operation.
export { prepareRequest } from './request/prepare';
export type { PrepareInput, Prepared } from './request/prepare';
export { sendPrepared } from './request/run';
export { curlCommand } from './request/curl';
export { redactRequest } from './request/redact';
export { bodyShown, describeRequest, requestJson } from './request/show';
export { describeInputs, listOperations } from './request/inputs';
export type { InputDescription, OperationSummary } from './request/inputs';
export { environmentSecrets, secretVariable } from './request/secretVariable';
export type { FileAccess, FileOutcome } from './request/files';
export type { BuildProblem, BuiltRequest, ConnectorResult, FileRef, SecretProvider } from './request/types';
export { hasValuesFor } from './values/valuesFile';

// OpenAPI import and export.
export { importOpenApi, listOpenApiOperations } from './openapi/importOpenApi';
export type { ImportOptions } from './openapi/importOpenApi';
export { exportOpenApi } from './openapi/exportOpenApi';
export { printConnectorJson } from './openapi/printConnector';
export { reimportInto } from './openapi/reimport';
export type { ImportFailure, ImportNote, OpenApiVersion, OperationChoice, RestConnectorJson } from './openapi/types';
