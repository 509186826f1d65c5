// The words of a file that cannot be read (js/read/document.js, js/read/node.js, js/cli/files.js) in both
// languages: every reader message in Simplified Chinese is Chinese (the file's name, its extension
// and the names of formats and packages excepted) and keeps the file's name as given; English is
// unchanged; the CLI says them in the language it was asked for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../js/read/document.js';
import { ACCEPTED_EXTENSIONS } from '../../js/read/formats.js';
import { count, t, withLanguage } from '../../js/words/i18n.js';

const cli = new URL('../../bin/plagscope.mjs', import.meta.url).pathname;

/** A file name with English words, spaces and a placeholder-like part: it must come back as given. */
const NAME = 'Final Essay {name} draft.txt';

/** The arguments each message is called with, the file's name first (as FileReadError passes them). */
const ARGUMENTS = {
  tooLarge: [NAME, 70 * 2 ** 20],
  readerMissing: [NAME, 'PDF'],
  readerNotInstalled: [NAME, 'Word', 'mammoth'],
  binary: [NAME, '.txt'],
  misnamed: [NAME, '.txt', '.pdf'],
};

/** Names that are not English: formats, encodings, the product, the command that installs a package. */
const NAMES = ['npm install', 'mammoth', 'plagscope', 'Markdown', 'Office', 'Word', 'PDF', 'UTF-8', '.doc', ...ACCEPTED_EXTENSIONS];

/** `message` with the file's name and the NAMES taken out: what must be Chinese. */
const ownWords = (message) =>
  [NAME, ...[...NAMES].sort((a, b) => b.length - a.length)].reduce((rest, name) => rest.split(name).join(' '), message);

test('every reader message in Simplified Chinese is Chinese, with full-width punctuation, and keeps the name', () => {
  withLanguage('zh-Hans', () => {
    for (const [code, message] of Object.entries(MESSAGES)) {
      const said = message(...(ARGUMENTS[code] ?? [NAME]));
      assert.ok(said.includes(NAME), `${code}: the file's name as given: ${said}`);
      const rest = ownWords(said);
      assert.deepEqual(rest.match(/[A-Za-z]{3,}/g) ?? [], [], `${code}: English words in ${said}`);
      assert.deepEqual(rest.match(/[,:;()!?]/g) ?? [], [], `${code}: ASCII punctuation in ${said}`);
      assert.match(said, /[\u4e00-\u9fff]{4}/, `${code}: ${said}`);
      assert.match(said, /。$/, `${code}: ends a sentence: ${said}`);
    }
  });
});

test('the reader messages in English are the sentences they were', () => {
  withLanguage('en', () => {
    assert.equal(MESSAGES.empty('blank.html'), 'blank.html is empty. Check that you chose the right file, or paste the text instead.');
    assert.equal(MESSAGES.tooLarge('huge.txt', 64 * 2 ** 20 + 1), 'huge.txt is too large to check: it is 64.1 MB, and plagscope reads files of up to 64 MB. Split it into smaller files, or paste the part you want to check.');
    assert.equal(MESSAGES.misnamed('a.html', '.html', '.pdf'), 'a.html is a PDF file, although its name ends in .html. Rename it to end in .pdf and open it again.');
    assert.equal(MESSAGES.misnamed('a.pdf', '.pdf', '.docx'), 'a.pdf is a Word document, although its name ends in .pdf. Rename it to end in .docx and open it again.');
    assert.match(MESSAGES.unsupported('a.rtf'), /^a\.rtf cannot be opened: plagscope reads plain text or Markdown \(\.txt, \.md, \.markdown, \.text\), web page \(\.html, \.htm\), Word \(\.docx\) and PDF \(\.pdf\) files\. /);
  });
  withLanguage('zh-Hans', () => {
    assert.match(MESSAGES.unsupported('a.rtf'), /^无法打开 a\.rtf：plagscope 只能读取纯文本或 Markdown（\.txt、\.md、\.markdown、\.text）、网页/);
  });
});

test('passages are counted with a proper plural in English, one form in Chinese', () => {
  withLanguage('en', () => {
    assert.equal(t('cli.source', { passages: count('count.passage', 1), share: '5.0%' }), '1 passage, 5.0% of the source used');
    assert.equal(t('cli.source', { passages: count('count.passage', 2), share: '5.0%' }), '2 passages, 5.0% of the source used');
  });
  withLanguage('zh-Hans', () => assert.equal(t('cli.source', { passages: count('count.passage', 2), share: '5.0%' }), '2 个段落，来源被使用 5.0%'));
});

let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'plagscope-read-words-'));
  mkdirSync(join(dir, 'refs'));
  writeFileSync(join(dir, 'refs', 'a.txt'), 'Some reference text that is long enough to be indexed as a document.');
  writeFileSync(join(dir, 'empty.txt'), '');
  writeFileSync(join(dir, 'essay.rtf'), '{\\rtf1 text}');
  mkdirSync(join(dir, 'odd'));
  writeFileSync(join(dir, 'odd', 'b.txt'), 'Another reference text that is long enough to be indexed as a document.');
  symlinkSync('gone.txt', join(dir, 'odd', 'dangling.txt'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI run in `dir` with `args`, in Chinese unless the arguments say otherwise. */
function run(...args) {
  const result = spawnSync(process.execPath, [cli, ...args, '--lang', 'zh-Hans'], { encoding: 'utf8', cwd: dir });
  return { code: result.status, err: result.stderr };
}

test('the CLI says why a file cannot be read in Chinese with --lang zh-Hans', () => {
  const cases = [
    [['check', 'empty.txt', '--refs', 'refs'], 'plagscope: empty.txt 是空文件。请确认选对了文件，或直接粘贴文字。\n'],
    [['check', 'essay.rtf', '--refs', 'refs'], /^plagscope: 无法打开 essay\.rtf：plagscope 只能读取纯文本或 Markdown（/],
    [['check', 'missing.txt', '--refs', 'refs'], 'plagscope: 无法读取 missing.txt：文件不存在\n'],
    [['check', 'refs', '--refs', 'refs'], 'plagscope: 无法读取 refs：这是一个文件夹\n'],
    [['check', 'empty.txt', '--refs', 'nowhere'], 'plagscope: nowhere：文件或文件夹不存在\n'],
  ];
  for (const [args, expected] of cases) {
    const { code, err } = run(...args);
    assert.equal(code, 1, args.join(' '));
    if (typeof expected === 'string') assert.equal(err, expected, args.join(' '));
    else assert.match(err, expected, args.join(' '));
  }
  // An odd entry of a folder is skipped with a warning in Chinese, and the run goes on.
  const { err } = run('check', 'empty.txt', '--refs', 'odd');
  assert.match(err, /^plagscope: 已跳过 odd\/dangling\.txt：它是指向 gone\.txt 的链接，而 gone\.txt 不存在\nplagscope: empty\.txt 是空文件。/);
});
