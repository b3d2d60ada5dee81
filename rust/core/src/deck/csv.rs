//! CSV exports of deck and collection sites (TappedOut, Deckbox, Moxfield, Archidekt, ManaBox,
//! Dragon Shield, Delver Lens, TCGplayer, Cardsphere): read by their header, never guessed from
//! the rows.
//!
//! - A file is CSV when its first line (after Excel's `sep=,` hint, quoted or not, which also
//!   names the delimiter) is a header naming a quantity column and a name column, any case:
//!   quantity `Count`, `Qty` or `Quantity` (never `Tradelist Count`, `Trade Quantity`, `Decks
//!   Count …`); name `Simple Name` (TCGplayer, whose `Name` carries variant tags such as `(Halo
//!   Foil)`), else `Name`, `Card Name` or `Card`.
//! - Fields follow RFC 4180: a field in double quotes may hold the delimiter, line breaks and
//!   doubled quotes (`""`); CRLF or LF ends a record, and a CRLF inside a quoted field reads as
//!   LF, so a file reads the same with either line end; blank lines are skipped. A stray `\r`
//!   (one not before a `\n`) is text, after a closing quote an error. A quote left open
//!   at the end of the file, or text after a closing quote, is an [`Error::Deck`] naming the
//!   line the record starts on.
//! - A `Board` (or `Section`) column places each row: `main`/`mainboard`/`deck`/empty in the
//!   main deck, `side`/`sideboard` in the sideboard (100.4), `commander`, `companion`;
//!   `maybe`/`maybeboard`/`acquire`/`considering`/`wishlist`/`tokens` rows are not in the deck.
//!   A `Commander` column that says `True` (TappedOut, whose board says `main` for it) puts the
//!   row in the command zone (903.3). An export without a board column (a collection) is all
//!   main deck.
//! - Several rows of one name in one part are printings, finishes or languages of one card:
//!   their counts add up. A row with count 0 is skipped; a count that is not a whole number,
//!   or a row without a name, is an error naming its line. Names are read as in text lists:
//!   TappedOut's one-slash `Fire/Ice` becomes `Fire // Ice`.

use super::entry::{Entry, MAX_COPIES};
use super::line::normalize_name;
use super::list::Section;
use crate::error::{Error, Result};
use std::collections::HashMap;

/// Quantity column headers (lower case).
const COUNT_HEADERS: [&str; 3] = ["count", "qty", "quantity"];
/// Name column headers (lower case), in order of preference.
const NAME_HEADERS: [&str; 4] = ["simple name", "name", "card name", "card"];
/// Board column headers (lower case).
const BOARD_HEADERS: [&str; 2] = ["board", "section"];
/// The commander-flag column header (lower case).
const COMMANDER_HEADER: &str = "commander";

/// One record and the 1-based line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Record {
    line: usize,
    fields: Vec<String>,
}

/// Where each column a reader needs is, from the header.
struct Columns {
    count: usize,
    name: usize,
    board: Option<usize>,
    commander: Option<usize>,
}

/// The delimiter Excel's first-line hint names (`sep=,`, `"sep=;"`), if the line is one.
fn sep_hint(line: &str) -> Option<char> {
    let line = line.trim();
    let line = line
        .strip_prefix('"')
        .and_then(|l| l.strip_suffix('"'))
        .unwrap_or(line);
    let rest = line.strip_prefix("sep=")?;
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c != '"' && !c.is_alphanumeric() => Some(c),
        _ => None,
    }
}

/// The text after the hint line (if any), the delimiter and the number of lines skipped.
fn body(text: &str) -> (&str, char, usize) {
    let first = text.lines().next().unwrap_or("");
    match sep_hint(first) {
        Some(sep) => {
            let rest = text.split_once('\n').map_or("", |(_, r)| r);
            (rest, sep, 1)
        }
        None => (text, ',', 0),
    }
}

