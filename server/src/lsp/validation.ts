import { PublishDiagnosticsNotification, type Connection, type NotificationMessage, type TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysisCache } from './analysis';
import { isConnectorUri } from './analysis';
import type { BodyFileReader, ConnectorLanguageService } from '../core';
import { rehearseEncoding } from './messageEncoding';
import { PublishedDiagnostics } from './publishedDiagnostics';
import { connectorUriOf, isValuesUri, valuesFileDiagnostics } from './valuesFiles';

/** How long after a check of a large file, with nothing typed since, its first keystroke is rehearsed. */
const REHEARSAL_AFTER_MS = 300;

/**
 * How many times the first keystroke is rehearsed. V8 compiles a function for speed once it has run enough: in a
 * 1,000-operation file full of findings, the first keystroke after one rehearsal still took 20 to 26 ms to its
 * diagnostics, after three or five 15 to 23 ms, after ten 13 to 15 ms (twenty did no better). Ten runs cost about 75 ms
 * of the server's time (the first three about 14 ms each, the last ones 4), once per opened large file, while the
 * user is not typing.
 */
const REHEARSALS = 10;

/**
 * Publishes diagnostics per document version. Typing is debounced; a change cancels the pending check of the
 * version before it, and a result for a version that is no longer current is dropped.
 */
export class ValidationScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Per document, the rehearsal of its first keystroke, put off by every check until the user pauses. */
  private readonly rehearsals = new Map<string, NodeJS.Timeout>();
  private readonly published = new PublishedDiagnostics();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly cache: AnalysisCache,
    private readonly debounceMs: () => number,
    private readonly log: (message: string) => void,
    private readonly service: ConnectorLanguageService,
    /** Reads a connector's body files (inside the workspace), for values files that name their variables. */
    private readonly readBodyFile?: (connectorUri: string) => BodyFileReader,
    /** The project file's `ignore`: an ignored values file shows no problems, as an ignored connector does. */
    private readonly ignored: (uri: string) => boolean = () => false,
  ) {}

  /** Checks now (on open), or after the debounce (on change). */
  schedule(uri: string, immediately: boolean): void {
    if (!isConnectorUri(uri) && !isValuesUri(uri)) return;
    clearTimeout(this.timers.get(uri));
    const version = this.documents.get(uri)?.version;
    const run = (): void => {
      this.timers.delete(uri);
      try {
        this.validate(uri, version);
      } catch (error) {
        // A check that fails must cost this document its diagnostics, never the server its life.
        this.log(`Checking ${uri} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      }
    };
    if (immediately || this.debounceMs() === 0) run();
    else this.timers.set(uri, setTimeout(run, this.debounceMs()));
  }

  /** Checks every open connector document again (settings changed). */
  revalidateAll(): void {
    for (const document of this.documents.all()) this.schedule(document.uri, true);
  }

  /** Clears what was published for a closed document. */
  clear(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    clearTimeout(this.rehearsals.get(uri));
    this.rehearsals.delete(uri);
    this.cache.forget(uri);
    this.published.forget(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  private validate(uri: string, version: number | undefined): void {
    const document = this.documents.get(uri);
    // Superseded: a newer version arrived (and has its own check scheduled), or the document was closed.
    if (!document || document.version !== version) return;
    if (isValuesUri(uri)) {
      const diagnostics = this.ignored(uri) ? [] : valuesFileDiagnostics(this.service, uri, this.documents, this.readBodyFile);
      if (diagnostics) void this.connection.sendDiagnostics({ uri, version, diagnostics });
      return;
    }
    // The connector changed: its open values file is judged against the new version.
    const values = this.documents.all().find((d) => isValuesUri(d.uri) && connectorUriOf(d.uri) === uri);
    if (values) this.schedule(values.uri, true);
    const analysis = this.cache.analyze(uri);
    // Already published: making and writing thousands of diagnostics again would only delay the first keystroke.
    if (!analysis || this.published.published(analysis)) return;
    void this.connection.sendDiagnostics({ uri, version: analysis.version, diagnostics: this.published.publish(analysis) });
    // Once the editor has a large file's diagnostics and the user has not typed for a moment: its first keystroke
    // rehearsed, so that the real one does not wait for the code of typing to be compiled. Each check puts it off:
    // while the user types, the typing itself has compiled that code, and a rehearsal would only delay a keystroke.
    clearTimeout(this.rehearsals.get(uri));
    this.rehearsals.set(uri, setTimeout(() => this.rehearse(uri), REHEARSAL_AFTER_MS).unref());
  }

  /**
   * Rehearses a document's first keystroke REHEARSALS times, one run per turn of the event loop, so that a keystroke
   * typed meanwhile waits for one run at most and stops the rest (its check clears the next run's timer). Each run
   * goes as far as the keystroke's own path goes: the check, the diagnostics made from the published ones, the
   * message's bytes. Nothing is sent, and nothing the next keystroke starts from is changed.
   */
  private rehearse(uri: string): void {
    this.rehearsals.delete(uri);
    const run = this.cache.rehearsal(uri);
    if (!run) return;
    let left = REHEARSALS;
    const step = (): void => {
      this.rehearsals.delete(uri);
      try {
        const rehearsal = run();
        if (!rehearsal) return;
        const diagnostics = this.published.rehearse(rehearsal);
        rehearseEncoding({ jsonrpc: '2.0', method: PublishDiagnosticsNotification.method, params: { uri, version: rehearsal.version, diagnostics } } as NotificationMessage);
      } catch (error) {
        this.log(`Preparing ${uri} for typing failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
        return;
      }
      // 1 ms, the least Node waits anyway (a timeout of 0 is one of 1): I/O, such as a keystroke, comes in between.
      if (--left > 0) this.rehearsals.set(uri, setTimeout(step, 1).unref());
    };
    step();
  }
}

