//! The start of a game (rule 103) as a decision-driven state machine.
//!
//! [`Game::new`] runs every step that needs no decision and stops at the first question;
//! [`Game::pending`] lists the questions outstanding now; each answer (`keep`, `mulligan`,
//! `bottom`, …) is validated in full first and only then applied, so an illegal answer returns
//! [`Error::IllegalAction`] and changes nothing. Every step appends an [`Event`].
//!
//! Order of steps: starting player (103.1) → set-up (103.2a, b, c, each step for every player
//! before the next) → shuffle (103.3) → life (103.4) → draw (103.5) → mulligan rounds →
//! [Vancouver look] → opening-hand actions (103.6) → who skips the first draw (103.8). Eras
//! before London set up and shuffle before choosing the starting player (seed 002: 101.1, then
//! 101.2).
//!
//! Randomness: seat `s` of game index `g` owns library stream `g << 8 | s`; the chooser of the
//! starting player is drawn from the starting-player stream of index `g` (see [`crate::seed`]).

mod answer;
mod decision;
mod flow;
mod setup;
mod smoothing;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_records;
#[cfg(test)]
mod tests_smoothing;
#[cfg(test)]
mod tests_variants;
mod variants;
mod view;

pub use answer::Answer;
pub use decision::{Decision, DecisionKind};
pub use setup::{PlayerRecord, SetupRecord, Team};
pub use view::{PublicSeat, View, Waiting};

use crate::card::{tags, Card, CardId, CardRef};
use crate::deck::{DeckList, MAX_DECK_CARDS};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::house::HouseRules;
use crate::library::Library;
use crate::rules::{
    free_first_mulligan, starting_hand_size, MulliganRule, Variant, BASE_HAND_SIZE,
};
use crate::seed::Seed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Games per seed: the game index fills the top 48 bits of a library stream.
pub const MAX_GAME_INDEX: u64 = (1 << 48) - 1;
/// Seats per game: the seat fills the low 8 bits of a library stream.
pub const MAX_PLAYERS: usize = 256;
/// The cards of one game in all (every seat's deck, sideboard, commanders and companions
/// together): two decks at [`MAX_DECK_CARDS`]. Not a rule: a bound on the memory a set-up may
/// ask for, checked by [`check_size`] before any deck is copied.
pub const MAX_GAME_CARDS: usize = 2 * MAX_DECK_CARDS;

/// Checks the size of a set-up before anything is copied: at most [`MAX_PLAYERS`] players and
/// [`MAX_GAME_CARDS`] cards in all. A host calls it with the counts it has seen so far (for
/// example after each deck it parses), so that a set-up too large is refused before it is
/// built; [`Game::new`] calls it again.
pub fn check_size(players: usize, cards: usize) -> Result<()> {
    if players > MAX_PLAYERS {
        return Err(Error::config(format!(
            "at most {MAX_PLAYERS} players, got {players}"
        )));
    }
    if cards > MAX_GAME_CARDS {
        return Err(Error::config(format!(
            "a game holds at most {MAX_GAME_CARDS} cards in all (every player's deck, \
             sideboard, commanders and companions together), got {cards} or more"
        )));
    }
    Ok(())
}
/// The largest Vanguard modifier, hand or life, in size: a bound that keeps every hand size and
/// life total far from overflow (a whole Two-Headed Giant team of [`MAX_PLAYERS`] at this bound
/// still fits an `i32`), not a rule; printed Vanguard avatars have single-digit modifiers.
pub const MAX_MODIFIER: i32 = 1_000_000;

/// One player as set up, in seat order.
#[derive(Debug, Clone)]
pub struct PlayerSetup {
    /// The player's name, as events and results show it.
    pub name: String,
    /// The deck: its main deck becomes the library (103.2).
    pub deck: DeckList,
    /// Two-Headed Giant: the team (810.1); `None` in other variants.
    pub team: Option<Team>,
    /// Vanguard: added to the hand size (103.5a).
    pub hand_modifier: i32,
    /// Vanguard: added to the starting life total (103.4).
    pub life_modifier: i32,
    /// Archenemy: this player is the archenemy, who goes first (103.1b).
    pub archenemy: bool,
}

