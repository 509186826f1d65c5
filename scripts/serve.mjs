// Serves the web app (index.html, sw.js, www/, js/, pkg/) on localhost with correct MIME types
// (`.wasm` as application/wasm) using sirv. Usable as a script (`npm start`) and as a module (tests).
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { DEMO_ARCHIVE } from './demo-archive.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Only what the page needs is public; sources, node_modules and build junk are not served, nor read:
// sirv lists a folder's files when it starts, and listing the whole repository would walk target/
// while a fuzzer or a build writes there.
const PUBLIC_FOLDERS = ['www', 'js', 'pkg'];
const PUBLIC_FILES = new Set(['/', '/index.html', '/sw.js']);

/**
 * Starts the server; resolves with { server, url } once it listens. Port 0 picks a free port.
 * `archives` maps a top folder name to a folder served under it: an archive (cluster/
 * build_archive.py) published beside the page, on its origin, as any static host would.
 */
export function startServer({ port = 8080, host = '127.0.0.1', dev = false, archives = {} } = {}) {
  const folders = new Map(PUBLIC_FOLDERS.map((name) => [name, sirv(join(root, name), { dev, etag: true })]));
  for (const [name, folder] of Object.entries(archives)) folders.set(name, sirv(folder, { dev: true, etag: true }));
  // The two files at the top are looked up when asked for (sirv's dev mode), which reads nothing else.
  const topFiles = sirv(root, { dev: true, etag: true });
  const notFound = (res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const [, folder, ...rest] = url.pathname.split('/');
    if (PUBLIC_FILES.has(url.pathname)) {
      topFiles(req, res, () => notFound(res));
    } else if (folders.has(folder) && rest.length > 0) {
      req.url = `/${rest.join('/')}${url.search}`;
      folders.get(folder)(req, res, () => notFound(res));
    } else {
      notFound(res);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ server, url: `http://localhost:${actual}/` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8080);
  try {
    // The demo archive (scripts/demo-archive.mjs), when built, at archive/: type that address in the library panel.
    const archives = existsSync(join(DEMO_ARCHIVE, 'manifest.json')) ? { archive: DEMO_ARCHIVE } : {};
    const { url } = await startServer({ port, host: process.env.HOST ?? '127.0.0.1', dev: true, archives });
    console.log(`\nplagscope is running at ${url}  (Ctrl+C to stop; PORT=... to change the port)`);
    if (archives.archive) console.log(`the demo archive is at ${url}archive/`);
  } catch (error) {
    console.error(`error: could not serve on port ${port}: ${error.message}. Set PORT to a free port.`);
    process.exit(1);
  }
}
