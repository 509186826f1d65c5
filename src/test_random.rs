//! Unit tests' random numbers: a xorshift64 generator, seeded, so every run draws the same cases.

/// A generator of numbers below the bound it is given, from `seed` (not 0).
pub(crate) fn below(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |bound| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    }
}
