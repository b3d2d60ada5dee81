//! Opening-hand smoothing: not the rules (docs/VARIANTS.md, "Hand smoothing: not the rules").
//! Three models other engines use or are believed to use, each computed in integers so that
//! every platform deals the same hand from the same seed:
//!
//! - `arena2`: two candidate hands, the one whose land count is closest to the expected count
//!   is dealt (MTG Arena's best-of-one shuffler as first described, 2018-2019);
//! - `weighted3`: three candidates, one dealt at random with a Gaussian weight of its distance
//!   from the expected count, width `σ = 0.5626` lands (the avenger.games fit of Arena's
//!   shuffler, 2026);
//! - `smoothed_london`: XMage's `SmoothedLondonMulligan`: on every London hand draw, the top
//!   `n` cards and the next `n` are scored `max(0, |deck ratio - hand ratio| - 0.15) +
//!   0.3 U(0, 1)` and the lower score is drawn; then the library is shuffled.
//!
//! The random terms come from the smoothing stream ([`DOMAIN_SMOOTHING`], docs/DETERMINISM.md).

use crate::error::Result;
use crate::rng::ChaChaStream;
use crate::seed::{Seed, StreamId};
use crate::spelling::{lenient_deserialize, Named};
use schemars::JsonSchema;
use serde::Serialize;

/// Domain tag of the smoothing stream: index = the seat's library stream
/// (`game_index << 8 | seat`), sub = the seat's smoothing draws before this one (0 for the
/// first). Domain 3 is the tournament's, 4 the lead words'.
pub const DOMAIN_SMOOTHING: u8 = 5;

/// `weighted3`'s Gaussian width `σ` in lands, as a fraction: 0.5626 (avenger.games, 2026).
pub const WEIGHTED3_SIGMA: (u64, u64) = (5626, 10_000);

/// `2σ²` as a fraction over `10^8`: `2 · 5626² = 63,303,752`.
const TWO_SIGMA_SQ: (u128, u128) = (
    2 * (WEIGHTED3_SIGMA.0 as u128) * (WEIGHTED3_SIGMA.0 as u128),
    (WEIGHTED3_SIGMA.1 as u128) * (WEIGHTED3_SIGMA.1 as u128),
);

/// `ln 2` in 64-bit fixed point: `floor(ln(2) · 2^64)`.
const LN2_Q64: u128 = 12_786_308_645_202_655_659;

/// `weighted3`'s weights are `exp(-y)` scaled by `2^WEIGHT_BITS` (so that eight of them sum
/// below `2^64`); beyond `y = 48` (a weight below `10^-20`) the weight is the floor, 1.
const WEIGHT_BITS: u32 = 60;
const MAX_EXPONENT: u128 = 48;

/// XMage's dead zone, `0.15 = 3/20` of the hand.
const DEAD_ZONE: (u128, u128) = (3, 20);
/// XMage's random term, `0.3 = 3/10` times a `U(0, 1)`.
const NOISE: (u128, u128) = (3, 10);

/// An opening-hand smoothing model (docs/VARIANTS.md says where each comes from). Serialised
/// by [`Smoothing::name`], read in any case with `-` or `_` ([`crate::spelling`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[schemars(transform = crate::spelling::lenient_schema)]
pub enum Smoothing {
    /// MTG Arena's best-of-one shuffler as first described (2018-2019): two candidate hands,
    /// the one whose land count is closest to the deck's expected count is dealt (ties: the
    /// first).
    #[serde(rename = "arena2")]
    Arena2,
    /// Arena's shuffler as the avenger.games reverse-engineering (2026) fits it: three
    /// candidates, one dealt at random with weight `exp(-d^2 / (2 sigma^2))` for a distance
    /// of `d` lands from the expected count, `sigma = 0.5626`.
    #[serde(rename = "weighted3")]
    Weighted3,
    /// XMage's `SmoothedLondonMulligan`: every London hand draw (the opening hand, each
    /// mulligan's and the land redraw's) compares the top `n` cards with the next `n`, scored
    /// `max(0, |deck land ratio - hand land ratio| - 0.15) + 0.3 U(0, 1)`; the lower score is
    /// drawn, the other hand goes to the bottom, and the library is shuffled. Exactly two
    /// candidates; LONDON only.
    #[serde(rename = "smoothed_london")]
    SmoothedLondon,
}

impl Named for Smoothing {
    const WHAT: &'static str = "smoothing model";
    fn all() -> &'static [Smoothing] {
        &Smoothing::ALL
    }
    fn spelling(self) -> &'static str {
        self.name()
    }
}
lenient_deserialize!(Smoothing);

