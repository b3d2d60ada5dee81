//! serde_json values (the core's events) to plain Python objects.

use crate::args::{SetUp, Text};
use mulligan_core::event::EventKind;
use mulligan_core::Event;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde_json::Value;

pub fn json_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, json_to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

pub fn events_to_py<'py>(
    py: Python<'py>,
    events: &[mulligan_core::Event],
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for e in events {
        list.append(event_to_py(py, e)?)?;
    }
    Ok(list)
}

/// One event as a dict. Library events, which `Library.shuffle()` returns on its hot path, are
/// built directly with interned keys (the same dict the serde path gives: the core pins the JSON,
/// the Python tests pin the dict);
/// the rest go through serde.
pub fn event_to_py<'py>(py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyAny>> {
    let d = PyDict::new(py);
    match &e.kind {
        EventKind::Shuffle {
            seat: None,
            size,
            stream,
            shuffle,
            times: None,
        } => {
            d.set_item(intern!(py, "type"), intern!(py, "shuffle"))?;
            d.set_item(intern!(py, "size"), size)?;
            d.set_item(intern!(py, "stream"), stream)?;
            d.set_item(intern!(py, "shuffle"), shuffle)?;
        }
        EventKind::Search { found } => {
            d.set_item(intern!(py, "type"), intern!(py, "search"))?;
            d.set_item(intern!(py, "found"), found)?;
        }
        EventKind::PutOnTop { count } => {
            d.set_item(intern!(py, "type"), intern!(py, "put_on_top"))?;
            d.set_item(intern!(py, "count"), count)?;
        }
        EventKind::PutOnBottom { count } => {
            d.set_item(intern!(py, "type"), intern!(py, "put_on_bottom"))?;
            d.set_item(intern!(py, "count"), count)?;
        }
        _ => return json_to_py(py, &e.to_json()),
    }
    let rule = match e.rule {
        "701.24a" => intern!(py, "701.24a").clone(),
        "701.24b" => intern!(py, "701.24b").clone(),
        "701.24e" => intern!(py, "701.24e").clone(),
        "701.24f" => intern!(py, "701.24f").clone(),
        other => PyString::intern(py, other),
    };
    d.set_item(intern!(py, "rule"), rule)?;
    Ok(d.into_any())
}

/// A core record as plain Python objects (dicts, lists, str, int, bool, None), in its serde
/// shape: `json.dumps` takes the result as it is.
pub fn record_to_py<'py, T: serde::Serialize + ?Sized>(
    py: Python<'py>,
    record: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(record)
        .map_err(|e| crate::errors::internal(format!("a record did not serialise: {e}")))?;
    json_to_py(py, &value)
}

/// How deep a Python argument converted to JSON may nest (a record is a few levels deep).
const MAX_DEPTH: usize = 32;

/// A JSON-able Python value (dict with str keys, list or tuple, str, int, float, bool, None)
/// as JSON, for the core to deserialise into a typed record. `what` names the argument in
/// errors (`MulliganTypeError`).
pub fn py_to_json(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    to_json(obj, what, 0)
}

fn to_json(obj: &Bound<'_, PyAny>, what: &str, depth: usize) -> PyResult<Value> {
    use crate::errors::type_error;
    use pyo3::types::{PyBool, PyFloat, PyInt, PyTuple};
    if depth > MAX_DEPTH {
        return Err(type_error(format!(
            "{what} nests deeper than {MAX_DEPTH} levels"
        )));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::from(u));
        }
        return Err(crate::errors::config_error(format!(
            "{what}: the integer {obj} does not fit 64 bits"
        )));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return serde_json::Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| type_error(format!("{what}: {f} is not a JSON number")));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(Text::<SetUp>::from_py(s)?.into_string()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (k, v) in d.iter() {
            let k = k.cast::<PyString>().map_err(|_| {
                type_error(format!(
                    "{what}: a dict key must be a str, got {}",
                    crate::args::type_name(&k)
                ))
            })?;
            map.insert(
                Text::<SetUp>::from_py(k)?.into_string(),
                to_json(&v, what, depth + 1)?,
            );
        }
        return Ok(Value::Object(map));
    }
    // By index, not `__iter__`: a list subclass cannot make the list endless.
    if let Ok(list) = obj.cast::<PyList>() {
        let items = list.iter().map(|item| to_json(&item, what, depth + 1));
        return items.collect::<PyResult<_>>().map(Value::Array);
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        let items = tuple.iter().map(|item| to_json(&item, what, depth + 1));
        return items.collect::<PyResult<_>>().map(Value::Array);
    }
    Err(type_error(format!(
        "{what} must be JSON-like (dict, list, str, int, float, bool, None), got {}",
        crate::args::type_name(obj)
    )))
}

/// A typed core record from a JSON-able Python value; a value of the wrong shape is a
/// `MulliganTypeError` naming `what` and serde's reason.
pub fn py_to_record<T: serde::de::DeserializeOwned>(
    obj: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<T> {
    let value = py_to_json(obj, what)?;
    serde_json::from_value(value).map_err(|e| crate::errors::type_error(format!("{what}: {e}")))
}
