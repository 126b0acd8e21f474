import type { Finding } from './findings';
import type { ServiceMetadata } from './metadata/model';
import type { Connector } from './model';
import type { ParsedDocument } from './parse';

/** One version of a connector file as the core knows it: its parse (text and tree) and its typed model. */
export interface ConnectorDocument {
  readonly parsed: ParsedDocument;
  readonly connector: Connector | undefined;
  /** The service's $metadata the file was checked against, when an OData connector names one that could be read. */
  readonly metadata?: ServiceMetadata;
}

/** A connector document with what the checks found in it, sorted by offset, then code. */
export interface CheckedDocument extends ConnectorDocument {
  readonly findings: Finding[];
}
