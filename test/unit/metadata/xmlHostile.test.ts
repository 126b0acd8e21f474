// Hostile and broken CSDL XML: each is refused with a code, a sentence saying what is wrong, and the line and column
// where it is (1-based, as an editor counts them), never with a stack trace, a hang or an expanded entity.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCsdl } from '../../../server/src/core/metadata/readCsdl';
import { MAX_XML_DEPTH } from '../../../server/src/core/metadata/xmlSafety';
import { TERMS } from '../../../server/src/core/metadata/model';
import { boundOperations, structuredType } from '../../../server/src/core/metadata/lookups';

const HEAD = '<?xml version="1.0"?>\n<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">\n<edmx:DataServices>\n';
const TAIL = '\n</edmx:DataServices>\n</edmx:Edmx>\n';
/** A document whose schema line (line 4) is `schema`. */
const DOCUMENT = (schema: string): string => `${HEAD}${schema}${TAIL}`;

function refusal(text: string): { code: string; message: string; line?: number; column?: number } {
  const read = readCsdl(text);
  if (read.ok) assert.fail('the document must be refused');
  return read.problem;
}

function assertRefused(text: string, code: string, message: RegExp, line: number, column: number): void {
  const problem = refusal(text);
  assert.equal(problem.code, code, problem.message);
  assert.match(problem.message, message);
  assert.deepEqual([problem.line, problem.column], [line, column], problem.message);
}

