//! An archive built in one process from a folder of `.txt` files (id: the file name, title: the
//! folder's `titles.json` gives it, `{ "id": "title" }`, else the name without `.txt`): for tests
//! and small archives. Large ones are built on a cluster
//! (`cluster/build_archive.py`), which writes the same files.
//!
//! ```sh
//! cargo run --release --example build-archive -- FOLDER OUT [PARTITION_BITS GROUP_DOCUMENTS]
//! ```
//!
//! OUT must be new or empty: the archive is written into a folder of this build's own beside it,
//! then renamed to OUT, which fails if OUT holds anything (an archive, or another build's files),
//! so two builds at once never mix their files.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use plagscope::checker::CheckerOptions;
use plagscope::store::archive::build::add_segment;
use plagscope::store::archive::{Layout, Manifest};

fn main() -> std::process::ExitCode {
    match build() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("build-archive: error: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The build the command line asks for.
fn build() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, rest @ ..] = args.as_slice() else {
        return Err("usage: build-archive FOLDER OUT [PARTITION_BITS GROUP_DOCUMENTS]".into());
    };
    let mut paths: Vec<_> = fs::read_dir(input)
        .map_err(|e| format!("{input}: {e}"))?
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
    let files = add_segment(&mut manifest, "s0000", items)?;
    publish(Path::new(output), &files, &manifest.to_json())?;
    let bytes: usize = files.iter().map(|(_, b)| b.len()).sum();
    eprintln!(
        "{} documents, {words} words, {} files, {bytes} bytes in {output}",
        documents.len(),
        files.len() + 1
    );
    Ok(())
}

/// Writes the archive of `files` and `manifest` as the folder `out`, whole or not at all: into a
/// folder of this process's own beside it, renamed to `out` last. The rename fails, and nothing is
/// left, if `out` holds anything.
fn publish(out: &Path, files: &[(String, Vec<u8>)], manifest: &str) -> Result<(), String> {
    let name = out
        .file_name()
        .ok_or(format!("{}: not a folder name", out.display()))?;
    let parent = out.parent().filter(|p| !p.as_os_str().is_empty());
    let parent = parent.unwrap_or(Path::new("."));
    // This process's and this call's: a folder no other build writes.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let temporary: PathBuf = parent.join(format!(
        ".{}.building-{}-{}",
        name.to_string_lossy(),
        std::process::id(),
        CALLS.fetch_add(1, Ordering::Relaxed)
    ));
    fs::create_dir_all(parent)
        .and_then(|()| fs::create_dir(&temporary))
        .map_err(|e| format!("{}: {e}", temporary.display()))?;
    let written = write_all(&temporary, files, manifest).and_then(|()| {
        fs::rename(&temporary, out).map_err(|e| {
            format!(
                "{} is not a new or empty folder ({e}): it holds an archive or another build's \
                 files; build into a new folder (cluster/build_archive.py adds segments to an \
                 archive)",
                out.display()
            )
        })
    });
    if written.is_err() {
        let _ = fs::remove_dir_all(&temporary);
    }
    written
}

/// The archive's files and manifest, written under `folder`.
fn write_all(folder: &Path, files: &[(String, Vec<u8>)], manifest: &str) -> Result<(), String> {
    let write = |path: PathBuf, bytes: &[u8]| -> Result<(), String> {
        fs::create_dir_all(path.parent().expect("a file in a folder"))
            .and_then(|()| fs::write(&path, bytes))
            .map_err(|e| format!("{}: {e}", path.display()))
    };
    for (path, bytes) in files {
        write(folder.join(path), bytes)?;
    }
    write(folder.join("manifest.json"), manifest.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43: two builds into one folder at once mixed their files. Each is written whole
    /// under a name of its own and renamed: one wins, the other is refused, nothing is mixed.
    #[test]
    fn two_builds_into_one_folder_give_one_whole_archive_and_a_refusal() {
        let root = std::env::temp_dir().join(format!("build-archive-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let out = root.join("archive");
        let results: Vec<_> = std::thread::scope(|scope| {
            let builds: Vec<_> = (0..2u8)
                .map(|n| {
                    let out = &out;
                    scope.spawn(move || {
                        let files: Vec<_> = (0..50)
                            .map(|f| (format!("s0000/d/{f:05x}.bin"), vec![n; 4096]))
                            .collect();
                        publish(out, &files, &format!("{{\"build\": {n}}}"))
                    })
                })
                .collect();
            builds.into_iter().map(|b| b.join().unwrap()).collect()
        });
        let refused: Vec<_> = results.iter().filter_map(|r| r.as_ref().err()).collect();
        assert_eq!(refused.len(), 1, "{results:?}");
        assert!(
            refused[0].contains("is not a new or empty folder"),
            "{}",
            refused[0]
        );
        let manifest = fs::read_to_string(out.join("manifest.json")).unwrap();
        let winner = u8::from(manifest.contains("1"));
        for f in 0..50 {
            let file = fs::read(out.join(format!("s0000/d/{f:05x}.bin"))).unwrap();
            assert_eq!(file, vec![winner; 4096], "every file is the winner's");
        }
        let left: Vec<_> = fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, ["archive"], "no build's folder is left");
        fs::remove_dir_all(&root).unwrap();
    }
}
