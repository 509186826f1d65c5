//! wasm-bindgen tests of the JS bindings, run by `wasm-bindgen-test-runner` in Node and, with
//! `WASM_BINDGEN_USE_BROWSER=1`, in headless Chromium (see scripts/test.sh).
//!
//! They call the exported functions with real JS values and slice the original strings with JS's
//! own `String.prototype.slice`, so they check the UTF-16 offset contract where it matters.
#![cfg(target_arch = "wasm32")]

use js_sys::{JsString, Reflect};
use plagscope_wasm::{shared_ngrams, version, JsChecker};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn field(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).expect("field exists")
}

/// The texts of `result[side]`'s spans, sliced out of `text` by JavaScript.
fn sliced(text: &str, result: &JsValue, side: &str) -> Vec<String> {
    let js_text = JsString::from(text);
    let spans: js_sys::Array = field(result, side).dyn_into().expect("an array of spans");
    spans
        .iter()
        .map(|span| {
            let start = field(&span, "start").as_f64().unwrap() as u32;
            let end = field(&span, "end").as_f64().unwrap() as u32;
            String::from(js_text.slice(start, end))
        })
        .collect()
}

fn error_message(error: wasm_bindgen::JsError) -> String {
    let value = JsValue::from(error);
    field(&value, "message").as_string().unwrap()
}

#[wasm_bindgen_test]
fn offsets_slice_back_in_js_for_emoji_accents_and_chinese() {
    let sentence = "naïve café 😀 résumé 🎉 中文 text";
    let a = format!("🚀 Opening line. {sentence}. Closing 😀.");
    let b = format!("Ça commence — {sentence}!");
    let result = shared_ngrams(a.as_str().into(), b.as_str().into(), JsValue::from(3)).unwrap();
    assert_eq!(sliced(&a, &result, "a"), [sentence]);
    assert_eq!(sliced(&b, &result, "b"), [sentence]);
    assert_eq!(field(&result, "n").as_f64(), Some(3.0));
}

#[wasm_bindgen_test]
fn n_defaults_to_five_when_omitted() {
    let result = shared_ngrams("a b c d e".into(), "a b c d e".into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(field(&result, "n").as_f64(), Some(5.0));
    assert_eq!(field(&result, "shared").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn bad_arguments_are_clear_errors_not_panics() {
    let not_a_string = shared_ngrams(JsValue::from(42), "b".into(), JsValue::UNDEFINED);
    let message = error_message(not_a_string.unwrap_err());
    assert!(
        message.contains("`a`") && message.contains("string"),
        "{message}"
    );

    for bad_n in [
        JsValue::from(0),
        JsValue::from(2.5),
        JsValue::from(65),
        JsValue::from("3"),
    ] {
        let message = error_message(shared_ngrams("a".into(), "b".into(), bad_n).unwrap_err());
        assert!(message.contains("1..=64"), "{message}");
    }
    // The instance is still usable after an error.
    assert!(shared_ngrams("x y".into(), "x y".into(), JsValue::from(2)).is_ok());
}

#[wasm_bindgen_test]
fn version_matches_the_crate() {
    assert_eq!(version(), plagscope::VERSION);
}

fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (name, value) in fields {
        Reflect::set(&object, &JsValue::from_str(name), value).unwrap();
    }
    object.into()
}

#[wasm_bindgen_test]
fn checker_finds_a_copied_passage_and_its_offsets_slice_back_in_js() {
    let source =
        "Winnowing selects fingerprints from the hashes of k-grams so that every match of \
                  sufficient length between two documents is detected by the algorithm, always.";
    let copied =
        "winnowing selects fingerprints from the hashes of k-grams so that every match of \
                  sufficient length between two documents is detected";
    let paper = format!("😀 Naïve intro, 中文. As shown, {copied}. The end.");
    let mut checker = JsChecker::new(JsValue::UNDEFINED).unwrap();
    checker
        .add_reference(object(&[
            ("id", "src".into()),
            ("title", "A source".into()),
            ("text", source.into()),
        ]))
        .unwrap();
    assert_eq!(checker.size(), 1);
    let report = checker
        .check(
            paper.as_str().into(),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        )
        .unwrap();
    let sources: js_sys::Array = field(&report, "sources").dyn_into().unwrap();
    assert_eq!(sources.length(), 1);
    let passages: js_sys::Array = field(&sources.get(0), "passages").dyn_into().unwrap();
    let passage = passages.get(0);
    let (start, end) = (
        field(&passage, "start").as_f64().unwrap() as u32,
        field(&passage, "end").as_f64().unwrap() as u32,
    );
    assert_eq!(
        String::from(JsString::from(paper.as_str()).slice(start, end)),
        copied
    );
}

#[wasm_bindgen_test]
fn checker_errors_are_clear_and_the_checker_survives_them() {
    let mut checker = JsChecker::new(JsValue::UNDEFINED).unwrap();
    let missing_text = checker.add_reference(object(&[("id", "x".into())]));
    assert!(error_message(missing_text.unwrap_err()).contains("missing field `text`"));
    let typo = checker.check(
        "x".into(),
        object(&[("maxSource", 3.into())]),
        JsValue::UNDEFINED,
    );
    assert!(error_message(typo.unwrap_err()).contains("unknown option `maxSource`"));
    let truncated =
        JsChecker::import_index(js_sys::Uint8Array::from(&b"PLAGSCOPE-INDEX\n"[..]).into());
    assert!(error_message(truncated.err().unwrap()).contains("truncated"));
    checker
        .add_reference(object(&[("id", "ok".into()), ("text", "fine text".into())]))
        .unwrap();
    let file = checker.export_index().unwrap();
    let loaded = JsChecker::import_index(file.clone().into()).unwrap();
    assert_eq!(loaded.size(), 1);
    // Written into the array a piece at a time, read out of it the same way: saved again, the same bytes.
    assert_eq!(loaded.export_index().unwrap().to_vec(), file.to_vec());
}
