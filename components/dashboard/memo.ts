/**
 * memo without preact/compat: importing compat for its memo alone installed compat's hook on every element
 * the page creates (it copies each element's props to rename React's names), work at every render of every
 * row, and its module was evaluated at every open (issue 22). The rows need only this.
 */
import { createElement, type Component, type FunctionComponent } from 'preact';

/** Whether two props objects differ: a key added, gone or holding another value (shallow, as React's memo). */
export function propsDiffer(before: object, after: object): boolean {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key in a) if (a[key] !== b[key]) return true;
  for (const key in b) if (!(key in a)) return true;
  return false;
}

/** `component`, rendered again only when its props differ (propsDiffer) or its own state changes. */
export function memo<P extends object>(component: FunctionComponent<P>): FunctionComponent<P> {
  function Memo(this: Component<P>, props: P) {
    this.shouldComponentUpdate = (next: P) => propsDiffer(this.props, next);
    return createElement(component, props);
  }
  Memo.displayName = `Memo(${component.displayName ?? component.name})`;
  return Memo;
}
