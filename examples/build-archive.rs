//! An archive built in one process from a folder of `.txt` files (id: the file name, title: the
//! folder's `titles.json` gives it, `{ "id": "title" }`, else the name without `.txt`): for tests
//! and small archives. Large ones are built on a cluster
//! (`cluster/build_archive.py`), which writes the same files.
//!
//! ```sh
//! cargo run --release --example build-archive -- FOLDER OUT [PARTITION_BITS GROUP_DOCUMENTS]
//! ```

use std::fs;
use std::path::Path;

use plagscope::checker::CheckerOptions;
use plagscope::store::archive::build::add_batch;
use plagscope::store::archive::{Layout, Manifest};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, rest @ ..] = args.as_slice() else {
        return Err("usage: build-archive FOLDER OUT [PARTITION_BITS GROUP_DOCUMENTS]".into());
    };
    let mut paths: Vec<_> = fs::read_dir(input)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    paths.retain(|p| p.extension().is_some_and(|e| e == "txt"));
    paths.sort();
    let titles: std::collections::HashMap<String, String> =
        match fs::read(Path::new(input).join("titles.json")) {
            Ok(bytes) => serde_json::from_slice(&bytes)?,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Default::default(),
            Err(error) => return Err(error.into()),
        };
    let mut documents = Vec::new();
    for path in &paths {
        let id = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let title = titles
            .get(&id)
            .cloned()
            .unwrap_or_else(|| id.trim_end_matches(".txt").to_string());
        documents.push((id, title, fs::read_to_string(path)?));
    }
    let words: u64 = documents
        .iter()
        .map(|d| d.2.split_whitespace().count() as u64)
        .sum();
    let mut layout = Layout::for_size(
        documents.len() as u64,
        words / documents.len().max(1) as u64,
    );
    if let [bits, group] = rest {
        layout = Layout {
            partition_bits: bits.parse()?,
            group_documents: group.parse()?,
        };
    }
    let mut manifest = Manifest::new(CheckerOptions::default(), layout)?;
    let items = documents
        .iter()
        .map(|(i, t, x)| (i.as_str(), t.as_str(), x.as_str()));
    let files = add_batch(&mut manifest, "b0000", items)?;
    let out = Path::new(output);
    for (path, bytes) in &files {
        let path = out.join(path);
        fs::create_dir_all(path.parent().expect("a file in a folder"))?;
        fs::write(path, bytes)?;
    }
    fs::write(out.join("manifest.json"), manifest.to_json())?;
    let bytes: usize = files.iter().map(|(_, b)| b.len()).sum();
    eprintln!(
        "{} documents, {words} words, {} files, {bytes} bytes in {output}",
        documents.len(),
        files.len() + 1
    );
    Ok(())
}
