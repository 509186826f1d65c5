//! English word classes the paraphrase needs, shared by the rewording (`reword_en.rs`) and the
//! restructuring (`restructure_en.rs`): function words never replaced, what opens a phrase or a
//! clause, and a token's word, case and content.

use std::collections::HashSet;
use std::sync::OnceLock;

/// Function words, light verbs and number words (WordNet gives "billion" for "million"): never
/// replaced, and not counted as content words.
pub(crate) const STOP: &str = "a about above after again against all also am an and any are as at be because \
    been before being below between both but by can could did do does doing down during each few for \
    from further had has have having he her here hers herself him himself his how i if in into is it \
    its itself just me more most my myself no nor not now of off on once only or other our ours out \
    over own same she should so some such than that the their theirs them themselves then there these \
    they this those through to too under until up very was we were what when where which while who \
    whom why will with would you your yours get got make made go went gone take took come came give \
    gave let put set keep kept seem become became may might must shall us one two three many much \
    mr mrs ms new says said told according like unlike despite within without across along among \
    around behind beyond near since toward towards upon via per versus however although though yet \
    even still ever never always already often again else instead rather quite really just well \
    percent time hundred thousand million billion trillion";
/// Particles of phrasal verbs: a verb before one is left alone ("pointed out" is not "indicated out").
pub(crate) const PARTICLES: &str = "out up down off away back over through";
/// Words after which an ambiguous form is read as a noun (or adjective).
pub(crate) const DETERMINERS: &str =
    "the a an this that these those his her its their our my your some any \
    many few several each every no other another such both all";
/// Words after which an ambiguous form is read as a noun, unless it ends in -ing (a gerund).
pub(crate) const PREPOSITIONS: &str = "of in for on with by from at about";
/// Words after which an ambiguous form is read as a verb (or adjective, adverb).
pub(crate) const VERB_CUES: &str =
    "to will would can could should may might must did does do not he she they we i you who has have had is are was were be been";
/// How a moved or inserted opening phrase begins.
pub(crate) const HEADS: &str = "in at on for after before during since under with over by from as last earlier later amid despite";
/// Words that begin a clause and may be lowercased when it joins another.
pub(crate) const SUBJECTS: &str =
    "he she they it we the this that there his her their its these those";
pub(crate) fn listed(list: &str, word: &str) -> bool {
    list.split_whitespace().any(|w| w == word)
}

/// Whether `word` (lowercase) is a function word or light verb; a set, as it is asked for every
/// word of the host pool.
pub fn stop(word: &str) -> bool {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| STOP.split_whitespace().collect())
        .contains(word)
}

/// A token as leading punctuation, an alphabetic core and trailing punctuation (or "'s").
pub(crate) struct Word<'a> {
    pub(crate) lead: &'a str,
    pub(crate) core: &'a str,
    pub(crate) trail: &'a str,
}

pub(crate) fn word(token: &str) -> Option<Word<'_>> {
    let start = token.find(|c: char| c.is_alphanumeric())?;
    let end = token[start..]
        .find(|c: char| !c.is_ascii_alphabetic())
        .map_or(token.len(), |e| start + e);
    let trail = &token[end..];
    let rest = trail
        .strip_prefix("'s")
        .or_else(|| trail.strip_prefix("’s"))
        .unwrap_or(trail);
    let clean = !rest.chars().any(char::is_alphanumeric) && start < end;
    clean.then(|| Word {
        lead: &token[..start],
        core: &token[start..end],
        trail,
    })
}

pub(crate) fn lower(token: &str) -> Option<String> {
    word(token).map(|w| w.core.to_lowercase())
}

pub(crate) fn content(token: &str) -> bool {
    lower(token).is_some_and(|w| !stop(&w))
}

/// `text` with its first letter in upper (or lower) case.
pub(crate) fn first_case(text: &str, upper: bool) -> String {
    match text.char_indices().find(|(_, c)| c.is_alphabetic()) {
        Some((at, c)) => {
            let cased: String = if upper {
                c.to_uppercase().collect()
            } else {
                c.to_lowercase().collect()
            };
            format!("{}{cased}{}", &text[..at], &text[at + c.len_utf8()..])
        }
        None => text.to_string(),
    }
}
