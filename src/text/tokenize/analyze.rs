//! The text pipeline's entry ([`analyze`]): each line of a text normalized, then cut into tokens.

use super::analysis::Analysis;
use super::builder::Builder;
use super::limits::{check_size, MAX_TOKENS};
use crate::error::{Error, ErrorCode};
use crate::text::chinese_script::written_as_chinese;
use crate::text::normalize::NormalizedLine;
use crate::text::options::TextOptions;
use crate::text::pieces::pieces;

/// Runs the text pipeline on `text`: normalization, evasion handling, tokens with original spans.
///
/// Never panics, whatever the input; fails only on invalid options.
///
/// ```
/// use plagscope::text::{analyze, TextOptions};
/// let text = "Ｆｕｌｌ-width, p\u{0430}p\u{200B}er and 中文!";
/// let analysis = analyze(text, &TextOptions::default()).unwrap();
/// let words: Vec<&str> = analysis.token_texts().collect();
/// assert_eq!(words, ["full", "width", "paper", "and", "中", "文"]);
/// assert_eq!(analysis.tokens[2].span.slice_of(text), "p\u{0430}p\u{200B}er");
/// assert_eq!(analysis.evasion.replaced_letters["Cyrillic"], 1);
/// assert_eq!(analysis.evasion.invisible_characters, 1);
/// ```
pub fn analyze(text: &str, options: &TextOptions) -> Result<Analysis, Error> {
    analyze_with_progress(text, options, &mut |_| Ok(()))
}

/// Bytes of text between two calls of [`analyze_with_progress`]'s callback.
pub const PROGRESS_BYTES: usize = 1 << 20;

/// [`analyze`], telling `progress` how many bytes of `text` are analyzed about every
/// [`PROGRESS_BYTES`] (a 64 MB paper takes seconds); an error from `progress` stops the analysis and
/// is returned.
pub fn analyze_with_progress(
    text: &str,
    options: &TextOptions,
    progress: &mut dyn FnMut(usize) -> Result<(), Error>,
) -> Result<Analysis, Error> {
    options.validate()?;
    check_size("text", text.len(), false)?;
    // The matching form is about as long as the text, and there is at most about a token per
    // three bytes (a character of Chinese; a word of English takes six): room for them at once
    // saves the copies of growing (2% of the pipeline's instructions on English news, 5% on
    // Chinese). Room left over is given back at the end, as analyses `pairs()` keeps would hold it.
    let mut analysis = Analysis::default();
    analysis.normalized.reserve(text.len());
    analysis.tokens.reserve(text.len() / 3);
    let mut builder = Builder::new(options, analysis);
    let mut line = NormalizedLine::default();
    let mut base = 0;
    let (mut bytes, mut told) = (0, 0);
    for piece in pieces(text) {
        bytes += piece.len();
        if bytes - told >= PROGRESS_BYTES {
            told = bytes;
            progress(bytes)?;
        }
        let units = line.normalize(piece, base, options, &mut builder.evasion);
        builder.segment(&line, piece);
        base += units;
        // Normalization can expand a text 18-fold (U+FDFA): the limits hold after it too, and
        // are checked as it goes, so an expanding text is refused before it fills the memory.
        check_size("text", builder.analysis.normalized.len(), true)?;
        if builder.analysis.tokens.len() > MAX_TOKENS {
            return Err(Error::new(
                ErrorCode::TextTooLong,
                "text",
                format!("it has more than {MAX_TOKENS} words; split it into smaller documents"),
            ));
        }
    }
    let mut analysis = builder.analysis;
    if analysis.tokens.capacity() > analysis.tokens.len() + analysis.tokens.len() / 4 {
        analysis.tokens.shrink_to_fit();
    }
    if builder.evasion.has_japanese_forms() {
        // Japanese spells with them; a Chinese text with one hides a copy (issue 43).
        let chinese = written_as_chinese(text);
        builder.evasion.settle_japanese_forms(chinese);
    }
    analysis.evasion = builder.evasion.finish();
    analysis.utf16_len = base;
    Ok(analysis)
}

/// Word tokens of `text` with default options; see [`analyze`].
///
/// ```
/// use plagscope::text::tokenize;
/// let analysis = tokenize("Déjà vu, 中文!");
/// let words: Vec<&str> = analysis.token_texts().collect();
/// assert_eq!(words, ["deja", "vu", "中", "文"]); // accents are ignored for matching
/// assert_eq!(analysis.tokens[2].span.slice_of("Déjà vu, 中文!"), "中");
/// ```
pub fn tokenize(text: &str) -> Analysis {
    analyze(text, &TextOptions::default()).expect("default options are valid")
}
