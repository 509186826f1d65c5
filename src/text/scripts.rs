//! The Unicode Script property of a character, among the scripts plagscope tells apart (the five
//! whose letters imitate each other, those written without invisible characters inside words, and
//! Common and Inherited): runs of code points that build/scripts.rs generates from
//! `unicode-script`, a few hundred instead of that crate's table of every script. A test compares
//! every code point.

include!(concat!(env!("OUT_DIR"), "/scripts.rs"));

/// The script of a character: `c.script()`.
pub trait UnicodeScript {
    /// The script of this character, `Script::Other` for one plagscope does not tell apart.
    fn script(self) -> Script;
}

impl UnicodeScript for char {
    fn script(self) -> Script {
        let run = SCRIPT_RUN_STARTS.partition_point(|&start| start <= self as u32) - 1;
        SCRIPT_RUN_SCRIPTS[run]
    }
}
