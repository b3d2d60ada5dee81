//! Notices of the state-based actions that end a player's game, shown in every view and
//! never enforced (the players decide): life 0 or less (704.5a; a Two-Headed Giant team's
//! shared life, 704.6a), 10 or more poison counters (704.5c; 15 for a Two-Headed Giant team,
//! 704.6b), 21 or more combat damage from one commander (704.6c, 903.10a).

use super::{Table, LIFE, POISON};
use schemars::JsonSchema;
use serde::Serialize;

/// Poison counters that lose the game (704.5c).
pub const POISON_LIMIT: i64 = 10;
/// A Two-Headed Giant team's poison counters that lose the game (704.6b).
pub const TEAM_POISON_LIMIT: i64 = 15;
/// Combat damage from one commander that loses the game (704.6c).
pub const COMMANDER_DAMAGE_LIMIT: i64 = 21;

/// A condition under which the rules say a player (or team) loses the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Notice {
    /// The rule: `704.5a`, `704.5c`, `704.6a`, `704.6b` or `704.6c`.
    pub rule: &'static str,
    /// `life`, `poison` or `commander_damage`.
    pub kind: &'static str,
    /// What it says, in words (without the player's name).
    pub text: String,
}

impl Table {
    /// The notices for `seat` now (none once it has left the game).
    pub fn notices(&self, seat: usize) -> Vec<Notice> {
        let Some(s) = self.seats.get(seat) else {
            return vec![];
        };
        if s.conceded {
            return vec![];
        }
        let mut out = vec![];
        let count = |s: usize, name: &str| self.counters[s].get(name).copied().unwrap_or(0);
        let team = &self.life_shared[seat];
        let life = count(seat, LIFE);
        if life <= 0 {
            out.push(if team.is_empty() {
                Notice {
                    rule: "704.5a",
                    kind: "life",
                    text: format!("life {life}: 0 or less loses the game"),
                }
            } else {
                Notice {
                    rule: "704.6a",
                    kind: "life",
                    text: format!("the team's life {life}: 0 or less loses the game"),
                }
            });
        }
        if team.is_empty() {
            let poison = count(seat, POISON);
            if poison >= POISON_LIMIT {
                out.push(Notice {
                    rule: "704.5c",
                    kind: "poison",
                    text: format!(
                        "{poison} poison counters: {POISON_LIMIT} or more loses the game"
                    ),
                });
            }
        } else {
            let poison: i64 = team.iter().map(|&m| count(m, POISON)).sum();
            if poison >= TEAM_POISON_LIMIT {
                out.push(Notice {
                    rule: "704.6b",
                    kind: "poison",
                    text: format!(
                        "the team's {poison} poison counters: {TEAM_POISON_LIMIT} or more loses \
                         the game"
                    ),
                });
            }
        }
        for d in self.commander_damage_taken(seat) {
            if d.damage >= COMMANDER_DAMAGE_LIMIT {
                out.push(Notice {
                    rule: "704.6c",
                    kind: "commander_damage",
                    text: format!(
                        "{} combat damage from {}: {COMMANDER_DAMAGE_LIMIT} or more loses the \
                         game",
                        d.damage, d.name
                    ),
                });
            }
        }
        out
    }
}