impl Smoothing {
    /// Every smoothing model.
    pub const ALL: [Smoothing; 3] = [
        Smoothing::Arena2,
        Smoothing::Weighted3,
        Smoothing::SmoothedLondon,
    ];

    /// The model's name as the bindings and the records spell it (`"arena2"`, …).
    pub fn name(self) -> &'static str {
        match self {
            Smoothing::Arena2 => "arena2",
            Smoothing::Weighted3 => "weighted3",
            Smoothing::SmoothedLondon => "smoothed_london",
        }
    }

    /// The model by name, in any case with `-` or `_` (`"arena2"`, `"Smoothed-London"`).
    pub fn parse(name: &str) -> Result<Smoothing> {
        crate::spelling::parse(name)
    }

    /// The number of candidates when none is given.
    pub fn default_candidates(self) -> u32 {
        match self {
            Smoothing::Weighted3 => 3,
            Smoothing::Arena2 | Smoothing::SmoothedLondon => 2,
        }
    }

    /// Which candidate is dealt: `lands[i]` is candidate `i`'s land count, each of `hand`
    /// cards drawn from a library of `library` cards holding `library_lands` lands. The only
    /// randomness comes from the smoothing stream `draw` ([`smoothing_stream`]): weighted3
    /// reads one bounded integer, smoothed_london compares the first two candidates with
    /// [`smoothed_london_random`]. All arithmetic is in integers, so the choice is the same on
    /// every platform.
    pub fn choose(
        self,
        lands: &[usize],
        hand: usize,
        library: usize,
        library_lands: usize,
        seed: &Seed,
        draw: StreamId,
    ) -> usize {
        let distance: Vec<u128> = lands
            .iter()
            .map(|&l| land_distance(l, hand, library, library_lands))
            .collect();
        match self {
            Smoothing::Arena2 => (0..distance.len())
                .min_by_key(|&i| (distance[i], i))
                .unwrap_or(0),
            Smoothing::SmoothedLondon => match lands {
                [a, b, ..] => smoothed_london_choice(
                    [*a, *b],
                    hand,
                    library,
                    library_lands,
                    smoothed_london_random(seed, draw),
                ),
                _ => 0,
            },
            Smoothing::Weighted3 => {
                let n = library.max(1) as u128;
                let weights: Vec<u64> = distance.iter().map(|&d| gaussian_weight(d, n)).collect();
                let total: u64 = weights.iter().sum();
                let mut rng = ChaChaStream::new(seed, draw);
                let mut x = rng.below(total);
                for (i, &w) in weights.iter().enumerate() {
                    if x < w {
                        return i;
                    }
                    x -= w;
                }
                weights.len() - 1
            }
        }
    }
}

/// The distance of a hand of `hand` cards holding `lands` lands from the expected count
/// `hand · library_lands / library`, in units of `1 / library` lands.
fn land_distance(lands: usize, hand: usize, library: usize, library_lands: usize) -> u128 {
    let n = library.max(1) as u128;
    ((lands as u128) * n).abs_diff((hand as u128) * (library_lands as u128))
}

/// The smoothing stream of a seat's draw: [`DOMAIN_SMOOTHING`], index the seat's library
/// stream, sub the seat's smoothing draws before this one.
pub fn smoothing_stream(library_stream: u64, draw: u32) -> StreamId {
    StreamId::new(DOMAIN_SMOOTHING, library_stream, draw)
}

/// `weighted3`'s weight of a distance of `d / n` lands: `exp(-(d/n)² / 2σ²)` in units of
/// `2^-60`, at least 1. Computed in integers: the exponent `y = d² 10^8 / (63,303,752 n²)` to
/// 40 fractional bits, `y = k ln 2 + r` with `0 <= r < ln 2`, `exp(-r)` by its Taylor series
/// in 64-bit fixed point (terms until they vanish), then shifted right by `k`. Within `2^-40`
/// of the real value relative to the largest weight.
pub fn gaussian_weight(d: u128, n: u128) -> u64 {
    let floor = 1u64;
    let a = d
        .checked_mul(d)
        .and_then(|dd| dd.checked_mul(TWO_SIGMA_SQ.1));
    let b = TWO_SIGMA_SQ
        .0
        .checked_mul(n.max(1))
        .and_then(|x| x.checked_mul(n.max(1)));
    let (Some(a), Some(b)) = (a, b) else {
        return floor;
    };
    if b.checked_mul(MAX_EXPONENT).is_none_or(|lim| a >= lim) {
        return floor;
    }
    // a < 48 b, so y < 48 and the shifts below fit (a << 40 < 2^128 for any library of at
    // most 2^40 cards: the deck cap is 10^6).
    let Some(shifted) = a.checked_shl(40).filter(|s| s >> 40 == a) else {
        return floor;
    };
    let y = (shifted / b) << 24; // y in 64-bit fixed point, below 48 · 2^64
    let k = y / LN2_Q64;
    let r = y - k * LN2_Q64;
    let one = 1u128 << 64;
    let (mut plus, mut minus, mut term, mut i) = (one, 0u128, one, 1u128);
    loop {
        term = ((term * r) >> 64) / i;
        if term == 0 {
            break;
        }
        if i % 2 == 1 {
            minus += term;
        } else {
            plus += term;
        }
        i += 1;
    }
    // exp(-r) in (1/2, 1], in 64-bit fixed point.
    let e = plus - minus;
    let w = (e >> (64 - WEIGHT_BITS)) >> k;
    (w as u64).max(floor)
}

