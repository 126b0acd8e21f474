/**
 * A streaming reader of XML for metadata documents: one pass over the text checks that it is well-formed XML 1.0 and
 * hands each start tag, end tag and wanted piece of text to a consumer as it goes, so no tree of the document is
 * ever built. In the same pass it refuses what a metadata document never needs (xmlSafety.ts): a document type
 * declaration, so no entity is ever declared or expanded (only the five predefined ones and character references
 * are decoded), and nesting deeper than MAX_XML_DEPTH. Nothing recurses, so no document can exhaust the stack.
 *
 * The text is searched with indexOf and sticky regular expressions, which run as native code from the first call:
 * a metadata file is read once per process, so a reader that needed warming up would never be warm.
 */
import { XmlAttributes } from './xmlAttributes';
import { AMPERSAND, APOSTROPHE, BANG, COLON, EQUALS, GT, LINE_FEED, NAME, NOT_CHAR, PREDEFINED, QUESTION, QUOTE, RETURN, SLASH, SPACE_ONLY, START_TAG, XML_DECLARATION, isChar, isSpace, localName, sameText } from './xmlGrammar';
import { DOCTYPE_MESSAGE, MAX_XML_DEPTH, TOO_DEEP_MESSAGE, tooLargeMessage } from './xmlSafety';

/** Why a text is not read as XML, with where (1-based line and column, in UTF-16 code units). */
export interface XmlProblem {
  code: 'too-large' | 'doctype' | 'too-deep' | 'not-xml';
  message: string;
  line?: number;
  column?: number;
}

/** What the reader hands on. Names are local names: `edmx:Edmx` is `Edmx`. */
export interface XmlConsumer {
  /** A start tag; returns whether the element's own text is wanted (text(), before its close()). */
  open(name: string, attributes: XmlAttributes): boolean;
  /** The end of the element opened last (an empty element's right after its open()). */
  close(): void;
  /** A piece of a wanted element's text: references decoded, line ends normalised to \n (an element's text may come in several pieces). */
  text(value: string): void;
}

/** Reads `text` as XML, handing its events to `consumer`; the problem that stopped it, or undefined when it is well-formed. */
export function readXmlEvents(text: string, consumer: XmlConsumer): XmlProblem | undefined {
  const tooLarge = tooLargeMessage(text.length);
  if (tooLarge) return { code: 'too-large', message: tooLarge };
  try {
    new XmlScanner(text, consumer).run();
    return undefined;
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    const { line, column } = lineAndColumn(text, error.offset);
    return { code: error.code, message: error.code === 'not-xml' ? `it is not well-formed XML (${error.message})` : error.message, line, column };
  }
}

