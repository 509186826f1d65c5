//! Memory and size limits that hold whatever the input claims: a saved index cannot make the
//! import allocate far more than the file holds, and a text that grows under normalization is
//! refused with a clear message instead of running out of memory. The allocator here counts bytes,
//! so the bounds are measured, not assumed.
#![cfg(not(target_arch = "wasm32"))]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use plagscope::checker::{Checker, CheckerOptions, Reference};
use plagscope::store::{export_index, import_index};
use plagscope::text::{analyze, TextOptions, MAX_TEXT_BYTES};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Tests measuring the peak run one at a time.
static MEASURING: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes held at once while `f` runs, above what was held before.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = CURRENT.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = f();
    (result, PEAK.load(Ordering::Relaxed) - before)
}

#[test]
fn importing_many_tiny_references_allocates_in_proportion_to_the_file() {
    let _one_at_a_time = MEASURING.lock().unwrap();
    // The shape of the crafted file that took 654 MB: tens of thousands of references whose
    // signatures are empty. Each costs a few bytes on disk.
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for i in 0..40_000 {
        checker
            .add_reference(Reference::new(format!("{i}"), ""))
            .unwrap();
    }
    let bytes = export_index(&checker).unwrap();
    drop(checker);
    let (loaded, peak) = peak_during(|| import_index(&bytes).unwrap());
    assert_eq!(loaded.len(), 40_000);
    let ratio = peak as f64 / bytes.len() as f64;
    println!(
        "file {} bytes, peak {} bytes while importing ({ratio:.1}x)",
        bytes.len(),
        peak
    );
    assert!(ratio < 64.0, "{ratio:.1}x the file size");
}

#[test]
fn a_text_that_grows_past_the_limit_under_normalization_is_refused() {
    let _one_at_a_time = MEASURING.lock().unwrap();
    // U+FDFA is one character that NFKC turns into 18: 3 bytes become 33.
    let text = "\u{FDFA}".repeat(MAX_TEXT_BYTES / 30);
    assert!(text.len() < MAX_TEXT_BYTES);
    let (result, peak) = peak_during(|| analyze(&text, &TextOptions::default()));
    let error = result.unwrap_err();
    assert_eq!(error.code(), plagscope::ErrorCode::TextTooLong);
    let sizes = error.sizes().expect("the sizes");
    assert!(sizes.normalized && sizes.size > sizes.limit);
    let message = error.to_string();
    assert!(message.contains("normalized"), "{message}");
    assert!(message.contains("64 MB"), "{message}");
    // It stops when the limit is reached rather than building the whole expansion first.
    assert!(peak < 40 * MAX_TEXT_BYTES, "peak {peak}");
}

#[test]
fn a_text_over_the_limit_is_refused_before_any_work() {
    let _one_at_a_time = MEASURING.lock().unwrap();
    let text = "a".repeat(MAX_TEXT_BYTES + 1);
    let (result, peak) = peak_during(|| analyze(&text, &TextOptions::default()));
    let message = result.unwrap_err().to_string();
    assert_eq!(
        message,
        "invalid `text`: it is 64.0 MB (67108865 bytes), over the limit of 64 MB (67108864 bytes); \
         split it into smaller documents"
    );
    assert!(peak < 1 << 20, "peak {peak}");
}

#[test]
fn a_reference_set_is_refused_past_its_limit_and_keeps_working() {
    use plagscope::checker::{CheckOptions, MAX_REFERENCE_SET_BYTES};
    // Its gigabytes of allocations would count in another test's measured peak.
    let _one_at_a_time = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // Blank texts reach the limit quickly (no words to index) and count like any other text.
    let blank = " ".repeat(MAX_TEXT_BYTES);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    let copied = "the copied sentence runs long enough to be reported as a shared passage here";
    checker
        .add_reference(Reference::new("src", copied))
        .unwrap();
    let fill = MAX_REFERENCE_SET_BYTES - copied.len();
    for (i, start) in (0..fill).step_by(MAX_TEXT_BYTES).enumerate() {
        let len = MAX_TEXT_BYTES.min(fill - start);
        checker
            .add_reference(Reference::new(format!("blank{i}"), &blank[..len]))
            .unwrap();
    }
    let error = checker
        .add_reference(Reference::new("one-byte-more", "a"))
        .unwrap_err();
    assert_eq!(error.code(), plagscope::ErrorCode::SetFull);
    let sizes = error.sizes().expect("the sizes");
    assert_eq!(
        (sizes.size, sizes.limit),
        (MAX_REFERENCE_SET_BYTES + 1, MAX_REFERENCE_SET_BYTES)
    );
    let message = error.to_string();
    assert_eq!(
        message,
        format!(
            "invalid `text`: the reference set is full: its {} references hold 256.0 MB of \
             text, and the limit is 256 MB; remove references, or split the set in two and check \
             against each",
            checker.len()
        )
    );
    // The set still checks, and removing a reference makes room again.
    let report = checker.check(copied, &CheckOptions::default()).unwrap();
    assert_eq!(report.sources[0].id, "src");
    assert!(checker.remove_reference("blank0").unwrap());
    checker
        .add_reference(Reference::new("one-byte-more", "a"))
        .unwrap();
}
