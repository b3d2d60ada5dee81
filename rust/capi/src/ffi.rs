//! Reading C arguments and writing C results. Every check that can fail runs before the call
//! changes anything, so a NULL or misaligned pointer never leaves an object half-changed.
//!
//! Conventions (docs/C_ABI.md):
//! - An out-pointer (`*out`) must not be NULL.
//! - An input array may be NULL only when its length is 0.
//! - An output buffer `(buf, len)` may be NULL only when `len` is 0 (a size query). `needed`
//!   may be NULL; when not, it receives the size written (on success) or required (on
//!   `MULLIGAN_ERR_BUFFER_TOO_SMALL`). Strings count their terminating NUL; arrays count
//!   elements.

use crate::error::{Failure, Outcome, MULLIGAN_ERR_BUFFER_TOO_SMALL};
use std::ffi::{c_char, CStr};

fn check_aligned<T>(ptr: *const T, what: &str) -> Outcome {
    if !ptr.is_aligned() {
        return Err(Failure::invalid(format!(
            "{what} is not aligned for its type ({} bytes)",
            std::mem::align_of::<T>()
        )));
    }
    Ok(())
}

/// An out-pointer, checked: write to it with [`Out::set`].
pub struct Out<T>(*mut T);

impl<T> Out<T> {
    /// Checks that `ptr` is non-NULL and aligned.
    pub fn new(ptr: *mut T, what: &str) -> Outcome<Self> {
        if ptr.is_null() {
            return Err(Failure::null(what));
        }
        check_aligned(ptr, what)?;
        Ok(Out(ptr))
    }

    /// The checked pointer, to pass on as an optional `needed`.
    pub fn ptr(&self) -> *mut T {
        self.0
    }

    pub fn set(&self, value: T) {
        // SAFETY: non-NULL and aligned (checked in `new`); the caller promised it is valid
        // for writes (the `# Safety` of every export).
        unsafe { self.0.write(value) }
    }
}

/// An optional out-pointer (`needed`): NULL means "not wanted".
pub struct MaybeOut<T>(Option<Out<T>>);

impl<T> MaybeOut<T> {
    pub fn new(ptr: *mut T, what: &str) -> Outcome<Self> {
        if ptr.is_null() {
            return Ok(MaybeOut(None));
        }
        Out::new(ptr, what).map(|o| MaybeOut(Some(o)))
    }
    pub fn set(&self, value: T) {
        if let Some(o) = &self.0 {
            o.set(value);
        }
    }
}

/// A caller's output buffer of `len` elements of `T` with an optional `needed`.
pub struct Buffer<T> {
    ptr: *mut T,
    len: usize,
    needed: MaybeOut<usize>,
}

impl<T: Copy> Buffer<T> {
    pub fn new(ptr: *mut T, len: usize, needed: *mut usize) -> Outcome<Self> {
        if ptr.is_null() && len > 0 {
            return Err(Failure::null("buf (with a non-zero len)"));
        }
        if !ptr.is_null() {
            check_aligned(ptr, "buf")?;
        }
        Ok(Buffer {
            ptr,
            len,
            needed: MaybeOut::new(needed, "needed")?,
        })
    }

    /// Fails with `MULLIGAN_ERR_BUFFER_TOO_SMALL` (setting `needed`) unless `count` fit.
    pub fn check_room(&self, count: usize, unit: &str) -> Outcome {
        if count > self.len {
            self.needed.set(count);
            return Err(Failure::new(
                MULLIGAN_ERR_BUFFER_TOO_SMALL,
                format!("the buffer holds {} {unit}, {count} are needed", self.len),
            ));
        }
        Ok(())
    }

    /// Writes `items` (after checking room), and sets `needed` to their count.
    pub fn write(&self, items: &[T], unit: &str) -> Outcome {
        self.check_room(items.len(), unit)?;
        if !items.is_empty() {
            // SAFETY: `ptr` is non-NULL (len >= items.len() > 0) and aligned, and the caller
            // promised it is valid for `len` writes; Rust never hands out this memory.
            unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), self.ptr, items.len()) };
        }
        self.needed.set(items.len());
        Ok(())
    }
}

/// A caller's buffer for a NUL-terminated UTF-8 string.
pub struct TextBuffer(Buffer<u8>);

impl TextBuffer {
    pub fn new(ptr: *mut c_char, len: usize, needed: *mut usize) -> Outcome<Self> {
        Buffer::new(ptr.cast::<u8>(), len, needed).map(TextBuffer)
    }

    pub fn write(&self, text: &str) -> Outcome {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(0);
        self.0.write(&bytes, "bytes")
    }
}

/// An input array of `n` elements; NULL only when `n` is 0.
///
/// # Safety
/// When non-NULL, `ptr` must be valid for reads of `n` elements for the call's duration.
pub unsafe fn slice<'a, T>(ptr: *const T, n: usize, what: &str) -> Outcome<&'a [T]> {
    if n == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Failure::null(&format!("{what} (with a non-zero length)")));
    }
    check_aligned(ptr, what)?;
    if n.checked_mul(std::mem::size_of::<T>())
        .is_none_or(|bytes| bytes > isize::MAX as usize)
    {
        return Err(Failure::invalid(format!("{what}: length {n} is too large")));
    }
    // SAFETY: non-NULL, aligned, size within isize::MAX; validity is the caller's promise.
    Ok(unsafe { std::slice::from_raw_parts(ptr, n) })
}

/// A NUL-terminated UTF-8 string argument.
///
/// # Safety
/// When non-NULL, `ptr` must point to a NUL-terminated string valid for the call's duration.
pub unsafe fn text<'a>(ptr: *const c_char, what: &str) -> Outcome<&'a str> {
    if ptr.is_null() {
        return Err(Failure::null(what));
    }
    // SAFETY: non-NULL and NUL-terminated by the caller's promise.
    let c = unsafe { CStr::from_ptr(ptr) };
    c.to_str().map_err(|e| {
        Failure::invalid(format!(
            "{what} is not valid UTF-8 (at byte {})",
            e.valid_up_to()
        ))
    })
}

/// A seat or card number as a `usize` seat index.
pub fn seat(seat: u32) -> usize {
    seat as usize
}
