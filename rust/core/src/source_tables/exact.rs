//! The exact sources table: sums over the hypergeometric distribution, no sampling. Every
//! mulligan shuffles the whole deck again (103.5, 701.24a), so the rounds are independent: a
//! round's seven cards are one multivariate hypergeometric draw of (lands of the colour, other
//! lands, spells), the chance of reaching a round is the product of the earlier rounds' chances
//! of a mulligan, and the cards drawn after the keep are a second multivariate hypergeometric
//! draw from what the hand left in the library (cards put on the bottom are below every card
//! drawn, since the deck never runs that low: see [`super::Request::validate`]).

use super::procedure::{bottom_lands, Procedure};
use crate::deck_profile::hypergeometric::binomial;

/// A deck by kind of card: lands that add the colour, other lands, the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kinds {
    /// Lands (or sources) of the colour.
    pub good: usize,
    /// Other lands.
    pub other: usize,
    /// Every other card.
    pub spells: usize,
}

impl Kinds {
    /// The cards in all.
    pub fn total(&self) -> usize {
        self.good + self.other + self.spells
    }
}

/// What one source count gives, turn by turn (index 0 is turn 1).
#[derive(Debug, Clone, PartialEq)]
pub struct TurnOdds {
    /// The chance of holding at least `t` lands by turn `t` (the land drops hit).
    pub land_drops: Vec<f64>,
    /// `[t - 1][c]`: the chance of holding at least `t` lands of which at least `c` add the
    /// colour, by turn `t` (`c` in `0..=t`).
    pub hits: Vec<Vec<f64>>,
}

/// A hand kept: its weight, its lands of the colour and other lands, the library below it,
/// and Vancouver's look at its top card (`[top is a land]`: put it on the bottom?).
struct Kept {
    weight: f64,
    good: usize,
    other: usize,
    library: Kinds,
    look: Option<[bool; 2]>,
}

/// Calls `f(good, other, p)` for every draw of `n` cards from `library`.
fn draws(library: Kinds, n: usize, f: &mut impl FnMut(usize, usize, f64)) {
    let total = binomial(library.total(), n);
    for g in 0..=n.min(library.good) {
        let pg = binomial(library.good, g);
        for o in 0..=(n - g).min(library.other) {
            let s = n - g - o;
            if s > library.spells {
                continue;
            }
            f(
                g,
                o,
                pg * binomial(library.other, o) * binomial(library.spells, s) / total,
            );
        }
    }
}

/// The kept hands of `procedure` for `deck`, with their chances.
fn kept_hands(procedure: &Procedure, deck: Kinds) -> Vec<Kept> {
    let mut out = vec![];
    let mut reach = 1.0;
    for round in &procedure.rounds {
        let mut go_on = 0.0;
        draws(deck, round.draw, &mut |g, o, p| {
            let lands = g + o;
            let kept = round.kept_lands[lands];
            if round.keep[kept] {
                let (good, other) = bottom_lands(g, o, lands - kept);
                out.push(Kept {
                    weight: reach * p,
                    good,
                    other,
                    library: Kinds {
                        good: deck.good - g,
                        other: deck.other - o,
                        spells: deck.spells - (round.draw - lands),
                    },
                    look: round.look.as_ref().map(|l| l[kept]),
                });
            } else {
                go_on += p;
            }
        });
        reach *= go_on;
        if reach == 0.0 {
            break;
        }
    }
    out
}

/// The table's column for one deck: `drawn[t - 1]` cards drawn after the keep by turn `t`.
pub fn turn_odds(procedure: &Procedure, deck: Kinds, drawn: &[usize]) -> TurnOdds {
    let turns = drawn.len();
    let mut odds = TurnOdds {
        land_drops: vec![0.0; turns],
        hits: (1..=turns).map(|t| vec![0.0; t + 1]).collect(),
    };
    let kept = kept_hands(procedure, deck);
    for (i, &d) in drawn.iter().enumerate() {
        let t = i + 1;
        let (drops, hits) = (&mut odds.land_drops[i], &mut odds.hits[i]);
        let mut add = |good: usize, lands: usize, p: f64| {
            if lands >= t {
                *drops += p;
                hits[good.min(t)] += p;
            }
        };
        for k in &kept {
            let lands = k.good + k.other;
            match k.look {
                Some(look) if d > 0 => {
                    // The top card, then the rest of the library below it.
                    let n = k.library.total() as f64;
                    let kinds = [
                        (k.library.good, 1, 0),
                        (k.library.other, 0, 1),
                        (k.library.spells, 0, 0),
                    ];
                    for (count, tg, to) in kinds {
                        if count == 0 {
                            continue;
                        }
                        let w = k.weight * count as f64 / n;
                        let rest = Kinds {
                            good: k.library.good - tg,
                            other: k.library.other - to,
                            spells: k.library.spells - (1 - tg - to),
                        };
                        if look[usize::from(tg + to == 1)] {
                            draws(rest, d, &mut |g, o, p| {
                                add(k.good + g, lands + g + o, w * p)
                            });
                        } else {
                            draws(rest, d - 1, &mut |g, o, p| {
                                add(k.good + g + tg, lands + g + o + tg + to, w * p)
                            });
                        }
                    }
                }
                _ => draws(k.library, d, &mut |g, o, p| {
                    add(k.good + g, lands + g + o, k.weight * p)
                }),
            }
        }
        // Cumulative: at least `c` of the colour.
        for c in (0..t).rev() {
            hits[c] += hits[c + 1];
        }
    }
    odds
}
