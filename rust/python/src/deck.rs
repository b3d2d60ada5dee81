//! `Deck`: a deck list read from any format the core detects, its sections as `Card` objects
//! of their own (wraps `mulligan_core::deck`).

use crate::args::{objects, type_name, DeckText, Flag, Text};
use crate::card::{new_card, Card};
use crate::card_data::CardTable;
use crate::errors::{deck_error, guard, type_error};
use mulligan_core::card_data::MdfcLand;
use mulligan_core::deck::{DeckFormat, ParseOptions, SourceFormat, MAX_DECK_CARDS};
use mulligan_core::DeckList;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::ffi::CString;
use std::path::PathBuf;

/// The Card objects of an iterable, each a distinct identity: an object listed twice is copied.
pub fn distinct_cards(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Py<Card>>> {
    deck_cards(obj, what, MAX_DECK_CARDS)
}

/// As [`distinct_cards`], but a `DeckError` once the iterable yields more than `room` cards (a
/// deck's cap, [`MAX_DECK_CARDS`], less what its other parts hold), before copying any more.
fn deck_cards(obj: &Bound<'_, PyAny>, what: &str, room: usize) -> PyResult<Vec<Py<Card>>> {
    let py = obj.py();
    let cards = objects::<Card, DeckText>(obj, what, room).map_err(|e| {
        if e.is_instance_of::<PyTypeError>(py) {
            e
        } else {
            deck_error(format!(
                "a deck holds at most {MAX_DECK_CARDS} cards in all (cards, sideboard, \
                 commanders and companions together); {what} goes over"
            ))
        }
    })?;
    let mut out: Vec<Py<Card>> = vec![];
    let mut seen = std::collections::HashSet::new();
    for card in cards {
        if seen.insert(card.as_ptr() as usize) {
            out.push(card.clone().unbind());
        } else {
            out.push(new_card(py, card.get().inner.clone())?);
        }
    }
    Ok(out)
}

/// A deck: the main deck (which becomes the library), and what is set aside before the game
/// (103.2): sideboard, commanders, companion.
#[pyclass(frozen, module = "mulligan")]
pub struct Deck {
    pub cards: Vec<Py<Card>>,
    pub sideboard: Vec<Py<Card>>,
    pub commanders: Vec<Py<Card>>,
    pub companions: Vec<Py<Card>>,
    /// What the reader noticed (unknown cards, failed format checks); empty for `Deck(...)`.
    pub warnings: Vec<String>,
    /// The file format read (`text`, `mtgo-dek`, `cockatrice-cod`, `csv`); None for `Deck(...)`.
    pub source: Option<&'static str>,
    /// The format whose deck rules were checked; None for `Deck(...)`.
    pub format: Option<&'static str>,
    /// Names nothing classified (counted as nonlands); empty for `Deck(...)`.
    pub unknown: Vec<String>,
    /// For each name of `unknown`, the nearest known names (empty: none close).
    pub suggestions: Vec<Vec<String>>,
}

impl Deck {
    /// Every card of the deck: main deck, sideboard, commanders and companions.
    pub fn total_cards(&self) -> usize {
        self.cards.len() + self.sideboard.len() + self.commanders.len() + self.companions.len()
    }

    /// The main deck's card objects, bound to `py` (what the keep rules read of each card).
    pub fn main_cards<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, Card>> {
        self.cards.iter().map(|c| c.bind(py).clone()).collect()
    }

    pub fn to_core(&self, py: Python<'_>) -> DeckList {
        let conv = |v: &[Py<Card>]| v.iter().map(|c| c.bind(py).get().inner.clone()).collect();
        DeckList {
            main: conv(&self.cards),
            sideboard: conv(&self.sideboard),
            commanders: conv(&self.commanders),
            companions: conv(&self.companions),
        }
    }
}

fn new_objects(py: Python<'_>, cards: Vec<mulligan_core::Card>) -> PyResult<Vec<Py<Card>>> {
    cards.into_iter().map(|c| new_card(py, c)).collect()
}

#[pymethods]
impl Deck {
    #[new]
    #[pyo3(signature = (cards, *, sideboard = None, commanders = None, companions = None), text_signature = "(cards, *, sideboard=(), commanders=(), companions=())")]
    fn new(
        cards: &Bound<'_, PyAny>,
        sideboard: Option<&Bound<'_, PyAny>>,
        commanders: Option<&Bound<'_, PyAny>>,
        companions: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Deck> {
        // The parts count against one cap together, checked as each card arrives (an endless
        // iterator ends in a DeckError, not in exhausted memory).
        let mut room = MAX_DECK_CARDS;
        let mut part = |o: Option<&Bound<'_, PyAny>>, what: &str| -> PyResult<Vec<Py<Card>>> {
            let Some(o) = o else { return Ok(vec![]) };
            let cards = deck_cards(o, what, room)?;
            room -= cards.len();
            Ok(cards)
        };
        let deck = Deck {
            cards: part(Some(cards), "cards")?,
            sideboard: part(sideboard, "sideboard")?,
            commanders: part(commanders, "commanders")?,
            companions: part(companions, "companions")?,
            warnings: vec![],
            source: None,
            format: None,
            unknown: vec![],
            suggestions: vec![],
        };
        if deck.companions.len() > 1 {
            return Err(deck_error(format!(
                "at most one companion may be revealed (103.2b), got {}",
                deck.companions.len()
            )));
        }
        Ok(deck)
    }

    /// Parses a deck list in any supported format (docs/API.md "Deck files"), detected from the
    /// text. `cards`: a `CardTable`, `None` for the default one (`mulligan.carddata`), `False`
    /// for none. Warnings are kept in `.warnings` and issued as `DeckWarning`.
    #[staticmethod]
    #[pyo3(signature = (text, *, cards = None, format = None, strict = None, mdfc = None), text_signature = "(text, *, cards=None, format=None, strict=False, mdfc='land')")]
    fn parse(
        py: Python<'_>,
        text: Text<DeckText>,
        cards: Option<&Bound<'_, PyAny>>,
        format: Option<Text<DeckText>>,
        strict: Option<Flag>,
        mdfc: Option<Text<DeckText>>,
    ) -> PyResult<Deck> {
        let options = ReadOptions::new(format, strict, mdfc)?;
        read(py, &text.0, None, cards, options)
    }

    /// Reads a deck file (any supported format; UTF-8, UTF-16 with a byte-order mark, or
    /// Windows-1252); errors name the file and the line. Options as `Deck.parse`.
    #[staticmethod]
    #[pyo3(signature = (path, *, cards = None, format = None, strict = None, mdfc = None), text_signature = "(path, *, cards=None, format=None, strict=False, mdfc='land')")]
    fn load(
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        cards: Option<&Bound<'_, PyAny>>,
        format: Option<Text<DeckText>>,
        strict: Option<Flag>,
        mdfc: Option<Text<DeckText>>,
    ) -> PyResult<Deck> {
        let path = path_arg(py, path)?;
        let options = ReadOptions::new(format, strict, mdfc)?;
        let shown = path.display().to_string();
        let bytes = std::fs::read(&path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                PyFileNotFoundError::new_err(format!("{shown}: no such deck file"))
            }
            // Python's own (errno, strerror, filename): the fitting subclass
            // (IsADirectoryError, PermissionError, ...), and no Rust "(os error N)" suffix.
            _ => {
                let code = e.raw_os_error().unwrap_or(0);
                let text = e.to_string();
                let reason = text.split(" (os error").next().unwrap_or(&text).to_string();
                PyOSError::new_err((code, reason, shown.clone()))
            }
        })?;
        read(
            py,
            &mulligan_core::deck::decode_file(&bytes),
            Some(&shown),
            cards,
            options,
        )
    }

    /// What the reader noticed: unknown cards, failed format checks (each names its rule).
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.warnings)
    }
    /// The card names the reader could not classify (neither the engine, a marker nor the card
    /// table knew them; counted as nonlands), each once, in first-seen order.
    #[getter]
    fn unknown<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.unknown)
    }
    /// For each name of `unknown`, the nearest names the card table (and the engine) know, as
    /// the warning's "did you mean" lists them: `{"Mountian": ("Mountain",)}`; `()` when none
    /// is close. Empty for `Deck(...)`.
    #[getter]
    fn suggestions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (name, near) in self.unknown.iter().zip(&self.suggestions) {
            out.set_item(name, PyTuple::new(py, near)?)?;
        }
        Ok(out)
    }
    /// The file format it was read from: `text`, `mtgo-dek`, `cockatrice-cod`, `csv`, or None.
    #[getter]
    fn source(&self) -> Option<&'static str> {
        self.source
    }
    /// The format whose deck rules were checked: `constructed`, `limited`, `commander`, or None.
    #[getter]
    fn format(&self) -> Option<&'static str> {
        self.format
    }

    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.cards)
    }
    #[getter]
    fn sideboard<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.sideboard)
    }
    #[getter]
    fn commanders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.commanders)
    }
    #[getter]
    fn companions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.companions)
    }

    fn __len__(&self) -> usize {
        self.cards.len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let lands = self
            .cards
            .iter()
            .filter(|c| c.bind(py).get().inner.land)
            .count();
        format!(
            "Deck({} cards, {} lands, sideboard {}, commanders {}, companions {})",
            self.cards.len(),
            lands,
            self.sideboard.len(),
            self.commanders.len(),
            self.companions.len()
        )
    }
}

