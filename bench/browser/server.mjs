// A static server for the browser benchmark alone: the bench page (bench/browser/), the package's
// JavaScript (js/) and engine (pkg/), the bundled peers and the input (target/bench/). Every
// response is cross-origin isolated (COOP + COEP), so the page may call
// performance.measureUserAgentSpecificMemory. The app's own server (scripts/serve.mjs) serves
// only the app's folders and is used as it is for the long-task measurement.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const at = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const FOLDERS = {
  bench: at('bench/browser'),
  js: at('js'),
  pkg: at('pkg'),
  peers: at('target/bench/browser'),
  input: at('target/bench/input'),
};
const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

/** Starts the server on a free port; resolves with { server, url }. */
export function startBenchServer() {
  const handlers = Object.fromEntries(
    Object.entries(FOLDERS).map(([name, dir]) => [name, sirv(dir, { dev: true, setHeaders: (res) => Object.entries(ISOLATION).forEach(([k, v]) => res.setHeader(k, v)) })]),
  );
  const server = createServer((req, res) => {
    const [, folder, ...rest] = new URL(req.url, 'http://x').pathname.split('/');
    if (!handlers[folder] || rest.length === 0) return res.writeHead(404).end('not found');
    req.url = `/${rest.join('/')}`;
    handlers[folder](req, res, () => res.writeHead(404).end('not found'));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}
