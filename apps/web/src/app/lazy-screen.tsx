import { lazy, type ComponentType } from 'react';
import { loadNamespaces, type Namespace } from '@/i18n';

/** How to start loading a screen (and, for some, its data) before it renders. */
const preloads = new WeakMap<ComponentType, () => void>();

/**
 * A screen loaded on first visit, with its part of the messages (`namespace`). `prefetch` starts the
 * screen's data alongside its code, so neither waits for the other. Once its code is there the screen
 * renders straight away, without the suspend-and-retry React.lazy goes through on its first render
 * even for code already loaded.
 */
export function lazyScreen(
  namespace: Namespace,
  load: () => Promise<ComponentType>,
  prefetch?: () => void,
): ComponentType {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  // The screen's messages (and those several screens share) load alongside its code. A later switch of language loads every part
  // already loaded in the new language before it shows (i18n/index.ts).
  const start = () =>
    (loading ??= Promise.all([load(), loadNamespaces(['shared', 'people', namespace])]).then(([screen]) => {
      loaded = screen;
      return { default: loaded };
    }));
  const Lazy = lazy(start);
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  preloads.set(Screen, () => {
    prefetch?.();
    void start();
  });
  return Screen;
}

/** Starts loading a screen made by `lazyScreen` (and its data); anything else is left alone. */
export function preloadScreen(Screen: ComponentType): void {
  preloads.get(Screen)?.();
}
