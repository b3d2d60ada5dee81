//! What is simulated ([`Config`]: one player's mulligans with a deck size and a rule) and
//! what comes out: one [`Outcome`] per game, or streaming [`Counts`].

use super::policy::MAX_HAND;
use crate::error::{Error, Result};
use crate::house::HouseRules;
use crate::rules::{MulliganRule, BASE_HAND_SIZE};

/// What is being simulated: one player's mulligans with this deck size and rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// The mulligan era (103.5 and its predecessors).
    pub rule: MulliganRule,
    /// 103.5c: the first mulligan is free (multiplayer, Brawl).
    pub free_first: bool,
    /// The opening hand size (103.5: seven, or a Vanguard's modified size).
    pub hand_size: usize,
    /// The cards in the library before the opening draw.
    pub deck_size: usize,
    /// Table options that are not the rules (docs/VARIANTS.md): free mulligans and the land
    /// redraw run on the count kernels; smoothing plays each game as a `Game`.
    pub house: HouseRules,
}

impl Config {
    /// A run under `rule` alone with a deck of `deck_size` cards: 103.5's seven-card hand, no
    /// free first mulligan (103.5c), no table option.
    pub fn rules(rule: MulliganRule, deck_size: usize) -> Config {
        Config {
            house: HouseRules::default(),
            rule,
            free_first: false,
            hand_size: BASE_HAND_SIZE as usize,
            deck_size,
        }
    }

    /// Checks the sizes the engine handles: hands of at most [`MAX_HAND`] cards, decks of at
    /// most 2^31 - 1.
    pub fn validate(&self) -> Result<()> {
        if self.hand_size > MAX_HAND {
            return Err(Error::config(format!(
                "the bulk engine handles hands of at most {MAX_HAND} cards"
            )));
        }
        if self.deck_size > u32::MAX as usize / 2 {
            return Err(Error::config("the deck is too large"));
        }
        self.house.validate()?;
        self.house.check_rule(self.rule)?;
        Ok(())
    }

    /// The cards of the first hand drawn ([`MulliganRule::hand_step`]): the hand size, and
    /// Houston's three more.
    pub fn first_draw(&self) -> usize {
        self.rule
            .hand_step(self.hand_size, 0, 0, self.free_total())
            .draw
    }

    /// Free mulligans in all: 103.5c's first one where the run has it, then the table's.
    pub fn free_total(&self) -> u32 {
        u32::from(self.free_first) + self.house.free_mulligans
    }

    /// The most mulligans one game can take (the index range of the mulligan histogram).
    pub fn max_mulligans(&self) -> usize {
        let free = self.free_total() as usize;
        match self.rule {
            // Houston and NONE keep: only free mulligans.
            MulliganRule::Houston | MulliganRule::NoMulligan => free,
            // 7, 6, 6, 5, 5, …: two counted mulligans per card, the last to an empty hand.
            MulliganRule::CanadianHighlander => (2 * self.hand_size).saturating_sub(1) + free,
            _ => self.hand_size + free,
        }
    }
}

/// One simulated game: the kept hand's size and lands, mulligans taken (free ones included),
/// and whether Vancouver's look put the top card on the bottom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The kept hand's size.
    pub hand_size: u8,
    /// The lands in the kept hand.
    pub lands: u8,
    /// Mulligans taken, free ones included.
    pub mulligans: u8,
    /// Vancouver: the scry put the top card on the bottom.
    pub vancouver_bottom: bool,
}

/// Streaming counts: memory independent of the number of games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    /// Games counted.
    pub games: u64,
    /// `(hand_size + 1) x (hand_size + 1)`, row-major: `[size][lands]`.
    pub hand_lands: Vec<u64>,
    /// Index: mulligans taken.
    pub mulligans: Vec<u64>,
    /// Games whose Vancouver scry put the top card on the bottom.
    pub vancouver_bottomed: u64,
    /// The opening hand size of the configuration counted.
    pub hand_size: usize,
}

/// Where a pass over a block's games puts them: a kept game is counted in `counts` and, when
/// `per_game` is given, written at its slot; a game that takes the no-land/all-land redraw is
/// listed in `redraws`, to be played again from its next shuffle.
pub(crate) struct Sink<'s, 'o> {
    pub(crate) counts: &'s mut Counts,
    pub(crate) per_game: &'s mut Option<&'o mut [Outcome]>,
    pub(crate) redraws: &'s mut Vec<u32>,
}

impl<'o> Sink<'_, 'o> {
    /// The same sink, borrowed for one call.
    #[inline(always)]
    pub(crate) fn reborrow(&mut self) -> Sink<'_, 'o> {
        Sink {
            counts: &mut *self.counts,
            per_game: &mut *self.per_game,
            redraws: &mut *self.redraws,
        }
    }

    /// The game at `slot` kept with outcome `o`.
    #[inline(always)]
    pub(crate) fn kept(&mut self, slot: u32, o: Outcome) {
        self.counts.add(&o);
        if let Some(out) = self.per_game.as_deref_mut() {
            out[slot as usize] = o;
        }
    }
}

impl Counts {
    /// No games yet, for this configuration.
    pub fn new(cfg: &Config) -> Self {
        let h = cfg.hand_size + 1;
        Counts {
            games: 0,
            hand_lands: vec![0; h * h],
            mulligans: vec![0; cfg.max_mulligans() + 1],
            vancouver_bottomed: 0,
            hand_size: cfg.hand_size,
        }
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, o: &Outcome) {
        self.record(
            usize::from(o.hand_size),
            usize::from(o.lands),
            usize::from(o.mulligans),
            o.vancouver_bottom,
        );
    }

    #[inline(always)]
    pub(crate) fn record(
        &mut self,
        size: usize,
        lands: usize,
        mulligans: usize,
        vancouver_bottom: bool,
    ) {
        self.games += 1;
        self.hand_lands[size * (self.hand_size + 1) + lands] += 1;
        self.mulligans[mulligans] += 1;
        self.vancouver_bottomed += u64::from(vancouver_bottom);
    }

    /// Adds another run's counts (of other games of the same configuration).
    pub fn merge(&mut self, other: &Counts) -> Result<()> {
        if other.hand_size != self.hand_size || other.mulligans.len() != self.mulligans.len() {
            return Err(Error::config(
                "cannot merge the counts of different configurations",
            ));
        }
        self.games += other.games;
        for (a, b) in self.hand_lands.iter_mut().zip(&other.hand_lands) {
            *a += b;
        }
        for (a, b) in self.mulligans.iter_mut().zip(&other.mulligans) {
            *a += b;
        }
        self.vancouver_bottomed += other.vancouver_bottomed;
        Ok(())
    }

    /// Games kept at each hand size.
    pub fn kept_by_size(&self) -> Vec<u64> {
        self.hand_lands
            .chunks(self.hand_size + 1)
            .map(|row| row.iter().sum())
            .collect()
    }

    /// The mean size of the kept hands (0 without games).
    pub fn mean_hand_size(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        let total: u64 = self
            .kept_by_size()
            .iter()
            .enumerate()
            .map(|(s, n)| s as u64 * n)
            .sum();
        total as f64 / self.games as f64
    }
}
