//! "Was I unlucky?": the land count of every hand dealt in verified game logs (kept or not:
//! what was kept depends on the player, what was dealt only on the shuffle, 701.24a) against
//! the deck's exact hypergeometric distribution.
//!
//! A hand counts when it is drawn from a freshly shuffled whole library (the opening draw and
//! every mulligan's, 103.5); a draw from a library some cards have left (Serum Powder's,
//! partial Paris's) is not a fresh deal and is left out. Two tests over the whole set:
//! - the total of lands dealt against its exact distribution (a convolution of the hands'
//!   hypergeometric laws): two-sided p-value `min(1, 2 min(P(T <= t), P(T >= t)))`, for "too
//!   few lands" or "too many";
//! - the surprise `S = sum of -ln P(lands of hand i)`, large when hands are extreme either way
//!   (screw and flood alike), its p-value `(1 + #{S* >= S}) / (1 + B)` over `B` sets of hands
//!   drawn from the exact laws (a Monte Carlo exact test, ChaCha12 from a fixed seed, so the
//!   same logs always give the same p-value).

use super::hypergeometric::distribution;
use crate::error::{Error, Result};
use crate::rng::ChaChaStream;
use crate::seed::{Seed, StreamId};
use serde::Serialize;
use serde_json::Value;

/// One hand dealt from a freshly shuffled library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DealtHand {
    /// The seat dealt to.
    pub seat: usize,
    /// The player's name.
    pub player: String,
    /// Cards in the library shuffled.
    pub deck_size: usize,
    /// Lands among them.
    pub deck_lands: usize,
    /// Cards drawn.
    pub drawn: usize,
    /// Lands drawn.
    pub lands: usize,
}

/// Hands of one shape (library, lands in it, cards drawn): observed against expected.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShapeRow {
    /// Cards in the library.
    pub deck_size: usize,
    /// Lands in it.
    pub deck_lands: usize,
    /// Cards drawn.
    pub drawn: usize,
    /// Hands of this shape.
    pub hands: u64,
    /// Index `k`: hands with `k` lands.
    pub observed: Vec<u64>,
    /// Index `k`: the expected number of hands with `k` lands.
    pub expected: Vec<f64>,
}

/// The answer: both tests and the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LuckReport {
    /// Hands counted.
    pub hands: usize,
    /// Lands dealt in all.
    pub lands: usize,
    /// Lands expected in all.
    pub expected_lands: f64,
    /// `P(T <= lands)` under the exact law.
    pub p_at_most: f64,
    /// `P(T >= lands)`.
    pub p_at_least: f64,
    /// The two-sided p-value of the total.
    pub p_total: f64,
    /// The surprise statistic.
    pub surprise: f64,
    /// Its Monte Carlo p-value.
    pub p_surprise: f64,
    /// Monte Carlo samples.
    pub samples: u64,
    /// The fixed seed of the Monte Carlo, hex.
    pub seed: String,
    /// By shape.
    pub shapes: Vec<ShapeRow>,
}

/// The fixed seed of the Monte Carlo test.
pub const LUCK_SEED: [u8; 32] = *b"mulligan stats: was I unlucky?  ";

fn bad(message: impl Into<String>) -> Error {
    Error::Log(message.into())
}

