//! Latin look-alike letters outside every alphabet (ɑ, ɡ, small capitals) are reported a line at a
//! time, but for those inside a phonetic transcription: the same letters spell sounds in the
//! International Phonetic Alphabet ("[bɑːθ]", "ˈdɒɡ"), where they are the alphabet's own, and a
//! transcription always carries a sign that imitates no letter (a stress or length mark, ə, ɒ, ʃ).
//! They are folded for matching all the same.

use unicode_segmentation::UnicodeSegmentation;

use super::line::NormalizedLine;
use crate::span::Span;
use crate::text::confusables::latin_lookalike;
use crate::text::evasion::EvasionBuilder;

/// The name the evasion report gives these letters.
const KIND: &str = "Latin look-alike";

impl NormalizedLine {
    /// Reports the line's Latin look-alikes written so far ([`Self::push_lookalike`]) but those in
    /// a word of `visible` that is a phonetic transcription ([`is_phonetic_sign`]).
    pub(super) fn report_lookalikes(&mut self, evasion: &mut EvasionBuilder) {
        if self.lookalikes.is_empty() {
            return;
        }
        let transcriptions: Vec<Span> = (self.visible.split_word_bound_indices())
            .filter(|(_, word)| word.chars().any(is_phonetic_sign))
            .map(|(at, word)| {
                // Min and max: a word read backwards (under an override) maps out of order.
                let origin = self.visible_origin[at..at + word.len()].iter().copied();
                origin
                    .reduce(|a, b| Span::new(a.start.min(b.start), a.end.max(b.end)))
                    .expect("words are not empty")
            })
            .collect();
        for span in self.lookalikes.drain(..) {
            let transcribed =
                (transcriptions.iter()).any(|t| t.start <= span.start && span.end <= t.end);
            if !transcribed {
                evasion.replaced_letter(KIND, span);
            }
        }
    }
}

impl NormalizedLine {
    /// Reports the long s (ſ, which NFKC folds to s) of a line that sets one where old print never
    /// did: at a word's end, or beside a round s starting a word (old print sets ſ there). Honest
    /// old text, "ſo ſhall the ſun riſe", is left unreported; it matches all the same.
    pub(super) fn report_long_s(&self, evasion: &mut EvasionBuilder) {
        if !self.visible.contains('ſ') {
            return;
        }
        let chars: Vec<(usize, char)> = self.visible.char_indices().collect();
        let letter = |i: usize| chars.get(i).is_some_and(|&(_, c)| c.is_alphabetic());
        let (mut final_long, mut initial_round) = (false, false);
        for (i, &(_, c)) in chars.iter().enumerate() {
            let starts_word = i == 0 || !letter(i - 1);
            final_long |= c == 'ſ' && !letter(i + 1);
            initial_round |= c == 's' && starts_word && letter(i + 1);
        }
        if final_long || initial_round {
            for &(at, c) in &chars {
                if c == 'ſ' {
                    evasion.replaced_letter(KIND, self.visible_origin[at]);
                }
            }
        }
    }
}

/// Whether `c` is a letter or modifier of the phonetic alphabets (IPA extensions, spacing modifier
/// letters, phonetic extensions) that imitates no Latin letter: ə, ɒ, ʃ, the stress mark ˈ, the
/// length mark ː. No disguise needs one; every transcription has one.
pub fn is_phonetic_sign(c: char) -> bool {
    matches!(c as u32, 0x0250..=0x02FF | 0x1D00..=0x1DBF)
        && c.is_alphabetic()
        && latin_lookalike(c).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokenize;

    fn reported(text: &str) -> usize {
        let evasion = tokenize(text).evasion;
        evasion.replaced_letters.get(KIND).copied().unwrap_or(0)
    }

    #[test]
    fn transcriptions_are_honest_and_disguises_are_not() {
        for honest in [
            "The word bath is pronounced [bɑːθ] in the south.",
            "The word dog is pronounced ˈdɒɡ in Britain.",
            "Amedeo Avogadro [ameˈdɛːo avoˈɡaːdro] was an Italian scientist.",
            "It is written /ɡəʊ/ in the dictionary.",
        ] {
            assert_eq!(reported(honest), 0, "{honest}");
        }
        // A look-alike in an ordinary word, or a word of small capitals, is a disguise.
        assert_eq!(reported("The ɡreat pɑper was copied."), 2);
        assert_eq!(reported("ᴛʜᴇ paper was copied."), 3);
        // A transcription beside a disguised word on the same line leaves the disguise named.
        assert_eq!(reported("Say [bɑːθ] and read the ɡreat paper."), 1);
    }

    /// Issue 43: the long s was folded but never named.
    #[test]
    fn a_long_s_is_named_where_old_print_never_set_one() {
        assert_eq!(reported("Winnowing ſelectſ fingerprints."), 2);
        assert_eq!(reported("the haſhes of ſequences so that"), 2);
        assert_eq!(reported("ſo ſhall the ſun riſe upon the bleſſed."), 0);
        assert_eq!(tokenize("ſelectſ").token_texts().next(), Some("selects"));
    }

    #[test]
    fn a_phonetic_sign_imitates_no_letter() {
        for c in ['ə', 'ɒ', 'ʃ', 'ˈ', 'ː', 'ɲ'] {
            assert!(is_phonetic_sign(c), "{c}");
        }
        for c in ['ɑ', 'ɡ', 'ᴛ', 'ʜ', 'a', 'α', '˜'] {
            assert!(!is_phonetic_sign(c), "{c}");
        }
    }
}
