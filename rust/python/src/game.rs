//! `Player`, `Variant`, `MulliganRule`, `Game`, `Decision`, `SeatResult`, `Match`.

use crate::cards::{Card, Deck};
use crate::convert::events_to_py;
use crate::errors::{config_error, guard, illegal, type_error};
use crate::seed::{extract_seed, type_name, Seed};
use mulligan_core::game::{Zones, MAX_MODIFIER};
use mulligan_core::{CardId, GameSetup, MatchState, PlayerSetup, Start};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString};

#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "mulligan")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum Variant {
    TWO_PLAYER,
    FREE_FOR_ALL,
    COMMANDER,
    BRAWL,
    TWO_HEADED_GIANT,
    ARCHENEMY,
    VANGUARD,
}

impl Variant {
    pub fn core(self) -> mulligan_core::Variant {
        use mulligan_core::Variant as V;
        match self {
            Variant::TWO_PLAYER => V::TwoPlayer,
            Variant::FREE_FOR_ALL => V::FreeForAll,
            Variant::COMMANDER => V::Commander,
            Variant::BRAWL => V::Brawl,
            Variant::TWO_HEADED_GIANT => V::TwoHeadedGiant,
            Variant::ARCHENEMY => V::Archenemy,
            Variant::VANGUARD => V::Vanguard,
        }
    }
}

#[pymethods]
impl Variant {
    fn __repr__(&self) -> String {
        format!("Variant.{}", self.core().name())
    }
}

#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "mulligan")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum MulliganRule {
    LONDON,
    VANCOUVER,
    PARIS,
    PARIS_SEQUENTIAL,
}

impl MulliganRule {
    pub fn core(self) -> mulligan_core::MulliganRule {
        use mulligan_core::MulliganRule as M;
        match self {
            MulliganRule::LONDON => M::London,
            MulliganRule::VANCOUVER => M::Vancouver,
            MulliganRule::PARIS => M::Paris,
            MulliganRule::PARIS_SEQUENTIAL => M::ParisSequential,
        }
    }
}

#[pymethods]
impl MulliganRule {
    fn __repr__(&self) -> String {
        format!("MulliganRule.{}", self.core().name())
    }
}

/// A player in seat order: their deck, team, and Vanguard modifiers.
#[pyclass(frozen, module = "mulligan")]
pub struct Player {
    #[pyo3(get)]
    name: String,
    #[pyo3(get)]
    deck: Py<Deck>,
    #[pyo3(get)]
    team: Option<Py<PyAny>>,
    #[pyo3(get)]
    hand_modifier: i32,
    #[pyo3(get)]
    life_modifier: i32,
    #[pyo3(get)]
    archenemy: bool,
    team_key: Option<String>,
}

