//! The quotation kind: an own essay with 1-2 sentences made of a stock lead-in and a quotation in
//! quote marks ("As George Orwell famously wrote in Nineteen Eighty-Four, “…”", "鲁迅在《呐喊》中
//! 写道：“……”"), and a classmate's essay in the library with the same lead-ins and quotations,
//! its quote marks drawn again (“ ” or "" in English; “ ” or 「」 in Chinese), as students
//! quoting from one reading list do. The quotations are real sentences of the host pool (one host
//! each, never a reference's), the names and works real ones; a quotation is honest text however
//! much of it the library holds.

use crate::matcher;
use crate::rng::Rng;

use super::own::Writer;
use super::{Draft, Essay, EssayKind, Holder, Label};

/// Who is quoted, and from what.
const SOURCES_EN: [(&str, &str); 14] = [
    ("William Shakespeare", "Hamlet"),
    ("George Orwell", "Nineteen Eighty-Four"),
    ("Hannah Arendt", "The Origins of Totalitarianism"),
    ("Alexis de Tocqueville", "Democracy in America"),
    ("John Stuart Mill", "On Liberty"),
    ("Thomas Paine", "Common Sense"),
    ("Walter Lippmann", "Public Opinion"),
    ("James Madison", "Federalist No. 10"),
    ("Martin Luther King Jr.", "his Letter from Birmingham Jail"),
    ("Abraham Lincoln", "the Gettysburg Address"),
    ("Mark Twain", "Life on the Mississippi"),
    ("Charles Dickens", "A Tale of Two Cities"),
    ("Jane Austen", "Pride and Prejudice"),
    ("Rachel Carson", "Silent Spring"),
];

const OUTLETS: [&str; 9] = [
    "ABC News",
    "CNN",
    "HuffPost",
    "BBC News",
    "TASS",
    "Deutsche Welle",
    "Al Jazeera",
    "China Daily",
    "RTÉ News",
];

/// Lead-ins: {a} an author, {w} a work, {o} an outlet, {q} the quotation in its marks.
const LEAD_INS_EN: [&str; 8] = [
    "As {a} famously wrote in {w}, {q}",
    "In the words of {a} in {w}, {q}",
    "{a} put it plainly in {w}: {q}",
    "As {a} observed in {w}, {q}",
    "As one report in {o} put it, {q}",
    "{o} summed up the situation this way: {q}",
    "A correspondent for {o} wrote: {q}",
    "As a commentator told {o}, {q}",
];

const SOURCES_ZH: [(&str, &str); 14] = [
    ("李白", "将进酒"),
    ("杜甫", "春望"),
    ("鲁迅", "呐喊"),
    ("孟子", "离娄上"),
    ("司马迁", "史记"),
    ("梁启超", "少年中国说"),
    ("费孝通", "乡土中国"),
    ("苏力", "法治及其本土资源"),
    ("王泽鉴", "民法思维"),
    ("孟德斯鸠", "论法的精神"),
    ("卢梭", "社会契约论"),
    ("贝卡利亚", "论犯罪与刑罚"),
    ("霍姆斯", "普通法"),
    ("庞德", "通过法律的社会控制"),
];

/// Lead-ins: {a} an author, {w} a work, {j} a law journal, {q} the quotation in its marks.
const LEAD_INS_ZH: [&str; 7] = [
    "{a}在《{w}》中写道：{q}",
    "正如{a}在《{w}》中所说：{q}",
    "{a}在《{w}》里曾经指出：{q}",
    "有学者在《{j}》上撰文指出：{q}",
    "正如一位学者在《{j}》上所言：{q}",
    "{a}曾言：{q}",
    "对此，{a}在《{w}》中有一段论述：{q}",
];

/// A lead-in filled in, with "{q}" left for the quotation: shared by the essay and the classmate.
pub struct Quote {
    lead_in: String,
    quotation: String,
}

impl Quote {
    fn sentence(&self, chinese: bool, rng: &mut Rng) -> String {
        let (open, close) = match (chinese, rng.below(100)) {
            (false, 0..=49) => ("“", "”"),
            (false, _) => ("\"", "\""),
            (true, 0..=84) => ("“", "”"),
            (true, _) => ("「", "」"),
        };
        let marked = format!("{open}{}{close}", self.quotation);
        self.lead_in.replace("{q}", &marked)
    }
}

