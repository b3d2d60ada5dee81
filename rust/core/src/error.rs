//! Every kind of bad input, by name. The bindings map each variant to one Python exception
//! class and one C error code.

use std::fmt;

/// An error from the core. Operations that return one have changed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A malformed seed or commitment.
    Seed(String),
    /// A malformed deck list; `line` is 1-based, 0 when not about one line.
    Deck {
        /// The line (1-based), 0 when the error is not about one line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// An answer or library operation the rules do not allow now.
    IllegalAction(String),
    /// A game that cannot be set up as asked.
    Config(String),
    /// A game log that is malformed or does not verify (`crate::log`); the message says where.
    Log(String),
}

impl Error {
    pub(crate) fn illegal(message: impl Into<String>) -> Self {
        Error::IllegalAction(message.into())
    }
    pub(crate) fn config(message: impl Into<String>) -> Self {
        Error::Config(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Seed(m) | Error::IllegalAction(m) | Error::Config(m) | Error::Log(m) => {
                f.write_str(m)
            }
            Error::Deck { line: 0, message } => f.write_str(message),
            Error::Deck { line, message } => write!(f, "line {line}: {message}"),
        }
    }
}

impl std::error::Error for Error {}

/// A result whose error is the core's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