class XmlError extends Error {
  constructor(readonly code: XmlProblem['code'], message: string, readonly offset: number) {
    super(message);
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

class XmlScanner {
  private readonly attributes = new XmlAttributes();
  /** Open elements: their names as written, where their start tags begin, whether their text is wanted. */
  private readonly names: string[] = [];
  private readonly starts: number[] = [];
  private readonly wanted: boolean[] = [];
  private depth = 0;
  private rootSeen = false;
  // The next '&', ']]>' and white space character at or after where they were last looked for: each is searched
  // for once per occurrence, not once per tag or text.
  private nextAmpersand = -1;
  private nextCdataEnd = -1;
  private nextLineFeed = -1;
  private nextTab = -1;
  private nextReturn = -1;
  private nextColon = -1;
  /** Where the attribute names of the start tag being read are, as written: start and end of each. */
  private readonly rawNames: number[] = [];
  private rawNameCount = 0;
  private rawNameSet: Set<string> | undefined;

  constructor(private readonly text: string, private readonly consumer: XmlConsumer) {}

  private fail(offset: number, message: string, code: XmlProblem['code'] = 'not-xml'): never {
    throw new XmlError(code, message, offset);
  }

  run(): void {
    const text = this.text;
    this.checkCharacters();
    let at = 0;
    if (text.startsWith('<?xml', 0) && (isSpace(text.charCodeAt(5)) || text.charCodeAt(5) === QUESTION)) {
      XML_DECLARATION.lastIndex = 0;
      if (!XML_DECLARATION.test(text)) this.fail(0, 'the XML declaration is malformed: it is <?xml version="1.0" encoding="utf-8"?>');
      at = XML_DECLARATION.lastIndex;
    }
    while (at < text.length) {
      const lt = text.indexOf('<', at);
      const end = lt === -1 ? text.length : lt;
      if (end > at) this.characters(at, end);
      if (lt === -1) break;
      const next = text.charCodeAt(lt + 1);
      at = next === SLASH ? this.endTag(lt) : next === BANG ? this.declaration(lt) : next === QUESTION ? this.instruction(lt) : this.startTag(lt);
    }
    if (this.depth > 0) {
      const name = this.names[this.depth - 1] ?? '';
      const { line } = lineAndColumn(text, this.starts[this.depth - 1] ?? 0);
      this.fail(text.length, `the document ends before the end tag of <${name}> (opened at line ${line})`);
    }
    if (!this.rootSeen) this.fail(text.length, 'it has no element');
  }

  private checkCharacters(): void {
    const text = this.text;
    NOT_CHAR.lastIndex = 0;
    for (let match = NOT_CHAR.exec(text); match; match = NOT_CHAR.exec(text)) {
      const at = match.index;
      const code = text.charCodeAt(at);
      if (code >= 0xd800 && code <= 0xdbff) {
        const low = text.charCodeAt(at + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          NOT_CHAR.lastIndex = at + 2;
          continue;
        }
      }
      this.fail(at, `it has a character XML does not allow, U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    }
  }

  /** Character data from `start` to `end` (the next '<' or the end of the text). */
  private characters(start: number, end: number): void {
    const text = this.text;
    if (this.depth === 0) {
      if (!SPACE_ONLY.test(text.slice(start, end))) {
        let at = start;
        while (isSpace(text.charCodeAt(at))) at++;
        this.fail(at, this.rootSeen ? 'there is text after the end of the root element' : 'there is text before the root element');
      }
      return;
    }
    if (this.nextCdataEnd < start) this.nextCdataEnd = this.indexOrEnd(']]>', start);
    if (this.nextCdataEnd < end) this.fail(this.nextCdataEnd, "']]>' may not appear in text (write it as ]]&gt;)");
    if (this.wanted[this.depth - 1]) this.consumer.text(this.decode(start, end, false));
    else if (this.nextSpecial(start, false) < end) this.decode(start, end, false);
  }

  private indexOrEnd(search: string, from: number): number {
    const at = this.text.indexOf(search, from);
    return at === -1 ? this.text.length : at;
  }

  /** The text from `start` to `end` with references decoded and line ends (or, in an attribute, white space) normalised. */
  private decode(start: number, end: number, attribute: boolean): string {
    const text = this.text;
    let out = '';
    let from = start;
    for (;;) {
      const at = this.nextSpecial(from, attribute);
      if (at >= end) break;
      out += text.slice(from, at);
      const code = text.charCodeAt(at);
      if (code === AMPERSAND) {
        const semicolon = text.indexOf(';', at + 1);
        if (semicolon === -1 || semicolon >= end) this.fail(at, "a '&' that starts no reference (write it as &amp;)");
        out += this.reference(at, semicolon);
        from = semicolon + 1;
      } else if (code === RETURN) {
        out += attribute ? ' ' : '\n';
        from = text.charCodeAt(at + 1) === LINE_FEED && at + 1 < end ? at + 2 : at + 1;
      } else {
        out += ' ';
        from = at + 1;
      }
    }
    return out + text.slice(from, end);
  }

  /**
   * Where the next character at or after `from` is that decoding changes: '&' and carriage return, and in an attribute
   * line feed and tab. Each is looked for once per occurrence, so a document is searched for them once in all.
   */
  private nextSpecial(from: number, attribute: boolean): number {
    if (this.nextAmpersand < from) this.nextAmpersand = this.indexOrEnd('&', from);
    if (this.nextReturn < from) this.nextReturn = this.indexOrEnd('\r', from);
    const next = Math.min(this.nextAmpersand, this.nextReturn);
    if (!attribute) return next;
    if (this.nextLineFeed < from) this.nextLineFeed = this.indexOrEnd('\n', from);
    if (this.nextTab < from) this.nextTab = this.indexOrEnd('\t', from);
    return Math.min(next, this.nextLineFeed, this.nextTab);
  }

  /** The character a reference from '&' at `at` to ';' at `semicolon` stands for. */
  private reference(at: number, semicolon: number): string {
    const length = semicolon - at - 1;
    if (length <= 4) {
      const predefined = PREDEFINED.get(this.text.slice(at + 1, semicolon));
      if (predefined !== undefined) return predefined;
    }
    const body = this.text.slice(at + 1, semicolon);
    if (body.charCodeAt(0) === 35) {
      const hex = body.charCodeAt(1) === 120;
      const digits = body.slice(hex ? 2 : 1);
      if (!(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) this.fail(at, `&${body}; is not a character reference (&#233; or &#xE9;)`);
      const code = parseInt(digits, hex ? 16 : 10);
      if (!isChar(code)) this.fail(at, `&${body}; refers to a character XML does not allow`);
      return String.fromCodePoint(code);
    }
    NAME.lastIndex = 0;
    if (NAME.test(body) && NAME.lastIndex === body.length) {
      this.fail(at, `the entity &${body}; is not declared (a metadata document has only &lt; &gt; &amp; &apos; &quot; and character references such as &#160;)`);
    }
    return this.fail(at, "a '&' that starts no reference (write it as &amp;)");
  }

  private name(at: number, what: string): number {
    NAME.lastIndex = at;
    if (!NAME.test(this.text)) this.fail(at, at >= this.text.length ? `the document ends where ${what} was expected` : `${what} was expected here`);
    return NAME.lastIndex;
  }

  private skipSpace(at: number): number {
    while (isSpace(this.text.charCodeAt(at))) at++;
    return at;
  }

  private startTag(lt: number): number {
    const text = this.text;
    if (this.depth === 0 && this.rootSeen) this.fail(lt, 'there is a second root element (a document has one)');
    START_TAG.lastIndex = lt;
    if (!START_TAG.test(text)) this.explainStartTag(lt);
    const end = START_TAG.lastIndex;
    NAME.lastIndex = lt + 1;
    NAME.test(text);
    const nameEnd = NAME.lastIndex;
    const name = text.slice(lt + 1, nameEnd);
    this.attributes.clear(text);
    this.rawNameCount = 0;
    this.rawNameSet = undefined;
    const empty = text.charCodeAt(end - 2) === SLASH;
    const attributesEnd = empty ? end - 2 : end - 1;
    // The tag matched the grammar: each attribute is a name, '=' and a quoted value, with white space between.
    for (let at = this.skipSpace(nameEnd); at < attributesEnd; at = this.skipSpace(at)) {
      const equals = text.indexOf('=', at);
      let attributeNameEnd = equals;
      while (isSpace(text.charCodeAt(attributeNameEnd - 1))) attributeNameEnd--;
      const quote = this.skipSpace(equals + 1);
      const valueEnd = text.indexOf(text.charCodeAt(quote) === QUOTE ? '"' : "'", quote + 1);
      this.addAttribute(name, at, attributeNameEnd, quote + 1, valueEnd);
      at = valueEnd + 1;
    }
    if (this.depth >= MAX_XML_DEPTH) this.fail(lt, TOO_DEEP_MESSAGE, 'too-deep');
    this.rootSeen = true;
    const depth = this.depth++;
    this.names[depth] = name;
    this.starts[depth] = lt;
    this.wanted[depth] = this.consumer.open(localName(name), this.attributes);
    if (empty) this.closeElement();
    return end;
  }

  /** An attribute of the start tag of `element`: refused when its name was written before, its value decoded when it must be. */
  private addAttribute(element: string, nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    const text = this.text;
    if (this.repeated(nameStart, nameEnd)) this.fail(nameStart, `the attribute ${text.slice(nameStart, nameEnd)} appears twice in <${element}>`);
    const decoded = this.nextSpecial(valueStart, true) < valueEnd ? this.decode(valueStart, valueEnd, true) : undefined;
    // Namespace declarations are not attributes of the model; a name with one colon is read without its prefix.
    if (text.startsWith('xmlns', nameStart) && (nameEnd === nameStart + 5 || text.charCodeAt(nameStart + 5) === COLON)) return;
    if (this.nextColon < nameStart) this.nextColon = this.indexOrEnd(':', nameStart);
    const colon = this.nextColon;
    const prefixed = colon < nameEnd && (this.nextColon = this.indexOrEnd(':', colon + 1)) >= nameEnd;
    this.attributes.add(prefixed ? colon + 1 : nameStart, nameEnd, valueStart, valueEnd, decoded);
  }

  /** Whether the attribute name from `start` to `end` was written before in this start tag; remembers it. */
  private repeated(start: number, end: number): boolean {
    const text = this.text;
    const places = this.rawNames;
    const count = this.rawNameCount;
    if (count < 16) {
      for (let i = 0; i < count; i++) {
        const otherStart = places[2 * i] ?? 0;
        if ((places[2 * i + 1] ?? 0) - otherStart === end - start && sameText(text, otherStart, start, end - start)) return true;
      }
      places[2 * count] = start;
      places[2 * count + 1] = end;
      this.rawNameCount++;
      return false;
    }
    // A tag with many attributes (a hostile one may have thousands): a set, so the check stays linear.
    if (!this.rawNameSet) {
      this.rawNameSet = new Set();
      for (let i = 0; i < count; i++) this.rawNameSet.add(text.slice(places[2 * i], places[2 * i + 1]));
    }
    const name = text.slice(start, end);
    if (this.rawNameSet.has(name)) return true;
    this.rawNameSet.add(name);
    return false;
  }

  /** Reads a start tag that does not match the grammar step by step, and fails saying where and why. */
  private explainStartTag(lt: number): never {
    const text = this.text;
    NAME.lastIndex = lt + 1;
    if (!NAME.test(text)) this.fail(lt, "a '<' that starts no tag (in text, write it as &lt;)");
    let at = NAME.lastIndex;
    const element = text.slice(lt + 1, at);
    for (;;) {
      const before = at;
      at = this.skipSpace(at);
      const c = text.charCodeAt(at);
      if (c === GT) break;
      if (c === SLASH) {
        if (text.charCodeAt(at + 1) !== GT) this.fail(at, `'/' in the start tag <${element}> must be followed by '>'`);
        break;
      }
      if (at >= text.length) this.fail(lt, `the document ends inside the start tag <${element}>`);
      if (at === before) this.fail(at, `a space, '>' or '/>' was expected in the start tag <${element}>`);
      const nameStart = at;
      at = this.name(at, 'an attribute name');
      const name = text.slice(nameStart, at);
      at = this.skipSpace(at);
      if (text.charCodeAt(at) !== EQUALS) this.fail(at, `the attribute ${name} of <${element}> has no '=' and value`);
      at = this.skipSpace(at + 1);
      const quote = text.charCodeAt(at);
      if (quote !== QUOTE && quote !== APOSTROPHE) this.fail(at, `the value of the attribute ${name} of <${element}> must be in quotes`);
      const valueEnd = text.indexOf(quote === QUOTE ? '"' : "'", at + 1);
      if (valueEnd === -1) this.fail(at, `the value of the attribute ${name} of <${element}> has no closing quote`);
      const lessThan = text.indexOf('<', at + 1);
      if (lessThan !== -1 && lessThan < valueEnd) this.fail(lessThan, "'<' may not appear in an attribute value (write it as &lt;)");
      at = valueEnd + 1;
    }
    return this.fail(lt, `the start tag <${element}> is malformed`);
  }

  private endTag(lt: number): number {
    const text = this.text;
    const nameEnd = this.name(lt + 2, 'a name after </');
    const at = this.skipSpace(nameEnd);
    if (text.charCodeAt(at) !== GT) this.fail(at, `the end tag </${text.slice(lt + 2, nameEnd)}> must close with '>'`);
    if (this.depth === 0) this.fail(lt, `the end tag </${text.slice(lt + 2, nameEnd)}> has no start tag`);
    const open = this.names[this.depth - 1] ?? '';
    if (nameEnd - (lt + 2) !== open.length || !text.startsWith(open, lt + 2)) {
      const { line } = lineAndColumn(text, this.starts[this.depth - 1] ?? 0);
      this.fail(lt, `the end tag </${text.slice(lt + 2, nameEnd)}> does not match the start tag <${open}> at line ${line}`);
    }
    this.closeElement();
    return at + 1;
  }

  private closeElement(): void {
    this.depth--;
    this.consumer.close();
  }

  /** '<!': a comment, a CDATA section, or a declaration (refused). */
  private declaration(lt: number): number {
    const text = this.text;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end === -1) this.fail(lt, 'a comment is not closed with -->');
      if (text.indexOf('--', lt + 4) < end) this.fail(text.indexOf('--', lt + 4), "'--' may not appear inside a comment");
      return end + 3;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      if (this.depth === 0) this.fail(lt, 'a CDATA section may appear only inside an element');
      const end = text.indexOf(']]>', lt + 9);
      if (end === -1) this.fail(lt, 'a CDATA section is not closed with ]]>');
      if (this.wanted[this.depth - 1]) this.consumer.text(text.slice(lt + 9, end).replace(/\r\n?/g, '\n'));
      return end + 3;
    }
    return this.fail(lt, DOCTYPE_MESSAGE, 'doctype');
  }

  /** '<?': a processing instruction (the XML declaration was read at the start; anywhere else it is an error). */
  private instruction(lt: number): number {
    const text = this.text;
    const nameEnd = this.name(lt + 2, 'a name after <?');
    const target = text.slice(lt + 2, nameEnd);
    if (target.toLowerCase() === 'xml') this.fail(lt, target === 'xml' ? 'the XML declaration <?xml ...?> may appear only at the very start' : `<?${target} is reserved`);
    const end = text.indexOf('?>', nameEnd);
    if (end === -1) this.fail(lt, `the processing instruction <?${target} is not closed with ?>`);
    if (end !== nameEnd && !isSpace(text.charCodeAt(nameEnd))) this.fail(nameEnd, `a space or '?>' was expected after <?${target}`);
    return end + 2;
  }
}
