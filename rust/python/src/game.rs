//! `Game`: the start of one game (rule 103, `mulligan_core::game`). Every rule, check and
//! record shape is the core's: this file parses arguments, calls the core and converts.

use crate::args::{Count, Flag, Index, Keywords, Of, Text};
use crate::card::{Card, Cards};
use crate::convert::{events_to_py, py_to_record, record_to_py};
use crate::decision::{Decision, SeatResult};
use crate::errors::{busy, guard};
pub use crate::rules::{MulliganRule, Named, Variant};
use crate::seat_cards::SeatCards;
use crate::seed::{seed_or_new, Contributions, Seed, SeedArg};
use crate::setup::{players_from, Player};
use mulligan_core::{Answer, SetupRecord, SetupRequest};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyType};

/// The keywords `Game` takes, in its signature's order.
const KEYWORDS: &[&str] = &[
    "variant",
    "mulligan",
    "seed",
    "starting_player",
    "game_index",
    "chooser",
    "contributions",
    "free_mulligans",
    "land_mulligan",
    "smoothing",
    "smoothing_candidates",
    "whole_game",
];

/// The game, mutably, once every argument has been read: a game another call is using (from
/// another thread, or from inside an argument's iteration) is busy, a `MulliganError`.
fn borrow_mut<'py>(slf: &Bound<'py, Game>) -> PyResult<PyRefMut<'py, Game>> {
    slf.try_borrow_mut().map_err(|_| busy("Game"))
}

/// The start of one game (rule 103), driven by its players' decisions.
#[pyclass(module = "mulligan")]
pub struct Game {
    pub core: mulligan_core::Game,
    /// The Card objects of each seat, by card id.
    seat_cards: SeatCards,
    players: Vec<Py<Player>>,
    /// The host's seed and the players' contributions (the game seed mixes them).
    host_seed: mulligan_core::Seed,
    contributions: Vec<Vec<u8>>,
}

impl Game {
    /// A game from its request (players as `Player` objects), the host's seed and the
    /// players' contributions (the game seed mixes them).
    pub fn build(
        py: Python<'_>,
        request: SetupRequest<Py<Player>>,
        host_seed: mulligan_core::Seed,
        contributions: Vec<Vec<u8>>,
    ) -> PyResult<Game> {
        let players: Vec<Py<Player>> = request.players.iter().map(|p| p.clone_ref(py)).collect();
        let seed = guard(|| host_seed.game_seed(&contributions, players.len()))?;
        // The size of the whole set-up is checked before any deck is copied.
        let cards = players.iter().fold(0usize, |total, p| {
            total.saturating_add(p.bind(py).get().deck.bind(py).get().total_cards())
        });
        guard(|| mulligan_core::game::check_size(players.len(), cards))?;
        let core = guard(|| {
            request
                .try_map_players(|_, p| Ok(p.bind(py).get().to_core(py)))?
                .game(seed)
        })?;
        Game::wrap(py, core, players, host_seed, contributions)
    }

    /// Attaches Card objects to a core game ([`SeatCards`]).
    fn wrap(
        py: Python<'_>,
        core: mulligan_core::Game,
        players: Vec<Py<Player>>,
        host_seed: mulligan_core::Seed,
        contributions: Vec<Vec<u8>>,
    ) -> PyResult<Game> {
        Ok(Game {
            core,
            seat_cards: SeatCards::new(py, &players)?,
            players,
            host_seed,
            contributions,
        })
    }

    fn decision(&self, py: Python<'_>, d: mulligan_core::Decision) -> PyResult<Decision> {
        Ok(Decision {
            hand: self.seat_cards.objects(py, d.seat, &d.hand)?.unbind(),
            card: d
                .card
                .as_ref()
                .and_then(|c| self.seat_cards.deck(d.seat)?.get(c.id as usize))
                .map(|c| c.clone_ref(py)),
            actions: self.seat_cards.objects(py, d.seat, &d.actions)?.unbind(),
            inner: d,
        })
    }

    /// The host seed's commitment (what a log's header publishes).
    pub fn host_commitment(&self) -> String {
        self.host_seed.commitment()
    }

