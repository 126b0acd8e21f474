// The one entry to the core. The language server, the command line and the VS Code extension import this module and
// nothing below it (eslint.config.mjs holds them to it): the language service for checking and the editor features,
// and the pure functions for preparing and sending requests, values files, the project file and OpenAPI. The
// extension's bundles hold only what they use of it: esbuild.mjs marks the core free of side effects.

// Checking and editor features.
export { getLanguageService } from './service';
export type { AddedParameters, CheckState, ConnectorLanguageService, Refactoring, ServiceOptions, TestsDocument } from './service';
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
export { fixIn, isSeverityLevel } from './findings';
export type { Finding, Fix, KeptFix, Severity, SeverityLevel, SeverityOverrides, Span, TextEdit } from './findings';
export { LineIndex } from './lineIndex';
export { composeRegions } from './textChange';
export { rehearsalEdit } from './check/incremental';
export type { ChangedRegion } from './textChange';
export { closeMatches } from './closeMatches';
export { visibleText } from './visibleText';
export type { JsonValue } from './tree';
export { applyEdits } from './edits';
export { parseExact } from './values/exactParse';
export { exactOfNode, isJsonObject, JsonNumber, numberText, stringifyExact } from './values/exactJson';
export { compareDecimals } from './values/numbers';
export { MAX_NESTING, nestingTooDeep, tooDeepAt } from './parse';
export type { ExactJson } from './values/exactJson';
export { portableResult, resultJsonText, resultOfPortable } from './http/portableResult';
export type { PortableResult } from './http/portableResult';

// The project file (connector-tools.json).
export { EMPTY_PROJECT_CONFIG, isIgnoredByConfig, parseProjectConfig, PROJECT_CONFIG_FILE, ruleLevelsFor } from './projectConfig';
export type { ProjectConfig } from './projectConfig';

// Sending: every hop (API call, token request, $metadata) goes out through one function with the edge's network.
export { sendPrepared, type PagingOptions } from './http/exchange';
export { DEFAULT_MAX_PAGES, MAX_PAGES_LIMIT, nextPageUrl, pageOfRequest } from './http/pages';
export type { SentRequest } from './http/exchange';
export type { SendOptions } from './http/send';
export { addedAuthorities, networkFromEnvironment, noProxyFromEnvironment, proxyAddress } from './http/network';
export type { ClientCertificate, NetworkSettings } from './http/network';
export { FILE_OPEN_FLAGS, fileIdentity, FoundFileError, openFoundFile } from './http/wireBody';
export { redactRequest } from './http/redact';
export { nodeHttp, nodeTls } from './http/nodeNetwork';
export type { BuiltRequest, ConnectorResult, FileRef } from './http/types';

// Requests: preparing and showing one operation.
export { prepareRequest } from './request/prepare';
export type { PrepareInput, Prepared } from './request/prepare';
export { curlCommand } from './request/curl';
export { hideValues, redactJson, redactResult, redactText, REDACTED } from './http/redact';
export { bodyShown, describePreview, describeRequest, requestJson } from './request/show';
export { credentialDestinations } from './request/credentials';
export type { CredentialDestination } from './request/credentials';
export { describeInputs, listOperations, odataBodyFile } from './request/inputs';
export { etagFollowUps } from './request/etagFollowUps';
export type { EtagFollowUp, EtagFollowUps } from './request/etagFollowUps';
// How the editor's prompts read and offer what a user types for an input.
export { parseTyped } from './values/read';
export { optionId } from './values/check';
export type { InputDescription, OperationSummary } from './request/inputs';
export { environmentSecrets, secretVariable } from './request/secretVariable';
export type { FileAccess, FileOutcome } from './request/files';
export type { BuildProblem, SecretProvider, SuppliedValues } from './request/types';
export { hasValuesFor } from './values/read';

// OAuth2 client credentials: tokens kept in memory.
export { TokenCache } from './http/tokenCache';
export type { AuthorizationBrowser, BrowserOutcome, BrowserSignInStep, SignInStore, StoredSignIn, TokenSource } from './oauth2/types';
export { callbackPageHtml, readCallback, SIGN_IN_OVER, type CallbackPage } from './oauth2/callback';

// Environments (connector-environments.json).
export { chooseEnvironment } from './environments/apply';
export type { AppliedEnvironment, EnvironmentChoice } from './environments/apply';
export { ENVIRONMENTS_FILE, parseEnvironmentsFile } from './environments/environmentsFile';
export type { EnvironmentsFile } from './environments/environmentsFile';

// Expectations (NAME.tests.json): reading, checking, running a case; the result panel's edits.
export { caseValues, checkTestsFile, readTestsFile, TESTS_FILE_SUFFIX } from './suite/testsFile';
export type { TestCase, TestsFile } from './suite/testsFile';
export { runCase } from './suite/runCase';
export type { CaseOutcome } from './suite/runCase';
export type { Failure } from './suite/match';
export { runScenario, fillValues, resolvePointer } from './suite/runScenario';
export type { ScenarioOutcome, StepOutcome, BuiltInSource } from './suite/runScenario';
export { BUILT_INS, CAPTURE_ROOTS } from './suite/scenario';
export type { Scenario, TestStep, Capture } from './suite/scenario';
export { addCase } from './suite/addCase';
export { responseSkeleton, setResponseStructureEdits, structureReport } from './structure/responseStructure';

// The service's $metadata: reading a document, fetching it, and how the edge supplies it to the checks.
export { readCsdl } from './metadata/readCsdl';
export { problemPlace } from './metadata/readXml';
export { MAX_METADATA_CHARS } from './metadata/xmlSafety';
export { serviceFromStoredText, STORED_MODEL_FORMAT, writeStoredService } from './metadata/storedModel';
export { addMetadataEdits, describeService, fetchMetadata } from './metadata/fetch';
export type { MetadataOutcome, MetadataSource } from './metadata/source';
export type { ServiceMetadata } from './metadata/model';

// OpenAPI import and export.
export { importOpenApi, listOpenApiOperations } from './openapi/importOpenApi';
export type { ImportOptions } from './openapi/importOpenApi';
export { exportOpenApi } from './openapi/exportOpenApi';
export { printConnectorJson } from './importing/printConnector';
export { authorizationOf, reimportInto } from './openapi/reimport';
export { connectorDifferences } from './openapi/compare';
export type { ImportFailure, ImportNote, OpenApiVersion, OperationChoice, RestConnectorJson } from './openapi/types';

// Custom requests written from a service's $metadata.
export { addToConnector, requestsAlreadyIn } from './odataImport/addToConnector';
export { importMetadata, listMetadataChoices } from './odataImport/importMetadata';
export type { MetadataChoice, ODataConnectorJson, ODataImportFailure, ODataImportOptions } from './odataImport/types';

// Requests imported from curl commands, Postman collections and HAR files.
export { commandLineOf, detectRequestSource, importRequestTexts, isOpenApiText, listRequestOrigins, SOURCE_NAMES } from './requestImport/importSource';
export type { RequestImportInput, RequestImportTexts, RequestSourceKind } from './requestImport/importSource';
export { connectorFileNameFor } from './requestImport/importRequests';
export type { SecretToSet } from './requestImport/importRequests';
export { convertPastedCurl, pastedCurlAt } from './requestImport/pastedCurl';
export type { PastedCurl } from './requestImport/pastedCurl';
