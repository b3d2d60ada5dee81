//! `CardTable`: the core's card table (`mulligan_core::card_data`), built from a Scryfall bulk
//! file, a saved table, or the one built into the library. Conversion only; reading files and
//! the default location are in `mulligan.carddata`.

use crate::args::{type_name, DeckText, Text};
use crate::errors::{deck_error, guard, type_error};
use mulligan_core::card_data::{self, CardInfo, MdfcLand};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use std::sync::Arc;

#[pyclass(frozen, module = "mulligan")]
pub struct CardTable {
    pub inner: Arc<card_data::CardTable>,
}

pub fn info_dict<'py>(py: Python<'py>, info: &CardInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("name", &info.name)?;
    d.set_item("layout", &info.layout)?;
    d.set_item("produced_mana", &info.produced)?;
    d.set_item(
        "produced_mana_note",
        mulligan_core::analysis::commander::mana_note(&info.name),
    )?;
    d.set_item("color_identity", &info.identity)?;
    d.set_item("land", info.is_land(MdfcLand::Spell))?;
    d.set_item("land_on_back_only", info.land_on_back_only())?;
    d.set_item("mana_value", info.mana_value)?;
    d.set_item("enters_tapped", info.enters_tapped.as_str())?;
    d.set_item("supertypes", info.supertypes())?;
    d.set_item("legendary", info.is_legendary())?;
    let faces = PyList::empty(py);
    for f in &info.faces {
        let fd = PyDict::new(py);
        fd.set_item("name", &f.name)?;
        fd.set_item("type_line", &f.type_line)?;
        fd.set_item("mana_cost", &f.mana_cost)?;
        fd.set_item("colors", &f.colors)?;
        fd.set_item("supertypes", f.supertypes())?;
        fd.set_item("land", f.is_land())?;
        fd.set_item("known", f.is_known())?;
        faces.append(fd)?;
    }
    d.set_item("faces", faces)?;
    Ok(d)
}

#[pymethods]
impl CardTable {
    /// Builds the table from a Scryfall bulk file (a JSON array such as `oracle-cards`, or
    /// JSON Lines) given as `bytes` (UTF-8, read in place: no copy) or `str`. Releases the GIL
    /// while it reads.
    #[staticmethod]
    fn from_scryfall(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<CardTable> {
        let table = if let Ok(bytes) = data.cast::<PyBytes>() {
            let bytes = bytes.as_bytes();
            guard(|| py.detach(|| card_data::CardTable::from_scryfall_bytes(bytes)))?
        } else if let Ok(text) = data.cast::<PyString>() {
            let text = text.to_str().map_err(|_| {
                deck_error("the str holds a lone surrogate (U+D800 to U+DFFF), which is not text")
            })?;
            guard(|| py.detach(|| card_data::CardTable::from_scryfall(text)))?
        } else {
            return Err(type_error(format!(
                "expected bytes or a str, got {}",
                type_name(data)
            )));
        };
        Ok(CardTable {
            inner: Arc::new(table),
        })
    }

    /// The table built into the library (read once per process; the same object each call).
    #[staticmethod]
    fn embedded(py: Python<'_>) -> PyResult<Py<CardTable>> {
        static EMBEDDED: pyo3::sync::PyOnceLock<Py<CardTable>> = pyo3::sync::PyOnceLock::new();
        EMBEDDED
            .get_or_try_init(py, || {
                let inner = py.detach(card_data::CardTable::embedded_shared);
                Py::new(py, CardTable { inner })
            })
            .map(|t| t.clone_ref(py))
    }

    /// What the table says about itself: `source`, `date`, `newest_set`, `lacks` (those it
    /// has), as a dict of str.
    fn meta<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.inner.meta() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// Sets one entry of `meta()` and returns the new table (tables are immutable).
    fn with_meta(&self, key: Text<DeckText>, value: Text<DeckText>) -> CardTable {
        let mut table = (*self.inner).clone();
        table.set_meta(&key.into_string(), &value.into_string());
        CardTable {
            inner: Arc::new(table),
        }
    }

    /// Reads a table saved by `to_text`.
    #[staticmethod]
    fn from_text(py: Python<'_>, text: Text<DeckText>) -> PyResult<CardTable> {
        let text = text.into_string();
        let table = guard(|| py.detach(|| card_data::CardTable::from_text(&text)))?;
        Ok(CardTable {
            inner: Arc::new(table),
        })
    }

    /// The table as text (one line per card).
    fn to_text(&self) -> String {
        self.inner.to_text()
    }

    /// The card of a name or face name (any case) as a dict, or None.
    fn lookup<'py>(
        &self,
        py: Python<'py>,
        name: Text<DeckText>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let name = name.into_string();
        self.inner
            .lookup(&name)
            .map(|info| info_dict(py, info))
            .transpose()
    }

    /// The names nearest to `name` (case, accents and punctuation folded, a few edits at most;
    /// docs/API.md "Did you mean"), best first, at most `limit`: `[]` when none is close.
    #[pyo3(signature = (name, *, limit = 3))]
    fn suggest(&self, name: Text<DeckText>, limit: usize) -> Vec<String> {
        self.inner.suggest(&name.into_string(), limit)
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __repr__(&self) -> String {
        format!("CardTable({} cards)", self.inner.len())
    }
}
