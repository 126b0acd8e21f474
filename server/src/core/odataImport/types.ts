import type { ImportNote } from '../importing/notes';
import type { JsonValue } from '../tree';
import type { ODataOperation } from '../vocabulary';

/** A Custom request as the import writes it. */
export interface CustomRequestJson {
  id: string;
  summary?: string;
  operation: ODataOperation;
  url: string;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  body?: string;
  responseStructure?: JsonValue;
}

/** An OData connector as the import writes it. */
export interface ODataConnectorJson {
  kind: 'odata';
  name: string;
  description?: string;
  baseUrl: string;
  connectorVersion: string;
  /** The metadata file, as the connector names it (relative to the connector's folder). */
  metadata: string;
  customRequests: CustomRequestJson[];
}

/** What a choice stands for: an entity set's or singleton's requests, a bound operation on one, or an operation import. */
export type MetadataChoiceKind = 'entitySet' | 'singleton' | 'boundAction' | 'boundFunction' | 'actionImport' | 'functionImport';

/**
 * One thing of a service that the import writes requests for, as pickers list it and globs choose it. Keys are
 * stable for one service: `Orders` (an entity set or singleton: its list, get, create, update and delete),
 * `Orders()/Ns.Release` (a bound action or function called on one of the set's entities), `Orders/Ns.Release` (one
 * bound to the collection), `ResetAll` (an action or function import); a second overload adds `#2`.
 */
export interface MetadataChoice {
  key: string;
  kind: MetadataChoiceKind;
  /** The entity set, singleton or import it belongs to (what `--entity-sets` globs match). */
  source: string;
  /** What a picker shows: the name and what it is. */
  label: string;
  /** The requests it gives, by the ids the import writes them with. */
  requests: { id: string; operation: ODataOperation; url: string }[];
  /** Why some of its requests are left out (restrictions, binary keys), in the user's words. */
  leftOut: string[];
}

/** What the user chose for an import. */
export interface ODataImportOptions {
  /** Comma-separated globs over entity set, singleton and operation import names; everything when absent. */
  entitySets?: string;
  /** Exactly these choices (keys as listChoices gives them), e.g. from the editor's picker. */
  choices?: readonly string[];
  /** The connector's name; the service's namespace when absent. */
  name?: string;
  /** The service root; a placeholder (reported) when absent. */
  baseUrl?: string;
  /** The metadata file as the connector names it. */
  metadataPath: string;
}

/** The outcome of an import: the connector, and every note about what could not be written as the service says. */
export interface ODataImportResult {
  connector: ODataConnectorJson;
  notes: ImportNote[];
}

/** Why nothing could be imported. */
export interface ODataImportFailure {
  code: 'nothing-chosen' | 'no-container';
  message: string;
}
