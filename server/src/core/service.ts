// The language service: checking and every editor feature of connector files, behind one object with uniform
// signatures (a document, then an offset), as vscode-json-languageservice's getLanguageService() offers JSON's.
import type { CheckedDocument, ConnectorDocument } from './document';
import { addQueryParametersEdits, ifMatchHeaderEdits, insertBaseUrlEdit, splitParameterNames } from './features/actions';
import { lenses, type LensInfo } from './features/codeLens';
import { completionsAt, type CompletionProposal } from './features/completion';
import { hoverAt, type HoverInfo } from './features/hover';
import { locate, type CursorContext } from './features/locate';
import { definitionAt, namedThingAt, referencesAt, renameAt, type NamedThing } from './features/navigation';
import { outline, type OutlineSymbol } from './features/symbols';
import type { Span, TextEdit } from './findings';
import { editableText } from './edits';
import { lintFully, lintIncrementally, type LintOptions, type LintState } from './lint';
import { fillRequiredFix, generateResponseStructureFix } from './metadata/actions';
import { metadataCompletions, metadataHover } from './metadata/assist';
import { buildModel } from './model';
import { parseDocument } from './parse';
import { RULES } from './rules';
import { enableEnforcementEdits } from './rules/restParameter/shared';
import type { Rule } from './rules/types';
import type { ChangedRegion } from './textChange';
import { testsCompletions, testsHover, type TestsDocument } from './suite/editing';
import { checkValuesFile, type ValuesFinding } from './request/valuesFile';

/** One check of one version of a file, and what the check of its next version may reuse. */
export type CheckState = LintState;

/** A shortcut the platform's screens offer where the cursor is, with its edits (or the operation it asks names for). */
export type Refactoring =
  | { id: 'add-query-parameters'; title: string; operationOffset: number }
  | {
    id: 'enable-constraint-enforcement' | 'add-if-match' | 'generate-response-structure' | 'fill-required-properties' | 'insert-base-url';
    title: string;
    edits: TextEdit[];
  };

/** What `addQueryParameters` made of a request to add parameters to an operation. */
export interface AddedParameters {
  edits: TextEdit[];
  added: string[];
  skipped: string[];
  /** The operation's span, for the editor to reveal. */
  operation: Span;
}

/** The core's one entry: every check and editor feature of connector files. */
export interface ConnectorLanguageService {
  /** Checks a file's text in full: syntax, duplicate keys, schema, rules, suppressions. Never throws. */
  check(text: string, options?: LintOptions): CheckState;
  /**
   * Checks a new version of a file, asking again only about what the edit can have changed; the same findings as
   * `check`. `edit`: the region the editor's changes covered since `previous`'s text, when known.
   */
  update(previous: CheckState | undefined, text: string, options?: LintOptions, edit?: ChangedRegion): CheckState;
  /** Parses and models a file without checking it (a file only read for its operations). */
  read(text: string): ConnectorDocument;
  /** Completion proposals at an offset; inside a Custom request, the service's $metadata's first when the document has it. */
  completionsAt(document: ConnectorDocument, offset: number): CompletionProposal[];
  /** What the thing at an offset means and does at run time (from the service's $metadata inside a Custom request). */
  hoverAt(document: ConnectorDocument, offset: number): HoverInfo | undefined;
  /** Where the model or parameter named at an offset is defined. */
  definitionAt(document: ConnectorDocument, offset: number): Span | undefined;
  /** Every use of the name at an offset. */
  referencesAt(document: ConnectorDocument, offset: number, includeDefinition: boolean): Span[];
  /** The model or parameter name at an offset, which a rename would change. */
  namedThingAt(document: ConnectorDocument, offset: number): NamedThing | undefined;
  /** The edits that rename the model or parameter at an offset, or why it cannot be. */
  renameAt(document: ConnectorDocument, offset: number, newName: string): { edits: TextEdit[] } | { error: string };
  /** The outline: connector, operations with their parameters, Custom requests, models. */
  outline(document: ConnectorDocument): OutlineSymbol[];
  /** One lens per operation and Custom request. */
  lenses(document: ConnectorDocument): LensInfo[];
  /** The operation, parameter or Custom request at an offset. */
  locate(document: ConnectorDocument, offset: number): CursorContext;
  /** The platform's shortcuts that apply at an offset. */
  refactoringsAt(document: ConnectorDocument, offset: number): Refactoring[];
  /** Adds query parameters (names separated by commas, semicolons or lines) to the operation at an offset. */
  addQueryParameters(document: ConnectorDocument, operationOffset: number, names: string, type: string, required: boolean): AddedParameters | undefined;
  /** Judges a values file (NAME.values.json) against its connector; body files' texts name their variables. */
  checkValuesFile(text: string, connector: ConnectorDocument, bodyTexts?: ReadonlyMap<string, string>): ValuesFinding[];
  /** Reads a tests file (NAME.tests.json) for completion and hover, with the connector beside it when there is one. */
  readTests(text: string, connector: ConnectorDocument | undefined): TestsDocument;
  /** Completion in a tests file: operation ids, the operation's value names, option ids and booleans. */
  testsCompletionsAt(tests: TestsDocument, offset: number): CompletionProposal[];
  /** Hover in a tests file: the operation a case sends, and what each value is. */
  testsHoverAt(tests: TestsDocument, offset: number): HoverInfo | undefined;
}

