import { qualifyName, type TypeRef } from './model';

/**
 * The namespaces and aliases a CSDL XML document declares, and names qualified with them while the document is read.
 * The model keeps names namespace-qualified, but a document may declare an alias (in a later schema, or a reference
 * after the schemas) after a name that uses it: the names remember which prefixes they were asked about, and say the
 * reading is stale when such a prefix is declared afterwards, so the document is read again with every alias known.
 */
export class CsdlNames {
  private readonly referenceAliases = new Map<string, string>();
  private readonly schemaAliases = new Map<string, string>();
  /** Every schema's namespace, in document order. */
  readonly namespaces: string[] = [];
  private readonly namespaceSet = new Set<string>();
  private readonly asked = new Set<string>();
  /** Names qualified so far (a document names the same types and terms thousands of times); forgotten when a declaration comes. */
  private readonly qualified = new Map<string, string>();
  /** Whether a prefix was declared after a name using it was qualified. */
  stale = false;

  /** With `known`, the names of a first reading: qualified with every alias the whole document declares. */
  constructor(private readonly known?: CsdlNames) {}

  /** Names for a second reading that know every alias and namespace this reading saw. */
  complete(): CsdlNames {
    return new CsdlNames(this);
  }

  /** An `edmx:Include` of a referenced document: its namespace by an alias. */
  declareReference(alias: string, namespace: string): void {
    this.referenceAliases.set(alias, namespace);
    this.declared(alias);
  }

  /** A Schema element: its namespace and, when it has one, its alias. */
  declareSchema(namespace: string, alias: string | undefined): void {
    this.namespaces.push(namespace);
    this.namespaceSet.add(namespace);
    this.declared(namespace);
    if (alias) {
      this.schemaAliases.set(alias, namespace);
      this.declared(alias);
    }
  }

  private declared(prefix: string): void {
    this.qualified.clear();
    if (!this.known && this.asked.has(prefix)) this.stale = true;
  }

  /** Alias → namespace, references' first and then schemas' (a schema's alias wins). */
  aliases(): Map<string, string> {
    const aliases = new Map(this.referenceAliases);
    for (const [alias, namespace] of this.schemaAliases) aliases.set(alias, namespace);
    return aliases;
  }

  /** A name with its alias (or a standard vocabulary alias) replaced by the namespace. */
  qualify(name: string): string {
    const known = this.qualified.get(name);
    if (known !== undefined) return known;
    const qualified = this.qualifyUncached(name);
    this.qualified.set(name, qualified);
    return qualified;
  }

  private qualifyUncached(name: string): string {
    const names = this.known ?? this;
    return qualifyName(
      name,
      (prefix) => {
        if (!this.known) this.asked.add(prefix);
        return names.schemaAliases.get(prefix) ?? names.referenceAliases.get(prefix);
      },
      (prefix) => names.namespaceSet.has(prefix),
    );
  }

  /** A type reference as written (`NS.Type`, `Collection(NS.Type)`; none means Edm.Untyped), qualified. */
  typeRef(raw: string | undefined): TypeRef {
    const text = raw ?? 'Edm.Untyped';
    const match = text.startsWith('Collection(') ? /^Collection\((.*)\)$/.exec(text) : null;
    return match ? { name: this.qualify(match[1] ?? ''), collection: true } : { name: this.qualify(text), collection: false };
  }

  /** Enumeration members as an annotation writes them (`NS.Enum/Member NS.Enum/Other`), their types qualified. */
  qualifyMembers(text: string): string {
    return text.split(/\s+/).filter(Boolean).map((m) => {
      const slash = m.indexOf('/');
      return slash > 0 ? `${this.qualify(m.slice(0, slash))}${m.slice(slash)}` : m;
    }).join(' ');
  }
}