impl PlayerSetup {
    /// A player with this name and deck, no team, no modifiers, not the archenemy.
    pub fn new(name: impl Into<String>, deck: DeckList) -> Self {
        PlayerSetup {
            name: name.into(),
            deck,
            team: None,
            hand_modifier: 0,
            life_modifier: 0,
            archenemy: false,
        }
    }
}

/// How the starting player is determined (103.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// A fair random draw picks who chooses.
    Random,
    /// This seat starts (decided outside the engine).
    Seat(usize),
    /// This seat chooses (the loser of the previous game of a match).
    ChosenBy(usize),
}

/// Everything a game start is built from: the same set-up always gives the same game.
#[derive(Debug, Clone)]
pub struct GameSetup {
    /// The players, in seat order.
    pub players: Vec<PlayerSetup>,
    /// The variant (player counts, life, free mulligans).
    pub variant: Variant,
    /// The mulligan era.
    pub rule: MulliganRule,
    /// The game seed every shuffle and random choice derives from (701.24a).
    pub seed: Seed,
    /// Which game of the seed this is (each game reads its own streams).
    pub game_index: u64,
    /// How the starting player is determined (103.1).
    pub start: Start,
    /// Table options that are not the rules (all off by default).
    pub house: HouseRules,
}

/// Everything in one seat's zones, for hosts and tests (a god view: not for players).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Zones {
    /// The hand.
    pub hand: Vec<CardRef>,
    /// The library, top first.
    pub library: Vec<CardRef>,
    /// The battlefield (103.6a).
    pub battlefield: Vec<CardRef>,
    /// Exile (103.5b, Gemstone Caverns).
    pub exile: Vec<CardRef>,
    /// Cards revealed from the opening hand (103.6b), still in hand.
    pub revealed: Vec<CardRef>,
}

/// A seat once the game start is done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatResult {
    /// The seat.
    pub seat: usize,
    /// The player's name.
    pub name: String,
    /// The opening hand.
    pub hand: Vec<CardRef>,
    /// Cards left in the library.
    pub library_size: usize,
    /// Starting life (103.4).
    pub life: i32,
    /// Mulligans taken, free ones included.
    pub mulligans: u32,
    /// Whether this player skips the draw of their first turn (103.8).
    pub skips_first_draw: bool,
    /// The battlefield (103.6a).
    pub battlefield: Vec<CardRef>,
    /// Exile.
    pub exile: Vec<CardRef>,
    /// Cards revealed from the opening hand (103.6b).
    pub revealed: Vec<CardRef>,
}

#[derive(Debug, Clone)]
struct Seat {
    name: String,
    set_aside: SetAside,
    cards: Vec<Card>,
    team: usize,
    archenemy: bool,
    hand_size: usize,
    life_modifier: i32,
    library: Library,
    hand: Vec<CardId>,
    battlefield: Vec<CardId>,
    exile: Vec<CardId>,
    revealed: Vec<CardId>,
    mulligans: u32,
    counted: u32,
    kept: bool,
    to_bottom: usize,
    life: i32,
    skips_first_draw: bool,
    /// The no-land/all-land redraw was taken.
    land_redraw_used: bool,
    /// Partial Paris: cards exiled face down, shuffled back once the player keeps.
    partial: Vec<CardId>,
    /// Partial Paris: the cards a declared mulligan will exile (None: the whole hand).
    pending_exile: Option<Vec<CardId>>,
}

impl Seat {
    fn card_ref(&self, id: CardId) -> CardRef {
        CardRef {
            id,
            name: self.cards[id as usize].name.clone(),
        }
    }
    fn refs(&self, ids: &[CardId]) -> Vec<CardRef> {
        ids.iter().map(|&id| self.card_ref(id)).collect()
    }
    fn has(&self, id: CardId, tag: &str) -> bool {
        self.cards.get(id as usize).is_some_and(|c| c.has_tag(tag))
    }
    /// 103.5: a player may mulligan until their opening hand would be zero cards. In the
    /// eras that draw one fewer card each time (seeds 002/003: "until the hand size reaches
    /// zero cards"), a hand of zero cards, which a short library can bring early, is final too.
    ///
    /// Houston and NONE keep their hand: only free mulligans (`free`) can be taken there.
    /// Canadian Highlander: until the next hand would be zero cards (7, 6, 6, 5, 5, …).
    fn can_mulligan(&self, rule: MulliganRule, free: u32) -> bool {
        rule.hand_step(self.hand_size, self.mulligans, self.counted, free)
            .can_mulligan
            && (rule.draws_full_hand() || !self.hand.is_empty())
    }

