//! How text is normalized and tokenized for matching ([`TextOptions`]).

crate::options! {
    /// How text is normalized and tokenized for matching. The defaults suit plagiarism checking.
    #[derive(Eq)]
    pub struct TextOptions {
        /// Compare case-insensitively (Unicode case folding).
        pub ignore_case: bool = true;
        /// Drop punctuation and symbols; when off, each run of them is a token.
        pub ignore_punctuation: bool = true;
        /// Drop numbers (tokens without a letter).
        pub ignore_numbers: bool = false;
        /// Drop English and Chinese stop words. Off by default: copied text copies its stop words
        /// too, and they make matches longer and more certain.
        pub remove_stopwords: bool = false;
        /// Drop words longer than this many characters; absent keeps every word.
        pub max_word_chars: Option<usize> = None, in 1..=10_000;
    }
}
