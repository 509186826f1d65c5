//! Quotations found by their marks: each opening mark pairs with the next closing mark of its
//! own style that closes it in some language's convention (see [`marks`]: German »…« and „…“,
//! Polish „…”, Swedish ”…” and »…», English “…” and ‘…’, French «…», Chinese and Japanese),
//! within its paragraph, and where a paragraph's marks do not pair up a quotation holds one
//! sentence only.

use crate::span::{Span, Utf16Cursor};

mod marks;

use marks::{pairs, role, style, Role, Style, STYLES};

/// Longest quotation excluded, in characters (about 100 English words). A longer stretch between
/// two quote marks is not a quotation anyone would leave out unread: more likely an inch mark
/// (`15"`) or an unmatched quote, and excluding it would let quote marks hide a copy.
pub const MAX_QUOTE_CHARS: usize = 600;

/// Whether `c` ends a sentence, given the character after it: Chinese full stops always, a
/// Latin one before white space (not `3.14` or `e.g.x`).
fn ends_sentence(c: char, next: Option<char>) -> bool {
    matches!(c, '。' | '！' | '？')
        || (matches!(c, '.' | '!' | '?') && next.is_none_or(char::is_whitespace))
}

/// A quotation being read.
#[derive(Clone, Copy)]
struct OpenQuote {
    opener: char,
    style: Style,
    start: usize,
    chars: usize,
    /// A sentence ended inside it.
    ended: bool,
    /// Text follows a sentence end inside it: it holds more than one sentence.
    sentences: bool,
}

/// A quotation found in the current paragraph, kept when the paragraph's marks allow it.
struct Found {
    span: Span,
    style: Style,
    sentences: bool,
}

/// The quotations of a text, read a paragraph at a time.
#[derive(Default)]
struct Scanner {
    spans: Vec<Span>,
    open: Option<OpenQuote>,
    /// A quotation in marks of another style inside the open one.
    inner: Option<OpenQuote>,
    /// The quotations closed inside the open one: found if it is dropped (never closed, too
    /// long), inside it if it closes.
    nested: Vec<Found>,
    found: Vec<Found>,
    /// Opening and closing marks of each style met in the paragraph.
    opened: [u32; STYLES],
    closed: [u32; STYLES],
    /// No letter, digit or ideograph since the last sentence end.
    after_sentence_end: bool,
    /// Only white space since the last line feed.
    blank_line: bool,
}

impl Scanner {
    /// Reads character `c` at UTF-16 offset `at`, between `previous` and `next`.
    fn step(&mut self, at: usize, c: char, previous: Option<char>, next: Option<char>) {
        if c == '\n' {
            // A blank line, or a line break after a sentence end, ends a paragraph: a quotation
            // running across it is taken to be unclosed (each paragraph of a quotation of several
            // opens with a mark of its own, in English and Chinese alike).
            if std::mem::replace(&mut self.blank_line, true) || self.after_sentence_end {
                self.end_paragraph();
            }
        } else if !c.is_whitespace() {
            self.blank_line = false;
        }
        for quote in [&mut self.open, &mut self.inner].into_iter().flatten() {
            quote.chars += 1;
            quote.sentences |= quote.ended && c.is_alphanumeric();
            quote.ended |= ends_sentence(c, next);
        }
        if self
            .inner
            .is_some_and(|quote| quote.chars > MAX_QUOTE_CHARS)
        {
            self.inner = None;
        }
        if self.open.is_some_and(|quote| quote.chars > MAX_QUOTE_CHARS) {
            self.drop_open();
        }
        if ends_sentence(c, next) {
            self.after_sentence_end = true;
        } else if c.is_alphanumeric() {
            self.after_sentence_end = false;
        }
        self.mark(at, c, previous, next);
    }

    /// Opens or closes a quotation at quote mark `c`, and counts the mark.
    fn mark(&mut self, at: usize, c: char, previous: Option<char>, next: Option<char>) {
        let Some(style) = style(c) else {
            return;
        };
        if style == Style::Straight {
            return self.straight(at, previous, next);
        }
        match role(c, previous, next) {
            Some(Role::Close) => {
                self.closed[style as usize] += 1;
                if self.inner.is_some_and(|quote| pairs(quote.opener, c)) {
                    self.close_inner(at, c);
                } else if self.open.is_some_and(|quote| pairs(quote.opener, c)) {
                    self.close(at, c);
                }
            }
            Some(Role::Open) => {
                self.opened[style as usize] += 1;
                self.open(at, c, style);
            }
            None => {}
        }
    }

    /// A straight `"`, which opens and closes alike: it closes an open straight quotation after
    /// a non-space, else opens one where an opening mark can stand. Every one counts once
    /// (balanced: an even number) but an inch mark (`15"`).
    fn straight(&mut self, at: usize, previous: Option<char>, next: Option<char>) {
        if self.inner.is_some_and(|quote| quote.opener == '"') && can_close(previous) {
            self.closed[Style::Straight as usize] += 1;
            return self.close_inner(at, '"');
        }
        if self.open.is_some_and(|quote| quote.opener == '"') && can_close(previous) {
            self.closed[Style::Straight as usize] += 1;
            return self.close(at, '"');
        }
        if !previous.is_some_and(|p| p.is_ascii_digit()) {
            self.opened[Style::Straight as usize] += 1;
        }
        if can_open(previous, next) {
            self.open(at, '"', Style::Straight);
        }
    }

