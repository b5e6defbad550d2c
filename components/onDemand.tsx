/**
 * A part of a page loaded when it is first asked for (issue 13: the popup loads at open only what its first
 * screen shows). Callers load it before they show it (a tab switch waits for its panel), so nothing appears
 * empty and then fills; a part a page needs at once (the state it opened in) loads as it renders.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface OnDemand<P> {
  /** Loads the part once (a failed load is tried again on the next call). */
  load(): Promise<ComponentType<P>>;
  /** The part once loaded, else undefined. */
  loaded(): ComponentType<P> | undefined;
}

export function onDemand<P>(importer: () => Promise<ComponentType<P>>): OnDemand<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const load = () =>
    (pending ??= importer().then(
      (loaded) => (component = loaded),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return { load, loaded: () => component };
}

/** Runs `then` once `part` is loaded: at once (synchronously) when it already is, so nothing waits a tick. */
export function whenLoaded<P>(part: OnDemand<P>, then: () => void): void {
  if (part.loaded()) return then();
  part.load().then(then, (error: unknown) => console.error('A part of the page could not be loaded', error));
}

/** Renders `part` with `props`, loading it first if no caller did; nothing until it has arrived. */
export function Part<P extends object>({ of: part, ...props }: { of: OnDemand<P> } & P) {
  const [component, setComponent] = useState(() => part.loaded());
  useEffect(() => {
    if (!component)
      part.load().then(
        (loaded) => setComponent(() => loaded),
        (error: unknown) => console.error('A part of the page could not be loaded', error),
      );
  }, [component]);
  const Component = component;
  return Component ? <Component {...(props as unknown as P)} /> : null;
}
