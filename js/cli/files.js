// The files the CLI (bin/plagscope.mjs) reads from the paths on its command line: a file as given,
// a folder's documents recursively. Paths are handled as bytes (Buffers), because a file name need
// not be UTF-8 (an old archive's Latin-1 "café.txt"): Node decodes such a name with U+FFFD, and the
// decoded string names no file. Each file is shown to the user by that decoded name. An entry of a
// folder that cannot be opened (a link to nothing, a loop of links) is skipped with one warning,
// and the rest is read: one odd entry must not stop a run over a whole class's folder. The warnings
// and errors are in the CLI's language (js/words/i18n.js).
import { lstatSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { extensionOf } from '../read/formats.js';
import { t } from '../words/i18n.js';

const decoder = new TextDecoder();
/** A file name's bytes as text, each byte that is not UTF-8 shown as U+FFFD. */
export const lossyName = (bytes) => decoder.decode(bytes);

const SLASH = Buffer.from('/');
const joinBytes = (folder, name) => (folder.at(-1) === SLASH[0] ? Buffer.concat([folder, name]) : Buffer.concat([folder, SLASH, name]));
const joinShown = (folder, name) => (folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`);

/**
 * The path `given` on the command line as bytes. Node gives command-line arguments as text, with
 * U+FFFD for each byte of a name that is not UTF-8; such a part is found again among its folder's
 * entries, by their names decoded the same way. A path that exists as written, or that matches no
 * entry or several, is returned as written (the error then names it).
 */
export function resolvePath(given) {
  if (!given.includes('\uFFFD') || existsAsWritten(given)) return Buffer.from(given);
  const parts = given.split('/');
  let path = Buffer.from(isAbsolute(given) ? '/' : '.');
  for (const [i, part] of parts.entries()) {
    if (part === '' || (part === '.' && i > 0)) continue;
    let name = Buffer.from(part);
    if (part.includes('\uFFFD')) {
      let matches = [];
      try {
        matches = readdirSync(path, { encoding: 'buffer' }).filter((entry) => lossyName(entry) === part);
      } catch {
        // An unreadable folder: the path is then reported as written.
      }
      if (matches.length !== 1) return Buffer.from(given);
      [name] = matches;
    }
    path = i === 0 && !isAbsolute(given) ? name : joinBytes(path, name);
  }
  return path;
}

/** Whether `path` names an entry, or one that cannot be looked at (its error is then said later). */
function existsAsWritten(path) {
  try {
    return Boolean(lstatSync(path, { throwIfNoEntry: false }));
  } catch {
    return true;
  }
}

/** The catalogue's name of what a folder entry is when it is neither a file nor a folder. */
function specialKind(stat) {
  if (stat.isFIFO()) return 'cli.entry.pipe';
  if (stat.isSocket()) return 'cli.entry.socket';
  return 'cli.entry.device';
}

/** What is wrong with a folder entry that could not be opened, in words, from the stat error. */
function entryProblem(error, path) {
  switch (error.code) {
    case 'ENOENT': {
      let target = null;
      try {
        target = lossyName(readlinkSync(path, { encoding: 'buffer' }));
      } catch {
        // Not a link after all (removed while being read): said without a target.
      }
      return target === null ? t('cli.entry.gone') : t('cli.entry.brokenLink', { target });
    }
    case 'ELOOP':
      return t('cli.entry.linkLoop');
    case 'EACCES':
    case 'EPERM':
      return t('cli.entry.denied');
    default:
      return t('cli.entry.failed', { reason: error.message });
  }
}

/**
 * The files under each of `paths` (as given on the command line): a file as named, a folder's files
 * whose names end in one of `extensions` (lower case, with the dot), recursively and sorted. Each is
 * `{ path, shown, root }`: `path` the bytes to open it by, `shown` its name for the user, `root` the
 * folder named on the command line (ids are relative to it), null for a file named itself. A named
 * path that does not exist throws; an entry inside a folder that cannot be opened, a link back to a
 * folder being read, or a second file whose decoded name is taken is skipped: `warn(message)` says
 * which and why.
 */
export function collectFiles(paths, extensions, warn) {
  const files = [];
  const seen = new Map(); // shown name -> the path bytes it was first read from
  const skip = (shown, why) => warn(t('cli.skipped', { name: shown, reason: why }));
  const add = (file) => {
    const first = seen.get(file.shown);
    if (!first) {
      seen.set(file.shown, file.path);
      files.push(file);
    } else if (!first.equals(file.path)) {
      skip(file.shown, t('cli.entry.sameName'));
    }
  };
  const walk = (path, shown, root, folders) => {
    for (const name of sortedEntries(path)) {
      const child = joinBytes(path, name);
      const childShown = joinShown(shown, lossyName(name));
      let stat;
      try {
        stat = statSync(child);
      } catch (error) {
        skip(childShown, entryProblem(error, child));
        continue;
      }
      const key = `${stat.dev}:${stat.ino}`;
      if (stat.isFile()) {
        if (extensions.has(extensionOf(childShown))) add({ path: child, shown: childShown, root });
      } else if (!stat.isDirectory()) {
        if (extensions.has(extensionOf(childShown))) skip(childShown, t('cli.entry.notFile', { kind: t(specialKind(stat)) }));
      } else if (folders.has(key)) {
        skip(childShown, t('cli.entry.folderLoop'));
      } else {
        try {
          walk(child, childShown, root, new Set(folders).add(key));
        } catch (error) {
          if (!error.code) throw error;
          skip(childShown, entryProblem(error, child));
        }
      }
    }
  };
  for (const given of paths) {
    const path = resolvePath(given);
    try {
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path, given, given, new Set([`${stat.dev}:${stat.ino}`]));
      else add({ path, shown: given, root: null });
    } catch (error) {
      if (!error.code) throw error;
      throw new Error(t('cli.pathError', { path: given, reason: error.code === 'ENOENT' ? t('cli.noSuchPath') : entryProblem(error, path) }));
    }
  }
  return files;
}

/** A folder's entries as bytes, in the order of their names as text (then of their bytes). */
function sortedEntries(path) {
  const entries = readdirSync(path, { encoding: 'buffer' }).map((name) => ({ name, text: lossyName(name) }));
  entries.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : Buffer.compare(a.name, b.name)));
  return entries.map((entry) => entry.name);
}
