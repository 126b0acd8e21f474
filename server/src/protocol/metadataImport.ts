// Messages for "Add Custom Requests from $metadata…".
import type { ImportNote, MetadataChoice } from '../core';

/** A choice as the picker shows it: what it gives, and whether the connector has all of it already. */
export interface MetadataChoiceItem extends MetadataChoice {
  /** It gives requests, and every one is in the connector already. */
  present: boolean;
}

/** client → server: what a service's metadata offers to add. */
export const METADATA_CHOICES = 'connector/metadataChoices';
export interface MetadataChoicesParams {
  /** The OData connector requests are added to (a URI): its `metadata` is read unless `path` is given, and what it has is marked. */
  uri?: string;
  /** A metadata document's file-system path: for a connector that names none yet, or for a new connector. */
  path?: string;
}
export type MetadataChoicesResult =
  | { ok: true; /** The metadata document read (file-system path). */ path: string; choices: MetadataChoiceItem[]; /** The connector's base URL, when it has one. */ baseUrl?: string }
  | { ok: false; message: string; /** The connector is an OData connector that names no metadata: fetch it or choose a file. */ needsMetadata?: boolean; /** The file given is not an OData connector. */ notOData?: boolean };

/** client → server: the connector text with the chosen requests added (or a new connector). Nothing is written. */
export const IMPORT_METADATA = 'connector/importMetadata';
export interface ImportMetadataParams {
  /** The metadata document's file-system path. */
  path: string;
  /** The keys of the chosen choices. */
  choices: string[];
  /** The connector file to add to or write, as a URI. */
  out: string;
  /** The service root, for a new connector. */
  baseUrl?: string;
}
export type ImportMetadataResult =
  | { ok: true; text: string; added: string[]; notes: ImportNote[]; changes?: string[]; findings: string[] }
  | { ok: false; message: string };
