//! The pipeline's limits on one text, and the error that names them.

use crate::error::{Error, ErrorCode};

/// Largest text accepted, in bytes of UTF-8, both as given and normalized for matching: 64 MiB.
pub const MAX_TEXT_BYTES: usize = 64 << 20;

/// Most tokens (words, or characters of Chinese and similar scripts) in one text: every token
/// costs about 100 bytes through the pipeline, and a wasm instance has at most 4 GiB.
pub const MAX_TOKENS: usize = 16_000_000;

/// Refuses a text over [`MAX_TEXT_BYTES`], naming `field` and saying by how much: both sizes in
/// bytes too, because a text one byte over would otherwise read "64.0 MB; the limit is 64 MB".
/// `normalized`: the size is that of the text as prepared for matching, not as given.
pub(crate) fn check_size(field: &'static str, bytes: usize, normalized: bool) -> Result<(), Error> {
    if bytes > MAX_TEXT_BYTES {
        let verb = if normalized {
            "becomes, normalized for matching,"
        } else {
            "is"
        };
        return Err(Error::new(
            ErrorCode::TextTooLong,
            field,
            format!(
                "it {verb} {} MB ({bytes} bytes), over the limit of {} MB ({MAX_TEXT_BYTES} \
                 bytes); split it into smaller documents",
                crate::error::megabytes(bytes),
                MAX_TEXT_BYTES >> 20
            ),
        )
        .with_sizes(bytes, MAX_TEXT_BYTES, normalized));
    }
    Ok(())
}
