//! Sentences as token ranges: the units a rewritten copy is compared in.
//!
//! A rewriter keeps a source's sentences (or clauses) and changes the words inside them, so the
//! rewritten evidence ([`crate::align::rewritten`]) compares a paper and a source sentence by
//! sentence. A sentence ends where the matching form between two tokens holds `.`, `!`, `?`, `;`,
//! `。` (full-width `！？；` are ASCII after normalization) or a line break, but for a mark glued
//! between two Latin words ("U.S", "D-N.Y") or followed by a comma ("D-N.Y., has"). Units too
//! small to say anything (an abbreviation's "Mr.", a heading) join the next one, and a run-on
//! stretch without punctuation is cut into pieces of at most [`MAX_UNIT_WEIGHT`], so a unit is
//! always about one sentence long whatever the punctuation does.

use std::ops::Range;

use super::tokenize::Analysis;
use super::units::WORD;

/// Fewest word equivalents in a unit: a shorter one ("Mr.", "Article 3.") joins the next.
pub const MIN_UNIT_WEIGHT: u32 = 5 * WORD;

/// Most word equivalents in a unit (about two long sentences): a longer stretch without sentence
/// punctuation is cut into equal pieces below it.
pub const MAX_UNIT_WEIGHT: u32 = 45 * WORD;

/// The sentence units of `analysis`, as token ranges covering every token in order; `weights` are
/// the tokens' weights in tenths of a word ([`super::token_weights`]).
pub fn sentence_units(analysis: &Analysis, weights: &[u32]) -> Vec<Range<usize>> {
    let mut units = Vec::new();
    let mut start = 0;
    for i in 1..=analysis.tokens.len() {
        let ends = i == analysis.tokens.len() || ends_sentence(analysis, i);
        if ends {
            let ends_line = i == analysis.tokens.len()
                || analysis.normalized[gap_of(analysis, i)].contains('\n');
            push_cut(&mut units, start..i, ends_line, weights);
            start = i;
        }
    }
    join_small(units, weights)
}

/// Whether a sentence ends between tokens `i - 1` and `i`: their gap holds sentence punctuation
/// that is not inside a word ("U.S", "D-N.Y", a mangled quote's `"?though` between two Latin
/// letters) and not followed by a comma ("D-N.Y., has"), where no sentence begins.
fn ends_sentence(analysis: &Analysis, i: usize) -> bool {
    // Nearly every gap is a space, or empty (between CJK characters): none of the marks' bytes
    // (the first of '。' included), no end; read as bytes, without a `str` slice's boundary checks.
    let marks = |b: &u8| matches!(b, b'\n' | b'.' | b'!' | b'?' | b';' | 0xE3);
    if !analysis.normalized.as_bytes()[gap_of(analysis, i)]
        .iter()
        .any(marks)
    {
        return false;
    }
    let gap = &analysis.normalized[gap_of(analysis, i)];
    // One pass over the characters: `str::contains` of a non-ASCII `char` searches for its
    // UTF-8 bytes as a string, which links std's two-way string search (2 KB of wasm).
    let mut end = None;
    for (at, c) in gap.char_indices() {
        match c {
            '\n' => return true,
            '.' | '!' | '?' | ';' | '。' => end = Some((at, c)),
            ',' if end.is_some() => return false,
            _ => {}
        }
    }
    let Some((at, mark)) = end else {
        return false;
    };
    // Glued to the Latin letter or digit after it, after a Latin word: inside a word, or a
    // mangled character. Text in scripts without spaces (Chinese) ends every sentence so.
    let latin = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() && (c as u32) < 0x2E80);
    let before = analysis
        .text_of(&analysis.tokens[i - 1])
        .chars()
        .next_back();
    let after = analysis.text_of(&analysis.tokens[i]).chars().next();
    let glued = at + mark.len_utf8() == gap.len() && latin(before) && latin(after);
    !glued || matches!(mark, ';' | '。')
}

fn gap_of(analysis: &Analysis, i: usize) -> Range<usize> {
    analysis.tokens[i - 1].norm_end..analysis.tokens[i].norm_start
}

/// A unit and whether a line ends with it.
type Unit = (Range<usize>, bool);

/// Pushes `range`, cut into equal pieces when it weighs more than [`MAX_UNIT_WEIGHT`].
fn push_cut(units: &mut Vec<Unit>, range: Range<usize>, ends_line: bool, weights: &[u32]) {
    let total: u32 = weights[range.clone()].iter().sum();
    let pieces = total.div_ceil(MAX_UNIT_WEIGHT).max(1);
    let share = total.div_ceil(pieces);
    let (mut start, mut weight) = (range.start, 0);
    for i in range.clone() {
        weight += weights[i];
        if pieces > 1 && weight >= share && i + 1 < range.end {
            units.push((start..i + 1, false));
            (start, weight) = (i + 1, 0);
        }
    }
    units.push((start..range.end, ends_line));
}

