// Build settings a user of plagscope needs: top-level await (the browser entry loads the wasm
// with it) requires an ES2022+ target.
export default {
  root: new URL('.', import.meta.url).pathname,
  logLevel: 'warn',
  build: { target: 'es2022', outDir: '../../target/bundler-dist', emptyOutDir: true },
};
