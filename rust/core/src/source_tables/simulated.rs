//! The simulated sources table: the procedure played out game by game, each shuffle a
//! Fisher-Yates over the deck (701.24a) read from the seed's library streams, so a seed gives
//! the same table on any machine and any number of threads. Each source count runs its own
//! games; each game answers every turn and every cost at once.

use super::exact::Kinds;
use super::procedure::{bottom_lands, Procedure};
use crate::rng::ShuffleWords;
use crate::seed::Seed;
use crate::shuffle::fisher_yates_prefix;

/// The counts one source count gives, turn by turn (index 0 is turn 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnCounts {
    /// Games played.
    pub games: u64,
    /// Games holding at least `t` lands by turn `t`.
    pub land_drops: Vec<u64>,
    /// `[t - 1][c]`: of those, games holding at least `c` lands of the colour.
    pub hits: Vec<Vec<u64>>,
}

const GOOD: u8 = 0;
const OTHER: u8 = 1;
const SPELL: u8 = 2;

/// Plays `games` games of `deck` under `procedure` (`drawn[t - 1]` cards drawn after the keep
/// by turn `t`); game `i` shuffles library stream `(first + i) << 8`, round `r` its shuffle `r`.
pub fn turn_counts(
    procedure: &Procedure,
    deck: Kinds,
    drawn: &[usize],
    seed: &Seed,
    first: u64,
    games: u64,
) -> TurnCounts {
    let turns = drawn.len();
    let mut out = TurnCounts {
        games,
        land_drops: vec![0; turns],
        hits: (1..=turns).map(|t| vec![0; t + 1]).collect(),
    };
    let sorted: Vec<u8> = [(GOOD, deck.good), (OTHER, deck.other), (SPELL, deck.spells)]
        .iter()
        .flat_map(|&(k, n)| std::iter::repeat_n(k, n))
        .collect();
    let most = drawn.iter().copied().max().unwrap_or(0) + 1;
    let mut cards = sorted.clone();
    for i in 0..games {
        let index = (first + i) << 8;
        let mut kept = None;
        for (r, round) in procedure.rounds.iter().enumerate() {
            cards.copy_from_slice(&sorted);
            let mut rng = ShuffleWords::new(seed, index, r as u32);
            fisher_yates_prefix(&mut cards, round.draw + most, &mut rng);
            let hand = &cards[..round.draw];
            let good = hand.iter().filter(|&&c| c == GOOD).count();
            let other = hand.iter().filter(|&&c| c == OTHER).count();
            let lands = round.kept_lands[good + other];
            if round.keep[lands] {
                let (good, other) = bottom_lands(good, other, good + other - lands);
                let mut next = round.draw;
                if let Some(look) = &round.look {
                    let top = cards[next];
                    if look[lands][usize::from(top != SPELL)] {
                        next += 1;
                    }
                }
                kept = Some((good, other, next));
                break;
            }
        }
        let Some((good, other, next)) = kept else {
            continue;
        };
        for (t, &d) in drawn.iter().enumerate() {
            let library = &cards[next..next + d];
            let g = good + library.iter().filter(|&&c| c == GOOD).count();
            let l = g + other + library.iter().filter(|&&c| c == OTHER).count();
            if l > t {
                out.land_drops[t] += 1;
                for c in 0..=g.min(t + 1) {
                    out.hits[t][c] += 1;
                }
            }
        }
    }
    out
}
