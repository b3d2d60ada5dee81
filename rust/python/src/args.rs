//! The argument types of every binding, one `FromPyObject` newtype per kind of argument: a
//! wrong type raises `MulliganTypeError`, a value out of range the `MulliganError` (also a
//! `ValueError`) of the argument's context, and PyO3 adds a note naming the argument
//! ("while processing 'seat'"). Every iterable is consumed up to a bound, so an endless one
//! ends in an error instead of exhausted memory.

use crate::errors::{config_error, deck_error, illegal, seed_error, type_error};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyString};
use pyo3::{intern, Borrowed, PyClass, PyTypeInfo};
use std::marker::PhantomData;

/// Which `MulliganError` a value out of range raises.
pub trait Context {
    fn error(message: String) -> PyErr;
}

/// Set-ups and simulations: `GameConfigError`.
pub struct SetUp;
/// Answers and library operations: `IllegalActionError`.
pub struct Illegal;
/// Cards and decks: `DeckError`.
pub struct DeckText;
/// Seeds and commitments: `SeedError`.
pub struct SeedText;

impl Context for SetUp {
    fn error(message: String) -> PyErr {
        config_error(message)
    }
}
impl Context for Illegal {
    fn error(message: String) -> PyErr {
        illegal(message)
    }
}
impl Context for DeckText {
    fn error(message: String) -> PyErr {
        deck_error(message)
    }
}
impl Context for SeedText {
    fn error(message: String) -> PyErr {
        seed_error(message)
    }
}

/// The name of an object's type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// An int as Python sees it: a Python `int` (not a `bool`) or anything with `__index__` (numpy
/// integers). None when it is neither.
fn as_int<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyInt>>> {
    if obj.is_instance_of::<PyBool>() || is_numpy_bool(obj) {
        return Ok(None);
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return Ok(Some(i.clone()));
    }
    if !obj.get_type().hasattr(intern!(obj.py(), "__index__"))? {
        return Ok(None);
    }
    let index = obj.call_method0(intern!(obj.py(), "__index__"))?;
    Ok(index.cast_into::<PyInt>().ok())
}

fn is_numpy_bool(obj: &Bound<'_, PyAny>) -> bool {
    let t = obj.get_type();
    let module = t.module().map(|m| m.to_string()).unwrap_or_default();
    let name = t.name().map(|n| n.to_string()).unwrap_or_default();
    module == "numpy" && (name == "bool" || name == "bool_")
}

/// An int ≥ 0 that fits 64 bits (a count, a seat, an index). A negative one or one beyond 64
/// bits raises the error of `C`.
pub struct NonNegative<C = SetUp>(u64, PhantomData<C>);

/// A count or index of a set-up or simulation (`GameConfigError` when out of range).
pub type Count = NonNegative<SetUp>;
/// A seat named in an answer, a library count or position (`IllegalActionError`).
pub type Index = NonNegative<Illegal>;

impl<C> NonNegative<C> {
    pub fn get(&self) -> u64 {
        self.0
    }
    /// As a `usize` (every target is 64-bit; saturates otherwise).
    pub fn size(&self) -> usize {
        usize::try_from(self.0).unwrap_or(usize::MAX)
    }
}

impl<C: Context> NonNegative<C> {
    pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let Some(int) = as_int(obj)? else {
            return Err(type_error(format!(
                "expected an int, got {}",
                type_name(obj)
            )));
        };
        match int.extract::<u64>() {
            Ok(v) => Ok(NonNegative(v, PhantomData)),
            Err(_) if int.lt(0)? => match int.extract::<i64>() {
                Ok(v) => Err(C::error(format!("must be at least 0, got {v}"))),
                Err(_) => Err(C::error(
                    "must be at least 0, got an int below 64 bits".into(),
                )),
            },
            Err(_) => Err(C::error(format!(
                "an int beyond 64 bits is out of range: at most {}",
                u64::MAX
            ))),
        }
    }
}

impl<'a, 'py, C: Context> FromPyObject<'a, 'py> for NonNegative<C> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Self::from_py(&obj.to_owned())
    }
}

