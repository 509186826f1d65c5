// The LibreOffice help pages the quality benchmark reads (scripts/corpus.mjs --bench): the zh-CN and zh-TW
// translations of the same pages (target/corpus/bench-rewrite, the rewritten kind) and the en-US pages
// aligned by element id with their zh-CN translation (target/corpus/bench-xlang) and their de, ja and ru
// ones (target/corpus/bench-xlang-de, -ja, -ru): the cross-language kinds. See scripts/corpus.mjs for what
// each file holds.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { benchRequire, debianPackage, out } from './corpus-fetch.mjs';

/** Debian packages the benchmark reads, pinned by version and digest like the wheels. */
const DEBS = ['cn', 'tw'].map((side) => ({
  side,
  spec: `libreoffice-help-zh-${side}=4:7.4.7-1+deb12u14`,
  file: `libreoffice-help-zh-${side}_4%3a7.4.7-1+deb12u14_all.deb`,
  sha256: {
    cn: 'db867cdece4c2f9c7eebe65e519c6cf386fdcf49d6e061db3dffec893b3e1dee',
    tw: 'f79cb2bee8d8d783efd825051a957b4c97a56dad5a05bde0ee90e66099331209',
  }[side],
  help: `usr/share/libreoffice/help/zh-${side.toUpperCase()}/text`,
}));

/** The HTML pages under `dir`, as paths relative to it. */
function htmlFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = join(prefix, entry.name);
    if (entry.isDirectory()) return htmlFiles(dir, relative);
    return entry.name.endsWith('.html') ? [relative] : [];
  });
}

const hanCount = (text) => (text.match(/\p{Script=Han}/gu) ?? []).length;

/** A help page's visible text: the page body without the header, navigation, footer, related-topic links,
 *  code and the other systems' or modules' variants of a phrase (help.js shows one); one block a line,
 *  lines without Han characters dropped unless `keep` says otherwise. */
export function helpPageText(html, parse, keep = (line) => hanCount(line) > 0) {
  const body = parse(html).querySelector('#DisplayArea');
  if (!body) return '';
  const hidden = 'script, style, meta, pre, .bascode, .relatedtopics, span[hidden][class]';
  for (const element of body.querySelectorAll(hidden)) element.remove();
  return body.structuredText
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(keep)
    .join('\n');
}

/** The zh-CN and zh-TW translations of the same help pages, in path order, as NNNN.cn / NNNN.tw. */
export function rewriteDocuments() {
  const { parse } = benchRequire('node-html-parser');
  const scratch = join(out, 'downloads', 'libreoffice-help');
  rmSync(scratch, { recursive: true, force: true });
  const dirs = {};
  for (const deb of DEBS) {
    mkdirSync(join(scratch, deb.side), { recursive: true });
    const result = spawnSync('dpkg-deb', ['-x', debianPackage(deb), join(scratch, deb.side)], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`dpkg-deb could not extract ${deb.file} (${result.error?.message ?? 'see above'})`);
    dirs[deb.side] = join(scratch, deb.side, deb.help);
  }
  const seen = new Set();
  const documents = [];
  const sources = [];
  for (const page of htmlFiles(dirs.cn).sort()) {
    if (!existsSync(join(dirs.tw, page))) continue;
    const [cn, tw] = ['cn', 'tw'].map((side) => helpPageText(readFileSync(join(dirs[side], page), 'utf8'), parse));
    const [a, b] = [hanCount(cn), hanCount(tw)];
    // Both sides translated, and neither mostly left out: at most 2x between their Han characters.
    if (a < 300 || b < 300 || a > 2 * b || b > 2 * a || seen.has(cn) || seen.has(tw)) continue;
    seen.add(cn).add(tw);
    const name = String(sources.length).padStart(4, '0');
    documents.push({ name: `${name}.cn`, text: cn }, { name: `${name}.tw`, text: tw });
    sources.push(`${name}\t${page}`);
  }
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(out, 'bench-rewrite'), { recursive: true });
  writeFileSync(join(out, 'bench-rewrite', 'sources.tsv'), `${sources.join('\n')}\n`);
  return documents;
}

