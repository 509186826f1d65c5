// The visible text of an HTML page, by one rule for the page and the CLI. Each parses the HTML its
// own way (the page with the browser's inert DOMParser, the CLI with parse5, both per the HTML
// standard, so they build the same tree and decode each entity once) and passes in a small adapter
// over its nodes; the walk below, which decides where lines and paragraphs break and what is
// dropped, is the same for both. Plain JavaScript, no imports: it loads in the browser and in Node.

const LINE_BREAKS = ['li', 'tr', 'dt', 'dd', 'figcaption', 'caption'];
const PARAGRAPH_BREAKS = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'dl', 'table',
  'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'hr', 'address'];

/**
 * The line breaks a block needs before and after its text: 1 to start a line, 2 to start a paragraph
 * (a blank line). Adjacent blocks share theirs (the largest counts), so nested or successive blocks
 * never pile up blank lines, and words of two blocks never run together ("end.Next").
 */
const BREAKS = new Map([...LINE_BREAKS.map((tag) => [tag, 1]), ...PARAGRAPH_BREAKS.map((tag) => [tag, 2])]);
/** Table cells: a space after each, so that the words of two cells stay apart. */
const CELLS = new Set(['td', 'th']);
/** Elements whose content is never visible text (code, or markup for later). Comments are no text either. */
const DROPPED = new Set(['script', 'style', 'noscript', 'template']);
/** Elements inside which white space is kept as written. */
const PREFORMATTED = new Set(['pre', 'textarea']);

/**
 * A parsed HTML tree as htmlText walks it. `body(html)` parses a whole page and returns its body (as
 * `document.body` does: the html element's first body or frameset child) or null; `text(node)` is a
 * text node's characters, or null for any other node; `tag(node)` an element's lower-case local name,
 * or null for any other node; `children(node)` its child nodes, in order.
 * @typedef {{ body(html: string): object | null, text(node: object): string | null,
 *   tag(node: object): string | null, children(node: object): ArrayLike<object> }} HtmlTree
 */

/**
 * The visible text of the HTML page `html`, parsed by `tree`: one line per line break, a blank line
 * between paragraphs, runs of white space as one space (outside <pre>), entities decoded. The words
 * of two paragraphs of minified HTML must not run together ("end.Next"), as a plain textContent would
 * join them.
 * @param {string} html
 * @param {HtmlTree} tree
 */
export function htmlText(html, tree) {
  const body = tree.body(withoutInlineCode(html));
  if (!body) return '';
  return tidy(visibleText(body, tree));
}

/**
 * The text of `root`'s descendants in document order, with the breaks of BREAKS, a line break for
 * each <br> and a space after each table cell. A stack, not recursion: a page nested thousands of
 * elements deep must not overflow the call stack. Stack items: a node to visit, a string to add, or
 * a number of line breaks owed after an element.
 */
function visibleText(root, tree) {
  // `owed`: line breaks owed before the next text, the most any block around it asked for.
  const out = { text: '', owed: 0 };
  const stack = [];
  pushChildren(stack, root, tree, false);
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') add(out, item);
    else if (typeof item === 'number') out.owed = Math.max(out.owed, item);
    else visit(item, tree, stack, out);
  }
  return out.text;
}

/** One node of visibleText's walk: its text added, or, for an element, its breaks and children stacked. */
function visit({ node, preformatted }, tree, stack, out) {
  const data = tree.text(node);
  if (data !== null) {
    const chunk = preformatted ? data : data.replace(/\s+/g, ' ');
    // White space between two blocks is only the layout of the source.
    if (chunk !== ' ' || out.owed === 0) add(out, chunk);
    return;
  }
  const tag = tree.tag(node);
  if (tag === null || DROPPED.has(tag)) return;
  if (tag === 'br') return add(out, '\n');
  const breaks = BREAKS.get(tag);
  if (breaks) {
    out.owed = Math.max(out.owed, breaks);
    stack.push(breaks);
  }
  if (CELLS.has(tag)) stack.push(' ');
  pushChildren(stack, node, tree, preformatted || PREFORMATTED.has(tag));
}

/** Adds `chunk` to the text, after the line breaks owed. */
function add(out, chunk) {
  out.text += '\n'.repeat(out.owed) + chunk;
  out.owed = 0;
}

/** Pushes the children of `node` onto `stack`, last first, so that they are popped in document order. */
function pushChildren(stack, node, tree, preformatted) {
  const children = tree.children(node);
  for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], preformatted });
}

/** Each line trimmed, at most one blank line in a row, none at either end. */
function tidy(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const INLINE_ATTRIBUTE = /(<[a-z][^>]*?)\s(?:style|on[a-z]+)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi;

/**
 * `html` without <style> elements, style attributes and event-handler attributes (onclick…). The
 * page's Content-Security-Policy forbids them, so none would apply or run, but Chromium reports each
 * one its parser meets to the console as an error, even in an inert document. The CLI removes them
 * too, so that both parse the very same HTML.
 */
function withoutInlineCode(html) {
  let result = html.replace(/<style\b[\s\S]*?<\/style\s*>/gi, ' ');
  // One attribute per tag and pass; a tag has few.
  for (let previous; previous !== result; ) {
    previous = result;
    result = result.replace(INLINE_ATTRIBUTE, '$1');
  }
  return result;
}
