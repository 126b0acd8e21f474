import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Finding } from './findings';

/** The parse of a connector file: the tree (absent only for empty text) and syntax findings. */
export interface ParsedDocument {
  text: string;
  root: Node | undefined;
  syntaxFindings: Finding[];
}

const SYNTAX_HINTS: Partial<Record<string, string>> = {
  InvalidSymbol: 'Remove the stray character or put the text in double quotes.',
  InvalidNumberFormat: 'Write the number in JSON form, e.g. 12, -3.5 or 1e3.',
  PropertyNameExpected: 'Write a property name in double quotes, e.g. "name".',
  ValueExpected: 'Write a value: a string in double quotes, a number, true, false, null, an object or an array.',
  ColonExpected: 'Put a colon between the property name and its value.',
  CommaExpected: 'Put a comma between the two entries.',
  CloseBraceExpected: 'Close the object with }.',
  CloseBracketExpected: 'Close the array with ].',
  EndOfFileExpected: 'Remove what follows the end of the connector object; a file holds one connector.',
  InvalidCommentToken: 'Close the comment with */.',
  UnexpectedEndOfComment: 'Close the comment with */.',
  UnexpectedEndOfString: 'Close the string with a double quote.',
  UnexpectedEndOfNumber: 'Complete the number.',
  InvalidUnicode: 'Write a Unicode escape as \\u followed by four hex digits.',
  InvalidEscapeCharacter: 'Use a JSON escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX.',
  InvalidCharacter: 'Control characters must be escaped inside strings, e.g. \\n or \\t.',
};

function describe(error: ParseError): string {
  const name = printParseErrorCode(error.error);
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const hint = SYNTAX_HINTS[name];
  return `JSON syntax: ${words}.${hint ? ` ${hint}` : ''}`;
}

/** Parses connector text as JSON with comments and trailing commas, keeping offsets for every node. */
export function parseDocument(text: string): ParsedDocument {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  const syntaxFindings: Finding[] = errors.map((error) => ({
    code: 'syntax-error',
    severity: 'error',
    message: describe(error),
    offset: error.offset,
    // Never past the end: a range outside the document breaks editors.
    length: Math.min(Math.max(error.length, 1), Math.max(0, text.length - error.offset)),
  }));
  if (root === undefined && text.trim() === '') {
    syntaxFindings.push({
      code: 'syntax-error',
      severity: 'error',
      message: 'The file is empty. A connector file holds one JSON object with at least "kind", "name" and "baseUrl".',
      offset: 0,
      length: 0,
    });
  }
  return { text, root, syntaxFindings };
}
