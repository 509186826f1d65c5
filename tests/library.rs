//! Adding and removing references: a set after any sequence of additions and removals answers
//! exactly like a set built afresh from the references it holds, in the same order.

#[path = "common/mod.rs"]
mod common;

use common::{brown_documents, words};
use plagscope::checker::{CheckOptions, Checker, CheckerOptions, PairsOptions, Reference};
use plagscope::store::export_index;

/// Thirty references, each with a passage of the next one, so that fingerprints are shared and
/// posting lists hold several references.
fn references() -> Vec<Reference> {
    let documents = brown_documents(30);
    (0..documents.len())
        .map(|i| {
            let next = &documents[(i + 1) % documents.len()];
            let text = format!("{}\n\n{}", documents[i], words(next, 40, 60));
            Reference::new(format!("doc{i}"), text)
        })
        .collect()
}

fn fresh(references: &[&Reference]) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for &reference in references {
        checker.add_reference(reference.clone()).unwrap();
    }
    checker
}

/// Everything a user can observe of a set: its listing, checks, all pairs and the saved file.
fn assert_same(edited: &Checker, expected: &Checker, papers: &[String]) {
    assert_eq!(edited.references(), expected.references());
    for paper in papers {
        let options = CheckOptions::default();
        assert_eq!(
            edited.check(paper, &options).unwrap(),
            expected.check(paper, &options).unwrap()
        );
    }
    let options = PairsOptions::default();
    assert_eq!(
        edited.pairs(&options).unwrap(),
        expected.pairs(&options).unwrap()
    );
    assert_eq!(
        export_index(edited).unwrap(),
        export_index(expected).unwrap()
    );
}

#[test]
fn a_set_edited_by_additions_and_removals_answers_like_one_built_afresh() {
    let all = references();
    let papers: Vec<String> = [3, 7, 15, 29]
        .iter()
        .map(|&i| format!("An essay. {}", words(&all[i].text, 20, 150)))
        .collect();
    let mut edited = fresh(&all.iter().collect::<Vec<_>>());
    // The first, one in the middle, the last, then one of the re-added ones.
    for id in ["doc0", "doc15", "doc29", "doc7"] {
        assert!(edited.remove_reference(id).unwrap());
        if id == "doc15" {
            edited.add_reference(all[0].clone()).unwrap();
        }
    }
    assert!(!edited.remove_reference("doc15").unwrap());
    let survivors: Vec<&Reference> = (1..29)
        .filter(|&i| i != 15 && i != 7)
        .chain([0])
        .map(|i| &all[i])
        .collect();
    assert_same(&edited, &fresh(&survivors), &papers);
}

/// Long references, then short ones: the short ones' postings stay in levels of their own (a
/// level under an eighth of the one before is not merged into it), so the set is read back in
/// several runs of references.
fn long_then_short(all: &[Reference]) -> Vec<Reference> {
    let short = (10..14).map(|i| Reference::new(format!("short{i}"), words(&all[i].text, 0, 30)));
    all[..5].iter().cloned().chain(short).collect()
}

#[test]
fn many_removals_renumber_the_set_without_changing_it() {
    let all = references();
    let kept = long_then_short(&all);
    let kept: Vec<&Reference> = kept.iter().collect();
    let mut edited = fresh(&kept);
    // Each removal leaves a free slot; past about a thousand the set is renumbered.
    for round in 0..1_200 {
        let passing = Reference::new(format!("passing{round}"), words(&all[6].text, 0, 30));
        edited.add_reference(passing).unwrap();
        assert!(edited.remove_reference(&format!("passing{round}")).unwrap());
    }
    let papers = vec![words(&all[2].text, 0, 200)];
    assert_same(&edited, &fresh(&kept), &papers);
}

#[test]
fn sets_built_in_parts_and_merged_answer_like_one_built_at_once() {
    let all = references();
    let papers: Vec<String> = [2, 16, 28]
        .iter()
        .map(|&i| format!("A report. {}", words(&all[i].text, 10, 120)))
        .collect();
    let parts: Vec<&[Reference]> = all.chunks(7).collect();
    let mut merged = fresh(&parts[0].iter().collect::<Vec<_>>());
    for part in &parts[1..] {
        let outcome = merged
            .merge(fresh(&part.iter().collect::<Vec<_>>()))
            .unwrap();
        assert_eq!((outcome.added, outcome.skipped), (part.len(), 0));
    }
    assert_same(&merged, &fresh(&all.iter().collect::<Vec<_>>()), &papers);
    // A merged set of several levels: every one of its references comes over.
    let other = long_then_short(&all[15..]);
    let mut merged = fresh(&[&all[0]]);
    merged
        .merge(fresh(&other.iter().collect::<Vec<_>>()))
        .unwrap();
    let expected: Vec<&Reference> = std::iter::once(&all[0]).chain(&other).collect();
    assert_same(&merged, &fresh(&expected), &papers);
}

#[test]
fn a_merge_keeps_this_sets_references_and_refuses_other_options() {
    let all = references();
    let mut merged = fresh(&all[..10].iter().collect::<Vec<_>>());
    // The other set repeats doc5..doc9 with other texts, then brings doc10..doc14.
    let mut other: Vec<Reference> = all[5..15].to_vec();
    for reference in &mut other[..5] {
        reference.text = format!("Rewritten. {}", words(&all[20].text, 0, 80));
    }
    let outcome = merged
        .merge(fresh(&other.iter().collect::<Vec<_>>()))
        .unwrap();
    assert_eq!((outcome.added, outcome.skipped), (5, 5));
    let papers = vec![words(&all[7].text, 5, 100), words(&all[20].text, 0, 80)];
    assert_same(
        &merged,
        &fresh(&all[..15].iter().collect::<Vec<_>>()),
        &papers,
    );

    let options = CheckerOptions {
        shingle_words: 4,
        ..CheckerOptions::default()
    };
    let error = merged.merge(Checker::new(options).unwrap()).unwrap_err();
    // The refusal names the option and both values.
    assert!(
        error.to_string().starts_with("invalid `shingle_words`: ")
            && error
                .to_string()
                .contains("other indexing options: 4 in the index to merge, 5 in this set"),
        "{error}"
    );
}
