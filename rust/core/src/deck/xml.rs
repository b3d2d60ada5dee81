//! The XML deck files: MTGO `.dek` and Cockatrice `.cod`, read by a small strict reader.
//!
//! The reader knows elements, attributes, text, comments, CDATA and the XML declaration. It
//! refuses any `<!DOCTYPE` (so no entity can be declared, expanded or fetched) and any entity
//! reference other than the five predefined ones and numeric character references; elements
//! must nest properly. That is all a deck file needs, and nothing in one can make the reader
//! do more work than the length of the file.
//!
//! ```xml
//! <Deck ...><Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" /></Deck>
//! <cockatrice_deck version="1"><zone name="main"><card number="4" name="Lightning Bolt"/>
//! </zone></cockatrice_deck>
//! ```

use super::entry::{Entry, SourceFormat, MAX_COPIES};
use super::line;
use super::list::Section;
use crate::error::{Error, Result};
use std::cell::Cell;

/// Whether the text is XML rather than a text list: its first non-blank character is `<`.
pub(super) fn looks_like_xml(text: &str) -> bool {
    text.trim_start().starts_with('<')
}

struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    line: usize,
}

impl Element {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn err(line: usize, message: impl Into<String>) -> Error {
    Error::Deck {
        line,
        message: message.into(),
    }
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    /// Where the line count was last taken, and the line there (the position only moves
    /// forward, so counting is linear in the file).
    counted: Cell<(usize, usize)>,
}

impl<'a> Reader<'a> {
    fn line(&self) -> usize {
        let (at, line) = self.counted.get();
        let line = line + self.text[at..self.pos].matches('\n').count();
        self.counted.set((self.pos, line));
        line
    }
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }
    fn skip_past(&mut self, end: &str, what: &str) -> Result<&'a str> {
        let rest = self.rest();
        match rest.find(end) {
            Some(i) => {
                self.pos += i + end.len();
                Ok(&rest[..i])
            }
            None => Err(err(self.line(), format!("an unterminated {what}"))),
        }
    }

    /// Every start tag in document order, each with whether the element closes itself; end
    /// tags are checked against the open elements.
    fn elements(&mut self) -> Result<Vec<(Element, usize)>> {
        let mut out = vec![];
        let mut open: Vec<String> = vec![];
        loop {
            let rest = self.rest();
            let Some(lt) = rest.find('<') else {
                if !rest.trim().is_empty() && open.is_empty() {
                    return Err(err(self.line(), "text after the end of the document"));
                }
                decode(rest).map_err(|m| err(self.line(), m))?;
                break;
            };
            let text = &rest[..lt];
            if open.is_empty() && !text.trim().is_empty() {
                return Err(err(self.line(), "text outside the document's element"));
            }
            decode(text).map_err(|m| err(self.line(), m))?;
            self.pos += lt;
            let rest = self.rest();
            if rest.starts_with("<?") {
                self.skip_past("?>", "processing instruction")?;
            } else if rest.starts_with("<!--") {
                self.skip_past("-->", "comment")?;
            } else if rest.starts_with("<![CDATA[") {
                self.skip_past("]]>", "CDATA section")?;
            } else if rest.starts_with("<!") {
                return Err(err(
                    self.line(),
                    "a DOCTYPE or entity declaration: refused (a deck file needs none)",
                ));
            } else if let Some(after) = rest.strip_prefix("</") {
                let line = self.line();
                let name_len = after
                    .find('>')
                    .ok_or_else(|| err(line, "an unclosed tag"))?;
                let name = after[..name_len].trim();
                match open.pop() {
                    Some(o) if o == name => {}
                    _ => return Err(err(line, format!("</{name}> closes no open element"))),
                }
                self.pos += 2 + name_len + 1;
                if open.is_empty() {
                    let tail = self.rest();
                    self.pos = self.text.len();
                    let tail = strip_misc(tail).map_err(|m| err(line, m))?;
                    if !tail.trim().is_empty() {
                        return Err(err(line, "content after the end of the document"));
                    }
                    break;
                }
            } else {
                let (element, self_closing) = self.start_tag()?;
                if !self_closing {
                    open.push(element.name.clone());
                }
                let depth = open.len() - usize::from(!self_closing);
                out.push((element, depth));
                if self_closing && open.is_empty() {
                    let tail = strip_misc(self.rest()).map_err(|m| err(self.line(), m))?;
                    if !tail.trim().is_empty() {
                        return Err(err(self.line(), "content after the end of the document"));
                    }
                    break;
                }
            }
        }
        if let Some(name) = open.last() {
            return Err(err(self.line(), format!("<{name}> is never closed")));
        }
        if out.is_empty() {
            return Err(err(self.line(), "an XML file with no element"));
        }
        Ok(out)
    }

    fn start_tag(&mut self) -> Result<(Element, bool)> {
        let line = self.line();
        self.pos += 1; // '<'
        let rest = self.rest();
        let name_len = rest
            .find(|c: char| c.is_whitespace() || c == '/' || c == '>')
            .ok_or_else(|| err(line, "an unclosed tag"))?;
        let name = &rest[..name_len];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_alphanumeric() || "_-:.".contains(c))
        {
            return Err(err(line, format!("{name:?} is not an element name")));
        }
        self.pos += name_len;
        let mut attrs = vec![];
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.pos += rest.len() - trimmed.len();
            if let Some(after) = trimmed.strip_prefix("/>") {
                self.pos += trimmed.len() - after.len();
                return Ok((element(name, attrs, line), true));
            }
            if let Some(after) = trimmed.strip_prefix('>') {
                self.pos += trimmed.len() - after.len();
                return Ok((element(name, attrs, line), false));
            }
            let eq = trimmed
                .find('=')
                .ok_or_else(|| err(line, format!("a malformed attribute in <{name}>")))?;
            let key = trimmed[..eq].trim();
            if key.is_empty()
                || !key
                    .chars()
                    .all(|c| c.is_alphanumeric() || "_-:.".contains(c))
            {
                return Err(err(line, format!("a malformed attribute in <{name}>")));
            }
            let after_eq = trimmed[eq + 1..].trim_start();
            let quote = after_eq
                .chars()
                .next()
                .filter(|c| *c == '"' || *c == '\'')
                .ok_or_else(|| err(line, format!("an unquoted attribute in <{name}>")))?;
            let value_and_rest = &after_eq[1..];
            let close = value_and_rest
                .find(quote)
                .ok_or_else(|| err(line, format!("an unterminated attribute in <{name}>")))?;
            let raw = &value_and_rest[..close];
            if raw.contains('<') {
                return Err(err(line, format!("a '<' in an attribute of <{name}>")));
            }
            let value = decode(raw).map_err(|m| err(line, m))?;
            if attrs.iter().any(|(k, _): &(String, String)| k == key) {
                return Err(err(line, format!("attribute {key} twice in <{name}>")));
            }
            attrs.push((key.to_string(), value));
            let consumed = trimmed.len() - value_and_rest[close + 1..].len();
            self.pos += consumed;
        }
    }
}

