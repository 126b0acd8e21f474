import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndex, rehearsalEdit, type BodyFileReader, type CheckedDocument, type CheckState, type ConnectorLanguageService, type CheckOptions as LintOptions, type MetadataSource, type SeverityOverrides } from '../core';
import { fileKindOf, type FileKind } from '../io/fileKinds';
import type { DocumentAnalysis } from './context';
import type { DocumentEdits } from './documentEdits';
import { EditorDocument } from './editorDocument';
import { IdleCollection, LARGE } from './idleCollection';
import type { ServerSettings } from './settings';

/** How one file is checked: its rule levels (project file, then the editor's settings) and whether it is ignored. */
export interface CheckOptions {
  overrides: SeverityOverrides;
  ignored: boolean;
}

/** Which of the user's files a document is, by its name (undefined: other JSON, not ours to judge). */
export function kindOfUri(uri: string): FileKind | undefined {
  return fileKindOf(decodeURIComponent(uri.split('?')[0] ?? ''));
}

/** Connector files are `*.connector.json`. */
export function isConnectorUri(uri: string): boolean {
  return kindOfUri(uri) === 'connector';
}

/** The result for a file past the size limit: one clear finding instead of a frozen editor. */
function tooLarge(text: string, limitKb: number): CheckedDocument {
  const sizeKb = Math.ceil(text.length / 1024);
  return {
    parsed: { text, tree: undefined, root: undefined, syntaxFindings: [] },
    connector: undefined,
    findings: [{
      code: 'file-too-large',
      severity: 'warning',
      message: `This file is ${sizeKb} KB, above the ${limitKb} KB limit, so it is not checked while you type. Raise "connectorTools.validation.maxFileSizeKb" to check it, or run 'connector lint' on it.`,
      offset: 0,
      length: 0,
    }],
  };
}

/**
 * Analyses each open document once per version (and per settings), and forgets closed ones. Each version's
 * check starts from the previous one's, so typing in one operation re-checks that operation only.
 */
export class AnalysisCache {
  private readonly cache = new Map<string, { key: string; analysis: DocumentAnalysis; lintState?: CheckState }>();
  private readonly idle = new IdleCollection();
  /** Documents whose first keystroke has been rehearsed, or typed (see rehearsal). */
  private readonly rehearsed = new Set<string>();

  constructor(
    private readonly service: ConnectorLanguageService,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly settings: () => ServerSettings,
    /** Levels and ignoring for a document, from the project file and the settings. */
    private readonly checkOptions: (uri: string) => CheckOptions = () => ({ overrides: this.settings().rules, ignored: false }),
    /** Reads a connector's body files for the checks (inside the workspace). */
    private readonly bodyFiles?: (uri: string) => BodyFileReader,
    /** Reads the $metadata an OData connector names (inside the workspace), parsed once per file version. */
    private readonly metadata?: (uri: string) => MetadataSource,
    /** Where the editor's changes fell since the last version read. */
    private readonly edits?: DocumentEdits,
  ) {}

  analyze(uri: string): DocumentAnalysis | undefined {
    const document = this.documents.get(uri);
    if (!document || !isConnectorUri(uri)) return undefined;
    const settings = this.settings();
    const { overrides, ignored } = this.checkOptions(uri);
    const metadata = this.metadata?.(uri);
    const key = `${document.version}:${JSON.stringify(overrides)}:${ignored}:${settings.maxFileSizeKb}:${metadata?.generation ?? ''}`;
    const cached = this.cache.get(uri);
    if (cached?.key === key) return cached.analysis;
    const text = document.getText();
    // Where the text changed since the cached version (every version analysed takes what was noted before it).
    const edit = this.edits?.take(uri);
    const lintState = text.length > settings.maxFileSizeKb * 1024 ? undefined : this.service.update(cached?.lintState, text, this.lintOptions(uri, overrides, metadata), edit);
    const checked = lintState?.result ?? tooLarge(text, settings.maxFileSizeKb);
    // An ignored file keeps every editor feature; only its problems are not shown.
    const result = ignored ? { ...checked, findings: [] } : checked;
    // The editor's document keeps the index of its text (made from its previous version's); else the previous
    // version's line index lends the lines an edit did not touch.
    const lines = document instanceof EditorDocument ? document.lines : new LineIndex(text, cached?.analysis.lines, edit);
    const analysis: DocumentAnalysis = {
      uri, version: document.version, text, lines, result,
      ...(edit && cached ? { edit: { fromVersion: cached.analysis.version, region: edit } } : {}),
    };
    this.cache.set(uri, { key, analysis, ...(lintState ? { lintState } : {}) });
    // The user has typed: the code of typing is compiled, there is no first keystroke left to rehearse.
    if (edit && cached) this.rehearsed.add(uri);
    this.idle.checked(text.length);
    return analysis;
  }

  /**
   * Once per opened large file, while idle: a rehearsal of its first keystroke, to run as many times as it takes V8 to
   * compile the code of typing. Each run checks a harmless edit of the current version (core rehearsalEdit) and
   * forgets it; it gives undefined once the document has moved on, or when its version cannot be checked in part.
   * Undefined when there is nothing to rehearse: a small file, one already typed in or rehearsed.
   */
  rehearsal(uri: string): (() => DocumentAnalysis | undefined) | undefined {
    if (this.rehearsed.has(uri) || !this.rehearsable(uri)) return undefined;
    this.rehearsed.add(uri);
    return () => this.rehearse(uri);
  }

  /** The document and the cached check of its current version, when it is a large file's. */
  private rehearsable(uri: string): { document: TextDocument; cached: DocumentAnalysis; state: CheckState } | undefined {
    const cached = this.cache.get(uri);
    const document = this.documents.get(uri);
    if (!cached?.lintState || !document || document.version !== cached.analysis.version || cached.analysis.text.length < LARGE) return undefined;
    return { document, cached: cached.analysis, state: cached.lintState };
  }

  /** One rehearsal of the document's first keystroke, or undefined when its current version has none. */
  private rehearse(uri: string): DocumentAnalysis | undefined {
    const rehearsable = this.rehearsable(uri);
    const rehearsal = rehearsable && rehearsalEdit(rehearsable.state);
    if (!rehearsable || !rehearsal) return undefined;
    const { document, cached, state } = rehearsable;
    const options = this.lintOptions(uri, this.checkOptions(uri).overrides, this.metadata?.(uri));
    const result = this.service.update(state, rehearsal.text, options, rehearsal.edit).result;
    return {
      uri, version: document.version, text: rehearsal.text, lines: new LineIndex(rehearsal.text, cached.lines, rehearsal.edit), result,
      edit: { fromVersion: cached.version, region: rehearsal.edit },
    };
  }

  /** What the core checks a file with: its levels, its body files and its $metadata. */
  private lintOptions(uri: string, overrides: SeverityOverrides, metadata: MetadataSource | undefined): LintOptions {
    return { overrides, ...(this.bodyFiles ? { readBodyFile: this.bodyFiles(uri) } : {}), ...(metadata ? { metadata } : {}) };
  }

  forget(uri: string): void {
    this.rehearsed.delete(uri);
    this.cache.delete(uri);
    this.edits?.forget(uri);
  }
}
