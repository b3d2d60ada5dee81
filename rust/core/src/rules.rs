//! The tables of rule 103: variants, mulligan eras, starting life (103.4), hand size (103.5a),
//! free mulligans (103.5c), who skips the first draw (103.8), and which rule each step cites.

use crate::error::{Error, Result};
use crate::spelling::{lenient_deserialize, Named};
use schemars::JsonSchema;
use serde::Serialize;

/// A game variant (with its player-count constraints, [`Variant::check_players`]). Serialised
/// by [`Variant::name`], read in any case with `-` or `_` ([`crate::spelling`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[schemars(transform = crate::spelling::lenient_schema)]
pub enum Variant {
    /// A two-player game (the default).
    #[default]
    TwoPlayer,
    /// A multiplayer free-for-all (806): three players or more.
    FreeForAll,
    /// Commander (903): 40 life, a commander in the command zone.
    Commander,
    /// Brawl, a Commander variant: 25 life for two players, 30 for more, and a free first
    /// mulligan even with two players (103.5c).
    Brawl,
    /// Two-Headed Giant (810): teams of two sharing a life total and their turns.
    TwoHeadedGiant,
    /// Archenemy (904): the archenemy against a team, 40 life for the archenemy.
    Archenemy,
    /// Vanguard avatars (hand and life modifiers, 103.4, 103.5a), two players or more (902.2).
    Vanguard,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 7] = [
        Variant::TwoPlayer,
        Variant::FreeForAll,
        Variant::Commander,
        Variant::Brawl,
        Variant::TwoHeadedGiant,
        Variant::Archenemy,
        Variant::Vanguard,
    ];

    /// The variant's name as the bindings and the records spell it (`"TWO_PLAYER"`, …).
    pub fn name(self) -> &'static str {
        match self {
            Variant::TwoPlayer => "TWO_PLAYER",
            Variant::FreeForAll => "FREE_FOR_ALL",
            Variant::Commander => "COMMANDER",
            Variant::Brawl => "BRAWL",
            Variant::TwoHeadedGiant => "TWO_HEADED_GIANT",
            Variant::Archenemy => "ARCHENEMY",
            Variant::Vanguard => "VANGUARD",
        }
    }

    /// The number of players a game of this variant may have: at least `.0`, at most `.1`
    /// (None: no bound but the engine's own). Two-Headed Giant: two or more teams of two or
    /// more, all of one size (810.1, 810.11); Archenemy: the archenemy against two or more
    /// (904.1); Vanguard: two or more (902.2); two-player Magic: two.
    pub fn players(self) -> (usize, Option<usize>) {
        match self {
            Variant::TwoPlayer => (2, Some(2)),
            Variant::FreeForAll | Variant::Archenemy => (3, None),
            Variant::Commander | Variant::Brawl | Variant::Vanguard => (2, None),
            Variant::TwoHeadedGiant => (4, None),
        }
    }

    /// The table `simulate` plays when no player count is given: two for two-player Magic,
    /// Vanguard and Brawl, a pod of four otherwise (Two-Headed Giant: two teams of two). It
    /// matters through 103.5c: the first mulligan is free with more than two players.
    pub fn default_players(self) -> usize {
        match self {
            Variant::TwoPlayer | Variant::Vanguard | Variant::Brawl => 2,
            _ => 4,
        }
    }

    /// Refuses a player count the variant does not allow ([`Variant::players`]).
    pub fn check_players(self, n: usize) -> Result<()> {
        let (min, max) = self.players();
        if n >= min && max.is_none_or(|m| n <= m) {
            return Ok(());
        }
        let need = match (self, max) {
            (_, Some(m)) if m == min => format!("exactly {min}"),
            (Variant::TwoHeadedGiant, _) => {
                "4 or more (2 or more teams of the same size, 2 or more)".into()
            }
            _ => format!("{min} or more"),
        };
        Err(Error::config(format!(
            "a {} game needs {need} players, got {n}",
            self.name()
        )))
    }

    /// 805.1: the shared team turns option is always used in Two-Headed Giant and Archenemy.
    pub fn shared_team_turns(self) -> bool {
        matches!(self, Variant::TwoHeadedGiant | Variant::Archenemy)
    }
}