/** The en-US help, the original the zh-CN help is translated from; pinned like DEBS. */
const EN_HELP = {
  spec: 'libreoffice-help-en-us=4:7.4.7-1+deb12u14',
  file: 'libreoffice-help-en-us_4%3a7.4.7-1+deb12u14_all.deb',
  sha256: '8faa840285734d6cfe1ed25537b48f07e74bd6412e3917bf8e5f8a653f7b3712',
  help: 'usr/share/libreoffice/help/en-US/text',
};

/** A help page's translatable elements as [id, visible text], in page order. The help is compiled from
 *  XHP files whose paragraphs and headings carry ids (par_id…, hd_id…) that every translation keeps, so
 *  the ids align a page with its translation without comparing texts. Hidden variants, code and the
 *  related-topic links are left out as in helpPageText; an element holding another one is left to it. */
export function helpPageBlocks(html, parse) {
  const body = parse(html).querySelector('#DisplayArea');
  if (!body) return [];
  const hidden = 'script, style, meta, pre, .bascode, .relatedtopics, .related, span[hidden][class]';
  for (const element of body.querySelectorAll(hidden)) element.remove();
  const ids = '[id^="par_id"], [id^="hd_id"]';
  return body
    .querySelectorAll(ids)
    .filter((element) => !element.querySelector(ids))
    .map((element) => [element.id, element.textContent.replace(/\s+/g, ' ').trim()]);
}

/** The blocks of an en-US page and its translation paired by element id: ids found once on each side, in
 *  the same order on both (else none), the translated side `translated` (in its script, not the English
 *  text), the English side with letters. */
export function alignedBlocks(en, other, translated = (text) => hanCount(text) > 0) {
  const once = (blocks) => {
    const counts = new Map();
    for (const [id] of blocks) counts.set(id, (counts.get(id) ?? 0) + 1);
    return new Map(blocks.filter(([id]) => counts.get(id) === 1));
  };
  const [enById, otherById] = [once(en), once(other)];
  const shared = [...enById.keys()].filter((id) => otherById.has(id));
  const otherOrder = [...otherById.keys()].filter((id) => enById.has(id));
  // Reordered ids would mean the pages are not the same version: no alignment is better than a wrong one.
  if (shared.join() !== otherOrder.join()) return [];
  return shared
    .map((id) => [enById.get(id), otherById.get(id)])
    .filter(([e, o]) => /[A-Za-z]/.test(e) && translated(o) && e !== o);
}

/** The ja help, for issue 44's Japanese case (bench/figures.mjs) and the ja-en kinds; pinned like DEBS. */
const JA_HELP = {
  spec: 'libreoffice-help-ja=4:7.4.7-1+deb12u14',
  file: 'libreoffice-help-ja_4%3a7.4.7-1+deb12u14_all.deb',
  sha256: '7799ace9bfe0845771ed2499913e7f7e521318cf3727c007672e3b020f8eb7b9',
  help: 'usr/share/libreoffice/help/ja/text',
};

/** The de and ru help, pinned like DEBS (the digests are those of Debian 12's signed package index). */
const helpDeb = (language, sha256) => ({
  spec: `libreoffice-help-${language}=4:7.4.7-1+deb12u14`,
  file: `libreoffice-help-${language}_4%3a7.4.7-1+deb12u14_all.deb`,
  sha256,
  help: `usr/share/libreoffice/help/${language}/text`,
});

/** The translations the cross-language kinds pair with en-US: each one's package, its folder under
 *  target/corpus, and what makes a block translated (German: any letter, the English text left out by
 *  alignedBlocks; Japanese: kana or Han; Russian: Cyrillic). zh keeps bench-xlang (bench/model.mjs reads it). */
export const TRANSLATIONS = {
  zh: { deb: DEBS[0], dir: 'bench-xlang', translated: (text) => hanCount(text) > 0 },
  de: {
    deb: helpDeb('de', '00490b63c509ac96f7f212d6a6e40452d3e0d1f97ccf4b824dd5ec4c01e8277f'),
    dir: 'bench-xlang-de',
    translated: (text) => /\p{L}/u.test(text),
  },
  ja: {
    deb: JA_HELP,
    dir: 'bench-xlang-ja',
    translated: (text) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text),
  },
  ru: {
    deb: helpDeb('ru', '5a2f75d5b0dfcf660275070647af528a81be28b5d3e9c3ec2d419ef5518db7a2'),
    dir: 'bench-xlang-ru',
    translated: (text) => /\p{Script=Cyrillic}/u.test(text),
  },
};

