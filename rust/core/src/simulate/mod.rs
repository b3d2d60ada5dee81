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
//! decides by counts ([`CountRule`]), a hand drawn from one word is decided without being
//! built: a sparse Fisher–Yates over land flags counts its lands, eight games interleaved; with
//! card conditions (up to [`MAX_SETS`] sets: tags, colour sources, named cards), the hand is
//! decided by its cards' classes (AVX2, and AVX-512 where the CPU has it): for a deck of at
//! most 128 cards a kernel traces each step's card through the earlier swaps, counts the hand
//! by class (`classes`) and decides it from its class counters (`counter_verdicts`;
//! remembered by them when the deck has few classes).
//! Every other hand (more sets, a Python callable, a rejected word, a deck or hand that needs
//! more words) takes the general path, with the same result.
//!
//! The eras and variants differ only in the shape of a round's hand, read from the rules'
//! [`crate::rules::MulliganRule::hand_step`] (cards drawn, cards bottomed, whether a mulligan
//! is allowed, Vancouver's look), so Canadian Highlander and Houston run on the same kernels;
//! the no-land/all-land redraw is one more shuffle, not a mulligan (a round of its own).
//!
//! Not simulated here: 103.5b and 103.6 actions (Serum Powder, Leylines, Gemstone Caverns):
//! such cards count as ordinary cards of the hand.

//! The parts, one concept each, dependencies pointing down the list: [`config`] (what is
//! simulated, what comes out), [`conditions`] (a keep rule's card conditions: at least k cards
//! of a set, and the London bottom among them), [`policy`] (the player's decisions as the
//! engine asks them, and the [`GeneralPath`]/[`GamePath`] references), `strategies` (the
//! bottom and exile strategies a rule names), [`keep_rule`] (the keep rule, compiled),
//! `plan` (a shuffle's batches), `classes` (a deck's cards by compact class for the set
//! kernels, and the memo of the verdicts by a hand's classes), `words` (a round's random words
//! and the buffers for them), `land_mask` (a deck's land flags as one integer), `engine` (one
//! run's state and one game's step), then the `impl Engine` modules built on it: `verdicts` (a
//! count policy's decisions as tables), `counter_verdicts` (a set kernel's hand decided from
//! its classes, the London bottom in a few word operations), `backends` (the count kernels:
//! `portable`, its `avx2` twin, the class kernel `avx2_traced`, and the counter verdicts'
//! twins `avx2_verdicts` and `avx512_verdicts`), `class_rounds` (a round decided by classes,
//! its own loop), `partial` (PARTIAL_PARIS
//! dealt from one shuffle), `smoothing` (hand smoothing from its candidate shuffles),
//! `variants` (the games played as a `Game`: [`GamePath`], the reference of every
//! other path, docs/VARIANTS.md), and `rounds` (blocks, rounds, the kernel chosen, the entry
//! that branches to the others); [`threads`] (chunks over threads, watched by a [`Monitor`]);
//! [`request`] (a simulation as asked for, made ready against a deck: the entry of the
//! bindings and the service).
//! Bulk rows (`mulligan.bulk`) are [`crate::bulk`].

pub mod conditions;
pub mod config;
pub mod keep_rule;
mod keep_rule_json;
pub mod policy;
pub mod request;
pub mod threads;

mod backends;
mod class_rounds;
mod classes;
mod counter_verdicts;
mod engine;
mod land_mask;
mod partial;
pub(crate) mod plan;
mod rounds;
mod smoothing;
mod strategies;
#[cfg(test)]
mod tests;
mod variants;
mod verdicts;
pub(crate) mod words;

pub use conditions::{CardsRequirement, RuleCards};
pub use config::{Config, Counts, Outcome};
pub use keep_rule::{Bottom, CompiledRule, Exile, KeepRule};
pub use policy::{Abort, CardSets, CountRule, GamePath, GeneralPath, Policy, MAX_HAND, MAX_SETS};
pub use request::{Request, Run};
pub use threads::{simulate, simulate_serial, simulate_watched, Monitor, Span, MONITOR_INTERVAL};
