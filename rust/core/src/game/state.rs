//! The state of a game start (rule 103): its seats, the phase it is in, the events and answers
//! so far; [`Game::new`] sets it up and runs it to the first decision, and the queries read it.
//! The steps live in modules of their own, one per rule: `starting_player` (103.1), `set_aside`
//! (103.2, 103.3), `life` (103.4), `mulligan` (103.5), `vancouver`, `opening_hand_actions`
//! (103.6), `first_draw` (103.8).

use super::answer::Answer;
use super::decision::DecisionKind;
use super::seat::{Seat, SetAside};
use super::setup::{GameSetup, SetupRecord, Start};
use super::validate::validate;
use crate::card::{Card, CardId};
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use crate::house::HouseRules;
use crate::library::Library;
use crate::rules::{cite, free_first_mulligan, starting_hand_size, MulliganRule, Step, Variant};
use crate::seed::Seed;

/// Where a game start is: the decision it waits for, and who still has to answer it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Phase {
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

/// A game start under rule 103, driven by the players' answers to its [`Decision`](crate::game::Decision)s.
#[derive(Debug, Clone)]
pub struct Game {
    pub(super) variant: Variant,
    pub(super) rule: MulliganRule,
    pub(super) seed: Seed,
    pub(super) game_index: u64,
    pub(super) seats: Vec<Seat>,
    pub(super) free_first: bool,
    /// Table options.
    pub(super) house: HouseRules,
    pub(super) starting: Option<usize>,
    pub(super) chooser: Option<usize>,
    pub(super) shuffled: bool,
    pub(super) phase: Phase,
    pub(super) events: Vec<Event>,
    /// The set-up as given (its seed left out), for `setup_record` and replay.
    pub(super) setup: SetupRecord,
    /// The answers applied so far, in order.
    pub(super) answers: Vec<Answer>,
    /// The id of each pending decision, by seat and kind.
    pub(super) decision_ids: Vec<(usize, DecisionKind, u64)>,
    pub(super) next_decision_id: u64,
    /// A whole game's table phase, once its start is done (`whole_game`).
    pub(super) table: Option<crate::table::Table>,
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
            table: None,
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

    pub(super) fn seat(&self, seat: usize) -> Result<&Seat> {
        self.seats.get(seat).ok_or_else(|| {
            Error::illegal(format!(
                "there is no seat {seat} in this {}-player game",
                self.seats.len()
            ))
        })
    }

    pub(super) fn emit(&mut self, step: Step, kind: EventKind) {
        self.events.push(Event::new(cite(self.rule, step), kind));
    }
}
