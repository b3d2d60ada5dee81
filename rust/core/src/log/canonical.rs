//! The canonical JSON text a log's digests are taken over (keys sorted, no spaces, strings
//! escaped as Python's `ensure_ascii=True` writes them), and the error every log check gives.

use crate::error::Error;
use serde_json::Value;

/// An [`Error::Log`] with `message`.
pub(super) fn log_error(message: impl Into<String>) -> Error {
    Error::Log(message.into())
}

/// Writes `value` as canonical JSON text to `out`.
pub(super) fn canonical(value: &Value, out: &mut String) {
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(v, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                ascii_string(k, out);
                out.push(':');
                canonical(&map[k], out);
            }
            out.push('}');
        }
        Value::String(s) => ascii_string(s, out),
        other => out.push_str(&other.to_string()),
    }
}

/// A JSON string as Python's `ensure_ascii=True` writes it.
fn ascii_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
        }
    }
    out.push('"');
}
