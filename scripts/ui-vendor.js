// The UI libraries the page uses, bundled by scripts/build.sh (rolldown) into pkg/vendor/ui.js, so
// the page loads one small module from its own origin, with no bare import to resolve and no CDN:
// Preact (components and hooks), htm (tagged-template markup, no compile step and no eval, so the
// strict CSP holds) and idb (promises over IndexedDB, where the reference library persists).
import { h } from 'preact';
import htm from 'htm';

export { h, render, Fragment, createRef } from 'preact';
export { useState, useEffect, useRef, useMemo, useCallback, useReducer, useLayoutEffect, useId } from 'preact/hooks';
export { openDB, deleteDB } from 'idb';

/** Markup as tagged templates: html`<p class=${x}>${text}</p>`; text is always text, never HTML. */
export const html = htm.bind(h);
