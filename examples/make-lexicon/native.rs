//! Builds the bilingual lexicon file from CC-CEDICT:
//!
//! ```text
//! cargo run --release --example make-lexicon -- target/lexicon/cedict_ts.u8 target/model/zh-en.lexicon
//! ```
//!
//! `node scripts/lexicon.mjs` fetches the dictionary and runs this. The file is written by the
//! core's own writer ([`plagscope::lexicon::Lexicon::to_bytes`]) and read back before it is kept,
//! so a file that exists is one the core reads.

use std::process::ExitCode;

use plagscope::lexicon::Lexicon;

pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: make-lexicon <cedict_ts.u8> <out.lexicon>");
        return ExitCode::from(2);
    };
    match build(input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("make-lexicon: {message}");
            ExitCode::FAILURE
        }
    }
}

fn build(input: &str, output: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
    let lexicon = Lexicon::from_cedict(&text).map_err(|e| e.to_string())?;
    let bytes = lexicon.to_bytes();
    let read = Lexicon::from_bytes(&bytes).map_err(|e| e.to_string())?;
    if read != lexicon {
        return Err("the file does not read back as written".into());
    }
    if let Some(dir) = std::path::Path::new(output).parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    // Written beside the target and renamed, so an interrupted run leaves no half file behind.
    let partial = format!("{output}.partial");
    std::fs::write(&partial, &bytes).map_err(|e| format!("{partial}: {e}"))?;
    std::fs::rename(&partial, output).map_err(|e| format!("{output}: {e}"))?;
    let links: usize = (0..lexicon.word_count() as u32)
        .map(|w| lexicon.senses(plagscope::lexicon::WordId(w)).count())
        .sum();
    println!(
        "{output}: {} bytes, {} Chinese words, {} English terms, {links} links",
        bytes.len(),
        lexicon.word_count(),
        lexicon.term_count()
    );
    Ok(())
}