    /// Opens a quotation at mark `c` of `style`. A mark of another style inside a quotation is
    /// a quotation within it, read too: an essay may quote inside a sentence that opened a quote
    /// it never closes; a second opening mark of the same style shows that the first was never
    /// closed, so reading starts again.
    fn open(&mut self, at: usize, c: char, style: Style) {
        let quote = OpenQuote {
            opener: c,
            style,
            start: at,
            chars: 0,
            ended: false,
            sentences: false,
        };
        match self.open {
            Some(open) if open.style != style => {
                if self.inner.is_none_or(|inner| inner.style == style) {
                    self.inner = Some(quote);
                }
            }
            _ => {
                self.drop_open();
                self.open = Some(quote);
            }
        }
    }

    /// Ends the open quotation at its closing mark `c`, at `at`, with those inside it.
    fn close(&mut self, at: usize, c: char) {
        if let Some(quote) = self.open.take() {
            self.found.push(found(quote, at, c));
        }
        self.inner = None;
        self.nested.clear();
    }

    /// Ends the quotation inside the open one at its closing mark `c`, at `at`.
    fn close_inner(&mut self, at: usize, c: char) {
        if let Some(quote) = self.inner.take() {
            self.nested.push(found(quote, at, c));
        }
    }

    /// Drops the open quotation (never closed, or too long); those closed inside it stand, and
    /// one still open inside it is read on as the open one.
    fn drop_open(&mut self) {
        self.found.append(&mut self.nested);
        self.open = self.inner.take();
    }

    /// Keeps the paragraph's quotations: all of them where each style's marks pair up, only those
    /// of one sentence where they do not (an opening mark of the paragraph paired with a closing
    /// mark copied from elsewhere would otherwise make a "quotation" of whole sentences).
    fn end_paragraph(&mut self) {
        let balanced = |style: Style| {
            let (opened, closed) = (self.opened[style as usize], self.closed[style as usize]);
            match style {
                Style::Straight => (opened + closed) % 2 == 0,
                // Apostrophes are closing marks too: their count shows nothing.
                Style::SingleCurly => false,
                _ => opened == closed,
            }
        };
        self.found.append(&mut self.nested);
        let kept = (self.found.iter()).filter(|f| !f.sentences || balanced(f.style));
        self.spans.extend(kept.map(|f| f.span));
        self.found.clear();
        self.open = None;
        self.inner = None;
        self.opened = [0; STYLES];
        self.closed = [0; STYLES];
    }
}

/// The quotation `quote` closed by mark `c` at `at`.
fn found(quote: OpenQuote, at: usize, c: char) -> Found {
    Found {
        span: Span::new(quote.start, at + c.len_utf16()),
        style: quote.style,
        sentences: quote.sentences,
    }
}

/// Spans of quotations in `text`, including the quote marks, in order and disjoint.
///
/// A quotation opens at a mark that opens where it stands and ends at the next mark of the same
/// style that closes it in some convention (“…”, „…“, „…”, ”…”, ‘…’, ‚…‘, "…", «…», »…«, »…»,
/// ‹…›, 「…」, 『…』; see [`marks`]): a mark after white space or an opening bracket, before a
/// letter, opens, one after a letter before white space or punctuation closes, and one that
/// neither shows reads by its shape, or not at all between two letters (the apostrophe of
/// "don’t"). Marks of other styles inside a quotation are a quotation within it. It is dropped
/// (nothing excluded) when it grows past [`MAX_QUOTE_CHARS`], meets another opening mark of its
/// style (the first one was unclosed) or reaches the end of its paragraph first: a blank line, or
/// a line break after a sentence end; the quotations closed within a dropped one stand by
/// themselves (an essay quoting inside a sentence whose own quote mark never closes). Where a paragraph's marks of one style do not pair up, a
/// quotation of that style holding more than one sentence is dropped too, and so is every such
/// quotation in single curly marks (‘…’), whose closing mark is also the apostrophe. A straight
/// `"` opens a quotation only where an opening mark can stand (not after a letter or digit: `15"`
/// is 15 inches) and closes one only after a non-space.
///
/// ```
/// use plagscope::exclude::quotes;
/// let text = "He said “to be or not to be” and «c'est la vie».";
/// let found: Vec<String> = quotes(text).iter().map(|s| s.slice_of(text).to_string()).collect();
/// assert_eq!(found, ["“to be or not to be”", "«c'est la vie»"]);
/// let text = "Die Aktion »mask« hält den Zustand bis »unmask« fest.";
/// let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
/// assert_eq!(found, ["»mask«", "»unmask«"]);
/// ```
pub fn quotes(text: &str) -> Vec<Span> {
    let mut scanner = Scanner::default();
    let mut cursor = Utf16Cursor::new(text);
    let mut previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((byte, c)) = chars.next() {
        let at = cursor.advance_to(byte);
        let next = chars.peek().map(|&(_, n)| n);
        scanner.step(at, c, previous, next);
        previous = Some(c);
    }
    scanner.end_paragraph();
    scanner.spans
}

/// Whether a straight quote can open a quotation between `previous` and `next`: no letter or
/// digit before it (`15"`, `the "` of a closing mark) and something after it.
fn can_open(previous: Option<char>, next: Option<char>) -> bool {
    let after_word =
        previous.is_some_and(|p| p.is_alphanumeric() || matches!(p, '.' | ',' | '!' | '?'));
    !after_word && next.is_some_and(|n| !n.is_whitespace())
}

/// Whether a straight quote can close a quotation after `previous`: not after a space.
fn can_close(previous: Option<char>) -> bool {
    previous.is_some_and(|p| !p.is_whitespace())
}

#[cfg(test)]
mod tests;
