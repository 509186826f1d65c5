use super::*;
use crate::checker::{CheckOptions, CheckerOptions, PairsOptions, Paper, Reference};
use crate::methods::combined::Metadata;
use crate::sketch::minhash::MinHashScheme;
use crate::sketch::of_text::{
    MinHashOptions, ShingleKind, ShingleOptions, SimHashOptions, WinnowOptions,
};
use crate::span::Span;
use crate::text::TextOptions;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::json;

fn error<T: FromJson + fmt::Debug>(value: Value) -> (String, String) {
    let error = from_value::<T>(&value).unwrap_err();
    (error.path(), error.message().to_string())
}

/// `value` reads as serde's derived `Deserialize` reads it.
fn reads_as_serde<T: FromJson + DeserializeOwned + PartialEq + fmt::Debug>(value: Value) -> T {
    let ours: T = from_value(&value).unwrap();
    let theirs: T = serde_json::from_value(value).unwrap();
    assert_eq!(ours, theirs);
    ours
}

/// Every field serde writes (all of them, by their camelCase names) is read back.
fn round_trips<T: FromJson + Serialize + PartialEq + fmt::Debug>(value: T) {
    let plain = serde_json::to_value(&value).unwrap();
    assert_eq!(from_value::<T>(&plain).unwrap(), value, "{plain}");
}

#[test]
fn every_field_of_every_type_reads_back_as_serde_writes_it() {
    round_trips(CheckerOptions::default());
    round_trips(CheckOptions::default());
    round_trips(PairsOptions::default());
    round_trips(TextOptions::default());
    round_trips(ShingleOptions::default());
    round_trips(WinnowOptions::default());
    round_trips(MinHashOptions::default());
    round_trips(SimHashOptions::default());
    round_trips(Metadata::default());
    round_trips(Span::new(3, 9));
    let mut reference = Reference::new("r1", "Some text.");
    reference.base = true;
    reference.meta.tags = vec!["a".into()];
    round_trips(reference);
    for scheme in [MinHashScheme::OnePermutation, MinHashScheme::Classic] {
        round_trips(scheme);
    }
    for kind in [ShingleKind::Word, ShingleKind::Char] {
        round_trips(kind);
    }
}

#[test]
fn good_values_read_as_serde_json_reads_them() {
    let check: CheckOptions = reads_as_serde(json!({"maxSources": 7, "align": {"minWords": 4},
        "excludeQuotes": false, "includeSpans": [{"start": 1, "end": 5}],
        "scores": {"duplicateWeight": 3.5}, "ignoreReferences": ["x", "y"],
        "minSourceSimilarity": 0.25}));
    assert_eq!(check.max_sources, 7);
    assert_eq!(check.include_spans, [Span::new(1, 5)]);
    let checker: CheckerOptions = reads_as_serde(json!({"numPerm": 64, "minhashScheme": "classic",
        "text": {"ignoreCase": false, "maxWordChars": 40, "removeStopwords": true}}));
    assert_eq!(checker.text.max_word_chars, Some(40));
    assert_eq!(checker.minhash_scheme, MinHashScheme::Classic);
    let shingles: ShingleOptions = reads_as_serde(json!({"kind": "char", "size": 4}));
    assert_eq!((shingles.kind, shingles.size), (ShingleKind::Char, Some(4)));
    reads_as_serde::<PairsOptions>(json!({"minSimilarity": 0.5, "align": {"maxGap": 3}}));
    reads_as_serde::<Reference>(json!({"id": "a", "text": "t", "title": "T", "base": true,
        "meta": {"keywords": ["k"]}}));
    let paper: Paper = reads_as_serde(json!({"text": "t", "meta": {"references": ["r"]}}));
    assert_eq!(paper.meta.references, ["r"]);
    assert_eq!(
        from_value::<CheckerOptions>(&json!({})).unwrap(),
        CheckerOptions::default()
    );
}