fn columns(header: &[String]) -> Option<Columns> {
    let names: Vec<String> = header
        .iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let find = |wanted: &[&str]| {
        wanted
            .iter()
            .find_map(|w| names.iter().position(|n| n == w))
    };
    Some(Columns {
        count: find(&COUNT_HEADERS)?,
        name: find(&NAME_HEADERS)?,
        board: find(&BOARD_HEADERS),
        commander: find(&[COMMANDER_HEADER]),
    })
}

/// Whether the text is a CSV export: its first line (after a `sep=` hint) is a header naming a
/// quantity and a name column (module docs). A plain list never is.
pub(super) fn looks_like_csv(text: &str) -> bool {
    let (rest, sep, _) = body(text);
    let header = rest.lines().next().unwrap_or("");
    match records(header, sep, 0) {
        Ok(r) => r
            .first()
            .is_some_and(|h| h.fields.len() >= 2 && columns(&h.fields).is_some()),
        Err(_) => false,
    }
}

/// The records of `text` (RFC 4180, module docs); `offset` lines come before it in the file.
/// Blank lines give no record.
fn records(text: &str, sep: char, offset: usize) -> Result<Vec<Record>> {
    let mut out = vec![];
    let mut fields: Vec<String> = vec![];
    let mut field = String::new();
    let mut line = offset + 1;
    let mut start = line;
    let mut quoted = false;
    // The field began with a quote and it was closed: only the delimiter or a line end may follow.
    let mut closed = false;
    let mut chars = text.chars().peekable();
    let end_record =
        |fields: &mut Vec<String>, field: &mut String, out: &mut Vec<Record>, start| {
            fields.push(std::mem::take(field));
            let blank = fields.len() == 1 && fields[0].is_empty();
            let record = std::mem::take(fields);
            if !blank {
                out.push(Record {
                    line: start,
                    fields: record,
                });
            }
        };
    let mut at_field_start = true;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => {
                    quoted = false;
                    closed = true;
                }
                // A line break inside a quoted field is the line end the file uses: CRLF
                // reads as the LF it stands for, so a CRLF export reads as its LF twin.
                '\r' if chars.peek() == Some(&'\n') => {}
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if at_field_start => {
                quoted = true;
                at_field_start = false;
            }
            c if c == sep => {
                fields.push(std::mem::take(&mut field));
                closed = false;
                at_field_start = true;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                end_record(&mut fields, &mut field, &mut out, start);
                line += 1;
                start = line;
                closed = false;
                at_field_start = true;
            }
            _ if closed => {
                return Err(Error::Deck {
                    line: start,
                    message: format!(
                        "CSV: {c:?} after a closing quote (a quoted field ends at the {sep:?} \
                         or the line's end; a quote inside it is written twice: \"\")"
                    ),
                });
            }
            _ => {
                field.push(c);
                at_field_start = false;
            }
        }
    }
    if quoted {
        return Err(Error::Deck {
            line: start,
            message: "CSV: a quoted field is never closed (its opening quote has no closing \
                      one before the end of the file)"
                .into(),
        });
    }
    if !(fields.is_empty() && field.is_empty() && !closed) {
        end_record(&mut fields, &mut field, &mut out, start);
    }
    Ok(out)
}

/// The part of the deck a board cell names; `Ok(None)`: not in the deck.
fn board(cell: &str) -> std::result::Result<Option<Section>, ()> {
    Ok(Some(match cell.trim().to_ascii_lowercase().as_str() {
        "" | "main" | "mainboard" | "main deck" | "deck" => Section::Main,
        "side" | "sideboard" => Section::Sideboard,
        "commander" | "commanders" | "command" => Section::Commander,
        "companion" => Section::Companion,
        "maybe" | "maybeboard" | "acquire" | "considering" | "wishlist" | "token" | "tokens" => {
            return Ok(None)
        }
        _ => return Err(()),
    }))
}

