//! `CardTable`: the core's card table (`mulligan_core::card_data`), built from a Scryfall bulk
//! file or a saved table. Conversion only; reading files and the default location are in
//! `mulligan.carddata`.

use crate::args::{DeckText, Text};
use crate::errors::guard;
use mulligan_core::card_data::{self, CardInfo, MdfcLand};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
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
    d.set_item("color_identity", &info.identity)?;
    d.set_item("land", info.is_land(MdfcLand::Spell))?;
    d.set_item("land_on_back_only", info.land_on_back_only())?;
    let faces = PyList::empty(py);
    for f in &info.faces {
        let fd = PyDict::new(py);
        fd.set_item("name", &f.name)?;
        fd.set_item("type_line", &f.type_line)?;
        fd.set_item("mana_cost", &f.mana_cost)?;
        fd.set_item("colors", &f.colors)?;
        faces.append(fd)?;
    }
    d.set_item("faces", faces)?;
    Ok(d)
}

#[pymethods]
impl CardTable {
    /// Builds the table from the text of a Scryfall bulk file (a JSON array such as
    /// `oracle-cards`, or JSON Lines). Releases the GIL while it reads.
    #[staticmethod]
    fn from_scryfall(py: Python<'_>, text: Text<DeckText>) -> PyResult<CardTable> {
        let text = text.into_string();
        let table = guard(|| py.detach(|| card_data::CardTable::from_scryfall(&text)))?;
        Ok(CardTable {
            inner: Arc::new(table),
        })
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

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __repr__(&self) -> String {
        format!("CardTable({} cards)", self.inner.len())
    }
}