/// XMage's random terms for one smoothed London draw: the first word of the smoothing stream
/// `draw` ([`smoothing_stream`]), its high half for the first hand and its low half for the
/// second; `U = half / 2^32`.
pub fn smoothed_london_random(seed: &Seed, draw: StreamId) -> [u32; 2] {
    let w = ChaChaStream::new(seed, draw).next_u64();
    [(w >> 32) as u32, w as u32]
}

/// XMage's score of a hand of `hand` cards holding `lands` lands, from a library of `library`
/// cards holding `library_lands`, with random word `random` (`U = random / 2^32`):
/// `max(0, |library_lands / library - lands / hand| - 0.15) + 0.3 U`, exactly, in units of
/// `1 / (20 · library · hand · 2^32)`.
pub fn smoothed_london_score(
    lands: usize,
    hand: usize,
    library: usize,
    library_lands: usize,
    random: u32,
) -> u128 {
    let (n, big_n) = (hand.max(1) as u128, library.max(1) as u128);
    // |L/N - h/n| = a / (N n).
    let a = (library_lands as u128 * n).abs_diff(big_n * lands as u128);
    // max(0, a/(Nn) - 3/20) = over / (20 N n).
    let over = (DEAD_ZONE.1 * a).saturating_sub(DEAD_ZONE.0 * big_n * n);
    // 0.3 U = (3/10) k / 2^32 = (6 N n k) / (20 N n 2^32).
    let noise = NOISE.0 * (DEAD_ZONE.1 / NOISE.1) * big_n * n * u128::from(random);
    (over << 32) + noise
}