/// The mulligan procedure of an era. Serialised by [`MulliganRule::name`], read in any case
/// with `-` or `_` ([`crate::spelling`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[schemars(transform = crate::spelling::lenient_schema)]
pub enum MulliganRule {
    /// 103.5, since 2019-07-12: draw the full hand, put one card on the bottom per mulligan.
    #[default]
    London,
    /// 2015-09-26 to 2019-07: Paris, then a look at the top card for a smaller hand.
    Vancouver,
    /// Draw one fewer card per mulligan, declarations in rounds.
    Paris,
    /// The old sequential procedure of seeds 002/003 (101.4): each player (or 2HG team) takes
    /// all their mulligans before the next.
    ParisSequential,
    /// Commander's "partial Paris" (2011-02 to 2016-01): exile any number of cards from hand
    /// face down, draw one fewer than exiled; the exiled cards are shuffled back in once the
    /// player keeps.
    PartialParis,
    /// Canadian Highlander: Paris with hand sizes 7, 6, 6, 5, 5, … (every second mulligan
    /// costs no card), then Vancouver's look.
    CanadianHighlander,
    /// Houston (a casual variant): draw ten, put three on the bottom in any order, keep.
    Houston,
    /// No mulligan (`"NONE"`): the first hand drawn is kept, as before any mulligan rule
    /// existed (the earliest tournament rule had only the no-land/all-land redraw, RULES.md's
    /// "Historic mulligan rules": with `land_mulligan` this era is that rule exactly). Only
    /// free mulligans (103.5c's and a table's) can be taken, each drawing the full hand again.
    #[serde(rename = "NONE")]
    NoMulligan,
}

impl MulliganRule {
    /// Every mulligan era.
    pub const ALL: [MulliganRule; 8] = [
        MulliganRule::London,
        MulliganRule::Vancouver,
        MulliganRule::Paris,
        MulliganRule::ParisSequential,
        MulliganRule::PartialParis,
        MulliganRule::CanadianHighlander,
        MulliganRule::Houston,
        MulliganRule::NoMulligan,
    ];

    /// The era's name as the bindings and the records spell it (`"LONDON"`, …).
    pub fn name(self) -> &'static str {
        match self {
            MulliganRule::London => "LONDON",
            MulliganRule::Vancouver => "VANCOUVER",
            MulliganRule::Paris => "PARIS",
            MulliganRule::ParisSequential => "PARIS_SEQUENTIAL",
            MulliganRule::PartialParis => "PARTIAL_PARIS",
            MulliganRule::CanadianHighlander => "CANADIAN_HIGHLANDER",
            MulliganRule::Houston => "HOUSTON",
            MulliganRule::NoMulligan => "NONE",
        }
    }

    /// Since 2020-07-03 the starting player is chosen before shuffling (103.1 then 103.3);
    /// the older texts shuffle first (seed 002: 101.1, then 101.2).
    /// Canadian Highlander and Houston are played under the current set-up rules; NONE, the
    /// earliest era, shuffles first as the older texts do.
    pub fn chooses_before_shuffling(self) -> bool {
        matches!(
            self,
            MulliganRule::London | MulliganRule::CanadianHighlander | MulliganRule::Houston
        )
    }

    /// London (and Houston) draw a full hand and bottom cards; the others draw fewer.
    pub fn draws_full_hand(self) -> bool {
        matches!(self, MulliganRule::London | MulliganRule::Houston)
    }

    /// Cards drawn for a hand, beyond the starting hand size, that then go to the bottom:
    /// Houston's three.
    pub fn extra_draw(self) -> usize {
        if self == MulliganRule::Houston {
            HOUSTON_BOTTOM
        } else {
            0
        }
    }

    /// Vancouver's look at the top card once everyone has kept (Vancouver, Canadian
    /// Highlander).
    pub fn vancouver_look(self) -> bool {
        matches!(
            self,
            MulliganRule::Vancouver | MulliganRule::CanadianHighlander
        )
    }

    /// The size of the hand a player keeps after `counted` counted mulligans, from a starting
    /// hand of `hand_size` (London: after bottoming; Houston: its hand after the three).
    pub fn hand_after(self, hand_size: usize, counted: usize) -> usize {
        match self {
            MulliganRule::CanadianHighlander => hand_size.saturating_sub(counted.div_ceil(2)),
            _ => hand_size.saturating_sub(counted),
        }
    }
}

