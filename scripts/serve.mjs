// Serves the web app (index.html, sw.js, www/, js/, pkg/) on localhost with correct MIME types
// (`.wasm` as application/wasm) using sirv. Usable as a script (`npm start`) and as a module (tests).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const root = fileURLToPath(new URL('..', import.meta.url));
// Only what the page needs is public; sources, node_modules and build junk are not served.
const PUBLIC = /^\/(?:$|index\.html$|sw\.js$|www\/|js\/|pkg\/)/;

/** Starts the server; resolves with { server, url } once it listens. Port 0 picks a free port. */
export function startServer({ port = 8080, host = '127.0.0.1', dev = false } = {}) {
  const files = sirv(root, { dev, etag: true });
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (!PUBLIC.test(path)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    files(req, res, () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'));
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
    const { url } = await startServer({ port, host: process.env.HOST ?? '127.0.0.1', dev: true });
    console.log(`\nplagscope is running at ${url}  (Ctrl+C to stop; PORT=... to change the port)`);
  } catch (error) {
    console.error(`error: could not serve on port ${port}: ${error.message}. Set PORT to a free port.`);
    process.exit(1);
  }
}
