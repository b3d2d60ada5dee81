//! The tables of rule 103: variants, mulligan eras, starting life (103.4), hand size (103.5a),
//! free mulligans (103.5c), who skips the first draw (103.8), and which rule each step cites.

/// A game variant (with its player-count constraints checked by the game set-up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    TwoPlayer,
    FreeForAll,
    Commander,
    Brawl,
    TwoHeadedGiant,
    Archenemy,
    /// Vanguard avatars (hand and life modifiers, 103.4, 103.5a), two players or more (902.2).
    Vanguard,
}

impl Variant {
    pub const ALL: [Variant; 7] = [
        Variant::TwoPlayer,
        Variant::FreeForAll,
        Variant::Commander,
        Variant::Brawl,
        Variant::TwoHeadedGiant,
        Variant::Archenemy,
        Variant::Vanguard,
    ];

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

    /// 805.1: the shared team turns option is always used in Two-Headed Giant and Archenemy.
    pub fn shared_team_turns(self) -> bool {
        matches!(self, Variant::TwoHeadedGiant | Variant::Archenemy)
    }
}

/// The mulligan procedure of an era.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MulliganRule {
    /// 103.5, since 2019-07-12: draw the full hand, put one card on the bottom per mulligan.
    London,
    /// 2015-09-26 to 2019-07: Paris, then a look at the top card for a smaller hand.
    Vancouver,
    /// Draw one fewer card per mulligan, declarations in rounds.
    Paris,
    /// The old sequential procedure of seeds 002/003 (101.4): each player (or 2HG team) takes
    /// all their mulligans before the next.
    ParisSequential,
}

impl MulliganRule {
    pub const ALL: [MulliganRule; 4] = [
        MulliganRule::London,
        MulliganRule::Vancouver,
        MulliganRule::Paris,
        MulliganRule::ParisSequential,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MulliganRule::London => "LONDON",
            MulliganRule::Vancouver => "VANCOUVER",
            MulliganRule::Paris => "PARIS",
            MulliganRule::ParisSequential => "PARIS_SEQUENTIAL",
        }
    }

    /// Since 2020-07-03 the starting player is chosen before shuffling (103.1 then 103.3);
    /// the older texts shuffle first (seed 002: 101.1, then 101.2).
    pub fn chooses_before_shuffling(self) -> bool {
        self == MulliganRule::London
    }

    /// London keeps drawing the full hand and bottoms cards; the others draw fewer.
    pub fn draws_full_hand(self) -> bool {
        self == MulliganRule::London
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
    SetAside,
    Companion,
    Commander,
    StartingPlayer,
    StartingTeam,
    Archenemy,
    Shuffle,
    Life,
    TeamLife,
    Draw,
    Declare,
    Mulligan,
    FreeMulligan,
    TeamMulligan,
    Bottom,
    MulliganAction,
    Vancouver,
    BattlefieldAction,
    RevealAction,
    FirstDrawTwoPlayer,
    FirstDrawTeam,
    FirstDrawMultiplayer,
}

/// The rule a step cites in the given era: current numbering (CR 2026-08-07) for London,
/// Paris and Vancouver; the 101.x numbering of seeds 002/003 for the sequential procedure.
pub fn cite(rule: MulliganRule, step: Step) -> &'static str {
    use Step::*;
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
    fn free_mulligan_103_5c() {
        assert!(!free_first_mulligan(Variant::TwoPlayer, 2));
        assert!(!free_first_mulligan(Variant::Commander, 2));
        assert!(free_first_mulligan(Variant::Commander, 3));
        assert!(free_first_mulligan(Variant::Brawl, 2));
        assert!(free_first_mulligan(Variant::TwoHeadedGiant, 4));
    }
}