impl Named for Variant {
    const WHAT: &'static str = "variant";
    fn all() -> &'static [Variant] {
        &Variant::ALL
    }
    fn spelling(self) -> &'static str {
        self.name()
    }
}
lenient_deserialize!(Variant);

impl Named for MulliganRule {
    const WHAT: &'static str = "mulligan rule";
    fn all() -> &'static [MulliganRule] {
        &MulliganRule::ALL
    }
    fn spelling(self) -> &'static str {
        self.name()
    }
}
lenient_deserialize!(MulliganRule);

/// One hand of a player's mulligan process in an era, from the starting hand size and the
/// mulligans taken so far: the one home of these numbers, read by [`crate::Game`] and by the
/// bulk engine alike ([`MulliganRule::hand_step`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandStep {
    /// Cards drawn for the hand (fewer when the library runs out): the full hand in London
    /// (and Houston: three more), one fewer per counted mulligan in the Paris eras (Canadian
    /// Highlander: one fewer per two).
    pub draw: usize,
    /// Of those, the cards put on the bottom before the player decides: one per counted
    /// mulligan in London (103.5), Houston's three.
    pub bottom: usize,
    /// Whether the player may mulligan this hand (103.5: until the hand would be zero cards;
    /// Houston and NONE keep, but for the free mulligans).
    pub can_mulligan: bool,
    /// Whether a kept hand smaller than the starting hand size gets Vancouver's look at the
    /// top card (Vancouver, Canadian Highlander).
    pub look: bool,
}

impl MulliganRule {
    /// The hand a player draws after `mulligans` mulligans, `counted` of which count toward
    /// the hand size, with `free` free mulligans in all at the table (103.5c and the table's),
    /// from a starting hand of `hand_size` cards. PARTIAL_PARIS draws from the same shuffle as
    /// many cards as it exiled, less one: its `draw` is the size the hand then has.
    pub fn hand_step(self, hand_size: usize, mulligans: u32, counted: u32, free: u32) -> HandStep {
        let counted = counted as usize;
        let (draw, bottom) = if self.draws_full_hand() {
            (hand_size + self.extra_draw(), counted + self.extra_draw())
        } else {
            (self.hand_after(hand_size, counted), 0)
        };
        HandStep {
            draw,
            bottom,
            can_mulligan: match self {
                MulliganRule::Houston | MulliganRule::NoMulligan => mulligans < free,
                _ => self.hand_after(hand_size, counted) > 0,
            },
            look: self.vancouver_look(),
        }
    }
}

impl MulliganRule {
    /// The cards drawn after a mulligan in the eras that draw fewer (not London, Houston):
    /// seeds 002/003, a new hand of "one fewer card each time" than the hand just shuffled
    /// away, `previous` cards (the same number after a free mulligan, 101.4a), never more than
    /// [`MulliganRule::hand_step`]'s draw. The two differ only when a library shorter than the
    /// hand gave fewer cards than that. `counted_before` and `counted`: the counted mulligans
    /// before and after this one (Canadian Highlander's every second one costs no card).
    pub fn redraw(
        self,
        hand_size: usize,
        counted_before: usize,
        counted: usize,
        previous: usize,
    ) -> usize {
        let now = self.hand_after(hand_size, counted);
        let fewer = self.hand_after(hand_size, counted_before) - now;
        now.min(previous.saturating_sub(fewer))
    }
}