#[pymethods]
impl Player {
    #[new]
    #[pyo3(signature = (name, deck, *, team = None, hand_modifier = None, life_modifier = None, archenemy = None), text_signature = "(name, deck, *, team=None, hand_modifier=0, life_modifier=0, archenemy=False)")]
    fn new(
        name: &Bound<'_, PyAny>,
        deck: &Bound<'_, PyAny>,
        team: Option<&Bound<'_, PyAny>>,
        hand_modifier: Option<&Bound<'_, PyAny>>,
        life_modifier: Option<&Bound<'_, PyAny>>,
        archenemy: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Player> {
        let name = name
            .cast::<PyString>()
            .map_err(|_| {
                type_error(format!(
                    "a player's name must be a str, got {}",
                    type_name(name)
                ))
            })?
            .to_string();
        let deck = deck
            .cast::<Deck>()
            .map_err(|_| type_error(format!("deck must be a Deck, got {}", type_name(deck))))?
            .clone()
            .unbind();
        let team = team.filter(|t| !t.is_none());
        let team_key = match team {
            None => None,
            Some(t) if t.is_instance_of::<PyString>() => {
                Some(format!("s:{}", t.cast::<PyString>()?.to_str()?))
            }
            Some(t)
                if t.is_instance_of::<PyInt>() && !t.is_instance_of::<pyo3::types::PyBool>() =>
            {
                Some(format!("i:{}", t.extract::<i128>()?))
            }
            Some(t) => {
                return Err(type_error(format!(
                    "team must be a str or an int, got {}",
                    type_name(t)
                )))
            }
        };
        let modifier = |o: Option<&Bound<'_, PyAny>>, what: &str| -> PyResult<i32> {
            let Some(o) = o else { return Ok(0) };
            if o.is_instance_of::<pyo3::types::PyBool>() {
                return Err(type_error(format!("{what} must be an int, got bool")));
            }
            o.extract::<i32>().map_err(|e| {
                if e.is_instance_of::<PyOverflowError>(o.py()) {
                    // An int too large for the core's i32 is also beyond the bound the game
                    // checks (MAX_MODIFIER): the same GameConfigError as for one that fits.
                    config_error(format!(
                        "player {name:?}: {what} {o} is out of range: a Vanguard modifier is \
                         between -{MAX_MODIFIER} and {MAX_MODIFIER}"
                    ))
                } else {
                    type_error(format!("{what} must be an int, got {}", type_name(o)))
                }
            })
        };
        let hand_modifier = modifier(hand_modifier, "hand_modifier")?;
        let life_modifier = modifier(life_modifier, "life_modifier")?;
        Ok(Player {
            name,
            deck,
            team: team.map(|t| t.clone().unbind()),
            hand_modifier,
            life_modifier,
            archenemy: match archenemy {
                None => false,
                Some(a) => a.extract::<bool>().map_err(|_| {
                    type_error(format!("archenemy must be a bool, got {}", type_name(a)))
                })?,
            },
            team_key,
        })
    }

    fn __repr__(&self) -> String {
        format!("Player({:?})", self.name)
    }
}

/// A decision outstanding now. It shows only what its player may see.
#[pyclass(frozen, module = "mulligan")]
pub struct Decision {
    #[pyo3(get)]
    kind: &'static str,
    #[pyo3(get)]
    seat: usize,
    #[pyo3(get)]
    hand: Py<PyList>,
    #[pyo3(get)]
    count: Option<usize>,
    #[pyo3(get)]
    card: Option<Py<Card>>,
    #[pyo3(get)]
    can_mulligan: bool,
    #[pyo3(get)]
    actions: Py<PyList>,
    #[pyo3(get)]
    options: Vec<usize>,
}

#[pymethods]
impl Decision {
    fn __repr__(&self, py: Python<'_>) -> String {
        let mut s = format!(
            "Decision(kind={:?}, seat={}, hand={} cards",
            self.kind,
            self.seat,
            self.hand.bind(py).len()
        );
        if let Some(c) = self.count {
            s.push_str(&format!(", count={c}"));
        }
        s.push(')');
        s
    }
}

/// One seat once the game start is done.
#[pyclass(frozen, module = "mulligan")]
pub struct SeatResult {
    #[pyo3(get)]
    seat: usize,
    #[pyo3(get)]
    name: String,
    #[pyo3(get)]
    hand: Py<PyList>,
    #[pyo3(get)]
    library_size: usize,
    #[pyo3(get)]
    life: i32,
    #[pyo3(get)]
    mulligans: u32,
    #[pyo3(get)]
    skips_first_draw: bool,
    #[pyo3(get)]
    battlefield: Py<PyList>,
    #[pyo3(get)]
    exile: Py<PyList>,
    #[pyo3(get)]
    revealed: Py<PyList>,
}

