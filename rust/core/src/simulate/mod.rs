//! The bulk engine: millions of mulligan processes (103.5) per second, rule-exact and seeded.
//!
//! Game `i` is seat 0 of `Game(seed, game_index=i)`: its shuffle `k` reads the lead word of
//! library stream `i << 8`, shuffle `k`, then that stream (see [`crate::seed::lead_address`]),
//! so a game's randomness depends only on `(seed, i)` and any split into threads or chunks gives
//! the same counts. Each shuffle is the one a [`crate::Game`] would do, computed only as far as
//! the cards drawn (the top `k` positions of a Fisher–Yates shuffle are final after `k` steps,
//! [`crate::shuffle`]).
//!
//! Speed: games are processed in blocks, round by round (round `k` holds the games about to
//! shuffle for the `k`-th time). The lead words of a round come eight games to a ChaCha block,
//! eight blocks per vectorised call ([`crate::rng::chacha_rows`]); a 60-card library draws a
//! whole hand (and Vancouver's look at the next card) from its lead word. For a policy that
//! decides by land counts ([`CountRule`]), a hand drawn from one word is decided without being
//! built: a sparse Fisher–Yates over land flags counts its lands, eight games interleaved.
//! Every other hand (a tag requirement, a Python callable, a rejected word, a deck or hand
//! that needs more words) takes the general path, with the same result.
//!
//! The eras and variants differ only in the shape of a round's hand, read from the rules'
//! [`crate::rules::MulliganRule::hand_step`] (cards drawn, cards bottomed, whether a mulligan
//! is allowed, Vancouver's look), so Canadian Highlander and Houston run on the same kernels;
//! the no-land/all-land redraw is one more shuffle, not a mulligan (a round of its own).
//!
//! Not simulated here: 103.5b and 103.6 actions (Serum Powder, Leylines, Gemstone Caverns):
//! such cards count as ordinary cards of the hand.

//! The parts, one concept each: [`config`] (what is simulated, what comes out), [`keep_rule`]
//! (the player's decisions), `plan` (a shuffle's batches), `verdicts` (a count policy's
//! decisions as tables), `engine` (blocks, rounds, the general path), `backends` (the count
//! kernels: `portable` and its `avx2` twin), `partial` (PARTIAL_PARIS dealt from one shuffle), `smoothing` (hand
//! smoothing from its candidate shuffles), `variants` (the games played as a `Game`:
//! [`GamePath`], the reference of every other path, docs/VARIANTS.md), [`threads`] (chunks over threads, watched by a
//! [`Monitor`]). Bulk rows (`mulligan.bulk`) are [`crate::bulk`].

pub mod config;
pub mod keep_rule;
pub mod threads;

mod backends;
pub(crate) mod engine;
mod partial;
pub(crate) mod plan;
mod smoothing;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_smoothing;
#[cfg(test)]
mod tests_variants;
mod variants;
mod verdicts;

pub use config::{Config, Counts, Outcome};
pub use engine::{GamePath, GeneralPath};
pub use keep_rule::{Abort, Bottom, CompiledRule, CountRule, Exile, KeepRule, Policy, MAX_HAND};
pub use threads::{simulate, simulate_serial, simulate_watched, Monitor, MONITOR_INTERVAL};