    fn lands_in(&self, ids: &[CardId]) -> usize {
        ids.iter()
            .filter(|&&c| self.cards.get(c as usize).is_some_and(|k| k.land))
            .count()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    ChooseStarting {
        chooser: usize,
    },
    Declare {
        slots: Vec<Vec<usize>>,
        slot: usize,
        waiting: Vec<usize>,
        mulligans: Vec<usize>,
    },
    Bottom {
        waiting: Vec<usize>,
    },
    Vancouver {
        queue: Vec<usize>,
    },
    Actions {
        slots: Vec<Vec<usize>>,
        slot: usize,
        waiting: Vec<usize>,
    },
    Done,
}

/// A game start under rule 103, driven by the players' answers to its [`Decision`]s.
#[derive(Debug, Clone)]
pub struct Game {
    variant: Variant,
    rule: MulliganRule,
    seed: Seed,
    game_index: u64,
    seats: Vec<Seat>,
    free_first: bool,
    /// Table options.
    house: HouseRules,
    starting: Option<usize>,
    chooser: Option<usize>,
    shuffled: bool,
    phase: Phase,
    events: Vec<Event>,
    /// The set-up as given (its seed left out), for `setup_record` and replay.
    setup: SetupRecord,
    /// The answers applied so far, in order.
    answers: Vec<Answer>,
    /// The id of each pending decision, by seat and kind.
    decision_ids: Vec<(usize, DecisionKind, u64)>,
    next_decision_id: u64,
}

impl Game {
    /// Sets the game up and runs it to its first decision.
    pub fn new(setup: GameSetup) -> Result<Game> {
        let teams = validate(&setup)?;
        let record = SetupRecord::of(&setup);
        let n = setup.players.len();
        let mut seats = Vec::with_capacity(n);
        for (i, p) in setup.players.into_iter().enumerate() {
            let hand_size =
                starting_hand_size(p.hand_modifier).expect("validate checked the hand modifier");
            let ids: Vec<CardId> = (0..p.deck.main.len() as CardId).collect();
            let library =
                Library::new(ids, setup.seed.clone(), (setup.game_index << 8) | i as u64)?;
            seats.push(Seat {
                set_aside: SetAside::of(&p.deck),
                name: p.name,
                cards: p.deck.main,
                team: teams[i],
                archenemy: p.archenemy,
                hand_size,
                life_modifier: p.life_modifier,
                library,
                hand: vec![],
                battlefield: vec![],
                exile: vec![],
                revealed: vec![],
                mulligans: 0,
                counted: 0,
                kept: false,
                to_bottom: 0,
                life: 0,
                skips_first_draw: false,
                land_redraw_used: false,
                partial: vec![],
                pending_exile: None,
            });
        }
        let mut game = Game {
            variant: setup.variant,
            rule: setup.rule,
            seed: setup.seed,
            game_index: setup.game_index,
            free_first: free_first_mulligan(setup.variant, n),
            house: setup.house,
            seats,
            starting: None,
            chooser: None,
            shuffled: false,
            phase: Phase::Done,
            events: vec![],
            setup: record,
            answers: vec![],
            decision_ids: vec![],
            next_decision_id: 0,
        };
        game.begin(setup.start);
        game.renumber_decisions(None);
        Ok(game)
    }

