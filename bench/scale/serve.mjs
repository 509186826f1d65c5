// The scale benchmark's static server (bench/scale/browser.mjs starts it): the package's browser
// entry and engines (/js/, /pkg/, with pkg/archive/), the bench page (/bench/, this folder) and an
// archive folder (/archive/), on a free port of 127.0.0.1, with the cache headers a static host
// of an archive should send, and its own count of the requests and bytes it served, so the
// benchmark does not rely on the package's figures alone.
//
//   import { startScaleServer } from './serve.mjs';
//   const { url, traffic, close } = await startScaleServer('target/scale/archive-100000-w2', { http2 });
//   const before = traffic(); ... ; const served = traffic().minus(before);
//
// Cache headers: an archive's segment files never change under their segment name (a new segment gets a
// new name, compaction writes new segments), so they are `immutable` for a year and Chromium's HTTP
// cache answers a warm check without asking; manifest.json is what changes when a segment is added,
// so it is `no-cache` with an ETag: every check revalidates it (a 304, no body).
//
// `http2`: HTTP/2 over TLS with a self-signed certificate made for the run (openssl), as static
// hosts and CDNs serve: one connection carries every request, where HTTP/1.1 gives Chromium six
// connections a host. The browser must then trust the certificate's key (`spki`): Chromium does not
// cache what it fetched past a certificate error, so --ignore-certificate-errors would make every
// warm check cold; --ignore-certificate-errors-spki-list=SPKI trusts this key alone.
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const at = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
/** The package's folders and the bench page; sirv lists each when it starts (all small). */
const PACKAGE = { js: at('js'), pkg: at('pkg'), bench: at('bench/scale') };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Counts of what was served, by kind ('archive' and 'package'), with 304s apart. */
function counters() {
  const zero = () => ({ requests: 0, bytes: 0, notModified: 0 });
  return { archive: zero(), package: zero() };
}

function minus(a, b) {
  const out = counters();
  for (const kind of Object.keys(out)) {
    for (const key of Object.keys(out[kind])) out[kind][key] = a[kind][key] - b[kind][key];
  }
  return out;
}

/**
 * Serves `archiveDir` at /archive/ beside the package; resolves with `{ url, traffic, spki, close }`:
 * `traffic()` a snapshot of the counts so far, whose `minus(earlier)` is what was served between;
 * `spki` the certificate's key hash with `http2`.
 */
export function startScaleServer(archiveDir, { http2 = false } = {}) {
  const counts = counters();
  const handlers = Object.fromEntries(Object.entries(PACKAGE).map(([name, dir]) => [name, sirv(dir, { etag: true })]));
  const notFound = (res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  const handle = (req, res) => {
    const [, folder, ...rest] = new URL(req.url, 'http://x').pathname.split('/');
    const kind = folder === 'archive' ? 'archive' : 'package';
    // Counted when the response is done: its status, and the body's bytes as written (sirv and
    // serveArchiveFile give their headers to writeHead, where getHeader does not see them).
    let body = 0;
    const { write, end } = res;
    res.write = function counted(chunk, ...rest) {
      body += chunk?.length ?? 0;
      return write.call(this, chunk, ...rest);
    };
    res.end = function counted(chunk, ...rest) {
      if (chunk && typeof chunk !== 'function') body += chunk.length;
      return end.call(this, chunk, ...rest);
    };
    res.on('finish', () => {
      counts[kind].requests += 1;
      if (res.statusCode === 304) counts[kind].notModified += 1;
      counts[kind].bytes += body;
    });
    if (folder === 'archive') return serveArchiveFile(archiveDir, rest.join('/'), req, res, notFound);
    if (!handlers[folder] || rest.length === 0) return notFound(res);
    req.url = `/${rest.join('/')}`;
    handlers[folder](req, res, () => notFound(res));
  };
  const tls = http2 ? selfSigned() : undefined;
  const server = http2 ? createSecureServer({ ...tls, allowHTTP1: true }, handle) : createServer(handle);
  const snapshot = () => {
    const copy = structuredClone(counts);
    return Object.assign(copy, { minus: (earlier) => minus(copy, earlier) });
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `${http2 ? 'https' : 'http'}://127.0.0.1:${server.address().port}/`,
        traffic: snapshot,
        spki: tls?.spki,
        close: () => new Promise((done) => {
          server.close(done);
          server.closeAllConnections?.();
        }),
      });
    });
  });
}

/** A key and a self-signed certificate for 127.0.0.1, made for this run and not kept. */
function selfSigned() {
  const dir = mkdtempSync(join(tmpdir(), 'plagscope-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    // The base64 SHA-256 of the public key, for Chromium's --ignore-certificate-errors-spki-list.
    const spki = execFileSync('sh', ['-c', `openssl x509 -in '${join(dir, 'cert.pem')}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`]).toString().trim();
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), spki };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One archive file: read from disk as asked (no listing of a million files), with its headers. */
function serveArchiveFile(root, path, req, res, notFound) {
  const file = normalize(join(root, decodeURIComponent(path)));
  if (!file.startsWith(normalize(root) + sep)) return notFound(res);
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return notFound(res);
  }
  if (!stat.isFile()) return notFound(res);
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = {
    'content-type': path.endsWith('.json') ? 'application/json' : 'application/octet-stream',
    'cache-control': path === 'manifest.json' ? REVALIDATE : IMMUTABLE,
    etag,
  };
  if (req.headers['if-none-match'] === etag) return res.writeHead(304, headers).end();
  res.writeHead(200, { ...headers, 'content-length': stat.size });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}
