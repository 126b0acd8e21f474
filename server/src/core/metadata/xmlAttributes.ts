/**
 * The attributes of the start tag being read, found by local name (`Name` for `Name` and for `edm:Name`). They are
 * kept as places in the document's text, and a value becomes a string only when it is asked for: a metadata document
 * has tens of thousands of attributes, most of which the model never reads. Valid until the reader's next event.
 */
export class XmlAttributes {
  private text = '';
  private count = 0;
  /** Per attribute: where its local name starts and ends, where its value starts and ends. */
  private readonly places: number[] = [];
  /** Per attribute: its value when references or white space had to be decoded, else undefined. */
  private readonly decoded: (string | undefined)[] = [];

  /** The value of the attribute with this local name. */
  get(name: string): string | undefined {
    const places = this.places;
    for (let i = 0; i < this.count; i++) {
      const start = places[4 * i] ?? 0;
      if ((places[4 * i + 1] ?? 0) - start === name.length && this.text.startsWith(name, start)) {
        return this.valueAt(i);
      }
    }
    return undefined;
  }

  /** How many attributes the tag has (namespace declarations left out). */
  get length(): number {
    return this.count;
  }

  /** The local name of the `index`th attribute. */
  nameAt(index: number): string {
    return this.text.slice(this.places[4 * index], this.places[4 * index + 1]);
  }

  /** The value of the `index`th attribute. */
  valueAt(index: number): string {
    return this.decoded[index] ?? this.text.slice(this.places[4 * index + 2], this.places[4 * index + 3]);
  }

  /** Forgets the attributes of the previous start tag (the reader calls this). */
  clear(text: string): void {
    this.text = text;
    this.count = 0;
  }

  /** One more attribute, by where its local name and its value are in the text (the reader calls this). */
  add(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, decoded: string | undefined): void {
    const at = 4 * this.count;
    this.places[at] = nameStart;
    this.places[at + 1] = nameEnd;
    this.places[at + 2] = valueStart;
    this.places[at + 3] = valueEnd;
    this.decoded[this.count] = decoded;
    this.count++;
  }
}