    // ----- queries -------------------------------------------------------------------------

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The mulligan era.
    pub fn rule(&self) -> MulliganRule {
        self.rule
    }
    /// The table options this game uses.
    pub fn house_rules(&self) -> HouseRules {
        self.house
    }
    /// The game seed.
    pub fn seed(&self) -> &Seed {
        &self.seed
    }
    /// Which game of the seed this is.
    pub fn game_index(&self) -> u64 {
        self.game_index
    }
    /// The number of players.
    pub fn players(&self) -> usize {
        self.seats.len()
    }
    /// Every event so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// The game start is over: every hand is kept and the first draw is decided (103.8).
    pub fn done(&self) -> bool {
        self.phase == Phase::Done
    }
    /// The starting player's seat, once determined (103.1).
    pub fn starting_player(&self) -> Option<usize> {
        self.starting
    }
    /// The seat that chose the starting player (None when it was given or is the archenemy).
    pub fn chooser(&self) -> Option<usize> {
        self.chooser
    }
    /// The cards of `seat`'s deck; a [`CardId`] indexes them.
    pub fn cards(&self, seat: usize) -> Result<&[Card]> {
        Ok(&self.seat(seat)?.cards)
    }
    /// The cards in `seat`'s hand.
    pub fn hand(&self, seat: usize) -> Result<&[CardId]> {
        Ok(&self.seat(seat)?.hand)
    }
    /// `seat`'s hand size for this game (103.5a: seven, adjusted by Vanguard).
    pub fn hand_size(&self, seat: usize) -> Result<usize> {
        Ok(self.seat(seat)?.hand_size)
    }
    /// Every zone of `seat` that holds cards, as card references.
    pub fn zones(&self, seat: usize) -> Result<Zones> {
        let s = self.seat(seat)?;
        Ok(Zones {
            hand: s.refs(&s.hand),
            library: s.refs(s.library.cards()),
            battlefield: s.refs(&s.battlefield),
            exile: s.refs(&s.exile),
            revealed: s.refs(&s.revealed),
        })
    }

    /// The set-up this game was made from, its seed left out (the log header's set-up).
    pub fn setup_record(&self) -> &SetupRecord {
        &self.setup
    }

    /// How the starting player was given to this game (103.1).
    pub fn start(&self) -> Start {
        Start::given(self.setup.starting_player, self.setup.chooser).unwrap_or(Start::Random)
    }

    /// The seat whose choice of starting player counts for a match (103.1): the chooser, or,
    /// where nobody chose (Archenemy, a given starting player), the seat that starts. None
    /// until the starting player is known.
    pub fn match_chooser(&self) -> Option<usize> {
        let starting = self.starting?;
        Some(self.chooser.unwrap_or(starting))
    }

    fn seat(&self, seat: usize) -> Result<&Seat> {
        self.seats.get(seat).ok_or_else(|| {
            Error::illegal(format!(
                "there is no seat {seat} in this {}-player game",
                self.seats.len()
            ))
        })
    }

    /// The decisions outstanding now, each with its id.
    pub fn pending(&self) -> Vec<Decision> {
        let mut pending = self.pending_unnumbered();
        for d in &mut pending {
            d.id = self
                .decision_ids
                .iter()
                .find(|(s, k, _)| *s == d.seat && *k == d.kind)
                .map_or(0, |&(_, _, id)| id);
        }
        pending
    }

    /// Gives each pending decision its id: a decision that was pending before keeps it, unless
    /// its seat just answered; every other one gets the next unused id.
    fn renumber_decisions(&mut self, answered: Option<usize>) {
        let old = std::mem::take(&mut self.decision_ids);
        for d in self.pending_unnumbered() {
            let kept = old
                .iter()
                .find(|(s, k, _)| *s == d.seat && *k == d.kind && Some(d.seat) != answered);
            let id = match kept {
                Some(&(_, _, id)) => id,
                None => {
                    self.next_decision_id += 1;
                    self.next_decision_id
                }
            };
            self.decision_ids.push((d.seat, d.kind, id));
        }
    }

