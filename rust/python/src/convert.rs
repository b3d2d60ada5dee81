//! serde_json values (the core's events) to plain Python objects.

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