/// Houston: the cards of the ten drawn that go to the bottom.
pub const HOUSTON_BOTTOM: usize = 3;

/// The hand size before a Vanguard hand modifier (103.5).
pub const BASE_HAND_SIZE: i32 = 7;

/// 103.5a: the starting hand size, seven plus or minus the hand modifier; None when that is
/// negative or overflows.
pub fn starting_hand_size(hand_modifier: i32) -> Option<usize> {
    BASE_HAND_SIZE
        .checked_add(hand_modifier)
        .and_then(|h| usize::try_from(h).ok())
}

/// 103.8: who skips the draw step of their first turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstDraw {
    /// 103.8a: in a two-player game, the starting player.
    StartingPlayer,
    /// 103.8b: in Two-Headed Giant, the starting team.
    StartingTeam,
    /// 103.8c: in any other multiplayer game, nobody.
    Nobody,
}

/// 103.8: the first-draw table.
pub fn first_draw(variant: Variant, players: usize) -> FirstDraw {
    if players == 2 {
        FirstDraw::StartingPlayer
    } else if variant == Variant::TwoHeadedGiant {
        FirstDraw::StartingTeam
    } else {
        FirstDraw::Nobody
    }
}

/// 103.5c (and 101.4a of the older texts): the first mulligan is free in any multiplayer game
/// and in any Brawl game, two-player Brawl included; two-player Commander has none.
pub fn free_first_mulligan(variant: Variant, players: usize) -> bool {
    players > 2 || variant == Variant::Brawl
}

/// 103.4: the starting life of a seat before its Vanguard life modifier. `team_size` is the
/// size of the seat's team (Two-Headed Giant: 30 per team, +15 per player beyond two).
pub fn starting_life(variant: Variant, players: usize, team_size: usize, archenemy: bool) -> i32 {
    match variant {
        Variant::Commander => 40,
        Variant::Brawl if players == 2 => 25,
        Variant::Brawl => 30,
        Variant::TwoHeadedGiant => 30 + 15 * (team_size as i32 - 2),
        Variant::Archenemy if archenemy => 40,
        _ => 20,
    }
}

/// A step of the game start, to cite the rule of the era that governs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Cards set aside before the game (sideboard, 103.2a).
    SetAside,
    /// A companion revealed from outside the game (103.2b).
    Companion,
    /// The commander put into the command zone (103.2c).
    Commander,
    /// The starting player determined (103.1).
    StartingPlayer,
    /// The starting team determined (shared team turns, 103.1a).
    StartingTeam,
    /// The archenemy takes the first turn (103.1b).
    Archenemy,
    /// The opening shuffle (103.3).
    Shuffle,
    /// Starting life totals (103.4).
    Life,
    /// A team's shared starting life (Two-Headed Giant, 103.4).
    TeamLife,
    /// The opening draw (103.5).
    Draw,
    /// A mulligan declared (103.5).
    Declare,
    /// A mulligan taken (103.5).
    Mulligan,
    /// A free mulligan (103.5c).
    FreeMulligan,
    /// A team's mulligan decision (Two-Headed Giant, 103.5d).
    TeamMulligan,
    /// Cards put on the bottom (London, 103.5).
    Bottom,
    /// A card that acts during the mulligan (Serum Powder, 103.5b).
    MulliganAction,
    /// Vancouver's scry 1 after mulligans (103.5).
    Vancouver,
    /// A card put onto the battlefield from the opening hand (103.6a).
    BattlefieldAction,
    /// A card revealed from the opening hand (103.6b).
    RevealAction,
    /// Commander partial Paris: cards exiled face down, or shuffled back after keeping.
    PartialExile,
    /// A table's free mulligan beyond 103.5c's, or the no-land/all-land redraw.
    HouseRule,
    /// Opening-hand smoothing (not the rules).
    Smoothing,
    /// Who skips the first draw, two players (103.8a).
    FirstDrawTwoPlayer,
    /// Who skips the first draw, team games (103.8b).
    FirstDrawTeam,
    /// Who skips the first draw, multiplayer games (103.8c).
    FirstDrawMultiplayer,
}

