//! Quotation marks: which marks pair with which, after the conventions of each language, and
//! whether a mark opens or closes a quotation where it stands.
//!
//! The pairs are CLDR's quotation delimiters (`quotationStart`/`quotationEnd` and the alternate
//! pair of every locale in CLDR 48, as npm `cldr-misc-full` 48.2.0 ships them in
//! `main/*/delimiters.json`): “…” (546 locales: English, Chinese, …), ‘…’ (519), «…» (195:
//! French, Russian, Spanish, …), „…“ (48: German, Czech, Russian's alternate), ’…‘ (37: Arabic,
//! Urdu), ”…“ (36: Arabic), „…” (35: Polish, Hungarian, Romanian), ‚…‘ (23: German's alternate),
//! ’…’ (21: Swedish, Finnish), ‹…› (18), ‚…’ (14), ”…” (12: Swedish, Finnish, Hebrew), 「…」
//! and 『…』 (Japanese, Cantonese), »…« (Hungarian's alternate) and ›…‹; besides CLDR, book
//! typography's »…« in German and Danish and »…» in Swedish and Finnish. (CLDR's “…’, two
//! locales, pairs marks of two styles and is left out.) Marks pair only within their style
//! (double curly, single curly, guillemets, single guillemets, straight, corner brackets).
//!
//! So most marks can open or close: « opens in French and closes in German, ” closes in English
//! and opens in Swedish. Where a mark stands tells: after white space or an opening bracket or
//! dash, before a letter, it opens; after a letter, before white space or punctuation, it closes.
//! Where that says nothing (French « mot », with spaces on both sides; Chinese, without spaces),
//! the mark's most common reading holds, and a Latin mark between two letters (`x»y`) is none.
//! An apostrophe is the single closing mark ’ (don’t, students’): ’ never opens (’tis, ’90s),
//! so Swedish and Arabic single quotations are not read.

/// The kinds of quotation marks, each pairing only with itself: a `”` never closes a `「`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Style {
    /// “…”, „…“, „…”, ”…”, ”…“
    Curly,
    /// ‘…’, ‚…‘, ‚…’: never a quotation of several sentences, since a paragraph's apostrophes
    /// make its marks' count say nothing
    SingleCurly,
    /// "…"
    Straight,
    /// «…», »…«, »…»
    Guillemet,
    /// ‹…›, ›…‹
    SingleGuillemet,
    /// 「…」
    Corner,
    /// 『…』
    WhiteCorner,
}

/// The number of styles.
pub(super) const STYLES: usize = 7;

/// What a mark does where it stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Role {
    Open,
    Close,
}

/// The style of quotation mark `c`, if it is one.
pub(super) fn style(c: char) -> Option<Style> {
    Some(match c {
        '“' | '”' | '„' => Style::Curly,
        '‘' | '’' | '‚' => Style::SingleCurly,
        '"' => Style::Straight,
        '«' | '»' => Style::Guillemet,
        '‹' | '›' => Style::SingleGuillemet,
        '「' | '」' => Style::Corner,
        '『' | '』' => Style::WhiteCorner,
        _ => return None,
    })
}

/// Whether `close` closes a quotation that `open` opened, in some language's convention.
pub(super) fn pairs(open: char, close: char) -> bool {
    match open {
        '“' => close == '”',
        '„' | '”' => matches!(close, '“' | '”'),
        '‘' => close == '’',
        '‚' => matches!(close, '‘' | '’'),
        '"' => close == '"',
        '«' => close == '»',
        '»' => matches!(close, '«' | '»'),
        '‹' => close == '›',
        '›' => close == '‹',
        '「' => close == '」',
        '『' => close == '』',
        _ => false,
    }
}

/// What the mark `c` (not a straight `"`) does between `previous` and `next`, if anything.
pub(super) fn role(c: char, previous: Option<char>, next: Option<char>) -> Option<Role> {
    match c {
        // No convention closes with these.
        '„' | '‚' | '「' | '『' => return Some(Role::Open),
        '」' | '』' => return Some(Role::Close),
        _ => {}
    }
    let after_space = previous.is_none_or(|p| p.is_whitespace() || opens_before(p));
    let before_space = next.is_none_or(|n| n.is_whitespace() || closes_after(n));
    let role = match (after_space, before_space) {
        (true, false) => Some(Role::Open),
        (false, true) => Some(Role::Close),
        _ if inside_word(previous, next) => None,
        // Spaces on both sides (French) or neither (Chinese): the mark's most common reading.
        _ => Some(match c {
            '“' | '‘' | '«' | '‹' => Role::Open,
            _ => Role::Close,
        }),
    };
    // ’ is also the apostrophe (’tis, ’90s): it never opens.
    role.filter(|&role| role == Role::Close || c != '’')
}

/// Characters after which a mark opens: opening brackets and dashes.
fn opens_before(c: char) -> bool {
    matches!(
        c,
        '(' | '[' | '{' | '-' | '–' | '—' | '/' | '（' | '［' | '【' | '〔'
    )
}

/// Characters before which a mark closes: closing brackets, dashes and punctuation.
fn closes_after(c: char) -> bool {
    matches!(
        c,
        ')' | ']' | '}' | '-' | '–' | '—' | '/' | '.' | ',' | ';' | ':' | '!' | '?' | '…'
    ) || matches!(
        c,
        '。' | '，' | '、' | '；' | '：' | '！' | '？' | '）' | '］' | '】' | '〕'
    )
}

/// Whether a mark stands between two letters or digits of a script written with spaces (in
/// Chinese, between two characters, a mark reads by its shape).
fn inside_word(previous: Option<char>, next: Option<char>) -> bool {
    let spaced = |c: Option<char>| {
        c.is_some_and(|c| c.is_alphanumeric() && !crate::text::is_unsegmented_script(c))
    };
    spaced(previous) && spaced(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_open_after_a_space_and_close_before_one() {
        assert_eq!(role('»', Some(' '), Some('m')), Some(Role::Open));
        assert_eq!(role('«', Some('k'), Some(' ')), Some(Role::Close));
        assert_eq!(role('«', Some(' '), Some('\u{a0}')), Some(Role::Open));
        assert_eq!(role('»', Some('\u{a0}'), Some('.')), Some(Role::Close));
        assert_eq!(role('”', Some(' '), Some('s')), Some(Role::Open));
        assert_eq!(role('“', Some('o'), Some(',')), Some(Role::Close));
        // Chinese: by the mark's shape.
        assert_eq!(role('“', Some('出'), Some('要')), Some(Role::Open));
        assert_eq!(role('”', Some('。'), Some('这')), Some(Role::Close));
        // Inside a word: none.
        assert_eq!(role('»', Some('x'), Some('y')), None);
    }

    #[test]
    fn the_apostrophe_closes_or_is_nothing() {
        assert_eq!(role('’', Some('n'), Some('t')), None); // don’t
        assert_eq!(role('’', Some('s'), Some(' ')), Some(Role::Close)); // students’
        assert_eq!(role('’', Some(' '), Some('9')), None); // ’90s
        assert_eq!(role('‘', Some(' '), Some('s')), Some(Role::Open));
        assert!(!pairs('’', '’') && pairs('‘', '’') && pairs('‚', '‘'));
    }
}