fn element(name: &str, attrs: Vec<(String, String)>, line: usize) -> Element {
    Element {
        name: name.to_string(),
        attrs,
        line,
    }
}

/// Comments and whitespace after the root element; anything else is returned.
fn strip_misc(mut tail: &str) -> std::result::Result<&str, String> {
    loop {
        tail = tail.trim_start();
        if let Some(after) = tail.strip_prefix("<!--") {
            let end = after.find("-->").ok_or("an unterminated comment")?;
            tail = &after[end + 3..];
        } else {
            return Ok(tail);
        }
    }
}

/// Text with the five predefined entities and numeric character references replaced; any other
/// `&` is refused.
fn decode(raw: &str) -> std::result::Result<String, String> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let semi = after
            .find(';')
            .filter(|&s| s <= 10)
            .ok_or("a '&' that starts no entity")?;
        let entity = &after[..semi];
        let c = match entity {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(hex) = entity.strip_prefix("#x") {
                    u32::from_str_radix(hex, 16).ok()
                } else if let Some(dec) = entity.strip_prefix('#') {
                    dec.parse().ok()
                } else {
                    return Err(format!(
                        "the entity &{entity}; is refused (only the five predefined ones)"
                    ));
                };
                code.and_then(char::from_u32)
                    .ok_or_else(|| format!("&{entity}; is no character"))?
            }
        };
        out.push(c);
        rest = &after[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The card entries of an XML deck file and which format it is.
pub(super) fn entries(text: &str) -> Result<(Vec<Entry>, SourceFormat)> {
    let elements = Reader {
        text,
        pos: 0,
        counted: Cell::new((0, 1)),
    }
    .elements()?;
    let (root, _) = &elements[0];
    match root.name.as_str() {
        "Deck" => Ok((dek(&elements)?, SourceFormat::MtgoDek)),
        "cockatrice_deck" => Ok((cod(&elements)?, SourceFormat::CockatriceCod)),
        other => Err(err(
            root.line,
            format!("an XML file whose root is <{other}>: neither an MTGO .dek (<Deck>) nor a Cockatrice .cod (<cockatrice_deck>)"),
        )),
    }
}

/// The copies an element stands for: its `attr`, or one copy when it has none (a Cockatrice
/// `<card>` written by another program, as a text line with a name alone is one copy).
fn count(e: &Element, attr: &str) -> Result<u32> {
    let Some(raw) = e.attr(attr) else {
        return if e.name == "card" {
            Ok(1)
        } else {
            Err(err(e.line, format!("<{}> has no {attr}", e.name)))
        };
    };
    let n: u32 = raw.trim().parse().map_err(|_| {
        err(
            e.line,
            format!("<{}>: {attr}={raw:?} is not a whole number", e.name),
        )
    })?;
    if n == 0 || n > MAX_COPIES {
        return Err(err(
            e.line,
            format!("<{}>: {attr} must be from 1 to {MAX_COPIES}", e.name),
        ));
    }
    Ok(n)
}

fn entry(e: &Element, section: Section, count: u32) -> Result<Entry> {
    let raw = e
        .attr("name")
        .ok_or_else(|| err(e.line, format!("<{}> has no Name", e.name)))?;
    let name =
        line::normalize_attribute_name(raw).map_err(|m| err(e.line, format!("{raw:?}: {m}")))?;
    Ok(Entry {
        line: e.line,
        section,
        count,
        name,
        land: false,
        classified: false,
        tags: vec![],
    })
}

/// MTGO `.dek`: `<Cards>` children of the root; an element per printing, the copies of a name
/// summed into its first element's place.
fn dek(elements: &[(Element, usize)]) -> Result<Vec<Entry>> {
    let mut out: Vec<Entry> = vec![];
    for (e, depth) in &elements[1..] {
        if *depth != 1 || e.name != "Cards" {
            continue;
        }
        let side = match e.attr("Sideboard").map(str::to_ascii_lowercase).as_deref() {
            None | Some("false") => Section::Main,
            Some("true") => Section::Sideboard,
            Some(other) => {
                return Err(err(
                    e.line,
                    format!("<Cards>: Sideboard={other:?} is neither true nor false"),
                ))
            }
        };
        let new = entry(e, side, count(e, "Quantity")?)?;
        match out
            .iter_mut()
            .find(|x| x.name == new.name && x.section == side)
        {
            Some(x) => {
                x.count = x.count.saturating_add(new.count);
                x.line = new.line;
            }
            None => out.push(new),
        }
    }
    Ok(out)
}

/// Cockatrice `.cod`: `<card number name>` inside `<zone name="main">` or `"side"`; other
/// zones (tokens) are outside the deck.
fn cod(elements: &[(Element, usize)]) -> Result<Vec<Entry>> {
    let mut out = vec![];
    let mut zone: Option<Section> = None;
    for (e, depth) in &elements[1..] {
        match (e.name.as_str(), depth) {
            ("zone", 1) => {
                zone = match e.attr("name") {
                    Some("main") => Some(Section::Main),
                    Some("side") => Some(Section::Sideboard),
                    _ => None,
                }
            }
            ("card", 2) => {
                if let Some(section) = zone {
                    out.push(entry(e, section, count(e, "number")?)?);
                }
            }
            (_, 1) => zone = None,
            _ => {}
        }
    }
    Ok(out)
}