/** Which rules the service checks with: the platform's, unless a test brings its own. */
export interface ServiceOptions {
  rules?: readonly Rule[];
}

/** Makes the language service. */
export function getLanguageService(options: ServiceOptions = {}): ConnectorLanguageService {
  const rules = options.rules ?? RULES;
  return {
    check: (text, checkOptions = {}) => lintFully(text, checkOptions, rules),
    update: (previous, text, checkOptions = {}, edit) => lintIncrementally(previous, text, checkOptions, rules, edit),
    read(text) {
      const parsed = parseDocument(text);
      return { parsed, connector: buildModel(parsed.root) };
    },
    completionsAt(document, offset) {
      const { connector, metadata } = document;
      const { root, text } = document.parsed;
      // Inside a Custom request the service's metadata knows best; elsewhere (or without it) the format's own proposals.
      const fromMetadata = metadata && root && connector?.kind === 'odata' ? metadataCompletions(metadata, connector, root, text, offset) : undefined;
      return fromMetadata?.length ? fromMetadata : completionsAt(document, offset);
    },
    hoverAt(document, offset) {
      const { connector, metadata } = document;
      const { root, text } = document.parsed;
      return (metadata && root && connector?.kind === 'odata' ? metadataHover(metadata, connector, root, text, offset) : undefined) ?? hoverAt(document, offset);
    },
    definitionAt,
    referencesAt,
    namedThingAt,
    renameAt,
    outline,
    lenses,
    locate,
    refactoringsAt,
    addQueryParameters(document, operationOffset, names, type, required) {
      const operation = document.connector?.kind === 'rest' ? locate(document, operationOffset).operation : undefined;
      if (!operation) return undefined;
      const result = addQueryParametersEdits(editableText(document.parsed.text), operation, splitParameterNames(names), type, required);
      return { ...result, operation: { offset: operation.node.offset, length: operation.node.length } };
    },
    checkValuesFile: (text, connector, bodyTexts = new Map()) => (connector.connector ? checkValuesFile(text, connector.connector, bodyTexts) : []),
    readTests: (text, connector) => ({ parsed: parseDocument(text), connector: connector?.connector }),
    testsCompletionsAt: testsCompletions,
    testsHoverAt: testsHover,
  };
}

function refactoringsAt(document: ConnectorDocument, offset: number): Refactoring[] {
  const { connector } = document;
  // How the file is written is found only if a shortcut below writes a new line.
  const target = editableText(document.parsed.text);
  const here = locate(document, offset);
  const out: Refactoring[] = [];
  if (connector?.kind === 'rest' && here.operation) {
    out.push({ id: 'add-query-parameters', title: 'Add multiple query parameters…', operationOffset: here.operation.node.offset });
    if (connector.advanced?.enforceConstraints?.value !== true && here.parameter?.constraints.length) {
      out.push({ id: 'enable-constraint-enforcement', title: 'Enable constraint enforcement', edits: enableEnforcementEdits(target, connector) });
    }
  }
  if (connector?.kind === 'odata' && here.request) {
    const ifMatch = ifMatchHeaderEdits(target, here.request);
    if (ifMatch) out.push({ id: 'add-if-match', title: 'Add If-Match header', edits: ifMatch });
    const { metadata } = document;
    if (metadata) {
      const structure = generateResponseStructureFix(metadata, connector, here.request, target);
      if (structure) out.push({ id: 'generate-response-structure', title: structure.title, edits: structure.edits });
      const required = fillRequiredFix(metadata, connector, here.request, target);
      if (required) out.push({ id: 'fill-required-properties', title: required.title, edits: required.edits });
    }
    const baseUrl = insertBaseUrlEdit(connector, here.request);
    if (baseUrl) out.push({ id: 'insert-base-url', title: 'Insert base URL', edits: [baseUrl] });
  }
  return out;
}

export type { CheckedDocument, ConnectorDocument, TestsDocument };
