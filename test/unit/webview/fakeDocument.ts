// A recording stand-in for the DOM: enough of Document for the panel's mounter, and a log of what it did.

export interface FakeElement {
  tag: string;
  className: string;
  open: boolean;
  attributes: Map<string, string>;
  style: Record<string, string>;
  children: (FakeElement | FakeText)[];
  listeners: Map<string, (() => void)[]>;
  parentNode: FakeElement | null;
}

export interface FakeText {
  data: string;
  parentNode?: FakeElement | null;
}

/** The page's text selection: where it starts and ends; cleared by removeAllRanges. */
export class FakeSelection {
  anchorNode: FakeElement | FakeText | null = null;
  focusNode: FakeElement | FakeText | null = null;
  get rangeCount(): number {
    return this.anchorNode ? 1 : 0;
  }
  get isCollapsed(): boolean {
    return this.anchorNode === this.focusNode;
  }
  removeAllRanges(): void {
    this.anchorNode = null;
    this.focusNode = null;
  }
}

/** Records every element and text node created, and every attribute set. */
export class FakeDocument {
  readonly elements: FakeElement[] = [];
  readonly texts: FakeText[] = [];
  readonly selection = new FakeSelection();

  getSelection(): FakeSelection {
    return this.selection;
  }

  createElement(tag: string): HTMLElement {
    const element: FakeElement & Record<string, unknown> = {
      tag,
      className: '',
      open: false,
      attributes: new Map(),
      style: {},
      children: [],
      listeners: new Map(),
      parentNode: null,
      ownerDocument: this,
    };
    type Child = FakeElement | FakeText;
    // A node is in one place: adding it where it is already moves it, as in the DOM.
    const detach = (child: Child): void => {
      const parent = child.parentNode;
      if (!parent) return;
      parent.children.splice(parent.children.indexOf(child), 1);
      child.parentNode = null;
    };
    const adopt = (child: Child): Child => {
      detach(child);
      child.parentNode = element;
      return child;
    };
    element.setAttribute = (name: string, value: string) => element.attributes.set(name, value);
    element.getAttribute = (name: string) => element.attributes.get(name) ?? null;
    element.removeAttribute = (name: string) => element.attributes.delete(name);
    element.appendChild = (child: Child) => element.children.push(adopt(child));
    element.insertBefore = (child: Child, anchor: Child | null) => {
      adopt(child);
      const at = anchor ? element.children.indexOf(anchor) : -1;
      element.children.splice(at < 0 ? element.children.length : at, 0, child);
    };
    element.removeChild = (child: Child) => {
      if (child.parentNode === element) detach(child);
    };
    element.replaceChildren = (...children: Child[]) => {
      for (const old of element.children.splice(0)) old.parentNode = null;
      for (const child of children) element.children.push(adopt(child));
    };
    element.addEventListener = (type: string, listener: () => void) =>
      element.listeners.set(type, [...(element.listeners.get(type) ?? []), listener]);
    this.elements.push(element);
    return element as unknown as HTMLElement;
  }

  createTextNode(data: string): Text {
    const node = { data };
    this.texts.push(node);
    return node as unknown as Text;
  }
}

/** Clicks a fake element: its click listeners run. */
export function click(element: FakeElement): void {
  for (const listener of element.listeners.get('click') ?? []) listener();
}

/** Opens a fake `details` element as a user click would, firing its toggle listeners. */
export function openDetails(element: FakeElement): void {
  element.open = true;
  for (const listener of element.listeners.get('toggle') ?? []) listener();
}