fn lead_in(chinese: bool, rng: &mut Rng) -> String {
    let pick = |n: usize, rng: &mut Rng| rng.below(n);
    if chinese {
        let (a, w) = SOURCES_ZH[pick(SOURCES_ZH.len(), rng)];
        let j = super::citation_data::ZH_JOURNALS[pick(24, rng)];
        let template = LEAD_INS_ZH[pick(LEAD_INS_ZH.len(), rng)];
        return template
            .replace("{a}", a)
            .replace("{w}", w)
            .replace("{j}", j);
    }
    let (a, w) = SOURCES_EN[pick(SOURCES_EN.len(), rng)];
    let o = OUTLETS[pick(OUTLETS.len(), rng)];
    let template = LEAD_INS_EN[pick(LEAD_INS_EN.len(), rng)];
    template
        .replace("{a}", a)
        .replace("{w}", w)
        .replace("{o}", o)
}

/// A law sentence as one quotes it: without its article number ("第二十七条 "); `None` for an
/// item of a list ("（二）…"), which is not quoted alone.
fn bare(sentence: String) -> Option<String> {
    if sentence.starts_with('（') {
        return None;
    }
    let numbered = sentence.strip_prefix('第').and_then(|rest| {
        let (number, after) = rest.split_once('条')?;
        let numeral = |c: char| "一二三四五六七八九十百零〇".contains(c);
        (!number.is_empty() && number.chars().all(numeral)).then(|| after.trim_start())
    });
    Some(numbered.map_or(sentence.clone(), str::to_string))
}

/// A real sentence of a fresh host to quote: 12-40 words (20-80 Chinese units), no quote marks
/// of its own, sharing no run with the library.
fn quotation(w: &mut Writer) -> Option<String> {
    let (least, most) = if w.lang.chinese { (20, 80) } else { (12, 40) };
    for _ in 0..20 {
        let host = w.hosts.any(&mut w.rng)?;
        let fitting: Vec<String> = (w.hosts.sentences(host, Some(&w.truth)).into_iter())
            .filter_map(bare)
            .filter(|s| (least..=most).contains(&matcher::count(s)))
            .filter(|s| !s.contains(['"', '“', '”', '「', '」', '?']))
            .collect();
        if !fitting.is_empty() {
            return Some(fitting[w.rng.below(fitting.len())].clone());
        }
    }
    None
}

/// The quotations an essay and its classmate share (1-2), and the classmate's essay.
pub fn pair(w: &mut Writer) -> Option<(Vec<Quote>, String)> {
    let count = w.rng.between(1, 2);
    let quotes = (0..count)
        .map(|_| {
            let lead_in = lead_in(w.lang.chinese, &mut w.rng);
            Some(Quote {
                lead_in,
                quotation: quotation(w)?,
            })
        })
        .collect::<Option<Vec<Quote>>>()?;
    let classmate = write(w, &quotes)?;
    Some((quotes, classmate.into_text()))
}

/// An own essay of about 10-25 sentences with `quotes` at random places.
fn write(w: &mut Writer, quotes: &[Quote]) -> Option<Draft> {
    let chinese = w.lang.chinese;
    let units = if chinese { (500, 1200) } else { (250, 600) };
    let own = w.body(units)?;
    let places: Vec<usize> = quotes.iter().map(|_| w.rng.below(own.len() + 1)).collect();
    let mut draft = Draft::new(chinese);
    for i in 0..=own.len() {
        for (quote, _) in quotes.iter().zip(&places).filter(|(_, &p)| p == i) {
            let quoted = quote.sentence(chinese, &mut w.rng);
            draft.push(&quoted, Label::Quoted, Some(Holder::Classmates));
        }
        if let Some(sentence) = own.get(i) {
            draft.push(sentence, Label::Own, None);
            if w.rng.chance(0.25) {
                draft.paragraph();
            }
        }
    }
    Some(draft)
}

/// The essay sharing `quotes` with its classmate; `None` when no body passes the matcher.
pub fn essay(w: &mut Writer, quotes: &[Quote]) -> Option<Essay> {
    for _ in 0..5 {
        let draft = write(w, quotes)?;
        if draft.explained(&w.truth, w.classmates) {
            return Some(draft.finish(EssayKind::Quotation));
        }
    }
    None
}