/// A path from a `str` or an `os.PathLike` (as `open` takes it); anything else is a
/// `MulliganTypeError`.
fn path_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let fspath = py.import("os")?.getattr("fspath")?;
    let text = fspath
        .call1((obj,))
        .ok()
        .and_then(|p| p.extract::<String>().ok())
        .ok_or_else(|| {
            type_error(format!(
                "a deck file path must be a str or os.PathLike of str, got {}",
                type_name(obj)
            ))
        })?;
    if text.contains('\0') {
        return Err(deck_error("a deck file path holds a NUL character"));
    }
    Ok(PathBuf::from(text))
}

/// The card table to use: the one given, none for `False`, else `mulligan.carddata`'s default.
fn table_arg(py: Python<'_>, cards: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Py<CardTable>>> {
    let obj = match cards {
        Some(c) if c.is_instance_of::<pyo3::types::PyBool>() => {
            if c.is_truthy()? {
                return Err(type_error(
                    "cards must be a CardTable, None (the default table) or False (none)",
                ));
            }
            return Ok(None);
        }
        Some(c) => c.clone(),
        None => py
            .import("mulligan.carddata")?
            .getattr("default_table")?
            .call0()?,
    };
    if obj.is_none() {
        return Ok(None);
    }
    let table = obj.cast::<CardTable>().map_err(|_| {
        type_error(format!(
            "cards must be a CardTable, None or False, got {}",
            type_name(&obj)
        ))
    })?;
    Ok(Some(table.clone().unbind()))
}

