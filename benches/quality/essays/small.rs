//! Small libraries (`QUALITY_LIBRARY=<n>`): a teacher's library is often the few articles of an
//! assignment, not 600 references, and its document frequencies are then a handful of texts'.
//! Each essay is checked against its own library of `n` texts: those the exact matcher finds it
//! sharing a run with (its sources, the classmate it shares a quotation, a list or a table with)
//! and its copied sentences' sources, then the references nearest it in topic (the bench's own
//! tf·idf cosine, `topic.rs`), or, when none shares a content term (a translated essay against
//! help pages in the other language), the references next to its sources in the library's order.

use crate::matcher::Index;
use crate::split::Ref;
use crate::topic::Topics;

use super::print::Checked;
use super::scoring;
use super::{Essay, Label};
use plagscope::checker::CheckOptions;

/// The library size `QUALITY_LIBRARY` asks for, if any.
pub fn library_size() -> Option<usize> {
    let size = std::env::var("QUALITY_LIBRARY").ok()?.parse().ok()?;
    (size > 0).then_some(size)
}

/// Each essay checked by plagscope and by the exact matcher (runs of `n` units) against its own
/// library of `size` texts of `library` (see the module docs).
pub fn check(
    library: &[Ref],
    essays: Vec<Essay>,
    (options, n, chinese): (&CheckOptions, usize, bool),
    size: usize,
) -> Vec<Checked> {
    let mut exact = Index::new(n);
    for (i, r) in library.iter().enumerate() {
        exact.add(i as u32, &r.text);
    }
    let ids: Vec<String> = library.iter().map(|r| r.id.clone()).collect();
    let texts: Vec<&str> = library.iter().map(|r| r.text.as_str()).collect();
    let topics = Topics::over(&texts, std::iter::empty(), chinese);
    (essays.into_iter())
        .map(|essay| {
            let chosen = choose(&essay, (&exact, &ids), &topics, size);
            let refs: Vec<Ref> = chosen
                .iter()
                .map(|&i| library[i].as_library_text())
                .collect();
            let checker = crate::new_checker(&refs);
            let mut own_exact = Index::new(n);
            for (i, r) in refs.iter().enumerate() {
                own_exact.add(i as u32, &r.text);
            }
            let own_ids: Vec<String> = refs.iter().map(|r| r.id.clone()).collect();
            let report = checker.check(&essay.text, options).unwrap();
            Checked {
                plagscope: scoring::from_report(&report),
                exact: scoring::exact(&own_exact, &own_ids, &essay.text),
                essay,
            }
        })
        .collect()
}

/// The places in the library of the essay's `size` texts.
fn choose(
    essay: &Essay,
    (exact, ids): (&Index, &[String]),
    topics: &Topics,
    size: usize,
) -> Vec<usize> {
    let place = |id: &str| ids.iter().position(|i| i == id);
    let shared = scoring::exact(exact, ids, &essay.text);
    let copied = essay.sentences.iter().filter_map(|s| match &s.label {
        Label::Copied { source, .. } => Some(source.as_str()),
        _ => None,
    });
    let mut chosen: Vec<usize> = Vec::new();
    for id in shared.iter().map(|p| p.source.as_str()).chain(copied) {
        if let Some(i) = place(id).filter(|i| !chosen.contains(i)) {
            chosen.push(i);
        }
    }
    while chosen.len() < size {
        let (nearest, cosine) = topics.nearest_where(&essay.text, |r| !chosen.contains(&r));
        if cosine <= 0.0 {
            break;
        }
        chosen.push(nearest);
    }
    let anchors = chosen.clone();
    let neighbours = (1..ids.len()).flat_map(|d| {
        anchors
            .iter()
            .flat_map(move |&a| [a + d, a.wrapping_sub(d)])
    });
    for i in neighbours {
        if chosen.len() >= size.min(ids.len()) {
            break;
        }
        if i < ids.len() && !chosen.contains(&i) {
            chosen.push(i);
        }
    }
    chosen
}
