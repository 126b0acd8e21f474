// What the OpenAPI import's caller and its worker thread say to each other (importFile.ts starts the worker,
// importWorker.ts runs importTask.ts): the task, its input and its outcome, in one place both sides import.
import type { Finding, ImportFailure, ImportNote, ImportOptions, OpenApiVersion, OperationChoice } from '../core';

export interface ImportFileInput extends ImportOptions {
  /** The document's path. */
  spec: string;
  /** How the document is named in the connector's first-line comment. */
  specLabel: string;
  /** The folder `$ref`s may read files in; the document's folder when absent. */
  refRoot?: string;
  /** The text of the connector file being updated, when it exists. */
  existingText?: string;
  /** Compare with the existing connector instead of updating it: the outcome lists every difference. */
  check?: boolean;
}

export type ImportFileOutcome =
  | {
      ok: true;
      text: string;
      /** How many operations the connector has. */
      operations: number;
      version: OpenApiVersion;
      notes: ImportNote[];
      /** What the document's validation found (it was imported as far as it could be). */
      problems: string[];
      /** For an update of an existing file: what changed. */
      changes?: string[];
      /** With `check`: every difference between the existing connector and the document (none: in step). */
      differences?: string[];
      /** Findings of the connector checks on the written text above info level (expected: none). */
      findings: Finding[];
    }
  | { ok: false; failure: ImportFailure };

export type ListOutcome = { ok: true; operations: OperationChoice[]; version: string } | { ok: false; failure: ImportFailure };

/** What the worker is asked to do. */
export type ImportTask =
  | { kind: 'list'; spec: string; refRoot?: string }
  | { kind: 'import'; input: ImportFileInput };

/** What the worker answers. */
export type ImportTaskOutcome = ImportFileOutcome | ListOutcome;

/** A message from the worker: a file of `bytes` is being read, or the task's outcome. */
export type WorkerMessage = { kind: 'read'; bytes: number } | { kind: 'done'; outcome: ImportTaskOutcome };
