// The page's state in one place: a plain object replaced (never mutated) on every change, and the
// hook that re-renders the page when it changes. Actions (www/actions.js) are the only writers.
import { useEffect, useState } from '../pkg/vendor/ui.js';

/** A store holding `initial`; `set(patch)` merges a patch (or `state => patch`) and notifies. */
export function createStore(initial) {
  let state = initial;
  const listeners = new Set();
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's current state, re-rendering the component on every change. */
export function useStore(store) {
  const [state, setState] = useState(store.get());
  useEffect(() => {
    const unsubscribe = store.subscribe(setState);
    // Changes between the first render and this effect (which runs after paint) were not heard.
    setState(store.get());
    return unsubscribe;
  }, [store]);
  return state;
}
