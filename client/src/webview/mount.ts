import type { PanelAction } from './protocol';
import type { MountTarget, SafeStyle, ViewNode } from './viewNode';

export type { MountTarget };

/** Creates DOM for a view node: elements, typed attributes and text nodes only (never HTML parsing). */
export function mount(node: ViewNode, document: MountTarget, onAction: (action: PanelAction) => void): Node {
  if (node.kind === 'text') return document.createTextNode(node.text);
  const element = document.createElement(node.tag);
  if (node.className) element.className = node.className;
  for (const [name, value] of Object.entries(node.attributes ?? {})) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  for (const [name, value] of Object.entries(node.style ?? {})) {
    if (value !== undefined) element.style[name as SafeStyle] = value;
  }
  const children = node.children.map((child) => mount(child, document, onAction));
  for (const child of children) element.appendChild(child);
  if (node.action) {
    const action = node.action;
    element.addEventListener('click', () => onAction(action));
  }
  if (node.onActivate) element.addEventListener('click', node.onActivate);
  if (node.dynamic) {
    const build = node.dynamic;
    const draw = (): void => element.replaceChildren(...build(draw).map((child) => mount(child, document, onAction)));
    draw();
  }
  if (node.lazyChildren) {
    const build = node.lazyChildren;
    let built = false;
    const buildOnce = (): void => {
      if (built) return;
      built = true;
      for (const child of build()) element.appendChild(mount(child, document, onAction));
    };
    element.addEventListener('toggle', () => {
      if ((element as HTMLDetailsElement).open) buildOnce();
    });
    if (node.open) {
      (element as HTMLDetailsElement).open = true;
      buildOnce();
    }
  }
  node.attach?.(element, children, document);
  return element;
}