    fn pending_unnumbered(&self) -> Vec<Decision> {
        match &self.phase {
            Phase::ChooseStarting { chooser } => {
                let seat = &self.seats[*chooser];
                let mut d = Decision::new(
                    DecisionKind::ChooseStartingPlayer,
                    *chooser,
                    seat.refs(&seat.hand),
                );
                d.options = (0..self.seats.len()).collect();
                vec![d]
            }
            Phase::Declare { waiting, .. } => waiting
                .iter()
                .map(|&s| {
                    let seat = &self.seats[s];
                    let mut d =
                        Decision::new(DecisionKind::KeepOrMulligan, s, seat.refs(&seat.hand));
                    d.can_mulligan = seat.can_mulligan(self.rule, self.free_total());
                    d.can_land_mulligan = self.can_land_mulligan(s);
                    let actions: Vec<CardId> = seat
                        .hand
                        .iter()
                        .copied()
                        .filter(|&c| seat.has(c, tags::MULLIGAN_ACTION))
                        .collect();
                    d.actions = seat.refs(&actions);
                    d
                })
                .collect(),
            Phase::Bottom { waiting } => waiting
                .iter()
                .map(|&s| {
                    let seat = &self.seats[s];
                    let mut d = Decision::new(DecisionKind::Bottom, s, seat.refs(&seat.hand));
                    d.count = Some(seat.to_bottom);
                    d
                })
                .collect(),
            Phase::Vancouver { queue } => {
                let s = queue[0];
                let seat = &self.seats[s];
                let mut d = Decision::new(DecisionKind::Vancouver, s, seat.refs(&seat.hand));
                d.card = seat.library.cards().first().map(|&c| seat.card_ref(c));
                vec![d]
            }
            Phase::Actions { waiting, .. } => waiting
                .iter()
                .map(|&s| {
                    let seat = &self.seats[s];
                    let mut d =
                        Decision::new(DecisionKind::OpeningHandAction, s, seat.refs(&seat.hand));
                    d.actions = seat.refs(&self.usable_actions(s));
                    d
                })
                .collect(),
            Phase::Done => vec![],
        }
    }

    /// Each seat's outcome; an error until the game start is done.
    pub fn result(&self) -> Result<Vec<SeatResult>> {
        if !self.done() {
            return Err(Error::illegal(format!(
                "the game start is not done yet: {}",
                describe_pending(&self.pending())
            )));
        }
        Ok(self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatResult {
                seat: i,
                name: s.name.clone(),
                hand: s.refs(&s.hand),
                library_size: s.library.len(),
                life: s.life,
                mulligans: s.mulligans,
                skips_first_draw: s.skips_first_draw,
                battlefield: s.refs(&s.battlefield),
                exile: s.refs(&s.exile),
                revealed: s.refs(&s.revealed),
            })
            .collect())
    }
}

/// 103.2a–c: what stays out of a seat's library, until the set-up steps report it. The
/// set-aside cards' ids follow the main deck's: sideboard, then commanders, then companions
/// ([`CardId`]).
#[derive(Debug, Clone, Default)]
struct SetAside {
    sideboard: Vec<CardRef>,
    companions: Vec<CardRef>,
    commanders: Vec<CardRef>,
}

impl SetAside {
    fn of(deck: &DeckList) -> SetAside {
        let refs = |first: usize, cards: &[Card]| -> Vec<CardRef> {
            cards
                .iter()
                .enumerate()
                .map(|(i, c)| CardRef {
                    id: (first + i) as CardId,
                    name: c.name.clone(),
                })
                .collect()
        };
        let sideboard = deck.main.len();
        let commanders = sideboard + deck.sideboard.len();
        let companions = commanders + deck.commanders.len();
        SetAside {
            sideboard: refs(sideboard, &deck.sideboard),
            companions: refs(companions, &deck.companions),
            commanders: refs(commanders, &deck.commanders),
        }
    }
}

fn describe_pending(pending: &[Decision]) -> String {
    if pending.is_empty() {
        return "nothing is pending".into();
    }
    let parts: Vec<String> = pending
        .iter()
        .map(|d| format!("seat {} ({})", d.seat, d.kind.name()))
        .collect();
    format!("pending: {}", parts.join(", "))
}

