//! The sentence model (with every part: all the scripts it knows) and the lexicon as
//! `scripts/model.mjs` and `scripts/lexicon.mjs` make them (target/model), loaded once per test
//! binary.

use std::io::Read;
use std::sync::{Arc, OnceLock};

use plagscope::checker::Checker;
use plagscope::lexicon::Lexicon;

fn model_file(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/model")
        .join(name)
}

/// The encoder and the lexicon; panics with what to run when they are missing.
pub fn sentence_model() -> &'static (Arc<plagscope_model::Encoder>, Lexicon) {
    static MODEL: OnceLock<(Arc<plagscope_model::Encoder>, Lexicon)> = OnceLock::new();
    MODEL.get_or_init(|| {
        let missing = |e: std::io::Error| -> ! {
            panic!("{e}: run `node scripts/model.mjs && node scripts/lexicon.mjs` first")
        };
        // Every part: the tests and the benchmark read every language the model knows.
        let encoder = encoder_with(&["cyrillic", "japanese", "korean", "arabic", "thai"]);
        let lexicon = std::fs::read(model_file("zh-en.lexicon")).unwrap_or_else(|e| missing(e));
        (
            Arc::new(encoder),
            Lexicon::from_bytes(&lexicon).expect("the lexicon file"),
        )
    })
}

/// The encoder with the parts of `scripts` (names of the model's parts: "cyrillic", ...).
pub fn encoder_with(scripts: &[&str]) -> plagscope_model::Encoder {
    let inflated = |name: &str| {
        let file = std::fs::File::open(model_file(name)).unwrap_or_else(|e| {
            panic!("{e}: run `node scripts/model.mjs && node scripts/lexicon.mjs` first")
        });
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(file)
            .read_to_end(&mut bytes)
            .expect("inflate the model");
        bytes
    };
    let main = inflated("use-m3.safetensors.gz");
    let parts: Vec<Vec<u8>> = (scripts.iter())
        .map(|part| inflated(&format!("use-m3.{part}.safetensors.gz")))
        .collect();
    let parts: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
    plagscope_model::Encoder::with_parts(&main, &parts).expect("the model files")
}

/// A checker given the sentence model and the lexicon, holding `references` (id, text).
pub fn checker(references: &[(&str, &str)]) -> Checker {
    let mut checker = Checker::new(plagscope::checker::CheckerOptions::default()).unwrap();
    with_sentence_model(&mut checker);
    for (id, text) in references {
        checker
            .add_reference(plagscope::checker::Reference::new(*id, *text))
            .unwrap();
    }
    checker
}

/// `checker` given the sentence model and the lexicon.
pub fn with_sentence_model(checker: &mut Checker) {
    let (encoder, lexicon) = sentence_model();
    checker.use_sentence_model(encoder.clone(), lexicon.clone());
}
