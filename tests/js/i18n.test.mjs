// The one home of the words (js/words/i18n.js and its catalogues): both languages have the same keys and
// placeholders, every key the code uses is defined and every entry is used, and counts, shares and
// units read right in English and in Simplified Chinese; the page, the report and the CLI pick the
// language as the README says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUES, cliLanguage, count, formatNumber, pickLanguage, t, withLanguage } from '../../js/words/i18n.js';
import { percent } from '../../js/words/percent.js';
import { unitKey } from '../../js/words/units.js';
import { evidencePhrases, languageName, translatedLabel } from '../../js/words/evidence.js';

const root = new URL('../../', import.meta.url).pathname;
const cli = join(root, 'bin/plagscope.mjs');

/** Every source file that may show words: js/ (not the catalogues), www/, bin/. */
function sources() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) {
        if (path !== join('js', 'i18n')) walk(path);
      } else if (/\.(m?js)$/.test(name)) files.push(path);
    }
  };
  for (const dir of ['js', 'www', 'bin']) walk(dir);
  return files.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

/**
 * Placeholders the code gives for one language's grammar only: Chinese counts the matched words with
 * their unit ("31 词"), where English says "31 of 40 words", and groups large numbers by 万 (10,000)
 * where English says "1.7 million".
 */
const GIVEN_FOR_CHINESE = {
  'evidence.matched': ['{matchedUnits}'],
  'paper.aboutMillion': ['{tenThousands}'],
  'paper.millionCharacters': ['{tenThousands}'],
};

const placeholders = (message) =>
  [...new Set([typeof message === 'string' ? message : Object.values(message).join(' ')].join(' ').match(/\{\w+\}/g) ?? [])].sort();

test('both languages have the same keys and the same placeholders', () => {
  const [en, zh] = [CATALOGUES.en, CATALOGUES['zh-Hans']];
  assert.deepEqual(Object.keys(zh).filter((k) => !(k in en)), [], 'keys only in zh-Hans');
  assert.deepEqual(Object.keys(en).filter((k) => !(k in zh)), [], 'keys only in en');
  for (const key of Object.keys(en)) {
    // Chinese may leave out a placeholder English needs for its grammar ({count} in "1 match"), never add one.
    const extra = placeholders(zh[key]).filter((p) => !placeholders(en[key]).includes(p) && !GIVEN_FOR_CHINESE[key]?.includes(p));
    assert.deepEqual(extra, [], `${key}: placeholders English does not give`);
    if (typeof en[key] === 'object') assert.ok(en[key].one && en[key].other, `${key}: English plural needs one and other`);
  }
});

