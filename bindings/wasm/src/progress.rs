//! Progress callbacks from JavaScript: a JS function called with plain numbers and a stage name.
//! A callback that throws stops the work: the exception is caught by the call (never unwound
//! through Rust frames) and becomes the core's error.

use wasm_bindgen::{JsCast, JsError, JsValue};

use plagscope::checker::Progress;

/// The progress callback of `onProgress(done, total, stage)`, `None` when it is absent.
pub fn callback(
    on_progress: &JsValue,
) -> Result<Option<impl FnMut(Progress) -> Result<(), plagscope::Error> + '_>, JsError> {
    if on_progress.is_undefined() || on_progress.is_null() {
        return Ok(None);
    }
    // `typeof`, not `instanceof`: it cannot throw, whatever the value (a revoked Proxy too).
    if !on_progress.is_function() {
        return Err(crate::errors::invalid_option(
            "onProgress",
            "expected a function",
        ));
    }
    let callback: &js_sys::Function = on_progress.unchecked_ref();
    Ok(Some(move |p: Progress| {
        let stage = p.stage.name();
        let (done, total) = (JsValue::from(p.done as f64), JsValue::from(p.total as f64));
        callback
            .call3(&JsValue::NULL, &done, &total, &stage.into())
            .map(|_| ())
            .map_err(|_| {
                let reason = "it threw, which stops the work";
                plagscope::Error::new(plagscope::ErrorCode::Stopped, "onProgress", reason)
            })
    }))
}

/// Runs `work` with `on_progress` (a function, or undefined) as the core's progress callback.
pub fn with_callback<T>(
    on_progress: &JsValue,
    work: impl FnOnce(plagscope::checker::OnProgress<'_>) -> T,
) -> Result<T, JsError> {
    let mut progress = callback(on_progress)?;
    let mut no_progress = |_| Ok(());
    Ok(match progress.as_mut() {
        Some(callback) => work(callback),
        None => work(&mut no_progress),
    })
}
