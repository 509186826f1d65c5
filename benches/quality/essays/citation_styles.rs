//! The reference-list styles of `citations.rs`'s works: APA 7, MLA 9, IEEE and GB/T 7714, and
//! the ways each writes its authors' names.

use super::citation_data::{BOOKS, JOURNALS, MONTHS, ZH_BOOKS, ZH_JOURNALS};
use super::citations::{Item, Law, News, Parts};

impl Parts {
    pub(super) fn apa(&self, item: &Item) -> String {
        match item {
            Item::News { authors, n } => {
                let News {
                    date: (y, m, d),
                    outlet,
                    url,
                    title,
                } = &self.news[*n];
                let when = format!("({y}, {} {d})", MONTHS[*m as usize - 1]);
                if authors.is_empty() {
                    format!("{} {when}. {outlet}. {url}", ended(title))
                } else {
                    format!(
                        "{} {when}. {} {outlet}. {url}",
                        apa_names(authors),
                        ended(title)
                    )
                }
            }
            Item::Article {
                authors,
                title,
                journal,
                year,
                issue,
                pages,
                doi,
            } => {
                let (name, founded, _) = JOURNALS[*journal];
                let doi = doi
                    .as_ref()
                    .map_or(String::new(), |d| format!(" https://doi.org/{d}"));
                format!(
                    "{} ({year}). {} {name}, {}({issue}), {}–{}.{doi}",
                    apa_names(authors),
                    ended(title),
                    year - founded + 1,
                    pages.0,
                    pages.1
                )
            }
            Item::Book(n) => {
                let (authors, year, title, publisher, _) = BOOKS[*n];
                format!(
                    "{} ({year}). {} {publisher}.",
                    apa_names(&owned(authors)),
                    ended(title)
                )
            }
            _ => self.gbt(item),
        }
    }

    pub(super) fn mla(&self, item: &Item) -> String {
        const MLA_MONTHS: [&str; 12] = [
            "Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.",
            "Dec.",
        ];
        let lead = |authors: &[(String, String)]| match authors.len() {
            0 => String::new(),
            _ => format!("{}. ", mla_names(authors).trim_end_matches('.')),
        };
        match item {
            Item::News { authors, n } => {
                let News {
                    date: (y, m, d),
                    outlet,
                    url,
                    title,
                } = &self.news[*n];
                let address = url
                    .trim_start_matches("https://")
                    .trim_start_matches("http://");
                let month = MLA_MONTHS[*m as usize - 1];
                format!(
                    "{}{} {outlet}, {d} {month} {y}, {address}.",
                    lead(authors),
                    quoted(title)
                )
            }
            Item::Article {
                authors,
                title,
                journal,
                year,
                issue,
                pages,
                doi,
            } => {
                let (name, founded, _) = JOURNALS[*journal];
                let doi = doi
                    .as_ref()
                    .map_or(String::new(), |d| format!(" https://doi.org/{d}."));
                let volume = year - founded + 1;
                format!(
                    "{}{} {name}, vol. {volume}, no. {issue}, {year}, pp. {}-{}.{doi}",
                    lead(authors),
                    quoted(title),
                    pages.0,
                    pages.1
                )
            }
            Item::Book(n) => {
                let (authors, year, title, publisher, _) = BOOKS[*n];
                format!("{}{}. {publisher}, {year}.", lead(&owned(authors)), title)
            }
            _ => self.gbt(item),
        }
    }

    pub(super) fn ieee(&self, item: &Item) -> String {
        const ABBREVIATED: [&str; 12] = [
            "Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.",
            "Dec.",
        ];
        let lead = |authors: &[(String, String)]| match authors.len() {
            0 => String::new(),
            _ => format!("{}, ", ieee_names(authors)),
        };
        match item {
            Item::News { authors, n } => {
                let News {
                    date: (y, m, d),
                    outlet,
                    url,
                    title,
                } = &self.news[*n];
                let month = ABBREVIATED[*m as usize - 1];
                let title = title.trim_end_matches(['.', '?', '!']);
                format!(
                    "{}\"{title},\" {outlet}, {month} {d}, {y}. [Online]. Available: {url}",
                    lead(authors)
                )
            }
            Item::Article {
                authors,
                title,
                journal,
                year,
                issue,
                pages,
                doi,
            } => {
                let (name, founded, _) = JOURNALS[*journal];
                let doi = doi
                    .as_ref()
                    .map_or(String::new(), |d| format!(", doi: {d}"));
                let volume = year - founded + 1;
                let title = title.trim_end_matches(['.', '?', '!']);
                format!(
                    "{}\"{title},\" {name}, vol. {volume}, no. {issue}, pp. {}–{}, {year}{doi}.",
                    lead(authors),
                    pages.0,
                    pages.1
                )
            }
            Item::Book(n) => {
                let (authors, year, title, publisher, city) = BOOKS[*n];
                format!(
                    "{}{title}. {city}: {publisher}, {year}.",
                    lead(&owned(authors))
                )
            }
            _ => self.gbt(item),
        }
    }