/// The hands dealt in one log, after checking it ([`crate::log::verify`]).
pub fn dealt_hands(log: &[u8]) -> Result<Vec<DealtHand>> {
    crate::log::verify(log, None, None)?;
    let text = std::str::from_utf8(log).map_err(|e| bad(e.to_string()))?;
    let records: Vec<Value> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect::<std::result::Result<_, _>>()
        .map_err(|e| bad(e.to_string()))?;
    let header = records.first().ok_or_else(|| bad("an empty log"))?;
    let players = header["players"]
        .as_array()
        .ok_or_else(|| bad("the header has no players"))?;
    let decks: Vec<(String, Vec<bool>)> = players
        .iter()
        .map(|p| {
            let lands = p["deck"]
                .as_array()
                .map(|d| {
                    d.iter()
                        .map(|c| c["land"].as_bool() == Some(true))
                        .collect()
                })
                .unwrap_or_default();
            (p["name"].as_str().unwrap_or("").to_string(), lands)
        })
        .collect();
    let mut fresh: Vec<Option<usize>> = vec![None; decks.len()];
    let mut out = vec![];
    for r in &records[1..] {
        let seat = r["seat"].as_u64().map(|s| s as usize);
        match (r["type"].as_str(), seat) {
            (Some("shuffle"), Some(s)) if s < decks.len() => {
                fresh[s] = r["size"].as_u64().map(|n| n as usize);
            }
            (Some("draw"), Some(s)) if s < decks.len() => {
                let size = fresh[s].take();
                let (name, lands) = &decks[s];
                if size != Some(lands.len()) {
                    continue;
                }
                let cards = r["cards"].as_array().cloned().unwrap_or_default();
                let drawn_lands = cards
                    .iter()
                    .filter(|c| {
                        c["id"]
                            .as_u64()
                            .is_some_and(|id| lands.get(id as usize) == Some(&true))
                    })
                    .count();
                out.push(DealtHand {
                    seat: s,
                    player: name.clone(),
                    deck_size: lands.len(),
                    deck_lands: lands.iter().filter(|&&l| l).count(),
                    drawn: cards.len(),
                    lands: drawn_lands,
                });
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Both tests over `hands`, the surprise's p-value from `samples` Monte Carlo sets.
pub fn luck(hands: &[DealtHand], samples: u64) -> Result<LuckReport> {
    if let Some(h) = hands
        .iter()
        .find(|h| h.lands > h.drawn || h.drawn > h.deck_size || h.deck_lands > h.deck_size)
    {
        return Err(Error::config(format!("an impossible hand: {h:?}")));
    }
    if hands.is_empty() {
        return Err(Error::config(
            "no hand dealt from a fresh shuffle in these logs",
        ));
    }
    if samples == 0 || samples > 10_000_000 {
        return Err(Error::config("samples must be from 1 to 10,000,000"));
    }
    let laws: Vec<Vec<f64>> = hands
        .iter()
        .map(|h| distribution(h.deck_size, h.deck_lands, h.drawn))
        .collect();
    let ln = |p: f64| -(p.max(1e-300)).ln();
    let surprise: f64 = hands
        .iter()
        .zip(&laws)
        .map(|(h, l)| ln(l.get(h.lands).copied().unwrap_or(0.0)))
        .sum();
    // The exact law of the total: a convolution.
    let mut total = vec![1.0f64];
    for law in &laws {
        let mut next = vec![0.0; total.len() + law.len() - 1];
        for (i, a) in total.iter().enumerate() {
            for (j, b) in law.iter().enumerate() {
                next[i + j] += a * b;
            }
        }
        total = next;
    }
    let t: usize = hands.iter().map(|h| h.lands).sum();
    let p_at_most: f64 = total[..=t].iter().sum::<f64>().min(1.0);
    let p_at_least: f64 = total[t..].iter().sum::<f64>().min(1.0);
    let expected: f64 = laws
        .iter()
        .map(|l| l.iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>())
        .sum();
    let cdfs: Vec<Vec<f64>> = laws
        .iter()
        .map(|l| {
            l.iter()
                .scan(0.0, |acc, p| {
                    *acc += p;
                    Some(*acc)
                })
                .collect()
        })
        .collect();
    let seed = Seed::from_slice(&LUCK_SEED)?;
    let mut rng = ChaChaStream::new(&seed, StreamId::new(0, 0, 0));
    let mut at_least = 0u64;
    for _ in 0..samples {
        let mut s = 0.0;
        for (law, cdf) in laws.iter().zip(&cdfs) {
            let u = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
            let k = cdf.partition_point(|&c| c <= u).min(law.len() - 1);
            s += ln(law[k]);
        }
        at_least += u64::from(s >= surprise - 1e-9);
    }
    let mut shapes: Vec<ShapeRow> = vec![];
    for (h, law) in hands.iter().zip(&laws) {
        let key = (h.deck_size, h.deck_lands, h.drawn);
        let row = match shapes
            .iter_mut()
            .position(|r| (r.deck_size, r.deck_lands, r.drawn) == key)
        {
            Some(i) => &mut shapes[i],
            None => {
                shapes.push(ShapeRow {
                    deck_size: h.deck_size,
                    deck_lands: h.deck_lands,
                    drawn: h.drawn,
                    hands: 0,
                    observed: vec![0; law.len()],
                    expected: vec![0.0; law.len()],
                });
                shapes.last_mut().expect("just pushed")
            }
        };
        row.hands += 1;
        row.observed[h.lands] += 1;
        for (e, p) in row.expected.iter_mut().zip(law) {
            *e += p;
        }
    }
    Ok(LuckReport {
        hands: hands.len(),
        lands: t,
        expected_lands: expected,
        p_at_most,
        p_at_least,
        p_total: (2.0 * p_at_most.min(p_at_least)).min(1.0),
        surprise,
        p_surprise: (1 + at_least) as f64 / (1 + samples) as f64,
        samples,
        seed: seed.hex(),
        shapes,
    })
}
