//! Input arrays as a C caller passes them: good, NULL with a length, misaligned, or with a
//! length whose size overflows.

use crate::status::{INVALID_ARGUMENT, NULL_POINTER};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use std::ptr::null;

/// How a caller passes an input array of `u8`, `u32` or `u64`.
pub(crate) enum Input<T> {
    /// A good pointer (for an empty array: NULL, or a dangling non-NULL one).
    Fine(Vec<T>, bool),
    /// NULL with a non-zero length: `MULLIGAN_ERR_NULL_POINTER`.
    Null(usize),
    /// Off by one byte: `MULLIGAN_ERR_INVALID_ARGUMENT` for types wider than a byte.
    Misaligned(Vec<T>),
    /// A length whose size in bytes is above `isize::MAX`: `MULLIGAN_ERR_INVALID_ARGUMENT`.
    Overflowing,
}

pub(crate) fn pick_input<T: Copy>(u: &mut Unstructured, items: Vec<T>) -> Result<Input<T>> {
    Ok(match u.int_in_range(0u8..=23)? {
        0 => Input::Null(u.int_in_range(1..=8)?),
        1 if !items.is_empty() => Input::Misaligned(items),
        2 => Input::Overflowing,
        _ => Input::Fine(items, u.arbitrary()?),
    })
}

impl<T: Copy + Default> Input<T> {
    /// Calls `f(ptr, n)` as this input says; returns its status and the status the pointer
    /// checks alone require (None when the pointer is fine).
    pub(crate) fn call(&self, f: &dyn Fn(*const T, usize) -> i32) -> (i32, Option<i32>) {
        match self {
            Input::Fine(items, null_if_empty) => {
                let ptr = if items.is_empty() && *null_if_empty {
                    null()
                } else {
                    items.as_ptr()
                };
                (f(ptr, items.len()), None)
            }
            Input::Null(n) => (f(null(), *n), Some(NULL_POINTER)),
            Input::Misaligned(items) => {
                let mut raw = vec![T::default(); items.len() + 1];
                let base = raw.as_mut_ptr().cast::<u8>();
                let wide = std::mem::align_of::<T>() > 1;
                // SAFETY: `raw` has room for the items one byte in.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        items.as_ptr().cast::<u8>(),
                        base.add(1),
                        std::mem::size_of_val(&items[..]),
                    );
                    let status = f(base.add(1).cast::<T>(), items.len());
                    (status, wide.then_some(INVALID_ARGUMENT))
                }
            }
            Input::Overflowing => {
                let one = [T::default()];
                let n = isize::MAX as usize / std::mem::size_of::<T>() + 1;
                (f(one.as_ptr(), n), Some(INVALID_ARGUMENT))
            }
        }
    }

    /// The elements the callee sees when the pointer is fine.
    pub(crate) fn items(&self) -> Vec<T> {
        match self {
            Input::Fine(v, _) | Input::Misaligned(v) => v.clone(),
            _ => vec![],
        }
    }
}

pub(crate) fn any_ids(u: &mut Unstructured, lib_len: usize) -> Result<Vec<u32>> {
    let n = u.int_in_range(0u8..=6)?;
    let mut ids = vec![];
    for _ in 0..n {
        ids.push(if u.ratio(1u8, 16)? {
            u.arbitrary()?
        } else {
            u.int_in_range(0..=lib_len as u32 + 3)?
        });
    }
    Ok(ids)
}
