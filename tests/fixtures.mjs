// Word and PDF files made on the fly for tests (with the `docx` and `pdf-lib` packages), so the
// readers are tested on real files without committing binaries.
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A .docx with one paragraph per string. */
export async function makeDocx(paragraphs) {
  const document = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return Packer.toBuffer(document);
}

/** A .pdf with the words of each paragraph wrapped into lines (Helvetica, so Latin text only). */
export async function makePdf(paragraphs) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  for (const paragraph of paragraphs) {
    let line = '';
    const flush = () => {
      if (y < 50) {
        page = pdf.addPage([595, 842]);
        y = 800;
      }
      page.drawText(line, { x: 40, y, size: 11, font });
      y -= 15;
      line = '';
    };
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (font.widthOfTextAtSize(`${line} ${word}`, 11) > 510) flush();
      line = line ? `${line} ${word}` : word;
    }
    if (line) flush();
    y -= 10;
  }
  return pdf.save();
}

/**
 * HTML pages and the text plagscope reads from each, the same in the page (DOMParser) and in the CLI
 * (parse5): tests/js/html-text.test.mjs and tests/e2e/html-text.test.mjs hold both to these.
 */
export const HTML_FIXTURES = [
  {
    name: 'entities decoded once',
    html: '<p>&amp;lt;b&amp;gt; is written &lt;b&gt; &mdash; l&#8217;&eacute;l&egrave;ve &#x263A; &copy 2024 &amp;amp; &bogus; &notin; &notit; AT&T</p>',
    text: '&lt;b&gt; is written <b> — l’élève ☺ © 2024 &amp; &bogus; ∉ ¬it; AT&T', // &notit; is &not followed by 'it;', as the standard reads it
  },
  {
    name: 'comments, even with > inside',
    html: '<p>one<!-- a > b --> two</p><!-- <p>hidden</p> --><p>three<!--->four</p><!-- unclosed',
    text: 'one two\n\nthreefour',
  },
  {
    name: 'scripts, styles, noscript and template dropped',
    html: '<!DOCTYPE html><html><head><title>Title</title><style>p::after { content: "styled" }</style>'
      + '<script>if (a < b && c > d) document.write("<p>written</p>")</script></head><body><p>Shown.</p>'
      + '<script type="module">import x from "./x.js"</script><noscript><p>Enable JavaScript.</p></noscript>'
      + '<template><p>Later.</p></template><p style="color: red" onclick="alert(1)">Also shown.</p></body></html>',
    text: 'Shown.\n\nAlso shown.',
  },
  {
    name: 'nested lists, laid out across lines',
    html: '<ul>\n  <li>First\n    <ol>\n      <li>one</li>\n      <li>two</li>\n    </ol>\n  </li>\n  <li>Second</li>\n</ul>\n<p>After.</p>',
    text: 'First\n\none\ntwo\n\nSecond\n\nAfter.',
  },
  {
    name: 'tables, with headings, captions and an unclosed cell',
    html: '<table><caption>Results</caption><thead><tr><th>Name</th><th>Score</th></tr></thead>'
      + '<tbody><tr><td>Ann</td><td>9</td></tr><tr><td>Bob<td>7</tr></tbody></table>text after',
    text: 'Results\nName Score\nAnn 9\nBob 7\n\ntext after',
  },
  {
    name: 'line breaks, blocks in inline text, white space and <pre>',
    html: '<div>Line one<br>line two<br/><br>line four<p>In   a\n\tparagraph.</p>tail</div>'
      + '<pre>  kept   as\n  written</pre><h2>Heading</h2><blockquote>Quoted.</blockquote>',
    // Inside <pre> white space is kept within a line; every line is trimmed at its ends.
    text: 'Line one\nline two\n\nline four\n\nIn a paragraph.\n\ntail\n\nkept   as\nwritten\n\nHeading\n\nQuoted.',
  },
  {
    name: 'CJK text and full-width punctuation',
    html: '<html lang="zh"><body><h1>第一章</h1><p>为了保护个人信息权益，规范个人信息处理活动。</p><p>日本語の文章、<b>太字</b>と<i>斜体</i>。</p><p>한국어 문장입니다.</p></body></html>',
    text: '第一章\n\n为了保护个人信息权益，规范个人信息处理活动。\n\n日本語の文章、太字と斜体。\n\n한국어 문장입니다.',
  },
  {
    name: 'a fragment without html or body, and misnested tags',
    html: 'Plain <b>bold <i>both</b> italic</i> text.<p>Para one<p>Para two<div>Block</div>',
    text: 'Plain bold both italic text.\n\nPara one\n\nPara two\n\nBlock',
  },
];

/**
 * A reference list in APA style, entries `from` to `to` (not included), one a line: names and
 * titles from the words of `text`, so that entry `i` is the same wherever it is cited and no two
 * are alike; a classmate's list and a paper's share the entries their ranges share.
 */
export function referenceList(text, from, to) {
  const pool = text.split(/\s+/).filter((w) => /^[a-z]{4,}$/.test(w));
  const cap = (w) => w[0].toUpperCase() + w.slice(1);
  const list = [];
  for (let i = from; i < to; i += 1) {
    const w = (k) => pool[(i * 7 + k) % pool.length];
    list.push(`${cap(w(0))}, ${cap(w(1))[0]}. (${1990 + (i % 30)}). ${cap(w(2))} ${w(3)} of the ${w(4)} ${w(5)}. ` +
      `Journal of ${cap(w(6))} Studies, ${(i % 20) + 1}(${(i % 4) + 1}), ${10 * i + 1}–${10 * i + 12}. https://doi.org/10.${1000 + i}/${4000 + 37 * i}`);
  }
  return list.join('\n');
}
