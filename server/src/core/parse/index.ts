import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Finding } from '../findings';
import type { JsonTree, TreeNode } from './jsonTree';
import { treeFromJsonc } from './recovered';
import { MAX_NESTING, tooDeepAt } from './nesting';
import { parseRegularJsonc } from './regular';
import { treeWithNodeReparsed } from './splice';

export { MAX_NESTING, nestingTooDeep, parseJsonTree, tooDeepAt } from './nesting';

/** The parse of a connector file: the compact tree and its root node (absent only for empty text), and syntax findings. */
export interface ParsedDocument {
  text: string;
  tree: JsonTree | undefined;
  root: TreeNode | undefined;
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

type WritableNode = { -readonly [K in keyof Node]: Node[K] };

/**
 * Ends every node at the end of the text at the latest. jsonc-parser's scanner counts an unclosed block comment
 * at the very end (a file ending in slash-star) one character past the text, and every container still open
 * there ends at that phantom character: findings, fixes and folding ranges would reach outside the document.
 */
function keepInsideText(node: Node, textLength: number): void {
  if (node.offset + node.length <= textLength) return;
  const writable = node as WritableNode;
  writable.offset = Math.min(node.offset, textLength);
  writable.length = textLength - writable.offset;
  for (const child of node.children ?? []) keepInsideText(child, textLength);
}

/** Parses connector text as JSON with comments and trailing commas, keeping offsets for every node. */
export function parseDocument(text: string): ParsedDocument {
  // Most files have no syntax error: the fast path builds the same tree; anything else goes to jsonc-parser.
  const regular = parseRegularJsonc(text, MAX_NESTING);
  if (regular) return { text, tree: regular, root: regular.node(0), syntaxFindings: [] };
  const deep = tooDeepAt(text);
  if (deep >= 0) {
    return {
      text,
      tree: undefined,
      root: undefined,
      syntaxFindings: [{
        code: 'syntax-error',
        severity: 'error',
        message: `Nesting deeper than ${MAX_NESTING} levels here; connector, values, tests and settings files are never nested this deep, so nothing in this one is checked. Remove the extra brackets.`,
        offset: deep,
        length: 1,
      }],
    };
  }
  const errors: ParseError[] = [];
  const recovered = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  if (recovered) keepInsideText(recovered, text.length);
  const tree = recovered ? treeFromJsonc(text, recovered) : undefined;
  const syntaxFindings: Finding[] = errors.map((error) => ({
    code: 'syntax-error',
    severity: 'error',
    message: describe(error),
    offset: error.offset,
    // Never past the end: a range outside the document breaks editors.
    length: Math.min(Math.max(error.length, 1), Math.max(0, text.length - error.offset)),
  }));
  if (recovered === undefined && text.trim() === '') {
    syntaxFindings.push({
      code: 'syntax-error',
      severity: 'error',
      message: 'The file is empty. A connector file holds one JSON object with at least "kind", "name" and "baseUrl".',
      offset: 0,
      length: 0,
    });
  }
  return { text, tree, root: tree?.node(0), syntaxFindings };
}

/**
 * Parses the text an edit made from `previous`'s, the edit lying inside value node `node` (its first and last
 * character kept) and changing the length by `delta`: that node alone is parsed again and put in place when it can
 * be, else the whole text (a comment closed further on, a syntax error).
 */
export function parseDocumentAfterEdit(previous: JsonTree, node: number, text: string, delta: number): ParsedDocument {
  const tree = treeWithNodeReparsed(previous, node, text, delta, MAX_NESTING);
  return tree ? { text, tree, root: tree.node(0), syntaxFindings: [] } : parseDocument(text);
}