/// Joins each unit lighter than [`MIN_UNIT_WEIGHT`] to the next one on its line, or else to the one
/// before on its line: never across a line break, where a copied paragraph may begin or end.
fn join_small(units: Vec<Unit>, weights: &[u32]) -> Vec<Range<usize>> {
    let weight = |r: &Range<usize>| weights[r.clone()].iter().sum::<u32>();
    let mut joined: Vec<Unit> = Vec::with_capacity(units.len());
    let mut pending: Option<usize> = None;
    for (unit, ends_line) in units {
        let unit = pending.take().map_or(unit.clone(), |start| start..unit.end);
        if weight(&unit) >= MIN_UNIT_WEIGHT {
            joined.push((unit, ends_line));
        } else if !ends_line {
            pending = Some(unit.start);
        } else {
            match joined.last_mut() {
                Some((last, last_ends_line)) if !*last_ends_line => {
                    (last.end, *last_ends_line) = (unit.end, true)
                }
                _ => joined.push((unit, true)),
            }
        }
    }
    if let Some(start) = pending {
        match joined.last_mut() {
            Some((last, false)) => last.end = weights.len(),
            _ => joined.push((start..weights.len(), true)),
        }
    }
    joined.into_iter().map(|(unit, _)| unit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::options::TextOptions;
    use crate::text::tokenize::analyze;
    use crate::text::units::token_weights;

    fn units(text: &str) -> Vec<String> {
        let analysis = analyze(text, &TextOptions::default()).unwrap();
        let weights = token_weights(&analysis);
        sentence_units(&analysis, &weights)
            .into_iter()
            .map(|r| {
                let tokens = &analysis.tokens[r];
                let span = tokens[0].span.start..tokens[tokens.len() - 1].span.end;
                text.encode_utf16()
                    .skip(span.start)
                    .take(span.len())
                    .map(|u| char::from_u32(u as u32).unwrap())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn sentences_end_at_their_punctuation_and_short_ones_join_the_next() {
        assert_eq!(
            units("Mr. Smith wrote the first report on the river. It was long! Was it read by anyone at all?"),
            [
                "Mr. Smith wrote the first report on the river",
                "It was long! Was it read by anyone at all"
            ]
        );
    }

    #[test]
    fn chinese_sentences_end_at_full_stops_and_semicolons() {
        let text =
            "国家保护公民的合法财产不受侵犯。任何组织和个人不得侵占公共财产；违者依法追究责任。";
        assert_eq!(
            units(text),
            [
                "国家保护公民的合法财产不受侵犯",
                // Too short alone, the last sentence joins the one before.
                "任何组织和个人不得侵占公共财产；违者依法追究责任"
            ]
        );
    }

    #[test]
    fn a_long_stretch_without_punctuation_is_cut_and_every_token_belongs_to_one_unit() {
        let text = "word ".repeat(200);
        let analysis = analyze(&text, &TextOptions::default()).unwrap();
        let weights = token_weights(&analysis);
        let units = sentence_units(&analysis, &weights);
        assert_eq!(units.len(), 5);
        assert_eq!(units[0].start, 0);
        assert_eq!(units.last().unwrap().end, 200);
        assert!(units.windows(2).all(|w| w[0].end == w[1].start));
        assert!(units.iter().all(|u| u.len() <= 45));
    }

    #[test]
    fn a_short_line_joins_nothing_across_its_line_break() {
        assert_eq!(
            units("Chapter two.\nThe committee approved the new budget for the schools."),
            [
                "Chapter two",
                "The committee approved the new budget for the schools"
            ]
        );
        assert_eq!(
            units("The committee approved the new budget. It did.\nNext line is long enough here."),
            [
                "The committee approved the new budget. It did",
                "Next line is long enough here"
            ]
        );
    }

    #[test]
    fn no_sentence_ends_inside_a_word_or_before_a_comma() {
        assert_eq!(
            units("Senator Chuck Schumer, D-N.Y., has announced that he will vote no on the nominee. The U.S. Senate then adjourned for the week."),
            [
                "Senator Chuck Schumer, D-N.Y., has announced that he will vote no on the nominee",
                "The U.S. Senate then adjourned for the week"
            ]
        );
        // A mangled quote mark glued to the next word is no full stop; the real one after it is.
        assert_eq!(
            units("Such acts are so common they are tough to track \"?though we have been trying. The new hotel is a statement about empire and its politics."),
            [
                "Such acts are so common they are tough to track \"?though we have been trying",
                "The new hotel is a statement about empire and its politics"
            ]
        );
    }

    #[test]
    fn empty_and_tiny_texts() {
        assert!(units("").is_empty());
        assert_eq!(units("Hi."), ["Hi"]);
    }
}