test('every key the code asks for is defined, and every entry is used', () => {
  const files = sources();
  const code = files.map((f) => f.text).join('\n');
  const asked = new Set();
  for (const { text } of files) {
    for (const match of text.matchAll(/\b(?:t|count|plural)\(\s*'([\w.-]+)'/g)) asked.add(match[1]);
    for (const match of text.matchAll(/\bplural\([^,()]+,\s*'([\w.-]+)'/g)) asked.add(match[1]);
  }
  const undefinedKeys = [...asked].filter((key) => !(key in CATALOGUES.en));
  assert.deepEqual(undefinedKeys, [], 'used in code but not in the catalogues');
  // A key is used when the code names it as a string (a call, or a table a call reads).
  const unused = Object.keys(CATALOGUES.en).filter((key) => !code.includes(`'${key}'`));
  assert.deepEqual(unused, [], 'catalogue entries no code uses');
});

test('an unknown key is an error, never an empty space', () => {
  assert.throws(() => t('no.such.key'), /no message "no\.such\.key"/);
});

test('plurals, shares and units in English', () => {
  withLanguage('en', () => {
    assert.equal(count('count.match', 1), '1 match');
    assert.equal(count('count.match', 2), '2 matches');
    assert.equal(count(unitKey('words'), 12345), '12,345 words');
    assert.equal(count(unitKey('characters'), 1), '1 character');
    assert.equal(percent(0.1234), '12.3%');
    assert.equal(percent(0.5, 0), '50%');
    // Formatters are made once per language and options: each call still gets its own.
    assert.equal(formatNumber(1.5, { minimumFractionDigits: 2 }), '1.50');
    assert.equal(formatNumber(1.5), '1.5');
  });
});

test('Simplified Chinese has one form for every count, and its own units', () => {
  withLanguage('zh-Hans', () => {
    assert.equal(count('count.match', 1), '1 处匹配');
    assert.equal(count('count.match', 2), '2 处匹配');
    assert.equal(count(unitKey('words'), 12345), '12,345 词');
    assert.equal(count(unitKey('characters'), 38), '38 字');
    assert.equal(percent(0.1234), '12.3%');
    const passage = { words: 40, matchedWords: 31, matchedShare: 0.775, longestRun: 12, sentencePairs: [] };
    assert.deepEqual(evidencePhrases({ ...passage, unit: 'characters' }), ['共 40 字，其中 31 字逐字相同（77.5%）', '最长逐字相同片段：12 字']);
  });
});

test("a translated passage names its source's language in the reader's language", () => {
  assert.equal(languageName('de'), 'German');
  assert.equal(languageName('zh'), t('language.zh'));
  assert.equal(languageName(undefined), t('language.en'));
  assert.equal(languageName('not a tag!'), t('language.en'));
  withLanguage('zh-Hans', () => assert.equal(languageName('ru'), '俄语'));
  const passage = { evidence: 'translated', languages: { paper: 'en', source: 'de' }, sentencePairs: [{ similarity: 0.8 }] };
  assert.match(translatedLabel(passage), /German/);
});

test('the page picks Simplified Chinese for any Chinese that is not explicitly Traditional', () => {
  for (const tags of [['zh-CN'], ['zh'], ['zh-Hans-CN', 'en'], ['zh-SG'], ['fr', 'zh-CN']]) assert.equal(pickLanguage(tags), 'zh-Hans', tags.join());
  for (const tags of [['zh-TW'], ['zh-HK'], ['zh-Hant'], ['zh-Hant-CN'], ['en-US', 'zh-CN'], ['fr'], []]) assert.equal(pickLanguage(tags), 'en', tags.join());
});

test('the CLI takes --lang, else LC_ALL, LC_MESSAGES, LANG', () => {
  assert.equal(cliLanguage('zh-Hans', { LANG: 'en_US.UTF-8' }), 'zh-Hans');
  assert.equal(cliLanguage(undefined, { LANG: 'zh_CN.UTF-8' }), 'zh-Hans');
  assert.equal(cliLanguage(undefined, { LC_ALL: 'en_GB.UTF-8', LANG: 'zh_CN.UTF-8' }), 'en');
  assert.equal(cliLanguage(undefined, { LC_MESSAGES: 'zh_TW.UTF-8' }), 'en');
  assert.equal(cliLanguage(undefined, {}), 'en');
  assert.throws(() => cliLanguage('fr', {}), /--lang must be one of en, zh-Hans, got fr/);
  const run = (args, env = {}) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', ...env } });
  const help = run(['--help', '--lang', 'zh-Hans']);
  assert.match(help.stdout, /--lang LANG\s+报告和提示的语言/);
  assert.match(help.stdout, /^用法：$/m);
  assert.match(run(['--help'], { LANG: 'zh_CN.UTF-8' }).stdout, /^命令：$/m);
  assert.match(run(['--help'], { LANG: 'C.UTF-8' }).stdout, /^Commands:$/m);
  const bad = run(['check', '--lang', 'fr']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--lang must be one of en, zh-Hans/);
  assert.match(run(['check'], { LANG: 'zh_CN.UTF-8' }).stderr, /^plagscope: check 需要且只需要一篇论文 PAPER（参见 plagscope --help）$/m);
});
