// The app's static server (scripts/serve.mjs, `npm start`): it serves the page, the engine and the
// vendored readers with the right types, and nothing else of the repository, however the path is spelled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startServer } from '../../scripts/serve.mjs';

/** GET with the path sent exactly as written (fetch would resolve `..` before sending it). */
function get(url, path) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'] }));
    }).on('error', reject).end();
  });
}

for (const dev of [false, true]) test(`serves the app and only the app (${dev ? 'npm start' : 'tests'})`, async () => {
  const { server, url } = await startServer({ port: 0, dev });
  try {
    const served = {
      '/': /^text\/html/,
      '/index.html': /^text\/html/,
      '/sw.js': /javascript/,
      '/www/app.js': /javascript/,
      '/js/api.js': /javascript/,
      '/pkg/plagscope_bg.wasm': /^application\/wasm$/,
      '/www/app.js?v=1': /javascript/,
    };
    for (const [path, type] of Object.entries(served)) {
      const { status, type: actual } = await get(url, path);
      assert.equal(status, 200, path);
      assert.match(actual, type, path);
    }
    const hidden = ['/Cargo.toml', '/src/lib.rs', '/package.json', '/target/', '/node_modules/sirv/package.json',
      '/www/../Cargo.toml', '/www/%2e%2e/Cargo.toml', '/www/..%2fCargo.toml', '/pkg/../../etc/passwd',
      '/www', '/www/', '/.git/config', '/scripts/serve.mjs', '/index.html/'];
    for (const path of hidden) assert.equal((await get(url, path)).status, 404, path);
  } finally {
    server.close();
  }
});
