//! Latin look-alike letters outside every alphabet (ɑ, ɡ, small capitals) are reported a line at a
//! time, but for those inside a phonetic transcription: the same letters spell sounds in the
//! International Phonetic Alphabet ("[bɑːθ]", "ˈdɒɡ"), where they are the alphabet's own, and a
//! transcription always carries a sign that imitates no letter (a stress or length mark, ə, ɒ, ʃ).
//! They are folded for matching all the same.

use unicode_segmentation::UnicodeSegmentation;

use super::NormalizedLine;
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
                let last = at + word.len() - 1;
                Span::new(self.visible_origin[at].start, self.visible_origin[last].end)
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
