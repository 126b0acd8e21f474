/**
 * What an import did with one item of its source (an OpenAPI document, a service's $metadata) that the connector
 * cannot hold as it is. `left-out`: the item is not in the connector. `changed`: it is there in the nearest form the
 * platform offers.
 */
export interface ImportNote {
  /** `left-out` or `changed`. */
  kind: 'left-out' | 'changed';
  /** Where it applies: an operation or request id as imported, the source's own name of what was left out, or `connector`. */
  where: string;
  /** The parameter, property, body, header or setting the note is about, when there is one. */
  item?: string;
  /** Why, in the user's words, and what was chosen instead. */
  reason: string;
}
