//! `Variant` and `MulliganRule`: the core's enums (`mulligan_core::rules`), by name; and their
//! arguments, which take the enum or its name in any case with `-` or `_`
//! (`mulligan_core::spelling`).

use crate::args::{type_name, SetUp, Text};
use crate::errors::{guard, type_error};
use pyo3::prelude::*;
use pyo3::Borrowed;

/// An enum argument (`variant=`, `mulligan=`): the enum class `T`'s member, or its name as a
/// str in any case with `-` or `_` (`"paris-sequential"`); an unknown name raises
/// `GameConfigError`, another type `MulliganTypeError`.
pub struct Named<C>(pub C);

fn named<'py, T, C>(obj: Borrowed<'_, 'py, PyAny>, core: fn(T) -> C) -> PyResult<Named<C>>
where
    T: pyo3::PyClass + pyo3::PyTypeInfo + Copy + Sync,
    T: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True>,
    C: mulligan_core::spelling::Named,
{
    let obj = obj.to_owned();
    if let Ok(member) = obj.cast::<T>() {
        return Ok(Named(core(*member.get())));
    }
    if obj.is_instance_of::<pyo3::types::PyString>() {
        let name = Text::<SetUp>::from_py(&obj)?.into_string();
        return guard(|| mulligan_core::spelling::parse::<C>(&name)).map(Named);
    }
    Err(type_error(format!(
        "expected a {} or its name, got {}",
        T::NAME,
        type_name(&obj)
    )))
}

impl<'a, 'py> FromPyObject<'a, 'py> for Named<mulligan_core::Variant> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        named::<Variant, _>(obj, Variant::core)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Named<mulligan_core::MulliganRule> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        named::<MulliganRule, _>(obj, MulliganRule::core)
    }
}

/// A game variant.
#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "mulligan")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum Variant {
    TWO_PLAYER,
    FREE_FOR_ALL,
    COMMANDER,
    BRAWL,
    TWO_HEADED_GIANT,
    ARCHENEMY,
    VANGUARD,
}

impl Variant {
    const ALL: [Variant; 7] = [
        Variant::TWO_PLAYER,
        Variant::FREE_FOR_ALL,
        Variant::COMMANDER,
        Variant::BRAWL,
        Variant::TWO_HEADED_GIANT,
        Variant::ARCHENEMY,
        Variant::VANGUARD,
    ];

    pub fn core(self) -> mulligan_core::Variant {
        mulligan_core::Variant::ALL[self as usize]
    }

    pub fn of(v: mulligan_core::Variant) -> Variant {
        Variant::ALL[mulligan_core::Variant::ALL
            .iter()
            .position(|x| *x == v)
            .unwrap_or(0)]
    }
}

#[pymethods]
impl Variant {
    /// The variant's name, as in logs and set-ups (`"TWO_PLAYER"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.core().name()
    }

    /// The number of players a game of this variant may have, `(least, most)`, most `None`
    /// when only the engine bounds it (`Variant.TWO_PLAYER.players == (2, 2)`).
    #[getter]
    fn players(&self) -> (usize, Option<usize>) {
        self.core().players()
    }

    fn __repr__(&self) -> String {
        format!("Variant.{}", self.core().name())
    }
}

/// The mulligan procedure of an era.
#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "mulligan")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum MulliganRule {
    LONDON,
    VANCOUVER,
    PARIS,
    PARIS_SEQUENTIAL,
    PARTIAL_PARIS,
    CANADIAN_HIGHLANDER,
    HOUSTON,
    NONE,
}

impl MulliganRule {
    const ALL: [MulliganRule; 8] = [
        MulliganRule::LONDON,
        MulliganRule::VANCOUVER,
        MulliganRule::PARIS,
        MulliganRule::PARIS_SEQUENTIAL,
        MulliganRule::PARTIAL_PARIS,
        MulliganRule::CANADIAN_HIGHLANDER,
        MulliganRule::HOUSTON,
        MulliganRule::NONE,
    ];

    pub fn core(self) -> mulligan_core::MulliganRule {
        mulligan_core::MulliganRule::ALL[self as usize]
    }

    pub fn of(r: mulligan_core::MulliganRule) -> MulliganRule {
        MulliganRule::ALL[mulligan_core::MulliganRule::ALL
            .iter()
            .position(|x| *x == r)
            .unwrap_or(0)]
    }
}

#[pymethods]
impl MulliganRule {
    /// The rule's name, as in logs and set-ups (`"LONDON"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.core().name()
    }

    fn __repr__(&self) -> String {
        format!("MulliganRule.{}", self.core().name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_orders_match_the_core() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(v as usize, i);
            assert!(Variant::of(v.core()) == v);
        }
        for (i, r) in MulliganRule::ALL.into_iter().enumerate() {
            assert_eq!(r as usize, i);
            assert!(MulliganRule::of(r.core()) == r);
        }
    }
}