#[pymethods]
impl SeatResult {
    /// A JSON-ready dict (cards by name).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let names = |l: &Py<PyList>| -> PyResult<Vec<String>> {
            l.bind(py)
                .iter()
                .map(|c| Ok(c.cast::<Card>()?.get().inner.name.clone()))
                .collect()
        };
        let d = PyDict::new(py);
        d.set_item("seat", self.seat)?;
        d.set_item("name", &self.name)?;
        d.set_item("hand", names(&self.hand)?)?;
        d.set_item("library_size", self.library_size)?;
        d.set_item("life", self.life)?;
        d.set_item("mulligans", self.mulligans)?;
        d.set_item("skips_first_draw", self.skips_first_draw)?;
        d.set_item("battlefield", names(&self.battlefield)?)?;
        d.set_item("exile", names(&self.exile)?)?;
        d.set_item("revealed", names(&self.revealed)?)?;
        Ok(d)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "SeatResult(seat={}, name={:?}, hand={} cards, library_size={}, life={}, mulligans={}, skips_first_draw={})",
            self.seat,
            self.name,
            self.hand.bind(py).len(),
            self.library_size,
            self.life,
            self.mulligans,
            if self.skips_first_draw { "True" } else { "False" }
        )
    }
}

fn players_from(py: Python<'_>, players: &Bound<'_, PyAny>) -> PyResult<Vec<Py<Player>>> {
    if players.is_instance_of::<PyString>() {
        return Err(type_error("players must be a sequence of Player"));
    }
    let mut out = vec![];
    for item in players.try_iter().map_err(|_| {
        type_error(format!(
            "players must be a sequence of Player, got {}",
            type_name(players)
        ))
    })? {
        let item = item?;
        let p = item.cast::<Player>().map_err(|_| {
            type_error(format!(
                "players must hold only Player objects, got {}",
                type_name(&item)
            ))
        })?;
        out.push(p.clone().unbind());
    }
    let _ = py;
    Ok(out)
}

fn contributions_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Vec<u8>>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(vec![]);
    };
    if obj.is_instance_of::<pyo3::types::PyBytes>() || obj.is_instance_of::<PyString>() {
        return Err(type_error(
            "contributions must be a sequence of bytes, one per player",
        ));
    }
    let mut out = vec![];
    for item in obj
        .try_iter()
        .map_err(|_| type_error("contributions must be a sequence of bytes"))?
    {
        let item = item?;
        let b = item.cast::<pyo3::types::PyBytes>().map_err(|_| {
            type_error(format!(
                "each contribution must be bytes, got {}",
                type_name(&item)
            ))
        })?;
        out.push(b.as_bytes().to_vec());
    }
    Ok(out)
}

fn seed_or_new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<mulligan_core::Seed> {
    match seed.filter(|s| !s.is_none()) {
        Some(s) => extract_seed(s),
        None => guard(mulligan_core::Seed::generate),
    }
}

fn seat_arg(seat: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    if seat.is_instance_of::<pyo3::types::PyBool>() {
        return Err(type_error(format!("{what} must be an int, got bool")));
    }
    let s: i64 = seat
        .extract()
        .map_err(|_| type_error(format!("{what} must be an int, got {}", type_name(seat))))?;
    usize::try_from(s).map_err(|_| illegal(format!("{what} {s} is not a seat")))
}

/// The start of one game (rule 103), driven by its players' decisions.
#[pyclass(module = "mulligan")]
pub struct Game {
    core: mulligan_core::Game,
    /// Each seat's deck cards: a card id is its index in its owner's `deck.cards`.
    arenas: Vec<Vec<Py<Card>>>,
    players: Vec<Py<Player>>,
    variant: Variant,
    rule: MulliganRule,
    /// The host's seed and the players' contributions (the game seed mixes them).
    host_seed: mulligan_core::Seed,
    contributions: Vec<Vec<u8>>,
    start: Start,
}

