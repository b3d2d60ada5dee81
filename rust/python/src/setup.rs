//! `Player`: one seat of a set-up (`mulligan_core::game::setup`), and building the players of
//! a `SetupRecord`.

use crate::args::{objects, type_name, Flag, Int, Of, SetUp, Text};
use crate::card::new_card;
use crate::deck::Deck;
use crate::errors::{config_error, type_error};
use mulligan_core::game::{PlayerRecord, MAX_MODIFIER, MAX_PLAYERS};
use mulligan_core::{PlayerSetup, Team};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

/// A player in seat order: their deck, team, and Vanguard modifiers.
#[pyclass(frozen, module = "mulligan")]
pub struct Player {
    #[pyo3(get)]
    pub name: String,
    #[pyo3(get)]
    pub deck: Py<Deck>,
    #[pyo3(get)]
    pub team: Option<Py<PyAny>>,
    #[pyo3(get)]
    pub hand_modifier: i32,
    #[pyo3(get)]
    pub life_modifier: i32,
    #[pyo3(get)]
    pub archenemy: bool,
    pub core_team: Option<Team>,
}

impl Player {
    /// The core's set-up of this player.
    pub fn to_core(&self, py: Python<'_>) -> PlayerSetup {
        let mut setup = PlayerSetup::new(self.name.clone(), self.deck.bind(py).get().to_core(py));
        setup.team = self.core_team.clone();
        setup.hand_modifier = self.hand_modifier;
        setup.life_modifier = self.life_modifier;
        setup.archenemy = self.archenemy;
        setup
    }

    /// A player (with new Card objects) from a set-up record's player.
    pub fn from_record(py: Python<'_>, p: PlayerRecord) -> PyResult<Player> {
        let cards = |v: Vec<mulligan_core::Card>| -> PyResult<Vec<Py<crate::card::Card>>> {
            v.into_iter().map(|c| new_card(py, c)).collect()
        };
        let deck = Deck {
            cards: cards(p.deck)?,
            sideboard: cards(p.sideboard)?,
            commanders: cards(p.commanders)?,
            companions: cards(p.companions)?,
            warnings: vec![],
            source: None,
            format: None,
            unknown: vec![],
            suggestions: vec![],
        };
        let team = match &p.team {
            None => None,
            Some(Team::Name(s)) => Some(PyString::new(py, s).into_any().unbind()),
            Some(Team::Number(n)) => Some(n.into_pyobject(py)?.into_any().unbind()),
        };
        Ok(Player {
            name: p.name,
            deck: Py::new(py, deck)?,
            team,
            hand_modifier: p.hand_modifier,
            life_modifier: p.life_modifier,
            archenemy: p.archenemy,
            core_team: p.team,
        })
    }
}

#[pymethods]
impl Player {
    #[new]
    #[pyo3(signature = (name, deck, *, team = None, hand_modifier = None, life_modifier = None, archenemy = None), text_signature = "(name, deck, *, team=None, hand_modifier=0, life_modifier=0, archenemy=False)")]
    fn new(
        name: Text<SetUp>,
        deck: Of<'_, Deck>,
        team: Option<&Bound<'_, PyAny>>,
        hand_modifier: Option<Int<SetUp>>,
        life_modifier: Option<Int<SetUp>>,
        archenemy: Option<Flag>,
    ) -> PyResult<Player> {
        let name = name.into_string();
        let team = team.filter(|t| !t.is_none());
        let core_team = match team {
            None => None,
            Some(t) if t.is_instance_of::<PyString>() => {
                Some(Team::Name(Text::<SetUp>::from_py(t)?.into_string()))
            }
            Some(t) if t.is_instance_of::<PyInt>() && !t.is_instance_of::<PyBool>() => {
                Some(Team::Number(t.extract::<i64>().map_err(|_| {
                    config_error(format!("team {t} does not fit 64 bits"))
                })?))
            }
            Some(t) => {
                return Err(type_error(format!(
                    "team must be a str or an int, got {}",
                    type_name(t)
                )))
            }
        };
        // An int too large for the core's i32 is also beyond the bound the game checks
        // (MAX_MODIFIER): the same GameConfigError as for one that fits.
        let modifier = |m: Option<Int<SetUp>>, what: &str| -> PyResult<i32> {
            let m = m.map_or(0, |m| m.get());
            i32::try_from(m).map_err(|_| {
                config_error(format!(
                    "player {name:?}: {what} {m} is out of range: a Vanguard modifier is \
                     between -{MAX_MODIFIER} and {MAX_MODIFIER}"
                ))
            })
        };
        let hand_modifier = modifier(hand_modifier, "hand_modifier")?;
        let life_modifier = modifier(life_modifier, "life_modifier")?;
        Ok(Player {
            name,
            deck: deck.0.unbind(),
            team: team.map(|t| t.clone().unbind()),
            hand_modifier,
            life_modifier,
            archenemy: archenemy.is_some_and(|a| a.0),
            core_team,
        })
    }

    fn __repr__(&self) -> String {
        format!("Player({:?})", self.name)
    }
}

/// The players of a game: at most [`MAX_PLAYERS`] (an endless iterable ends there).
pub fn players_from(players: &Bound<'_, PyAny>) -> PyResult<Vec<Py<Player>>> {
    let players = objects::<Player, SetUp>(players, "players", MAX_PLAYERS).map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyTypeError>(players.py()) {
            e
        } else {
            config_error(format!("at most {MAX_PLAYERS} players, got more"))
        }
    })?;
    Ok(players.into_iter().map(Bound::unbind).collect())
}