fn truthy(cell: &str) -> bool {
    matches!(
        cell.trim().to_ascii_lowercase().as_str(),
        "true" | "yes" | "y" | "1" | "x"
    )
}

/// The entries of a CSV export (module docs): one per name and part, at the line of its first
/// row, counts added up.
pub(super) fn entries(text: &str) -> Result<Vec<Entry>> {
    let (rest, sep, skipped) = body(text);
    let mut rows = records(rest, sep, skipped)?.into_iter();
    let Some(header) = rows.next() else {
        return Ok(vec![]);
    };
    let Some(cols) = columns(&header.fields) else {
        return Err(Error::Deck {
            line: header.line,
            message: "CSV: the header names no quantity (Count, Qty, Quantity) and name (Name, \
                      Card Name, Simple Name) column"
                .into(),
        });
    };
    let mut out: Vec<Entry> = vec![];
    // Where each (part, name) already has its entry: printings add up there.
    let mut seen: HashMap<(Section, String), usize> = HashMap::new();
    for row in rows {
        if row.fields.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let cell = |i: usize| row.fields.get(i).map_or("", |s| s.as_str());
        let err = |message: String| Error::Deck {
            line: row.line,
            message,
        };
        let raw_count = cell(cols.count).trim();
        let count: u32 = raw_count.parse().map_err(|_| {
            err(format!(
                "CSV: the quantity {raw_count:?} is not a whole number of copies"
            ))
        })?;
        if count > MAX_COPIES {
            return Err(err(format!(
                "CSV: at most {MAX_COPIES} copies a row, not {count}"
            )));
        }
        let mut section = match cols.board {
            Some(b) => board(cell(b)).map_err(|()| {
                err(format!(
                    "CSV: the board {:?} is none the reader knows (main, side, maybe, \
                     acquire, commander, companion)",
                    cell(b)
                ))
            })?,
            None => Some(Section::Main),
        };
        if section == Some(Section::Main) && cols.commander.is_some_and(|c| truthy(cell(c))) {
            section = Some(Section::Commander);
        }
        let name = normalize_name(cell(cols.name))
            .map_err(|m| err(format!("CSV: {:?}: {m}", cell(cols.name))))?;
        let Some(section) = section else { continue };
        if count == 0 {
            continue;
        }
        match seen.get(&(section, name.clone())) {
            Some(&i) => out[i].count = out[i].count.saturating_add(count),
            None => {
                seen.insert((section, name.clone()), out.len());
                out.push(Entry {
                    line: row.line,
                    section,
                    count,
                    name,
                    land: false,
                    classified: false,
                    tags: vec![],
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(text: &str) -> Vec<Vec<String>> {
        records(text, ',', 0)
            .unwrap()
            .into_iter()
            .map(|r| r.fields)
            .collect()
    }

    #[test]
    fn rfc_4180_quoting() {
        assert_eq!(
            rec("a,\"b, c\",\"say \"\"hi\"\"\"\r\n\"x\ny\",,z\n\n"),
            vec![
                vec!["a".to_string(), "b, c".into(), "say \"hi\"".into()],
                vec!["x\ny".into(), String::new(), "z".into()],
            ]
        );
        // Line numbers are where each record starts; a quoted line break moves the next one.
        let r = records("h,i\n\"a\nb\",1\nc,2", ',', 1).unwrap();
        assert_eq!(r.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 3, 5]);
    }

    #[test]
    fn crlf_reads_as_lf_even_inside_quotes() {
        let lf = "Count,Name,Notes\n1,\"Fire // Ice\",\"two\nlines\"\n\n2,Island,\n";
        let crlf = lf.replace('\n', "\r\n");
        let a = records(lf, ',', 0).unwrap();
        let b = records(&crlf, ',', 0).unwrap();
        assert_eq!(
            a.iter().map(|r| (r.line, &r.fields)).collect::<Vec<_>>(),
            b.iter().map(|r| (r.line, &r.fields)).collect::<Vec<_>>()
        );
        assert_eq!(b[1].fields[2], "two\nlines");
        // A `\r` that ends no line is not a line end: after a closing quote it is refused,
        // so `"a"\r\r\n` (a stray CR, then CRLF) is an error where `"a"\r\n` is not.
        assert!(records("Count,Name\n1,\"a\"\r\n", ',', 0).is_ok());
        match records("Count,Name\n1,\"a\"\r\r\n", ',', 0) {
            Err(Error::Deck { line: 2, message }) => {
                assert!(message.contains("after a closing quote"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn malformed_csv_names_its_line() {
        match records("Count,Name\n1,\"Fire, Ice\n", ',', 0) {
            Err(Error::Deck { line: 2, message }) => {
                assert!(message.contains("never closed"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        match records("Count,Name\n1,Ok\n2,\"Fire\" Ice\n", ',', 0) {
            Err(Error::Deck { line: 3, message }) => {
                assert!(message.contains("after a closing quote"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn detected_only_by_a_header() {
        assert!(looks_like_csv("Name,Count\nForest,20\n"));
        assert!(looks_like_csv(
            "\"sep=,\"\nFolder Name,Quantity,Card Name\n"
        ));
        assert!(looks_like_csv("sep=;\nQty;Name\n"));
        assert!(looks_like_csv("\"Count\",\"Name\"\n"));
        for plain in [
            "Forest,20\n",
            "20 Forest\n",
            "Count\n",
            "Tradelist Count,Name\n",
            "Name\n",
            "4 Sorin, Lord of Innistrad\n",
        ] {
            assert!(!looks_like_csv(plain), "{plain:?}");
        }
    }

    fn parts(text: &str) -> Vec<(Section, u32, String)> {
        entries(text)
            .unwrap()
            .into_iter()
            .map(|e| (e.section, e.count, e.name))
            .collect()
    }

    #[test]
    fn columns_boards_commander_and_printings() {
        let text = "Board,Qty,Name,Tradelist Count,Commander\n\
                    main,1,\"Kumena, Tyrant of Orazca\",9,True\n\
                    main,6,Forest,9,\n\
                    main,2,Forest,9,False\n\
                    side,1,Incubation / Incongruity,9,\n\
                    maybe,1,Lightning Bolt,9,\n\
                    acquire,1,Sol Ring,9,\n\
                    main,0,Island,9,\n";
        assert_eq!(
            parts(text),
            vec![
                (Section::Commander, 1, "Kumena, Tyrant of Orazca".into()),
                (Section::Main, 8, "Forest".into()),
                (Section::Sideboard, 1, "Incubation // Incongruity".into()),
            ]
        );
        // TCGplayer: Simple Name wins over Name; no board: all main deck.
        let text = "Quantity,Name,Simple Name\n2,\"Dina, Soul Steeper (Halo Foil)\",\"Dina, Soul Steeper\"\n";
        assert_eq!(
            parts(text),
            vec![(Section::Main, 2, "Dina, Soul Steeper".into())]
        );
    }

    #[test]
    fn bad_rows_name_their_line() {
        for (text, line, part) in [
            (
                "Count,Name\n1,Forest\nlots,Island\n",
                3,
                "not a whole number",
            ),
            ("Count,Name\n1,Forest\n-2,Island\n", 3, "not a whole number"),
            ("Count,Name\n1,\n", 2, "no card name"),
            (
                "Board,Count,Name\nattic,1,Forest\n",
                2,
                "the board \"attic\"",
            ),
            ("Count,Name\n100001,Forest\n", 2, "at most 100000"),
        ] {
            match entries(text) {
                Err(Error::Deck { line: l, message }) => {
                    assert_eq!(l, line, "{text:?}: {message}");
                    assert!(message.contains(part), "{text:?}: {message}");
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }
}