/// Checks the set-up; returns each seat's team index.
fn validate(setup: &GameSetup) -> Result<Vec<usize>> {
    let n = setup.players.len();
    let v = setup.variant;
    let name = v.name();
    v.check_players(n)?;
    setup.house.validate()?;
    setup.house.check_rule(setup.rule)?;
    let cards = setup.players.iter().fold(0usize, |total, p| {
        total.saturating_add(p.deck.total_cards())
    });
    check_size(n, cards)?;
    if setup.game_index > MAX_GAME_INDEX {
        return Err(Error::config(format!(
            "game_index is at most 2^48 - 1, got {}",
            setup.game_index
        )));
    }
    for (i, p) in setup.players.iter().enumerate() {
        let who = format!("seat {i} ({:?})", p.name);
        for (what, m) in [
            ("hand_modifier", p.hand_modifier),
            ("life_modifier", p.life_modifier),
        ] {
            if m.unsigned_abs() > MAX_MODIFIER.unsigned_abs() {
                return Err(Error::config(format!(
                    "{who}: {what} {m} is out of range: a Vanguard modifier is between \
                     -{MAX_MODIFIER} and {MAX_MODIFIER}"
                )));
            }
        }
        if starting_hand_size(p.hand_modifier).is_none() {
            return Err(Error::config(format!(
                "{who}: a hand modifier of {} makes the starting hand size {} (103.5a: 7 plus \
                 or minus the modifier), which cannot be negative",
                p.hand_modifier,
                i64::from(BASE_HAND_SIZE) + i64::from(p.hand_modifier)
            )));
        }
        if p.deck.total_cards() > MAX_DECK_CARDS {
            return Err(Error::config(format!(
                "{who}: the deck holds {} cards, more than the {MAX_DECK_CARDS} a deck may hold",
                p.deck.total_cards()
            )));
        }
        if p.archenemy && v != Variant::Archenemy {
            return Err(Error::config(format!(
                "seat {i} is an archenemy, but the game is {name}, not ARCHENEMY"
            )));
        }
    }
    let archenemies: Vec<usize> = (0..n).filter(|&i| setup.players[i].archenemy).collect();
    if v == Variant::Archenemy && archenemies.len() != 1 {
        return Err(Error::config(format!(
            "an ARCHENEMY game needs exactly one player with archenemy=True, got {}",
            archenemies.len()
        )));
    }
    match setup.start {
        Start::Seat(s) | Start::ChosenBy(s) if s >= n => {
            return Err(Error::config(format!(
                "starting seat {s} is not a seat of this {n}-player game"
            )));
        }
        Start::Seat(s) if v == Variant::Archenemy && s != archenemies[0] => {
            return Err(Error::config(format!(
                "in an ARCHENEMY game the archenemy (seat {}) starts (103.1b), not seat {s}",
                archenemies[0]
            )));
        }
        _ => {}
    }
    match v {
        Variant::TwoHeadedGiant => team_indices(setup),
        Variant::Archenemy => Ok((0..n)
            .map(|i| usize::from(!setup.players[i].archenemy))
            .collect()),
        _ => Ok((0..n).collect()),
    }
}

/// Two-Headed Giant teams: every player names a team, teammates sit in adjacent seats (805.1),
/// at least two teams of at least two players, every team of the same size (810.11: the
/// starting life is per team, 30 plus 15 for each player beyond two).
fn team_indices(setup: &GameSetup) -> Result<Vec<usize>> {
    let mut names: Vec<&Team> = vec![];
    let mut teams = vec![];
    for (i, p) in setup.players.iter().enumerate() {
        let Some(team) = p.team.as_ref() else {
            return Err(Error::config(format!(
                "seat {i} has no team: every TWO_HEADED_GIANT player needs one"
            )));
        };
        let index = match names.iter().position(|t| *t == team) {
            Some(t) if teams.last() != Some(&t) => {
                return Err(Error::config(format!(
                    "team {team} is not in adjacent seats (805.1): seat {i} is apart from its teammates"
                )));
            }
            Some(t) => t,
            None => {
                names.push(team);
                names.len() - 1
            }
        };
        teams.push(index);
    }
    if names.len() < 2 {
        return Err(Error::config(
            "a TWO_HEADED_GIANT game needs at least two teams",
        ));
    }
    let size_of = |t: usize| teams.iter().filter(|&&x| x == t).count();
    for (t, team) in names.iter().enumerate() {
        let size = size_of(t);
        if size < 2 {
            return Err(Error::config(format!(
                "team {team} has {size} player; each team needs at least 2"
            )));
        }
        if size != size_of(0) {
            return Err(Error::config(format!(
                "team {team:?} has {size} players and team {:?} has {}: every \
                 TWO_HEADED_GIANT team has the same number of players (810.11)",
                names[0],
                size_of(0)
            )));
        }
    }
    Ok(teams)
}