/// XMage's choice between the top `hand` cards (0) and the next `hand` (1): the first when
/// its score is strictly lower, else the second.
pub fn smoothed_london_choice(
    lands: [usize; 2],
    hand: usize,
    library: usize,
    library_lands: usize,
    random: [u32; 2],
) -> usize {
    let score = |i: usize| smoothed_london_score(lands[i], hand, library, library_lands, random[i]);
    usize::from(score(0) >= score(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> Seed {
        Seed::from_bytes([7; 32])
    }

    #[test]
    fn arena2_deals_the_closest_first_on_ties() {
        // 24 lands in 60, 7 cards: 2.8 expected. 3 lands is 0.2 away, 2 lands 0.8.
        let c =
            |l: &[usize]| Smoothing::Arena2.choose(l, 7, 60, 24, &seed(), smoothing_stream(0, 0));
        assert_eq!(c(&[2, 3]), 1);
        assert_eq!(c(&[3, 2]), 0);
        assert_eq!(c(&[5, 5]), 0);
        // 3.5 expected (30 in 60): 3 and 4 tie, the first wins.
        assert_eq!(
            Smoothing::Arena2.choose(&[4, 3], 7, 60, 30, &seed(), smoothing_stream(0, 0)),
            0
        );
    }

    #[test]
    fn the_gaussian_weight_is_exp_of_minus_d_squared_over_two_sigma_squared() {
        let sigma = 0.5626f64;
        for n in [1u128, 7, 40, 53, 60, 99, 250, 1_000_000] {
            for d in (0..=8 * n).step_by((n as usize / 7).max(1)) {
                let x = d as f64 / n as f64;
                let want = (-(x * x) / (2.0 * sigma * sigma)).exp();
                let got = gaussian_weight(d, n) as f64 / 2f64.powi(60);
                assert!((got - want).abs() < 4e-12, "d/n = {d}/{n}: {got} vs {want}");
            }
        }
        assert_eq!(gaussian_weight(0, 60), 1 << 60);
        // Far away: the floor, never 0 (so that a total weight is never 0).
        assert_eq!(gaussian_weight(60 * 7, 60), 1);
        assert_eq!(gaussian_weight(u128::MAX, 60), 1);
        assert_eq!(gaussian_weight(1 << 100, 1 << 40), 1);
    }

    #[test]
    fn weighted3_deals_in_proportion_to_the_gaussian_weights() {
        // 24 lands in 60, 7 cards: 2.8 expected. 2 lands (0.8 away) against 3 (0.2 away):
        // weights exp(-0.64/0.633) = 0.3638 and exp(-0.04/0.633) = 0.9388, so the 2-land hand
        // is dealt with probability 0.2793.
        let p = (-0.64f64 / 0.633_037_52).exp();
        let q = (-0.04f64 / 0.633_037_52).exp();
        let want = p / (p + q);
        let trials = 20_000u64;
        let got = (0..trials)
            .filter(|&s| {
                Smoothing::Weighted3.choose(&[2, 3], 7, 60, 24, &seed(), smoothing_stream(s, 0))
                    == 0
            })
            .count() as f64
            / trials as f64;
        // sd = sqrt(p q / n) = 0.00317: a 6-sd band.
        assert!((got - want).abs() < 0.019, "{got} vs {want}");
        // The sub-stream is part of the address: draw 1 is not draw 0.
        let differ = (0..200u64)
            .filter(|&s| {
                Smoothing::Weighted3.choose(&[2, 3, 4], 7, 60, 24, &seed(), smoothing_stream(s, 0))
                    != Smoothing::Weighted3.choose(
                        &[2, 3, 4],
                        7,
                        60,
                        24,
                        &seed(),
                        smoothing_stream(s, 1),
                    )
            })
            .count();
        assert!(differ > 20, "{differ}");
    }

    #[test]
    fn smoothed_london_scores_are_xmages_formula_exactly() {
        // 24 lands in 60, hands of 7: deck ratio 0.4.
        let unit = |s: u128| s as f64 / (20.0 * 60.0 * 7.0 * 2f64.powi(32));
        for (lands, random) in [
            (0usize, 0u32),
            (2, 0),
            (3, 1 << 31),
            (5, u32::MAX),
            (7, 12345),
        ] {
            let want = ((0.4f64 - lands as f64 / 7.0).abs() - 0.15).max(0.0)
                + 0.3 * f64::from(random) / 2f64.powi(32);
            let got = unit(smoothed_london_score(lands, 7, 60, 24, random));
            assert!(
                (got - want).abs() < 1e-12,
                "{lands} lands, U = {random}: {got} {want}"
            );
        }
        // Within the dead zone the land count does not matter: 2 and 3 lands (ratios 0.286
        // and 0.429, within 0.15 of 0.4) both score their random term alone.
        assert_eq!(
            smoothed_london_score(2, 7, 60, 24, 99),
            smoothed_london_score(3, 7, 60, 24, 99)
        );
        assert_eq!(smoothed_london_score(3, 7, 60, 24, 0), 0);
    }

    #[test]
    fn smoothed_london_chooses_by_score_and_the_second_on_ties() {
        let c =
            |lands: [usize; 2], random: [u32; 2]| smoothed_london_choice(lands, 7, 60, 24, random);
        // Both within the dead zone: the smaller random term wins.
        assert_eq!(c([2, 3], [5, 6]), 0);
        assert_eq!(c([2, 3], [6, 5]), 1);
        // Equal scores: XMage draws the first only when it is strictly lower.
        assert_eq!(c([2, 3], [7, 7]), 1);
        // 0 lands is 0.4 - 0.15 = 0.25 past the dead zone, more than the largest random
        // term (0.3 · (2^32 - 1)/2^32) less the other's smallest, only when U is small: a
        // 0-land hand against a 3-land one wins only if 0.25 + 0.3 U0 < 0.3 U1.
        assert_eq!(c([0, 3], [0, u32::MAX]), 0);
        assert_eq!(c([0, 3], [0, 3_579_139_413]), 1); // 0.3 U1 = 0.25 - 1e-10: not enough
        assert_eq!(c([0, 3], [1 << 31, u32::MAX]), 1);
    }

    #[test]
    fn smoothed_london_random_is_one_word_of_the_smoothing_stream() {
        let w = ChaChaStream::new(&seed(), StreamId::new(DOMAIN_SMOOTHING, 3, 2)).next_u64();
        assert_eq!(
            smoothed_london_random(&seed(), smoothing_stream(3, 2)),
            [(w >> 32) as u32, w as u32]
        );
        assert_ne!(
            smoothed_london_random(&seed(), smoothing_stream(3, 2)),
            smoothed_london_random(&seed(), smoothing_stream(3, 1))
        );
    }
}
