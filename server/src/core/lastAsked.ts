// Facts about the objects of one check (a request, a connector's models, the check's context) are asked for by rule
// after rule, about one object and then the next. A WeakMap keyed by such short-lived objects is the wrong store:
// V8's young collections keep a WeakMap's entries alive, keys and values, and move them to the old generation, where
// only a full collection frees them. In a lint of 8,000 small connectors one such map more than doubled what the
// young collections moved (25 to 57 MB) and cost a tenth of the run. One entry does what the rules need.

/**
 * One remembered value: the one set for the last key, given only for that key, and forgotten when the synchronous
 * run that set it ends (a check, an editor request), so that it never holds a version of a file the editor has
 * let go of.
 */
export class LastAsked<K extends object, V> {
  #key: K | undefined;
  #value: V | undefined;
  #forgetting = false;

  /** The value set for `key` when it was the last key set in this run; undefined for any other. */
  get(key: K): V | undefined {
    return key === this.#key ? this.#value : undefined;
  }

  /** Remembers `value` for `key` until another key is set or this run ends. */
  set(key: K, value: V): void {
    this.#key = key;
    this.#value = value;
    if (this.#forgetting) return;
    this.#forgetting = true;
    queueMicrotask(() => this.#forget());
  }

  #forget(): void {
    this.#key = undefined;
    this.#value = undefined;
    this.#forgetting = false;
  }
}