#[test]
fn a_bad_field_is_named_by_its_path() {
    let (path, message) = error::<CheckOptions>(json!({"align": {"minWords": "ten"}}));
    assert_eq!(path, "align.minWords");
    assert_eq!(
        message,
        "invalid type: string \"ten\", expected a whole number"
    );
    let (path, message) =
        error::<CheckOptions>(json!({"includeSpans": [{"start": 1, "end": 2}, {"start": 1}]}));
    assert_eq!(
        (path.as_str(), message.as_str()),
        ("includeSpans[1]", "missing field `end`")
    );
    let (path, message) = error::<CheckerOptions>(json!({"text": {"maxWordChar": 3}}));
    assert_eq!(path, "text", "the object holding the unknown name");
    assert_eq!(
        message,
        "unknown option `maxWordChar` (expected one of: ignoreCase, ignorePunctuation, \
         ignoreNumbers, removeStopwords, maxWordChars)"
    );
    let (path, message) = error::<Paper>(json!({"meta": {"tags": ["a", 2]}}));
    assert_eq!(
        (path.as_str(), message.as_str()),
        (
            "meta.tags[1]",
            "invalid type: number `2`, expected a string"
        )
    );
    assert_eq!(
        error::<Paper>(json!({"meta": {}})),
        (".".into(), "missing field `text`".into())
    );
    assert_eq!(
        error::<Reference>(json!({"text": "t"})).1,
        "missing field `id`"
    );
    assert_eq!(
        error::<Reference>(json!({"id": "i"})).1,
        "missing field `text`"
    );
    assert_eq!(error::<Span>(json!({"end": 1})).1, "missing field `start`");
}

#[test]
fn unexpected_values_are_named_in_a_javascript_users_words() {
    for (value, message) in [
        (
            json!(2.5),
            "invalid type: number `2.5`, expected a whole number",
        ),
        (
            json!(-4),
            "invalid value: number `-4`, expected a whole number",
        ),
        (
            json!(true),
            "invalid type: boolean `true`, expected a whole number",
        ),
        (
            json!("x"),
            "invalid type: string \"x\", expected a whole number",
        ),
        (json!([1]), "invalid type: array, expected a whole number"),
        (
            json!({"a": 1}),
            "invalid type: object, expected a whole number",
        ),
        (json!(null), "invalid type: null, expected a whole number"),
    ] {
        assert_eq!(error::<usize>(value).1, message);
    }
    assert_eq!(
        error::<f64>(json!("1")).1,
        "invalid type: string \"1\", expected a number"
    );
    assert_eq!(
        error::<bool>(json!(1)).1,
        "invalid type: number `1`, expected a boolean"
    );
    assert_eq!(
        error::<Vec<String>>(json!("a")).1,
        "invalid type: string \"a\", expected an array"
    );
    assert_eq!(
        error::<CheckOptions>(json!("all")),
        (
            ".".into(),
            "invalid type: string \"all\", expected an object".into()
        )
    );
    assert_eq!(
        error::<MinHashScheme>(json!("nine")).1,
        "unknown variant `nine`, expected `onePermutation` or `classic`"
    );
    assert_eq!(
        error::<ShingleKind>(json!(3)).1,
        "invalid type: number `3`, expected `word` or `char`"
    );
    assert_eq!(
        from_value::<Option<usize>>(&json!(null)).unwrap(),
        None,
        "null is absent"
    );
    assert_eq!(from_value::<Option<usize>>(&json!(3)).unwrap(), Some(3));
    assert_eq!(from_value::<f64>(&json!(3)).unwrap(), 3.0);
}

#[test]
fn names_match_only_their_exact_camel_case_form() {
    assert!(is_camel_case_of("maxWordChars", "max_word_chars"));
    assert!(is_camel_case_of("text", "text"));
    for key in [
        "max_word_chars",
        "maxwordchars",
        "maxWordChar",
        "maxWordCharsX",
        "MaxWordChars",
    ] {
        assert!(!is_camel_case_of(key, "max_word_chars"), "{key}");
    }
    assert!(!is_camel_case_of("a", "a_"));
    assert_eq!(camel_case("exclude_bibliography"), "excludeBibliography");
    assert_eq!(camel_case("text"), "text");
    assert_eq!(camel_case("align.min_words"), "align.minWords");
}