impl Game {
    #[allow(clippy::too_many_arguments)]
    fn build(
        py: Python<'_>,
        players: Vec<Py<Player>>,
        variant: Variant,
        rule: MulliganRule,
        host_seed: mulligan_core::Seed,
        contributions: Vec<Vec<u8>>,
        start: Start,
        game_index: u64,
    ) -> PyResult<Game> {
        let seed = guard(|| host_seed.game_seed(&contributions, players.len()))?;
        // The size of the whole set-up is checked before any deck is copied.
        let cards = players.iter().fold(0usize, |total, p| {
            total.saturating_add(p.bind(py).get().deck.bind(py).get().total_cards())
        });
        guard(|| mulligan_core::game::check_size(players.len(), cards))?;
        let mut setups = vec![];
        let mut arenas = vec![];
        for p in &players {
            let p = p.bind(py).get();
            let deck = p.deck.bind(py).get();
            arenas.push(deck.cards.iter().map(|c| c.clone_ref(py)).collect());
            let mut setup = PlayerSetup::new(p.name.clone(), deck.to_core(py));
            setup.team = p.team_key.clone();
            setup.hand_modifier = p.hand_modifier;
            setup.life_modifier = p.life_modifier;
            setup.archenemy = p.archenemy;
            setups.push(setup);
        }
        let setup = GameSetup {
            players: setups,
            variant: variant.core(),
            rule: rule.core(),
            seed,
            game_index,
            start,
        };
        let core = guard(|| mulligan_core::Game::new(setup))?;
        Ok(Game {
            core,
            arenas,
            players,
            variant,
            rule,
            host_seed,
            contributions,
            start,
        })
    }

