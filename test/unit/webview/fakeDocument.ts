// A recording stand-in for the DOM: enough of Document for the panel's mounter, and a log of what it did.

export interface FakeElement {
  tag: string;
  className: string;
  open: boolean;
  attributes: Map<string, string>;
  style: Record<string, string>;
  children: (FakeElement | FakeText)[];
  listeners: Map<string, (() => void)[]>;
}

export interface FakeText {
  data: string;
}

/** Records every element and text node created, and every attribute set. */
export class FakeDocument {
  readonly elements: FakeElement[] = [];
  readonly texts: FakeText[] = [];

  createElement(tag: string): HTMLElement {
    const element: FakeElement & Record<string, unknown> = {
      tag,
      className: '',
      open: false,
      attributes: new Map(),
      style: {},
      children: [],
      listeners: new Map(),
    };
    element.setAttribute = (name: string, value: string) => element.attributes.set(name, value);
    element.appendChild = (child: FakeElement | FakeText) => element.children.push(child);
    element.replaceChildren = (...children: (FakeElement | FakeText)[]) => void element.children.splice(0, element.children.length, ...children);
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
