import { visibleText } from '../../../server/src/core';
import type { PanelAction } from './protocol';

/** The DOM the mounter needs; a subset of `Document`, so tests can count what is created. Elements must support replaceChildren. */
export interface MountTarget {
  createElement(tag: string): HTMLElement;
  createTextNode(data: string): Text;
}

/**
 * The panel is described as plain data, then mounted with createElement and text nodes only. Response strings
 * can therefore only ever become text: there is no path from a response to innerHTML, attributes or handlers.
 */
export type Tag = 'div' | 'span' | 'section' | 'h2' | 'details' | 'summary' | 'pre' | 'button' | 'ul' | 'li' | 'code' | 'table' | 'thead' | 'tbody' | 'tr' | 'th' | 'td';

/** The only attributes the panel sets; none of them can run code or load a resource. */
export type SafeAttribute = 'title' | 'role' | 'aria-label' | 'data-kind' | 'aria-sort' | 'scope' | 'tabindex' | 'aria-rowcount' | 'aria-rowindex' | 'aria-colcount';

/** The only inline styles the panel sets (through the style object, which the page's CSP allows): sizes. */
export type SafeStyle = 'width' | 'height';

export interface TextNode {
  kind: 'text';
  text: string;
}

export interface ElementNode {
  kind: 'element';
  tag: Tag;
  className?: string;
  attributes?: Partial<Record<SafeAttribute, string>>;
  children: ViewNode[];
  /** For `button`: what pressing it asks the extension to do. */
  action?: PanelAction;
  /** For `details`: built on first opening, so huge results cost nothing until looked at. */
  lazyChildren?: () => ViewNode[];
  open?: boolean;
  /** Children that change inside the panel (a table sorted by a click): built now, and again each time `redraw` is called. */
  dynamic?: (redraw: () => void) => ViewNode[];
  /** What a click does inside the panel, without asking the extension (sorting). */
  onActivate?: () => void;
  /** Sizes, in CSS units. */
  style?: Partial<Record<SafeStyle, string>>;
  /** Called once the element and its children exist: for what must follow the page (a table's scrolling, its pooled rows). */
  attach?: (element: HTMLElement, children: readonly Node[], document: MountTarget) => void;
}

export type ViewNode = TextNode | ElementNode;

/**
 * A text node. Characters that act instead of showing (control characters, bidirectional overrides that would
 * reorder what follows) are written visibly, as the command line writes them; Copy data and Copy raw copy the
 * answer itself.
 */
export function text(value: string): TextNode {
  return { kind: 'text', text: visibleText(value) };
}

/** An element with a class and children (strings become text nodes). */
export function el(tag: Tag, className: string | undefined, children: (ViewNode | string)[] = [], extra: Partial<ElementNode> = {}): ElementNode {
  return {
    kind: 'element',
    tag,
    ...(className ? { className } : {}),
    children: children.map((c) => (typeof c === 'string' ? text(c) : c)),
    ...extra,
  };
}