/** The en-US help pages and their translation into `language` (a key of TRANSLATIONS), aligned block by
 *  block: NNNN.en / NNNN.<language> hold line i of a page in each language; pages with at least 40 English
 *  words aligned. */
export function translationDocuments(language = 'zh') {
  const { deb, dir, translated } = TRANSLATIONS[language];
  const { parse } = benchRequire('node-html-parser');
  const scratch = join(out, 'downloads', `libreoffice-help-xlang-${language}`);
  rmSync(scratch, { recursive: true, force: true });
  const dirs = {};
  for (const [side, pinned] of [['en', EN_HELP], [language, deb]]) {
    mkdirSync(join(scratch, side), { recursive: true });
    const result = spawnSync('dpkg-deb', ['-x', debianPackage(pinned), join(scratch, side)], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`dpkg-deb could not extract ${pinned.file} (${result.error?.message ?? 'see above'})`);
    dirs[side] = join(scratch, side, pinned.help);
  }
  const documents = [];
  const sources = [];
  for (const page of htmlFiles(dirs.en).sort()) {
    if (!existsSync(join(dirs[language], page))) continue;
    const [en, other] = ['en', language].map((side) => helpPageBlocks(readFileSync(join(dirs[side], page), 'utf8'), parse));
    const blocks = alignedBlocks(en, other, translated);
    const words = blocks.reduce((sum, [e]) => sum + (e.match(/[A-Za-z0-9]+/g) ?? []).length, 0);
    if (words < 40) continue;
    const name = String(sources.length).padStart(4, '0');
    documents.push(
      { name: `${name}.en`, text: blocks.map(([e]) => e).join('\n') },
      { name: `${name}.${language}`, text: blocks.map(([, o]) => o).join('\n') },
    );
    sources.push(`${name}\t${page}`);
  }
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(out, dir), { recursive: true });
  writeFileSync(join(out, dir, 'sources.tsv'), `${sources.join('\n')}\n`);
  return documents;
}

/** The paper of the Japanese case: a 3,300-character page of the Basic help. */
const JA_PAPER = 'sbasic/shared/03050300.html';
/** References of the Japanese case: the largest other pages, which share the help's boilerplate. */
const JA_REFERENCES = 100;

/** The Japanese help's paper (paper.txt) and the JA_REFERENCES largest other pages (ref-NNN.txt),
 *  their visible text as helpPageText reads it, every line kept; sources.tsv names the pages. */
export function japaneseDocuments() {
  const { parse } = benchRequire('node-html-parser');
  const scratch = join(out, 'downloads', 'libreoffice-help-ja');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const result = spawnSync('dpkg-deb', ['-x', debianPackage(JA_HELP), scratch], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`dpkg-deb could not extract ${JA_HELP.file} (${result.error?.message ?? 'see above'})`);
  const dir = join(scratch, JA_HELP.help);
  // Every line of the body: the boilerplate and code a copy of a manual page brings are the point.
  const everyLine = (line) => line.length > 0;
  const pages = htmlFiles(dir).map((page) => ({ page, text: helpPageText(readFileSync(join(dir, page), 'utf8'), parse, everyLine) }));
  const paper = pages.find(({ page }) => page === JA_PAPER);
  if (!paper?.text) throw new Error(`${JA_HELP.file} has no ${JA_PAPER}`);
  const references = pages
    .filter(({ page, text }) => page !== JA_PAPER && text)
    .sort((a, b) => b.text.length - a.text.length || (a.page < b.page ? -1 : 1))
    .slice(0, JA_REFERENCES);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(out, 'bench-ja'), { recursive: true });
  const names = references.map((_, i) => `ref-${String(i).padStart(3, '0')}`);
  const sources = [`paper\t${JA_PAPER}`, ...references.map(({ page }, i) => `${names[i]}\t${page}`)];
  writeFileSync(join(out, 'bench-ja', 'sources.tsv'), `${sources.join('\n')}\n`);
  return [{ name: 'paper', text: paper.text }, ...references.map(({ text }, i) => ({ name: names[i], text }))];
}