    fn objects<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        ids: &[CardId],
    ) -> PyResult<Bound<'py, PyList>> {
        PyList::new(
            py,
            ids.iter()
                .map(|&id| self.arenas[seat][id as usize].clone_ref(py)),
        )
    }

    fn seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        let s = seat_arg(seat, "seat")?;
        if s >= self.arenas.len() {
            return Err(illegal(format!(
                "there is no seat {s} in this {}-player game",
                self.arenas.len()
            )));
        }
        Ok(s)
    }

    /// The id of a Card object in `seat`'s deck.
    fn card_id(&self, seat: usize, card: &Bound<'_, PyAny>) -> PyResult<CardId> {
        let card = card
            .cast::<Card>()
            .map_err(|_| type_error(format!("expected a Card, got {}", type_name(card))))?;
        let ptr = card.as_ptr();
        self.arenas[seat]
            .iter()
            .position(|c| c.as_ptr() == ptr)
            .map(|i| i as CardId)
            .ok_or_else(|| {
                illegal(format!(
                    "{} is not a card of seat {seat}'s deck",
                    card.get().inner.name
                ))
            })
    }

    fn decisions(
        &self,
        py: Python<'_>,
        decisions: Vec<mulligan_core::Decision>,
    ) -> PyResult<Vec<Decision>> {
        decisions
            .into_iter()
            .map(|d| {
                Ok(Decision {
                    kind: d.kind.name(),
                    seat: d.seat,
                    hand: self.objects(py, d.seat, &d.hand)?.unbind(),
                    count: d.count,
                    card: d
                        .card
                        .map(|c| self.arenas[d.seat][c as usize].clone_ref(py)),
                    can_mulligan: d.can_mulligan,
                    actions: self.objects(py, d.seat, &d.actions)?.unbind(),
                    options: d.options,
                })
            })
            .collect()
    }

    fn zones_dict<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        z: &Zones,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("hand", self.objects(py, seat, &z.hand)?)?;
        d.set_item("library", self.objects(py, seat, &z.library)?)?;
        d.set_item("battlefield", self.objects(py, seat, &z.battlefield)?)?;
        d.set_item("exile", self.objects(py, seat, &z.exile)?)?;
        d.set_item("revealed", self.objects(py, seat, &z.revealed)?)?;
        Ok(d)
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (players, *, variant = Variant::TWO_PLAYER, mulligan = MulliganRule::LONDON, seed = None, starting_player = None, game_index = None, chooser = None, contributions = None), text_signature = "(players, *, variant=..., mulligan=..., seed=None, starting_player=None, game_index=0, chooser=None, contributions=None)")]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        players: &Bound<'_, PyAny>,
        variant: Variant,
        mulligan: MulliganRule,
        seed: Option<&Bound<'_, PyAny>>,
        starting_player: Option<&Bound<'_, PyAny>>,
        game_index: Option<&Bound<'_, PyAny>>,
        chooser: Option<&Bound<'_, PyAny>>,
        contributions: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let players = players_from(py, players)?;
        let seed = seed_or_new(seed)?;
        let contributions = contributions_arg(contributions)?;
        if let (Some(_), Some(_)) = (
            starting_player.filter(|s| !s.is_none()),
            chooser.filter(|c| !c.is_none()),
        ) {
            return Err(config_error("give starting_player or chooser, not both"));
        }
        let start = match (
            starting_player.filter(|s| !s.is_none()),
            chooser.filter(|c| !c.is_none()),
        ) {
            (None, Some(c)) => Start::ChosenBy(seat_arg(c, "chooser").map_err(|e| {
                if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
                    e
                } else {
                    config_error(e.value(py).to_string())
                }
            })?),
            (None, None) => Start::Random,
            (Some(s), _) => {
                let seat = seat_arg(s, "starting_player").map_err(|e| {
                    if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
                        e
                    } else {
                        config_error(e.value(py).to_string())
                    }
                })?;
                Start::Seat(seat)
            }
        };
        let index = match game_index {
            None => 0,
            Some(g) => seat_arg(g, "game_index").map_err(|e| {
                if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
                    e
                } else {
                    config_error("game_index must be at least 0")
                }
            })?,
        };
        Game::build(
            py,
            players,
            variant,
            mulligan,
            seed,
            contributions,
            start,
            index as u64,
        )
    }

    /// Everything `seat` may know now (hidden information): a dict with its own `hand`, the
    /// public facts of every seat, `events` as that player may see them, its own `pending`
    /// decisions and `waiting_for` (other seats' decisions, kind only).
    fn view<'py>(&self, py: Python<'py>, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.seat(seat)?;
        let v = guard(|| self.core.view(s))?;
        let d = PyDict::new(py);
        d.set_item("seat", v.seat)?;
        d.set_item("hand", self.objects(py, s, &v.hand)?)?;
        let seats = PyList::empty(py);
        for (i, p) in v.seats.iter().enumerate() {
            let e = PyDict::new(py);
            e.set_item("seat", i)?;
            e.set_item("hand_size", p.hand_size)?;
            e.set_item("library_size", p.library_size)?;
            e.set_item("battlefield", self.objects(py, i, &p.battlefield)?)?;
            e.set_item("exile", self.objects(py, i, &p.exile)?)?;
            e.set_item("revealed", self.objects(py, i, &p.revealed)?)?;
            e.set_item("life", p.life)?;
            e.set_item("mulligans", p.mulligans)?;
            e.set_item("kept", p.kept)?;
            seats.append(e)?;
        }
        d.set_item("seats", seats)?;
        d.set_item("starting_player", v.starting_player)?;
        d.set_item("events", events_to_py(py, &v.events)?)?;
        let pending: Vec<Decision> = self.decisions(py, v.pending)?;
        d.set_item("pending", pending)?;
        let waiting: Vec<(usize, &'static str)> =
            v.waiting_for.iter().map(|(s, k)| (*s, k.name())).collect();
        d.set_item("waiting_for", waiting)?;
        Ok(d)
    }

    /// The host seed's commitment and each contribution's, in seat order.
    #[getter]
    fn contribution_commitments(&self) -> Vec<String> {
        self.contributions
            .iter()
            .map(|c| mulligan_core::seed::contribution_commitment(c))
            .collect()
    }

    /// The players' random contributions mixed into the game seed (empty when none).
    #[getter]
    fn contributions<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, pyo3::types::PyBytes>> {
        self.contributions
            .iter()
            .map(|c| pyo3::types::PyBytes::new(py, c))
            .collect()
    }

    /// The seat given as the starting player (None when drawn or chosen).
    #[getter]
    fn given_starting_player(&self) -> Option<usize> {
        match self.start {
            Start::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// The chooser given to this game (a match's previous loser), None otherwise.
    #[getter]
    fn given_chooser(&self) -> Option<usize> {
        match self.start {
            Start::ChosenBy(c) => Some(c),
            _ => None,
        }
    }

    /// The decisions outstanding now.
    fn pending<'py>(&self, py: Python<'py>) -> PyResult<Vec<Decision>> {
        self.decisions(py, self.core.pending())
    }

    /// 103.1: `chooser` names the seat that starts (in Two-Headed Giant, that seat's team).
    fn choose_starting_player(
        &mut self,
        chooser: &Bound<'_, PyAny>,
        starting_seat: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let c = self.seat(chooser)?;
        let s = self.seat(starting_seat)?;
        let core = &mut self.core;
        guard(|| core.choose_starting_player(c, s))
    }

    /// 103.5: keep this hand.
    fn keep(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = self.seat(seat)?;
        let core = &mut self.core;
        guard(|| core.keep(s))
    }

    /// 103.5: declare a mulligan.
    fn mulligan(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = self.seat(seat)?;
        let core = &mut self.core;
        guard(|| core.mulligan(s))
    }

    /// 103.5b: use a card "any time you could mulligan" (Serum Powder).
    fn mulligan_action(
        &mut self,
        seat: &Bound<'_, PyAny>,
        card: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let s = self.seat(seat)?;
        let c = self.card_id(s, card)?;
        let core = &mut self.core;
        guard(|| core.mulligan_action(s, c))
    }

    /// 103.5 (London): put exactly `count` cards on the bottom; the sequence is their
    /// top-to-bottom order (401.4).
    fn bottom(&mut self, seat: &Bound<'_, PyAny>, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = self.seat(seat)?;
        let given = crate::cards::card_list(cards, "cards")?;
        let ids = given
            .iter()
            .map(|c| self.card_id(s, c.as_any()))
            .collect::<PyResult<Vec<_>>>()?;
        let core = &mut self.core;
        guard(|| core.bottom(s, &ids))
    }

    /// Vancouver: put the top card on the bottom (`bottom=True`) or leave it.
    fn vancouver(&mut self, seat: &Bound<'_, PyAny>, bottom: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = self.seat(seat)?;
        let b: bool = bottom
            .extract()
            .map_err(|_| type_error(format!("bottom must be a bool, got {}", type_name(bottom))))?;
        let core = &mut self.core;
        guard(|| core.vancouver(s, b))
    }

    /// 103.6: use an opening-hand card (Gemstone Caverns also needs `exile=` another card).
    #[pyo3(signature = (seat, card, *, exile = None))]
    fn opening_hand_action(
        &mut self,
        seat: &Bound<'_, PyAny>,
        card: &Bound<'_, PyAny>,
        exile: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let s = self.seat(seat)?;
        let c = self.card_id(s, card)?;
        let x = match exile.filter(|e| !e.is_none()) {
            Some(e) => Some(self.card_id(s, e)?),
            None => None,
        };
        let core = &mut self.core;
        guard(|| core.opening_hand_action(s, c, x))
    }

    /// 103.6: take no more opening-hand actions.
    fn pass_actions(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = self.seat(seat)?;
        let core = &mut self.core;
        guard(|| core.pass_actions(s))
    }

    #[getter]
    fn done(&self) -> bool {
        self.core.done()
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
        self.variant
    }

    #[getter]
    fn mulligan_rule(&self) -> MulliganRule {
        self.rule
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
        self.host_seed.commitment()
    }

    /// Every step so far, in order: dicts with "type" and "rule".
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        events_to_py(py, self.core.events())
    }

    fn hand<'py>(&self, py: Python<'py>, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let s = self.seat(seat)?;
        let hand = guard(|| self.core.hand(s).map(|h| h.to_vec()))?;
        self.objects(py, s, &hand)
    }

    /// Every zone of a seat (hand, library top first, battlefield, exile, revealed): the full
    /// state, for hosts and tests, not for players.
    fn zones<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let s = self.seat(seat)?;
        let z = guard(|| self.core.zones(s))?;
        self.zones_dict(py, s, &z)
    }

    /// Each seat's outcome (raises IllegalActionError before `done`).
    fn result(&self, py: Python<'_>) -> PyResult<Vec<SeatResult>> {
        let results = guard(|| self.core.result())?;
        results
            .into_iter()
            .map(|r| {
                Ok(SeatResult {
                    seat: r.seat,
                    name: r.name,
                    hand: self.objects(py, r.seat, &r.hand)?.unbind(),
                    library_size: r.library_size,
                    life: r.life,
                    mulligans: r.mulligans,
                    skips_first_draw: r.skips_first_draw,
                    battlefield: self.objects(py, r.seat, &r.battlefield)?.unbind(),
                    exile: self.objects(py, r.seat, &r.exile)?.unbind(),
                    revealed: self.objects(py, r.seat, &r.revealed)?.unbind(),
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
            self.arenas.len(),
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

/// Several games between the same players (103.1): the loser of each game chooses who starts
/// the next; after a draw, the previous chooser chooses again.
#[pyclass(module = "mulligan")]
pub struct Match {
    players: Vec<Py<Player>>,
    variant: Variant,
    rule: MulliganRule,
    seed: mulligan_core::Seed,
    state: MatchState,
    current: Option<Py<Game>>,
}

#[pymethods]
impl Match {
    #[new]
    #[pyo3(signature = (players, *, variant = Variant::TWO_PLAYER, mulligan = MulliganRule::LONDON, seed = None), text_signature = "(players, *, variant=..., mulligan=..., seed=None)")]
    fn new(
        py: Python<'_>,
        players: &Bound<'_, PyAny>,
        variant: Variant,
        mulligan: MulliganRule,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Match> {
        let players = players_from(py, players)?;
        let seed = seed_or_new(seed)?;
        let state = MatchState::new(players.len());
        Ok(Match {
            players,
            variant,
            rule: mulligan,
            seed,
            state,
            current: None,
        })
    }

    /// The next game (game k of the match uses `game_index=k`).
    fn new_game(&mut self, py: Python<'_>) -> PyResult<Py<Game>> {
        let mut state = self.state.clone();
        let (index, start) = guard(|| state.begin_game())?;
        let players = self.players.iter().map(|p| p.clone_ref(py)).collect();
        let game = Game::build(
            py,
            players,
            self.variant,
            self.rule,
            self.seed.clone(),
            vec![],
            start,
            index,
        )?;
        let game = Py::new(py, game)?;
        self.state = state;
        self.current = Some(game.clone_ref(py));
        Ok(game)
    }

    /// Ends the game in progress: `loser=seat`, or `loser=None` for a draw.
    #[pyo3(signature = (*, loser = None))]
    fn record_result(&mut self, py: Python<'_>, loser: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let Some(game) = &self.current else {
            return Err(illegal(
                "no game of this match is in progress: call new_game first",
            ));
        };
        let game = game.bind(py).borrow();
        let loser = match loser.filter(|l| !l.is_none()) {
            Some(l) => Some(seat_arg(l, "loser")?),
            None => None,
        };
        // The chooser of this game (or, in Archenemy where nobody chooses, its starting player).
        let Some(chooser) = game
            .core
            .chooser()
            .filter(|_| game.core.starting_player().is_some())
            .or(game
                .core
                .starting_player()
                .filter(|_| game.core.chooser().is_none()))
        else {
            return Err(illegal(
                "the starting player of this game has not been chosen yet",
            ));
        };
        drop(game);
        let state = &mut self.state;
        guard(|| state.record_result(chooser, loser))?;
        self.current = None;
        Ok(())
    }

    #[getter]
    fn games_played(&self) -> u64 {
        self.state.games_played()
    }

    /// Who chooses the starting player of the next game (None before game 1: a random draw).
    #[getter]
    fn next_chooser(&self) -> Option<usize> {
        self.state.next_chooser()
    }

    #[getter]
    fn commitment(&self) -> String {
        self.seed.commitment()
    }

    #[getter]
    fn seed(&self) -> Seed {
        Seed {
            inner: self.seed.clone(),
        }
    }
}