    pub(super) fn gbt(&self, item: &Item) -> String {
        let lead = |authors: &[(String, String)]| match authors.len() {
            0 => String::new(),
            _ => format!("{}. ", gbt_names(authors)),
        };
        match item {
            Item::News { authors, n } => {
                let News {
                    date: (y, m, d),
                    outlet,
                    url,
                    title,
                } = &self.news[*n];
                format!(
                    "{}{title}[N/OL]. {outlet}, {y}-{m:02}-{d:02}. {url}.",
                    lead(authors)
                )
            }
            Item::Article {
                authors,
                title,
                journal,
                year,
                issue,
                pages,
                doi,
            } => {
                let (name, founded, _) = JOURNALS[*journal];
                let doi = doi
                    .as_ref()
                    .map_or(String::new(), |d| format!(" DOI: {d}."));
                let volume = year - founded + 1;
                let title = title.trim_end_matches('.');
                let (p1, p2) = pages;
                format!(
                    "{}{title}[J]. {name}, {year}, {volume}({issue}): {p1}-{p2}.{doi}",
                    lead(authors)
                )
            }
            Item::Book(n) => {
                let (authors, year, title, publisher, city) = BOOKS[*n];
                format!(
                    "{}{title}[M]. {city}: {publisher}, {year}.",
                    lead(&owned(authors))
                )
            }
            _ => self.gbt_chinese(item),
        }
    }

    /// GB/T 7714 entries of Chinese works: laws, articles, books.
    fn gbt_chinese(&self, item: &Item) -> String {
        match item {
            Item::Law { n, online } => {
                let Law { name, issuer, date } = &self.laws[*n];
                let issuer = if issuer.is_empty() {
                    String::new()
                } else {
                    format!("{issuer}. ")
                };
                match online {
                    Some((url, read)) => format!("{issuer}{name}[EB/OL]. ({date})[{read}]. {url}."),
                    None => format!("{issuer}{name}[Z]. {date}."),
                }
            }
            Item::ZhArticle {
                authors,
                title,
                journal,
                year,
                issue,
                pages,
            } => {
                let (journal, (p1, p2)) = (ZH_JOURNALS[*journal], pages);
                format!(
                    "{}. {title}[J]. {journal}, {year}({issue}): {p1}-{p2}.",
                    authors.join(", ")
                )
            }
            Item::ZhBook(n) => {
                let (author, title, edition, publisher, year) = ZH_BOOKS[*n];
                let edition = if edition.is_empty() {
                    String::new()
                } else {
                    format!("{edition}. ")
                };
                format!("{author}. {title}[M]. {edition}北京: {publisher}, {year}.")
            }
            _ => self.gbt(item),
        }
    }
}

fn owned(authors: &[(&str, &str)]) -> Vec<(String, String)> {
    (authors.iter())
        .map(|(g, s)| (g.to_string(), s.to_string()))
        .collect()
}

/// "Edward S." → "E. S."
fn initials(given: &str) -> String {
    let letters = given.split_whitespace().filter_map(|w| w.chars().next());
    letters
        .map(|c| format!("{c}."))
        .collect::<Vec<_>>()
        .join(" ")
}

fn apa_names(authors: &[(String, String)]) -> String {
    let each: Vec<String> = (authors.iter())
        .map(|(g, s)| format!("{s}, {}", initials(g)))
        .collect();
    match each.len() {
        1 => each[0].clone(),
        n => format!("{}, & {}", each[..n - 1].join(", "), each[n - 1]),
    }
}

fn mla_names(authors: &[(String, String)]) -> String {
    let (given, surname) = &authors[0];
    match authors.len() {
        1 => format!("{surname}, {given}"),
        2 => format!("{surname}, {given}, and {} {}", authors[1].0, authors[1].1),
        _ => format!("{surname}, {given}, et al"),
    }
}

fn ieee_names(authors: &[(String, String)]) -> String {
    let each: Vec<String> = (authors.iter())
        .map(|(g, s)| format!("{} {s}", initials(g)))
        .collect();
    match each.len() {
        1 => each[0].clone(),
        2 => format!("{} and {}", each[0], each[1]),
        n => format!("{}, and {}", each[..n - 1].join(", "), each[n - 1]),
    }
}

/// GB/T 7714's "HERMAN E S, CHOMSKY N" (three at most, then "et al").
fn gbt_names(authors: &[(String, String)]) -> String {
    let each: Vec<String> = (authors.iter().take(3))
        .map(|(g, s)| format!("{} {}", s.to_uppercase(), initials(g).replace('.', "")))
        .collect();
    let more = if authors.len() > 3 { ", et al" } else { "" };
    format!("{}{more}", each.join(", "))
}

/// A title closed by a period unless it ends with its own mark.
fn ended(title: &str) -> String {
    if title.ends_with(['.', '?', '!']) {
        title.to_string()
    } else {
        format!("{title}.")
    }
}

/// MLA's quoted title: the period inside the quotes, unless the title ends with its own mark.
fn quoted(title: &str) -> String {
    format!("\"{}\"", ended(title))
}