    /// Each contribution's commitment, in seat order.
    pub fn contribution_commitment_list(&self) -> Vec<String> {
        self.contributions
            .iter()
            .map(|c| mulligan_core::seed::contribution_commitment(c))
            .collect()
    }

    fn answer(&mut self, answer: Answer) -> PyResult<()> {
        let core = &mut self.core;
        guard(|| core.apply(answer))
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (players, **keywords), text_signature = "(players, *, variant=..., mulligan=..., seed=None, starting_player=None, game_index=0, chooser=None, contributions=None, free_mulligans=0, land_mulligan=False, smoothing=None, smoothing_candidates=None, whole_game=False)")]
    fn new(
        py: Python<'_>,
        players: &Bound<'_, PyAny>,
        keywords: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Game> {
        let keywords = Keywords::new("Game", keywords, KEYWORDS)?;
        // The core's set-up request, filled from the keywords (docs/schema.json
        // `SetupRequest`); its players are the `Player` objects.
        let small = |c: Count| u32::try_from(c.get()).unwrap_or(u32::MAX);
        let mut request = SetupRequest::new(vec![]);
        if let Some(Named(variant)) = keywords.get("variant")? {
            request.variant = variant;
        }
        if let Some(Named(rule)) = keywords.get("mulligan")? {
            request.mulligan = rule;
        }
        let seed = keywords.get::<SeedArg>("seed")?;
        request.starting_player = keywords.get::<Count>("starting_player")?.map(|s| s.size());
        request.game_index = keywords.get::<Count>("game_index")?.map_or(0, |g| g.get());
        request.chooser = keywords.get::<Count>("chooser")?.map(|c| c.size());
        let contributions = keywords.get::<Contributions>("contributions")?;
        request.house.free_mulligans = keywords.get::<Count>("free_mulligans")?.map_or(0, small);
        request.house.land_mulligan = keywords.get::<Flag>("land_mulligan")?.is_some_and(|f| f.0);
        if let Some(name) = keywords.get::<Text>("smoothing")? {
            request.house.smoothing = Some(guard(|| mulligan_core::Smoothing::parse(&name.0))?);
        }
        request.house.smoothing_candidates =
            keywords.get::<Count>("smoothing_candidates")?.map(small);
        request.whole_game = keywords.get::<Flag>("whole_game")?.is_some_and(|f| f.0);
        guard(|| request.house())?;
        request.players = players_from(players)?;
        let seed = seed_or_new(seed)?;
        guard(|| request.start())?;
        Game::build(
            py,
            request,
            seed,
            contributions.map_or_else(Vec::new, |c| c.0),
        )
    }

    /// Rebuilds a game from its set-up (`game.setup()`'s dict), the host's seed, the players'
    /// contributions and the answers given (`game.answers`), in order: the same events,
    /// zones, decision ids and pending decisions as the original.
    #[classmethod]
    #[pyo3(signature = (setup, answers, *, seed, contributions = None))]
    fn replay(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        setup: &Bound<'_, PyAny>,
        answers: &Bound<'_, PyAny>,
        seed: SeedArg,
        contributions: Option<Contributions>,
    ) -> PyResult<Game> {
        let record: SetupRecord = py_to_record(setup, "setup")?;
        let answers: Vec<Answer> = py_to_record(answers, "answers")?;
        let host_seed = seed.0;
        let contributions = contributions.map_or_else(Vec::new, |c| c.0);
        let players = record
            .players
            .iter()
            .map(|p| Py::new(py, Player::from_record(py, p.clone())?))
            .collect::<PyResult<Vec<_>>>()?;
        let core = guard(|| {
            let seed = host_seed.game_seed(&contributions, record.players.len())?;
            record.game(seed)?.replay_answers(&answers)
        })?;
        Game::wrap(py, core, players, host_seed, contributions)
    }

    /// The set-up as a JSON-ready dict, its seed left out (the shape of a log header's
    /// set-up; `Game.replay` takes it back).
    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        record_to_py(py, self.core.setup_record())
    }

    /// Every answer applied so far, in order, as JSON-ready dicts (`{"type": "keep", "seat":
    /// 0}`, …): what `game.apply` and `Game.replay` take.
    #[getter]
    fn answers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        record_to_py(py, self.core.answers())
    }

    /// Applies one answer given as a dict (`{"type": "bottom", "seat": 0, "cards": [3, 5]}`;
    /// cards by id): the same as calling the method of that name.
    fn apply(slf: &Bound<'_, Self>, answer: &Bound<'_, PyAny>) -> PyResult<()> {
        let answer: Answer = py_to_record(answer, "answer")?;
        borrow_mut(slf)?.answer(answer)
    }

    /// Seat `seat`'s deck cards, indexed by card id (a record's `{"id": i}` is `cards(seat)[i]`).
    fn cards<'py>(&self, py: Python<'py>, seat: Index) -> PyResult<Bound<'py, PyList>> {
        let s = self.seat_cards.seat(seat)?;
        PyList::new(
            py,
            self.seat_cards
                .deck(s)
                .into_iter()
                .flatten()
                .map(|c| c.clone_ref(py)),
        )
    }

    /// Everything `seat` may know now (hidden information), as a JSON-ready dict: its own
    /// `hand`, the public facts of every seat, `events` as that player may see them, its own
    /// `pending` decisions and `waiting_for` (other seats' decisions, kind only).
    /// `events_after=k`: only the events after the first `k`, for a caller that keeps those it
    /// has (an event as a seat sees it never changes), so that a long game's view costs what
    /// its new events cost rather than converting every event again.
    #[pyo3(signature = (seat, *, events_after = None))]
    fn view<'py>(
        &self,
        py: Python<'py>,
        seat: Index,
        events_after: Option<Index>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let s = self.seat_cards.seat(seat)?;
        let k = events_after.map_or(0, |k| k.size());
        let v = guard(|| self.core.view_after(s, k))?;
        record_to_py(py, &v)
    }

    /// The host seed's commitment and each contribution's, in seat order.
    #[getter]
    fn contribution_commitments(&self) -> Vec<String> {
        self.contribution_commitment_list()
    }

    /// The players' random contributions mixed into the game seed (empty when none).
    #[getter]
    fn contributions<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyBytes>> {
        self.contributions
            .iter()
            .map(|c| PyBytes::new(py, c))
            .collect()
    }

    /// The seat given as the starting player (None when drawn or chosen).
    #[getter]
    fn given_starting_player(&self) -> Option<usize> {
        self.core.start().starting_player()
    }

    /// The chooser given to this game (a match's previous loser), None otherwise.
    #[getter]
    fn given_chooser(&self) -> Option<usize> {
        self.core.start().chooser()
    }

    /// The decisions outstanding now.
    fn pending(&self, py: Python<'_>) -> PyResult<Vec<Decision>> {
        self.core
            .pending()
            .into_iter()
            .map(|d| self.decision(py, d))
            .collect()
    }

    /// 103.1: `chooser` names the seat that starts (in Two-Headed Giant, that seat's team).
    fn choose_starting_player(
        slf: &Bound<'_, Self>,
        chooser: Index,
        starting_seat: Index,
    ) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let chooser = game.seat_cards.seat(chooser)?;
        let starting_seat = game.seat_cards.seat(starting_seat)?;
        game.answer(Answer::ChooseStartingPlayer {
            chooser,
            starting_seat,
        })
    }

    /// 103.5: keep this hand.
    fn keep(slf: &Bound<'_, Self>, seat: Index) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        game.answer(Answer::Keep { seat })
    }

    /// 103.5: declare a mulligan.
    fn mulligan(slf: &Bound<'_, Self>, seat: Index) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        game.answer(Answer::Mulligan { seat })
    }

    /// Commander partial Paris (`MulliganRule.PARTIAL_PARIS`): exile these cards from hand
    /// face down and draw one fewer; they are shuffled back once this player keeps.
    fn partial_mulligan(slf: &Bound<'_, Self>, seat: Index, cards: Cards<'_>) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        let cards = game.seat_cards.card_ids(seat, &cards)?;
        game.answer(Answer::PartialMulligan { seat, cards })
    }

    /// The no-land/all-land redraw (`land_mulligan=True`, not the rules): reveal a first hand
    /// of no lands or only lands, shuffle it back and draw a new one; once per game.
    fn land_mulligan(slf: &Bound<'_, Self>, seat: Index) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        game.answer(Answer::LandMulligan { seat })
    }

    /// 103.5b: use a card "any time you could mulligan" (Serum Powder).
    fn mulligan_action(slf: &Bound<'_, Self>, seat: Index, card: Of<'_, Card>) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        let card = game.seat_cards.card_id(seat, &card.0)?;
        game.answer(Answer::MulliganAction { seat, card })
    }

    /// 103.5 (London): put exactly `count` cards on the bottom; the sequence is their
    /// top-to-bottom order (401.4). The cards are read before the game is touched.
    fn bottom(slf: &Bound<'_, Self>, seat: Index, cards: Cards<'_>) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        let cards = game.seat_cards.card_ids(seat, &cards)?;
        game.answer(Answer::Bottom { seat, cards })
    }

    /// Vancouver: put the top card on the bottom (`bottom=True`) or leave it.
    fn vancouver(slf: &Bound<'_, Self>, seat: Index, bottom: Flag) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        game.answer(Answer::Vancouver {
            seat,
            bottom: bottom.0,
        })
    }

    /// 103.6: use an opening-hand card (Gemstone Caverns also needs `exile=` another card).
    #[pyo3(signature = (seat, card, *, exile = None))]
    fn opening_hand_action(
        slf: &Bound<'_, Self>,
        seat: Index,
        card: Of<'_, Card>,
        exile: Option<Of<'_, Card>>,
    ) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        let card = game.seat_cards.card_id(seat, &card.0)?;
        let exile = match exile {
            Some(e) => Some(game.seat_cards.card_id(seat, &e.0)?),
            None => None,
        };
        game.answer(Answer::OpeningHandAction { seat, card, exile })
    }

    /// 103.6: take no more opening-hand actions.
    fn pass_actions(slf: &Bound<'_, Self>, seat: Index) -> PyResult<()> {
        let mut game = borrow_mut(slf)?;
        let seat = game.seat_cards.seat(seat)?;
        game.answer(Answer::PassActions { seat })
    }

    #[getter]
    fn done(&self) -> bool {
        self.core.done()
    }

    /// The game is over and its seed may be revealed: a whole game once the host called
    /// `end()`, any other game once its start is done (the same as `done`).
    #[getter]
    fn ended(&self) -> bool {
        self.core.ended()
    }

    /// Whether this game goes on after 103.8 until the host's `end()`.
    #[getter]
    fn whole_game(&self) -> bool {
        self.core.whole_game()
    }

    /// A whole game, after 103.8: one action record on `seat`'s zones (`{"action": "draw",
    /// "count": 1}`, docs/API.md), by that seat, or by the host (`host=True`, naming the seat
    /// that looks with `looker` for a search or look of another seat's library). Checked in
    /// full first: an illegal action raises and changes nothing. Returns the events it added
    /// (every card shown: a host's record; `view(seat)` gives what a player may see).
    #[pyo3(signature = (seat, action, *, host = false, looker = None))]
    fn act<'py>(
        slf: &Bound<'py, Self>,
        seat: Index,
        action: &Bound<'py, PyAny>,
        host: bool,
        looker: Option<Index>,
    ) -> PyResult<Bound<'py, PyList>> {
        let mut game = borrow_mut(slf)?;
        crate::table::act(slf.py(), &mut game.core, seat, action, host, looker)
    }

    /// The host ends a whole game: no more actions, and its seed may be revealed (the log's
    /// `reveal`). Returns the events it added.
    fn end<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let mut game = borrow_mut(slf)?;
        crate::table::end(slf.py(), &mut game.core)
    }

    /// Every event as nobody at the table sees it (a host's or spectator's stream): hidden
    /// cards as counts for every seat, as in `view`; `events_after=k` as there.
    #[pyo3(signature = (*, events_after = None))]
    fn public_events<'py>(
        &self,
        py: Python<'py>,
        events_after: Option<Index>,
    ) -> PyResult<Bound<'py, PyList>> {
        crate::table::public_events(py, &self.core, events_after.map_or(0, |k| k.size()))
    }

    /// The public table, the host's view (`PublicView`): every seat's public facts and
    /// counters, the events as nobody at the table sees them, every pending decision's id,
    /// seat and kind, the open reveals; never a card of a hand, a library or an open search or
    /// look. `events_after=k` as in `view`.
    #[pyo3(signature = (*, events_after = None))]
    fn public_view<'py>(
        &self,
        py: Python<'py>,
        events_after: Option<Index>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let v = self
            .core
            .public_view_after(events_after.map_or(0, |k| k.size()));
        record_to_py(py, &v)
    }

    #[getter]
    fn starting_player(&self) -> Option<usize> {
        self.core.starting_player()
    }

    /// The seat that chose the starting player, if one did.
    #[getter]
    fn chooser(&self) -> Option<usize> {
        self.core.chooser()
    }

    #[getter]
    fn variant(&self) -> Variant {
        Variant::of(self.core.variant())
    }

    #[getter]
    fn mulligan_rule(&self) -> MulliganRule {
        MulliganRule::of(self.core.rule())
    }

    #[getter]
    fn game_index(&self) -> u64 {
        self.core.game_index()
    }

    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> Vec<Py<Player>> {
        self.players.iter().map(|p| p.clone_ref(py)).collect()
    }

    /// The host's seed (reveal it after the game). With contributions, the game's streams use
    /// `seed.mix(contributions)`.
    #[getter]
    fn seed(&self) -> Seed {
        Seed {
            inner: self.host_seed.clone(),
        }
    }

    /// The commitment to this game's seed (publish it before the game).
    #[getter]
    fn commitment(&self) -> String {
        self.host_commitment()
    }

    /// Every step so far, in order: dicts with "type" and "rule".
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        events_to_py(py, self.core.events())
    }

    fn hand<'py>(&self, py: Python<'py>, seat: Index) -> PyResult<Bound<'py, PyList>> {
        let s = self.seat_cards.seat(seat)?;
        let z = guard(|| self.core.zones(s))?;
        self.seat_cards.objects(py, s, &z.hand)
    }

    /// Every zone of a seat (hand, library top first, battlefield, exile, revealed) as lists
    /// of Card objects: the full state, for hosts and tests, not for players.
    fn zones<'py>(&self, py: Python<'py>, seat: Index) -> PyResult<Bound<'py, PyDict>> {
        let s = self.seat_cards.seat(seat)?;
        let z = guard(|| self.core.zones(s))?;
        let d = PyDict::new(py);
        d.set_item("hand", self.seat_cards.objects(py, s, &z.hand)?)?;
        d.set_item("library", self.seat_cards.objects(py, s, &z.library)?)?;
        d.set_item(
            "battlefield",
            self.seat_cards.objects(py, s, &z.battlefield)?,
        )?;
        d.set_item("exile", self.seat_cards.objects(py, s, &z.exile)?)?;
        d.set_item("revealed", self.seat_cards.objects(py, s, &z.revealed)?)?;
        if self.core.whole_game() {
            for (key, cards) in [
                ("graveyard", &z.graveyard),
                ("command", &z.command),
                ("stack", &z.stack),
                ("face_down_exile", &z.face_down_exile),
                ("outside", &z.outside),
            ] {
                d.set_item(key, self.seat_cards.objects(py, s, cards)?)?;
            }
        }
        Ok(d)
    }

    /// Each seat's outcome (raises IllegalActionError before `done`).
    fn result(&self, py: Python<'_>) -> PyResult<Vec<SeatResult>> {
        let results = guard(|| self.core.result())?;
        results
            .into_iter()
            .map(|r| {
                let s = r.seat;
                Ok(SeatResult {
                    hand: self.seat_cards.objects(py, s, &r.hand)?.unbind(),
                    battlefield: self.seat_cards.objects(py, s, &r.battlefield)?.unbind(),
                    exile: self.seat_cards.objects(py, s, &r.exile)?.unbind(),
                    revealed: self.seat_cards.objects(py, s, &r.revealed)?.unbind(),
                    inner: r,
                })
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        let pending: Vec<String> = self
            .core
            .pending()
            .iter()
            .map(|d| format!("seat {} {}", d.seat, d.kind.name()))
            .collect();
        format!(
            "Game({} players, {:?}, {:?}, {})",
            self.seat_cards.seats(),
            self.core.variant().name(),
            self.core.rule().name(),
            if self.core.done() {
                "done".to_string()
            } else {
                format!("pending: {}", pending.join(", "))
            }
        )
    }
}
