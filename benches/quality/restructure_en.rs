//! English sentence restructuring for the paraphrase kind: a leading prepositional phrase moved
//! to the end of its sentence, the two sides of an "and" swapped, long sentences split at ", but" /
//! ", and he" / ";", short neighbours merged with ", and", and the host documents' stock openers
//! found. Quoted sentences are left whole: their punctuation is the speaker's.

use crate::english_words::{content, first_case, listed, lower, word, Word, HEADS, SUBJECTS};
use crate::rates::{Stats, MERGE_RATE, SPLIT_RATE};
use crate::rng::Rng;

/// A host sentence's opening phrase: 2-4 plain lowercase words after a head, ending in a comma.
pub(crate) fn opener(tokens: &[&str]) -> Option<String> {
    let comma = tokens.iter().take(4).position(|t| t.ends_with(','))?;
    let head = lower(tokens.first()?)?;
    let plain = tokens[..=comma].iter().enumerate().all(|(i, t)| {
        word(t).is_some_and(|w| w.lead.is_empty() && w.trail == if i == comma { "," } else { "" })
            && (i == 0 || t.chars().all(|c| !c.is_uppercase()))
    });
    (comma >= 1 && listed(HEADS, &head) && plain).then(|| tokens[..=comma].join(" "))
}

/// "In May, the firm grew." → "The firm grew in May."
pub(crate) fn front_to_end(s: &mut Vec<String>) -> bool {
    let Some(comma) = s.iter().take(8).position(|t| t.ends_with(',')) else {
        return false;
    };
    let phrase_ok = comma >= 1
        && lower(&s[0]).is_some_and(|h| listed(HEADS, &h))
        && s[..=comma]
            .iter()
            .all(|t| word(t).is_some_and(|w| w.lead.is_empty()));
    let ends = s
        .last()
        .and_then(|t| word(t))
        .is_some_and(|w| w.trail == ".");
    let quoted = s.iter().any(|t| t.contains(['"', '“', '”']));
    if !phrase_ok || !ends || quoted || s.len() - comma - 1 < 5 {
        return false;
    }
    let mut phrase: Vec<String> = s.drain(..=comma).collect();
    phrase[0] = first_case(&phrase[0], false);
    let last = phrase.len() - 1;
    phrase[last] = format!("{}.", phrase[last].trim_end_matches(','));
    s[0] = first_case(&s[0], true);
    let end = s.len() - 1;
    s[end] = s[end].trim_end_matches('.').to_string();
    s.extend(phrase);
    true
}

/// "prices and wages" → "wages and prices" (two plain content words, not at the sentence start).
pub(crate) fn swap_conjuncts(s: &mut [String]) -> bool {
    let at = (2..s.len().saturating_sub(1)).find(|&i| {
        let (a, b) = (word(&s[i - 1]), word(&s[i + 1]));
        // Lowercase words only: names joined by "and" may be parts of longer names.
        let plain = |w: &Option<Word>| {
            w.as_ref()
                .is_some_and(|w| w.lead.is_empty() && w.core == w.core.to_lowercase())
        };
        (s[i] == "and" || s[i] == "or")
            && plain(&a)
            && plain(&b)
            && a.is_some_and(|a| a.trail.is_empty())
            && content(&s[i - 1])
            && content(&s[i + 1])
    });
    let Some(i) = at else { return false };
    let (a, b) = (word(&s[i - 1]).unwrap(), word(&s[i + 1]).unwrap());
    let (left, right) = (b.core.to_string(), format!("{}{}", a.core, b.trail));
    s[i - 1] = left;
    s[i + 1] = right;
    true
}

/// Long sentences split at ", but he" / ", and the" / ";" into two.
pub(crate) fn split(
    sentences: Vec<Vec<String>>,
    rng: &mut Rng,
    stats: &mut Stats,
) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for s in sentences {
        let quoted = s.iter().any(|t| t.contains(['"', '“', '”']));
        let at = (6..s.len().saturating_sub(7)).find(|&j| {
            // After ", but" a clause follows; after ", and" only a subject tells a clause from
            // the last item of a list.
            let but = s[j].ends_with(',') && s[j + 1] == "but";
            let and = s[j].ends_with(',') && s[j + 1] == "and";
            let subject = lower(&s[j + 2]).is_some_and(|w| listed(SUBJECTS, &w));
            but || (and && subject) || s[j].ends_with(';')
        });
        let Some(j) = at.filter(|_| !quoted && s.len() >= 14 && rng.chance(SPLIT_RATE)) else {
            out.push(s);
            continue;
        };
        let mut left = s[..=j].to_vec();
        left[j] = format!("{}.", left[j].trim_end_matches([',', ';']));
        let mut right = match s[j + 1].as_str() {
            "and" if s[j].ends_with(',') => s[j + 2..].to_vec(),
            _ => s[j + 1..].to_vec(),
        };
        right[0] = first_case(&right[0], true);
        out.push(left);
        out.push(right);
        stats.splits += 1;
    }
    out
}

/// Two short sentences joined: "Prices rose. They fell later." → "Prices rose, and they fell later."
pub(crate) fn merge(
    sentences: Vec<Vec<String>>,
    rng: &mut Rng,
    stats: &mut Stats,
) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for s in sentences {
        let joinable = out.last().is_some_and(|a: &Vec<String>| {
            let ends = a
                .last()
                .and_then(|t| word(t))
                .is_some_and(|w| w.trail == ".");
            let quoted = a.iter().chain(&s).any(|t| t.contains(['"', '“', '”']));
            let starts = lower(&s[0]).is_some_and(|w| listed(SUBJECTS, &w));
            ends && !quoted && starts && a.len() + s.len() <= 40
        });
        if joinable && rng.chance(MERGE_RATE) {
            let a = out.last_mut().unwrap();
            let end = a.len() - 1;
            a[end] = format!("{},", a[end].trim_end_matches('.'));
            a.push("and".to_string());
            let mut s = s;
            s[0] = first_case(&s[0], false);
            a.extend(s);
            stats.merges += 1;
        } else {
            out.push(s);
        }
    }
    out
}