/// The `rule` of an event a table option causes (free mulligans, the land redraw), cited in
/// place of a rule number (the table options' module re-exports it).
pub const HOUSE_RULE: &str = "house rule";
/// The `rule` of an event hand smoothing causes: not a rule of the game at all.
pub const NOT_THE_RULES: &str = "smoothing (not the rules)";

/// The rule a step cites in the given era: current numbering (CR 2026-08-07) for London,
/// Paris and Vancouver; the 101.x numbering of seeds 002/003 for the sequential procedure.
pub fn cite(rule: MulliganRule, step: Step) -> &'static str {
    use Step::*;
    match (rule, step) {
        (MulliganRule::PartialParis, Declare | Mulligan | PartialExile) => {
            return "Commander partial Paris (2011-02 to 2016-01)"
        }
        (MulliganRule::CanadianHighlander, Declare | Mulligan | Vancouver) => {
            return "Canadian Highlander mulligan"
        }
        (MulliganRule::Houston, Draw | Bottom | Declare | Mulligan) => return "Houston mulligan",
        _ => {}
    }
    if rule == MulliganRule::ParisSequential {
        return match step {
            Shuffle => "101.1",
            StartingPlayer | StartingTeam | Archenemy => "101.2",
            Life | Draw => "101.3",
            TeamLife => "101.3a",
            Declare | Mulligan => "101.4",
            FreeMulligan | TeamMulligan => "101.4a",
            FirstDrawTwoPlayer => "101.5a",
            FirstDrawTeam | FirstDrawMultiplayer => "101.5b",
            _ => cite(MulliganRule::London, step),
        };
    }
    match step {
        SetAside => "103.2a",
        Companion => "103.2b",
        Commander => "103.2c",
        StartingPlayer => "103.1",
        StartingTeam => "103.1a",
        Archenemy => "103.1b",
        Shuffle => "103.3",
        Life | TeamLife => "103.4",
        Draw | Declare | Mulligan | Bottom | Vancouver => "103.5",
        MulliganAction => "103.5b",
        FreeMulligan => "103.5c",
        TeamMulligan => "103.5d",
        BattlefieldAction => "103.6a",
        RevealAction => "103.6b",
        FirstDrawTwoPlayer => "103.8a",
        FirstDrawTeam => "103.8b",
        FirstDrawMultiplayer => "103.8c",
        PartialExile => "Commander partial Paris (2011-02 to 2016-01)",
        HouseRule => HOUSE_RULE,
        Smoothing => NOT_THE_RULES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn life_table_103_4() {
        assert_eq!(starting_life(Variant::TwoPlayer, 2, 1, false), 20);
        assert_eq!(starting_life(Variant::Commander, 4, 1, false), 40);
        assert_eq!(starting_life(Variant::Brawl, 2, 1, false), 25);
        assert_eq!(starting_life(Variant::Brawl, 3, 1, false), 30);
        assert_eq!(starting_life(Variant::TwoHeadedGiant, 4, 2, false), 30);
        assert_eq!(starting_life(Variant::TwoHeadedGiant, 6, 3, false), 45);
        assert_eq!(starting_life(Variant::Archenemy, 4, 1, true), 40);
        assert_eq!(starting_life(Variant::Archenemy, 4, 3, false), 20);
    }

    #[test]
    fn player_counts() {
        assert!(Variant::TwoPlayer.check_players(2).is_ok());
        assert!(Variant::TwoPlayer.check_players(3).is_err());
        assert!(Variant::FreeForAll.check_players(2).is_err());
        assert!(Variant::TwoHeadedGiant.check_players(3).is_err());
        assert!(Variant::Commander.check_players(9).is_ok());
        assert!(Variant::Vanguard.check_players(5).is_ok());
        let e = Variant::TwoPlayer.check_players(3).unwrap_err().to_string();
        assert_eq!(e, "a TWO_PLAYER game needs exactly 2 players, got 3");
    }

    #[test]
    fn hand_size_103_5a_and_first_draw_103_8() {
        assert_eq!(starting_hand_size(0), Some(7));
        assert_eq!(starting_hand_size(-7), Some(0));
        assert_eq!(starting_hand_size(-8), None);
        assert_eq!(starting_hand_size(i32::MAX), None);
        assert_eq!(first_draw(Variant::Commander, 2), FirstDraw::StartingPlayer);
        assert_eq!(
            first_draw(Variant::TwoHeadedGiant, 4),
            FirstDraw::StartingTeam
        );
        assert_eq!(first_draw(Variant::FreeForAll, 3), FirstDraw::Nobody);
    }

    #[test]
    fn names_are_the_serialised_form() {
        for v in Variant::ALL {
            assert_eq!(serde_json::to_value(v).unwrap(), v.name());
        }
        for r in MulliganRule::ALL {
            assert_eq!(serde_json::to_value(r).unwrap(), r.name());
        }
    }

    #[test]
    fn default_players_are_allowed_players() {
        for v in Variant::ALL {
            assert!(v.check_players(v.default_players()).is_ok(), "{v:?}");
        }
        assert_eq!(Variant::TwoPlayer.default_players(), 2);
        assert_eq!(Variant::Commander.default_players(), 4);
    }

    #[test]
    fn hand_steps_of_each_era() {
        let step = |r: MulliganRule, m, c, f| {
            let s = r.hand_step(7, m, c, f);
            (s.draw, s.bottom, s.can_mulligan, s.look)
        };
        assert_eq!(step(MulliganRule::London, 2, 2, 0), (7, 2, true, false));
        assert_eq!(step(MulliganRule::London, 7, 7, 0), (7, 7, false, false));
        assert_eq!(step(MulliganRule::Vancouver, 2, 1, 1), (6, 0, true, true));
        assert_eq!(step(MulliganRule::Paris, 7, 7, 0), (0, 0, false, false));
        // 7, 6, 6, 5, 5, …
        let ch: Vec<usize> = (0..6)
            .map(|c| MulliganRule::CanadianHighlander.hand_step(7, c, c, 0).draw)
            .collect();
        assert_eq!(ch, [7, 6, 6, 5, 5, 4]);
        assert!(MulliganRule::CanadianHighlander.hand_step(7, 0, 0, 0).look);
        assert_eq!(step(MulliganRule::Houston, 0, 0, 0), (10, 3, false, false));
        assert_eq!(step(MulliganRule::Houston, 1, 0, 2), (10, 3, true, false));
        assert_eq!(step(MulliganRule::Houston, 2, 0, 2), (10, 3, false, false));
        // NONE: the hand size, kept; only free mulligans, each the full hand again.
        assert_eq!(
            step(MulliganRule::NoMulligan, 0, 0, 0),
            (7, 0, false, false)
        );
        assert_eq!(step(MulliganRule::NoMulligan, 1, 0, 2), (7, 0, true, false));
        assert_eq!(
            step(MulliganRule::NoMulligan, 2, 0, 2),
            (7, 0, false, false)
        );
        assert_eq!(MulliganRule::NoMulligan.redraw(7, 0, 0, 7), 7);
        assert!(!MulliganRule::NoMulligan.chooses_before_shuffling());
    }

    #[test]
    fn free_mulligan_103_5c() {
        assert!(!free_first_mulligan(Variant::TwoPlayer, 2));
        assert!(!free_first_mulligan(Variant::Commander, 2));
        assert!(free_first_mulligan(Variant::Commander, 3));
        assert!(free_first_mulligan(Variant::Brawl, 2));
        assert!(free_first_mulligan(Variant::TwoHeadedGiant, 4));
    }
}
