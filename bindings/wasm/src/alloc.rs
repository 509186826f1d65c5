//! The allocator of the wasm build: dlmalloc, the one std uses on wasm, with the wasm memory grown
//! by at least a sixteenth of its size at a time instead of by what each request lacks.
//!
//! Why: std's allocator grows the memory by exactly the pages a request lacks, so filling 100 MB
//! grows it some 1,500 times, and each grow makes the JS engine replace the memory's
//! `ArrayBuffer`, to which V8 answers with garbage collections. Measured in Node through the
//! package: all pairs over 2,000 documents of 1,000 words spent 52 of its 63 s in the garbage
//! collector and 10 s more growing memory (the same work takes 2 s natively). Growing
//! geometrically takes a few dozen grows for any size, at the price of at most a sixteenth of the
//! memory held unused at the top. (An eighth, measured in Chromium by `BENCH_PARTS=checker,pairs node bench/browser/run.mjs`: the same
//! `pairs()` time, 14.8 s, and 5.4 rather than 5.1 B per reference word for 10,000 references.)

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::UnsafeCell;
use core::ptr;

/// The wasm page.
const PAGE: usize = 64 * 1024;

/// dlmalloc's view of the system: the wasm memory, grown geometrically (see the module docs).
struct GeometricGrowth;

// SAFETY: `alloc` hands out only pages it has just grown, which no one else uses; nothing is ever
// given back (wasm memory cannot shrink), as in dlmalloc's own wasm glue.
unsafe impl dlmalloc::Allocator for GeometricGrowth {
    fn alloc(&self, size: usize) -> (*mut u8, usize, u32) {
        let needed = size.div_ceil(PAGE);
        let wanted = needed.max(wasm32::memory_size(0) / 16);
        // Near the 4 GiB limit the sixteenth may not fit: fall back to what is needed.
        for pages in [wanted, needed] {
            let previous = wasm32::memory_grow(0, pages);
            if previous == usize::MAX {
                continue;
            }
            let (base, size) = (previous * PAGE, pages * PAGE);
            // A region ending at the very top of the address space would make a pointer wrap to
            // 0: leave its last bytes out, as dlmalloc's own wasm glue does.
            let size = if base.wrapping_add(size) == 0 {
                size - 16
            } else {
                size
            };
            return (base as *mut u8, size, 0);
        }
        (ptr::null_mut(), 0, 0)
    }

    fn remap(&self, _ptr: *mut u8, _old: usize, _new: usize, _can_move: bool) -> *mut u8 {
        ptr::null_mut()
    }

    fn free_part(&self, _ptr: *mut u8, _old: usize, _new: usize) -> bool {
        false
    }

    fn free(&self, _ptr: *mut u8, _size: usize) -> bool {
        false
    }

    fn can_release_part(&self, _flags: u32) -> bool {
        false
    }

    fn allocates_zeros(&self) -> bool {
        true // fresh wasm pages are zeroed
    }

    fn page_size(&self) -> usize {
        PAGE
    }
}

/// The global allocator: one dlmalloc over [`GeometricGrowth`].
struct Allocator(UnsafeCell<dlmalloc::Dlmalloc<GeometricGrowth>>);

// SAFETY: the wasm build runs on one thread (it is built without the `atomics` target feature), so
// no two calls can ever use the allocator at once.
unsafe impl Sync for Allocator {}

#[global_allocator]
static ALLOCATOR: Allocator = Allocator(UnsafeCell::new(dlmalloc::Dlmalloc::new_with_allocator(
    GeometricGrowth,
)));

// SAFETY: each call forwards to dlmalloc with the layout the caller gives, as std's wasm
// allocator does; calls never overlap (see `Sync` above).
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).malloc(layout.size(), layout.align())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        (*self.0.get()).free(ptr, layout.size(), layout.align())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        (*self.0.get()).calloc(layout.size(), layout.align())
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        (*self.0.get()).realloc(ptr, layout.size(), layout.align(), new_size)
    }
}
