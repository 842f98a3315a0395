import { type ComponentType, lazy } from 'react';

export interface LazyRoute {
  /** The route's element type: lazy until its chunk has loaded, then the component itself. */
  Route: ComponentType;
  /** Starts (or joins) loading the chunk. */
  preload: () => Promise<ComponentType>;
}

/**
 * A route in its own chunk (bundle budget) that can also be loaded ahead. docs/architecture.md#pages-as-html:
 * the browser loads the chunk of the page the server rendered before hydrating, so the route renders at once,
 * as on the server, instead of suspending.
 */
export function lazyRoute(load: () => Promise<ComponentType>): LazyRoute {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  const LazyComponent = lazy(() => preload().then((component) => ({ default: component })));
  function Route() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <LazyComponent />;
  }
  return { Route, preload };
}