/// A signed int that fits 128 bits (a position, a Vanguard modifier: the caller bounds it and
/// names the value); beyond 128 bits, the error of `C`.
pub struct Int<C = SetUp>(i128, PhantomData<C>);

impl<C> Int<C> {
    pub fn get(&self) -> i128 {
        self.0
    }
}

impl<'a, 'py, C: Context> FromPyObject<'a, 'py> for Int<C> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let obj = obj.to_owned();
        let Some(int) = as_int(&obj)? else {
            return Err(type_error(format!(
                "expected an int, got {}",
                type_name(&obj)
            )));
        };
        match int.extract::<i128>() {
            Ok(v) => Ok(Int(v, PhantomData)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(C::error(
                "an int beyond 128 bits is out of range".to_string(),
            )),
            Err(e) => Err(e),
        }
    }
}

/// A strict bool: `True`/`False` (or a numpy bool), never an int, a str or None.
pub struct Flag(pub bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let obj = obj.to_owned();
        if let Ok(b) = obj.cast::<PyBool>() {
            return Ok(Flag(b.is_true()));
        }
        if is_numpy_bool(&obj) {
            return Ok(Flag(obj.is_truthy()?));
        }
        Err(type_error(format!(
            "expected a bool, got {}",
            type_name(&obj)
        )))
    }
}

/// A `str` that is text: one holding a lone surrogate (U+D800 to U+DFFF, which no UTF-8 text
/// can carry) raises the error of `C`, not `UnicodeEncodeError`.
pub struct Text<C = SetUp>(pub String, PhantomData<C>);

impl<C: Context> Text<C> {
    pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let s = obj
            .cast::<PyString>()
            .map_err(|_| type_error(format!("expected a str, got {}", type_name(obj))))?;
        match s.to_str() {
            Ok(s) => Ok(Text(s.to_owned(), PhantomData)),
            Err(_) => Err(C::error(
                "the str holds a lone surrogate (U+D800 to U+DFFF), which is not text".into(),
            )),
        }
    }
    pub fn into_string(self) -> String {
        self.0
    }
}

impl<'a, 'py, C: Context> FromPyObject<'a, 'py> for Text<C> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Self::from_py(&obj.to_owned())
    }
}

/// An object of one of our classes (a `Deck`, a `Player`, a `Variant`, …); any other type
/// raises `MulliganTypeError`.
pub struct Of<'py, T>(pub Bound<'py, T>);

impl<'a, 'py, T: PyClass + PyTypeInfo> FromPyObject<'a, 'py> for Of<'py, T> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let obj = obj.to_owned();
        match obj.cast::<T>() {
            Ok(t) => Ok(Of(t.clone())),
            Err(_) => Err(type_error(format!(
                "expected a {}, got {}",
                T::NAME,
                type_name(&obj)
            ))),
        }
    }
}

/// The items of an iterable (not a `str` or `bytes`), at most `max` of them: the first item
/// beyond raises the error of `C`, so an endless iterator is never consumed past the bound.
pub fn items<'py, C: Context>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    max: usize,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(type_error(format!(
            "{what} must be an iterable, not a single {}",
            type_name(obj)
        )));
    }
    let iter = obj.try_iter().map_err(|_| {
        type_error(format!(
            "{what} must be an iterable, got {}",
            type_name(obj)
        ))
    })?;
    let mut out = vec![];
    for item in iter {
        if out.len() == max {
            return Err(C::error(format!("{what} holds more than {max} items")));
        }
        out.push(item?);
    }
    Ok(out)
}

/// The `T` objects of an iterable, at most `max` (see [`items`]).
pub fn objects<'py, T: PyClass + PyTypeInfo, C: Context>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    max: usize,
) -> PyResult<Vec<Bound<'py, T>>> {
    items::<C>(obj, what, max)?
        .into_iter()
        .map(|item| {
            item.cast_into::<T>().map_err(|e| {
                type_error(format!(
                    "{what} must hold only {} objects, got {}",
                    T::NAME,
                    type_name(&e.into_inner())
                ))
            })
        })
        .collect()
}

