//! The references kind: an own essay ending with a list of 15-40 works (`citations.rs`), under a
//! heading in one of the languages students write them in, or none; a classmate's essay in the
//! library ends with a list holding 30-70% of the same works (written the same way, or in another
//! style 30% of the time) among its own. Half the essays are short (600-1,200 words; Chinese
//! 1,000-2,000 units), so the list starts before the middle of the text, where a checker that
//! looks for a reference list only in a paper's second half does not look.

use crate::matcher::Index;
use crate::rng::Rng;

use super::citations::{Item, Parts, Style};
use super::own::Writer;
use super::{Draft, Essay, EssayKind, Holder, Label};

const HEADINGS_EN: [&str; 5] = [
    "References",
    "Bibliography",
    "Works Cited",
    "Works Consulted",
    "References Cited",
];

const HEADINGS_OTHER: [&str; 8] = [
    "Literaturverzeichnis",
    "Références",
    "Bibliografía",
    "Referências",
    "Список литературы",
    "Βιβλιογραφία",
    "Kaynakça",
    "Tài liệu tham khảo",
];

const HEADINGS_ZH: [&str; 2] = ["参考文献", "参考资料"];

/// How one list is written.
#[derive(Clone, Copy)]
pub struct Layout {
    style: Style,
    heading: Option<&'static str>,
    /// IEEE and GB/T numbers as "[1]" (else "1." for IEEE, none for GB/T).
    brackets: bool,
}

impl Layout {
    fn draw(chinese: bool, rng: &mut Rng) -> Self {
        // Chinese lists are mostly under 参考文献 or 参考资料.
        let other = if chinese { 30 } else { 45 };
        let heading = match rng.below(100) {
            0..=14 => None,
            n if n < other => Some(HEADINGS_OTHER[rng.below(HEADINGS_OTHER.len())]),
            _ if chinese => Some(HEADINGS_ZH[rng.below(HEADINGS_ZH.len())]),
            _ => Some(HEADINGS_EN[rng.below(HEADINGS_EN.len())]),
        };
        let styles = [Style::Apa, Style::Mla, Style::Numbered, Style::Hanging];
        Layout {
            style: if chinese {
                Style::GbT
            } else {
                styles[rng.below(4)]
            },
            heading,
            brackets: rng.chance(0.75),
        }
    }

    /// The entries of `items` as lines: sorted by author for APA and MLA, else in citation order,
    /// numbered, hanging entries wrapped with their further lines indented.
    fn entries(&self, parts: &Parts, items: &[Item]) -> Vec<String> {
        let mut entries: Vec<String> = items.iter().map(|i| parts.format(i, self.style)).collect();
        if matches!(self.style, Style::Apa | Style::Mla | Style::Hanging) {
            entries.sort_by_key(|e| e.trim_start_matches('"').to_lowercase());
        }
        let numbered = matches!(self.style, Style::Numbered | Style::GbT);
        (entries.into_iter().enumerate())
            .map(|(n, e)| match (numbered, self.brackets, self.style) {
                (true, true, _) => format!("[{}] {e}", n + 1),
                (true, false, Style::Numbered) => format!("{}. {e}", n + 1),
                (_, _, Style::Hanging) => hanging(&e),
                _ => e,
            })
            .collect()
    }
}

/// `entry` wrapped near 72 characters, its further lines indented by four spaces.
fn hanging(entry: &str) -> String {
    let mut lines = vec![String::new()];
    for word in entry.split(' ') {
        let line = lines.last_mut().unwrap();
        if !line.trim().is_empty() && line.chars().count() + word.chars().count() > 72 {
            lines.push(format!("    {word}"));
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

/// An essay's list: its works and layout.
pub struct List {
    items: Vec<Item>,
    layout: Layout,
}

/// `count` works, none twice, none in `not`, none whose entry shares a run with a reference
/// (`truth`): a reference list is the classmates' text alone.
fn works(
    (parts, truth): (&Parts, &Index),
    chinese: bool,
    (count, not): (usize, &[Item]),
    rng: &mut Rng,
) -> Vec<Item> {
    let mut items: Vec<Item> = Vec::new();
    for _ in 0..count * 20 {
        if items.len() == count {
            break;
        }
        let item = parts.item(chinese, rng);
        let styles = [Style::Apa, Style::Mla, Style::Numbered, Style::GbT];
        let shares = styles
            .iter()
            .any(|&s| truth.shares(&parts.format(&item, s)));
        if !items.contains(&item) && !not.contains(&item) && !shares {
            items.push(item);
        }
    }
    items
}

/// The essay's list and the classmate's essay, whose list shares 30-70% of the works.
pub fn pair(w: &mut Writer) -> Option<(List, String)> {
    let chinese = w.lang.chinese;
    let parts = w.parts.as_ref()?;
    let count = w.rng.between(15, 40);
    let items = works((parts, &w.truth), chinese, (count, &[]), &mut w.rng);
    let layout = Layout::draw(chinese, &mut w.rng);
    let share = w.rng.between(30, 70) as f64 / 100.0;
    let mut theirs: Vec<Item> = items.clone();
    w.rng.shuffle(&mut theirs);
    theirs.truncate((share * count as f64).round() as usize);
    let others = w.rng.between(15, 40).saturating_sub(theirs.len());
    theirs.extend(works(
        (parts, &w.truth),
        chinese,
        (others, &items),
        &mut w.rng,
    ));
    w.rng.shuffle(&mut theirs);
    let mut their_layout = Layout::draw(chinese, &mut w.rng);
    if w.rng.chance(0.7) {
        their_layout.style = layout.style;
    }
    let classmate = write(w, &theirs, their_layout)?.into_text();
    Some((List { items, layout }, classmate))
}

/// An own essay (half of them short) ending with `items` written in `layout`.
fn write(w: &mut Writer, items: &[Item], layout: Layout) -> Option<Draft> {
    let chinese = w.lang.chinese;
    let units = match (chinese, w.rng.chance(0.5)) {
        (false, true) => (600, 1200),
        (false, false) => (1200, 2000),
        (true, true) => (1000, 2000),
        (true, false) => (2000, 3500),
    };
    let own = w.body(units)?;
    let mut draft = Draft::new(chinese);
    for sentence in &own {
        draft.push(sentence, Label::Own, None);
        if w.rng.chance(0.2) {
            draft.paragraph();
        }
    }
    draft.paragraph();
    if let Some(heading) = layout.heading {
        draft.line(heading, Label::Bibliography, Some(Holder::Classmates));
    }
    for entry in layout.entries(w.parts.as_ref()?, items) {
        draft.line(&entry, Label::Bibliography, Some(Holder::Classmates));
    }
    Some(draft)
}

/// The essay with `list`; `None` when no body passes the matcher.
pub fn essay(w: &mut Writer, list: &List) -> Option<Essay> {
    for _ in 0..5 {
        let draft = write(w, &list.items, list.layout)?;
        if draft.explained(&w.truth, w.classmates) {
            return Some(draft.finish(EssayKind::References));
        }
    }
    None
}