/// `Deck.parse`'s keyword options, checked before anything is read.
struct ReadOptions {
    format: Option<DeckFormat>,
    strict: bool,
    mdfc: MdfcLand,
}

impl ReadOptions {
    fn new(
        format: Option<Text<DeckText>>,
        strict: Option<Flag>,
        mdfc: Option<Text<DeckText>>,
    ) -> PyResult<ReadOptions> {
        let format = match format {
            None => None,
            Some(f) => Some(DeckFormat::from_name(&f.0).ok_or_else(|| {
                deck_error(format!(
                    "format must be constructed, limited or commander, not {:?}",
                    f.0
                ))
            })?),
        };
        let mdfc = match mdfc {
            None => MdfcLand::default(),
            Some(m) => MdfcLand::from_name(&m.0).ok_or_else(|| {
                deck_error(format!("mdfc must be \"land\" or \"spell\", not {:?}", m.0))
            })?,
        };
        Ok(ReadOptions {
            format,
            strict: strict.is_some_and(|s| s.0),
            mdfc,
        })
    }
}

fn read(
    py: Python<'_>,
    text: &str,
    file: Option<&str>,
    cards: Option<&Bound<'_, PyAny>>,
    read_options: ReadOptions,
) -> PyResult<Deck> {
    let table = table_arg(py, cards)?;
    let inner = table.as_ref().map(|t| t.get().inner.clone());
    let options = ParseOptions {
        cards: inner.as_deref(),
        mdfc: read_options.mdfc,
        format: read_options.format,
        strict: read_options.strict,
    };
    let parsed = guard(|| DeckList::parse_with(text, &options)).map_err(|e| match file {
        Some(f) => deck_error(format!("{f}: {}", e.value(py))),
        None => e,
    })?;
    let category = crate::errors::deck_warning(py)?;
    for w in &parsed.warnings {
        let message = match file {
            Some(f) => format!("{f}: {w}"),
            None => w.clone(),
        };
        let message = CString::new(message.replace('\0', " ")).expect("no NUL left");
        PyErr::warn(py, &category, &message, 1)?;
    }
    let list = parsed.deck;
    Ok(Deck {
        cards: new_objects(py, list.main)?,
        sideboard: new_objects(py, list.sideboard)?,
        commanders: new_objects(py, list.commanders)?,
        companions: new_objects(py, list.companions)?,
        warnings: parsed.warnings,
        source: Some(match parsed.source {
            SourceFormat::Text => "text",
            SourceFormat::MtgoDek => "mtgo-dek",
            SourceFormat::CockatriceCod => "cockatrice-cod",
            SourceFormat::Csv => "csv",
        }),
        format: Some(parsed.format.name()),
        unknown: parsed.unknown,
        suggestions: parsed.suggestions,
    })
}