describe('hostile CSDL XML is refused with what is wrong and where', () => {
  it('a document type declaration anywhere, internal or external, so no entity is declared or expanded', () => {
    assertRefused(`<?xml version="1.0"?>\n\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<x>&e;</x>`, 'doctype', /no entity can be expanded/, 3, 1);
    assertRefused(DOCUMENT('  <!ENTITY e "boom">'), 'doctype', /document type declaration/, 4, 3);
  });

  it('an entity that is not one of the five predefined ones, even one HTML knows', () => {
    assertRefused(DOCUMENT('<Schema Namespace="N"><EntityType Name="T"><Property Name="A" Type="&nbsp;"/></EntityType></Schema>'), 'not-xml', /entity &nbsp; is not declared/, 4, 69);
    assertRefused(DOCUMENT('<Schema Namespace="N">&xxe;</Schema>'), 'not-xml', /entity &xxe; is not declared/, 4, 23);
  });

  it('character references to characters XML does not allow, and characters it does not allow', () => {
    assertRefused(DOCUMENT('<Schema Namespace="&#0;"/>'), 'not-xml', /&#0; refers to a character XML does not allow/, 4, 20);
    assertRefused(DOCUMENT('<Schema Namespace="&#xD800;"/>'), 'not-xml', /character XML does not allow/, 4, 20);
    assertRefused(DOCUMENT('<Schema Namespace="&#x110000;"/>'), 'not-xml', /character XML does not allow/, 4, 20);
    assertRefused(DOCUMENT('<Schema Namespace="&#12a;"/>'), 'not-xml', /is not a character reference/, 4, 20);
    assertRefused(DOCUMENT('<Schema Namespace="a\u0001"/>'), 'not-xml', /U\+0001/, 4, 21);
    assertRefused(DOCUMENT('<Schema Namespace="a\uDC00"/>'), 'not-xml', /U\+DC00/, 4, 21);
    assertRefused(DOCUMENT('<Schema Namespace="a & b"/>'), 'not-xml', /'&' that starts no reference/, 4, 22);
  });

  it('nesting deeper than any metadata document, at the element that goes too deep', () => {
    const deep = `<a>\n${'<b>'.repeat(MAX_XML_DEPTH)}`;
    assertRefused(deep, 'too-deep', /more than 100 levels/, 2, 3 * (MAX_XML_DEPTH - 1) + 1);
    // A million levels: refused as it goes, with nothing recursive to exhaust the stack.
    assert.equal(refusal('<a>'.repeat(1_000_000)).code, 'too-deep');
  });

  it('broken tags, with where they are broken', () => {
    assertRefused(DOCUMENT('<Schema Namespace="N"></Scheme>'), 'not-xml', /<\/Scheme> does not match the start tag <Schema> at line 4/, 4, 23);
    assertRefused(DOCUMENT('<Schema Namespace="N>'), 'not-xml', /the value of the attribute Namespace of <Schema> has no closing quote/, 4, 19);
    assertRefused(DOCUMENT('<Schema Namespace=N/>'), 'not-xml', /must be in quotes/, 4, 19);
    assertRefused(DOCUMENT('<Schema Namespace="N" Namespace="M"/>'), 'not-xml', /attribute Namespace appears twice/, 4, 23);
    assertRefused(DOCUMENT('<Schema Namespace="a<b"/>'), 'not-xml', /'<' may not appear in an attribute value/, 4, 21);
    assertRefused(DOCUMENT('<Schema Namespace="N">a ]]> b</Schema>'), 'not-xml', /']]>' may not appear in text/, 4, 25);
    assertRefused(DOCUMENT('<Schema Namespace="N"><!-- a -- b --></Schema>'), 'not-xml', /'--' may not appear inside a comment/, 4, 30);
    assertRefused(DOCUMENT('<Schema Namespace="N"><!-- never closed'), 'not-xml', /comment is not closed/, 4, 23);
    assertRefused(DOCUMENT('<Schema Namespace="N"><?xml version="1.0"?></Schema>'), 'not-xml', /may appear only at the very start/, 4, 23);
    assertRefused(`${HEAD}<Schema Namespace="N"/>`, 'not-xml', /ends before the end tag of <edmx:DataServices> \(opened at line 3\)/, 4, 24);
    assertRefused(`<a/>\n<b/>`, 'not-xml', /second root element/, 2, 1);
    assertRefused(`<a/>\ntext`, 'not-xml', /text after the end of the root element/, 2, 1);
  });

  it('tags built to make a reader slow: thousands of attributes, a repeated one at the end, megabytes of spaces', () => {
    const attributes = Array.from({ length: 50_000 }, (_, i) => ` a${i}="${i}"`).join('');
    const many = DOCUMENT(`<Schema Namespace="N"${attributes} a7="again"/>`);
    const problem = refusal(many);
    assert.match(problem.message, /attribute a7 appears twice/);
    assert.equal(problem.line, 4);
    assert.equal(problem.column, many.split('\n')[3]?.indexOf(' a7="again"') + 2);
    assert.equal(refusal(DOCUMENT(`<Schema${' '.repeat(2_000_000)}!/>`)).code, 'not-xml');
    assert.equal(refusal(DOCUMENT(`<Schema Namespace="${'x'.repeat(2_000_000)}`)).code, 'not-xml');
  });

  it('hundreds of thousands of out-of-line annotations are read, not a stack overflow', () => {
    const many = DOCUMENT(`<Schema Namespace="N"><EntityType Name="T"/>${'<Annotations Target="N.T"/>'.repeat(400_000)}<Annotations Target="N.T"><Annotation Term="${TERMS.description}" String="last"/></Annotations></Schema>`);
    const read = readCsdl(many);
    assert.ok(read.ok, read.ok ? '' : read.problem.message);
    assert.equal(structuredType(read.service, 'N.T')?.annotations[TERMS.description], 'last');
  });

  it('a type with a hundred thousand bound actions is read and its actions listed', () => {
    const actions = Array.from({ length: 150_000 }, (_, i) => `<Action Name="A${i}" IsBound="true"><Parameter Name="it" Type="N.T"/></Action>`).join('');
    const read = readCsdl(DOCUMENT(`<Schema Namespace="N"><EntityType Name="T"/>${actions}</Schema>`));
    assert.ok(read.ok, read.ok ? '' : read.problem.message);
    const type = structuredType(read.service, 'N.T');
    assert.ok(type);
    assert.equal(boundOperations(read.service, type, false).length, 150_000);
  });

  it('keys that would reach an object\'s prototype are plain keys of the model', () => {
    const read = readCsdl(DOCUMENT(`<Schema Namespace="N"><EntityType Name="T"><Property Name="A" Type="Edm.String"><Annotation Term="__proto__" String="x"/><Annotation Term="${TERMS.description}"><Record><PropertyValue Property="__proto__" String="polluted"/><PropertyValue Property="constructor" Bool="true"/></Record></Annotation></Property></EntityType></Schema>`));
    assert.ok(read.ok);
    const annotations = structuredType(read.service, 'N.T')?.properties.get('A')?.annotations;
    assert.equal(annotations?.['__proto__'], 'x');
    assert.deepEqual(Object.keys(annotations?.[TERMS.description] as object), ['__proto__', 'constructor']);
    assert.equal(({} as { polluted?: unknown }).polluted, undefined);
    assert.equal(Object.prototype.toString.call({}), '[object Object]');
  });

  it('counts lines and columns in the file as written, blank lines and a byte order mark before the document included', () => {
    const text = `\uFEFF\n\n   <?xml version="1.0"?><x>&bad;</x>`;
    assertRefused(text, 'not-xml', /&bad; is not declared/, 3, 28);
  });
});