/// Strings of an iterable (tags): each a [`Text`], at most `max`.
pub fn texts<C: Context>(obj: &Bound<'_, PyAny>, what: &str, max: usize) -> PyResult<Vec<String>> {
    items::<C>(obj, what, max)?
        .iter()
        .map(|item| Text::<C>::from_py(item).map(Text::into_string))
        .collect()
}

/// A real number: a `float` or an `int` (not a `bool`).
pub struct Real(pub f64);

impl<'a, 'py> FromPyObject<'a, 'py> for Real {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let obj = obj.to_owned();
        if let Ok(f) = obj.cast::<PyFloat>() {
            return Ok(Real(f.value()));
        }
        match as_int(&obj)? {
            Some(i) => Ok(Real(i.extract::<f64>()?)),
            None => Err(type_error(format!(
                "expected a float, got {}",
                type_name(&obj)
            ))),
        }
    }
}

/// The keyword arguments of a function that takes many (`simulate`, `Game`), read one by one
/// into the core's request: a key the function does not take raises `TypeError` as Python
/// does, and an argument of the wrong type or out of range gets PyO3's note naming it
/// ("while processing 'games'"). A keyword given as None is not given.
pub struct Keywords<'py> {
    function: &'static str,
    given: Vec<(String, Bound<'py, PyAny>)>,
}

impl<'py> Keywords<'py> {
    /// A callable keyword (`progress`): None when not given, `TypeError` naming `what` it is
    /// called with when it is not callable.
    pub fn callable(&self, name: &str, what: &str) -> PyResult<Option<Py<PyAny>>> {
        match self.object(name) {
            Some(p) if p.is_callable() => Ok(Some(p.clone().unbind())),
            Some(p) => Err(type_error(format!(
                "{name} must be a callable {what}, got {}",
                type_name(p)
            ))),
            None => Ok(None),
        }
    }

    /// The keywords of `function` (`**kwargs`), each one of `known`.
    pub fn new(
        function: &'static str,
        kwargs: Option<&Bound<'py, PyDict>>,
        known: &[&str],
    ) -> PyResult<Keywords<'py>> {
        let mut given = vec![];
        for (key, value) in kwargs.into_iter().flat_map(|d| d.iter()) {
            let key: String = key.extract()?;
            if !known.contains(&key.as_str()) {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "{function}() got an unexpected keyword argument '{key}'"
                )));
            }
            given.push((key, value));
        }
        Ok(Keywords { function, given })
    }

    /// The argument `name` as given (None when absent or None).
    pub fn object(&self, name: &str) -> Option<&Bound<'py, PyAny>> {
        self.given
            .iter()
            .find(|(k, v)| k == name && !v.is_none())
            .map(|(_, v)| v)
    }

    /// The argument `name` converted to `T` (None when absent or None).
    pub fn get<T>(&self, name: &str) -> PyResult<Option<T>>
    where
        T: for<'a> FromPyObject<'a, 'py, Error = PyErr>,
    {
        let Some(value) = self.object(name) else {
            return Ok(None);
        };
        value.extract::<T>().map(Some).inspect_err(|e| {
            let py = value.py();
            let _ = e.value(py).call_method1(
                intern!(py, "add_note"),
                (format!("while processing '{name}'"),),
            );
        })
    }

    /// The required argument `name` (a `TypeError` as Python's when it is missing).
    pub fn required<T>(&self, name: &str) -> PyResult<T>
    where
        T: for<'a> FromPyObject<'a, 'py, Error = PyErr>,
    {
        self.get(name)?.ok_or_else(|| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "{}() missing 1 required keyword-only argument: '{name}'",
                self.function
            ))
        })
    }
}

/// A `threads=` argument: at least 1 (`GameConfigError` for 0), at most the core's
/// [`mulligan_core::simulate::request::MAX_THREADS`]; None: every core.
pub fn thread_count(threads: Option<Count>) -> PyResult<usize> {
    let mut request = mulligan_core::simulate::Request::new((), 0);
    request.threads = threads.map(|t| t.size());
    crate::errors::guard(|| request.threads())
}
