//! Tables of numbers found by their form. Two essays on one subject print tables with the same
//! header row of years and the same column of row numbers, with different numbers in them: the
//! frame of a table is not prose, and is no evidence of copying. A **table line** has at least
//! [`MIN_CELLS`] cells (split at tabs, `|`, commas between numbers, or white space) of which at
//! least [`NUMERIC_SHARE_PERCENT`] are numbers (years, decimals, percentages, signed, with
//! thousands separators); a markdown rule (`|---|---|`) is one too. A table is
//! [`MIN_TABLE_LINES`] table lines in a row. The checker keeps a table whose every row a source
//! holds (a whole table copied) in the check (`src/checker/exclusions.rs`).

use crate::span::Span;

/// Fewest cells in a table line.
pub const MIN_CELLS: usize = 3;

/// Least share of a table line's cells that are numbers, in percent.
pub const NUMERIC_SHARE_PERCENT: usize = 60;

/// Fewest table lines in a row that make a table.
pub const MIN_TABLE_LINES: usize = 2;

/// The tables of `text` as spans (UTF-16 units), in order.
///
/// ```
/// use plagscope::exclude::tables;
/// let text = "Prose before it.\nYear\t2019\t2020\t2021\n1\t3.5\t4.1\t4.8\n2\t1.2\t0.9\t1.1\nProse after.";
/// let found = tables(text);
/// assert_eq!(found[0].slice_of(text), "Year\t2019\t2020\t2021\n1\t3.5\t4.1\t4.8\n2\t1.2\t0.9\t1.1");
/// ```
pub fn tables(text: &str) -> Vec<Span> {
    let mut found: Vec<(usize, usize)> = Vec::new();
    let mut run: Option<(usize, usize, usize)> = None; // (start, end, lines)
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line = raw.trim();
        let start = offset + (raw.len() - raw.trim_start().len());
        offset += raw.len();
        if is_table_line(line) {
            run = Some(match run {
                Some((s, _, n)) => (s, start + line.len(), n + 1),
                None => (start, start + line.len(), 1),
            });
        } else if let Some((s, e, n)) = run.take() {
            if n >= MIN_TABLE_LINES {
                found.push((s, e));
            }
        }
    }
    if let Some((s, e, n)) = run {
        if n >= MIN_TABLE_LINES {
            found.push((s, e));
        }
    }
    let units = |byte: usize| text[..byte].encode_utf16().count();
    (found.into_iter())
        .map(|(s, e)| Span::new(units(s), units(e)))
        .collect()
}

/// Whether `line` is a row of a table of numbers (or a markdown rule between its rows).
pub fn is_table_line(line: &str) -> bool {
    if line.len() >= 3
        && line.contains('-')
        && line
            .chars()
            .all(|c| matches!(c, '|' | '-' | ':' | ' ' | '+' | '='))
    {
        return true;
    }
    let cells: Vec<&str> = if line.contains('\t') || line.contains('|') {
        line.split(['\t', '|'])
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect()
    } else {
        line.split_whitespace().collect()
    };
    let numeric = cells.iter().filter(|c| is_number(c)).count();
    cells.len() >= MIN_CELLS && numeric * 100 >= NUMERIC_SHARE_PERCENT * cells.len()
}

/// A number as tables print it: digits with `.`, `,`, a sign, a percent or currency sign, a row
/// number (`3.`, `(4)`), or a Chinese unit after it (`2015年`, `12万`).
fn is_number(cell: &str) -> bool {
    let core =
        cell.trim_matches(|c: char| matches!(c, '(' | ')' | '%' | '$' | '€' | '£' | '¥' | '*'));
    let core = core.strip_prefix(['-', '+', '−', '±']).unwrap_or(core);
    let unit = core.chars().rev().take_while(|&c| is_han(c)).count();
    let core: String = core.chars().take(core.chars().count() - unit).collect();
    unit <= 2
        && core.chars().next().is_some_and(|c| c.is_ascii_digit())
        && core
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | '\u{a0}' | '\''))
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lines_and_prose() {
        for line in [
            "2015 2016 2017 2018",
            "Year | 2019 | 2020 | 2021",
            "|---|---:|---|",
            "3.\t12.5%\t-4.1\t1,204",
            "Exports\t34\t45\t56",
            "| 序号 | 地区 | 2015年 | 2016年 | 2017年 |",
            "1\t华东\t12.5\t13万\t14.2",
        ] {
            assert!(is_table_line(line), "{line}");
        }
        for line in [
            "In 2019 the town had 12,000 people and 3 schools.",
            "Chapter 3",
            "1 2",
            "The results for 2015, 2016 and 2017 were similar.",
            "2015年全国共有1200所学校，比上年增加3%。",
        ] {
            assert!(!is_table_line(line), "{line}");
        }
    }

    #[test]
    fn one_line_of_numbers_is_no_table() {
        let text = "Prose.\n2015 2016 2017 2018\nMore prose here.";
        assert!(tables(text).is_empty());
        let text = "Row\t2015\t2016\n1\t3\t4\n2\t5\t6";
        assert_eq!(tables(text)[0].slice_of(text), text);
    }
}
