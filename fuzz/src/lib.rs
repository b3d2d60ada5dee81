//! What the fuzz targets share: decoding fuzz bytes into a game set-up (the same set-up as a
//! core `GameSetup` and as the C ABI's setup JSON), and answers to the core's pending
//! decisions (legal, slightly wrong, or arbitrary) as the core's own `Answer` records: the
//! decisions and answers have one shape, read from the core or from the C ABI's JSON alike.
//! See docs/FUZZING.md.
//!
//! Everything here is deterministic in the input bytes, so a crashing input replays exactly.

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use mulligan_core::{DeckList, GameSetup, MulliganRule, PlayerSetup, Seed, Start, Variant};

/// The card pool decks are built from: plain cards, every card the engine tags by name, and
/// cards tagged by hand with more than one ability tag (the deck format allows any tags).
pub const POOL: &[&str] = &[
    "Forest",
    "Island",
    "Grizzly Bears",
    "Serum Powder",
    "Leyline of the Void",
    "Gemstone Caverns",
    "Chancellor of the Annex",
    "Dryad Arbor [land, creature]",
    "Odd Relic [begin_on_battlefield, reveal]",
    "Odd Powder [mulligan_action, begin_on_battlefield]",
    "Odd Cave [gemstone_caverns, reveal]",
    "Odd Land [land, gemstone_caverns, mulligan_action]",
];

/// About as many card copies as `DeckList::parse(text)` makes, or more: every line counts its
/// leading digits (at least 1), which is at least the count the parser reads from it, except
/// that a count above the parser's limit counts 1 (the parser refuses that line and stops).
/// The targets skip texts above [`MAX_FUZZ_COPIES`]: a 4 KiB list of `100000 x` lines asks
/// for up to the parser's cap of a million cards (`deck::MAX_DECK_CARDS`), which only measures
/// the allocator (see docs/FUZZING.md).
pub fn copies_estimate(text: &str) -> u64 {
    text.lines()
        .map(|line| {
            let digits: String = line
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .take(7)
                .collect();
            match digits.parse::<u64>() {
                Ok(n) if n <= u64::from(mulligan_core::deck::MAX_COPIES) => n.max(1),
                _ => 1,
            }
        })
        .sum()
}

/// Inputs whose deck lists could hold more copies than this are skipped (a parse of this many
/// cards takes milliseconds; most inputs hold a few dozen).
pub const MAX_FUZZ_COPIES: u64 = 5_000;

/// Bugs the targets have found that are not fixed yet (docs/FUZZING.md lists them too). The
/// inputs that would hit them are steered away, so that a bounded run keeps looking for *new*
/// problems; `MULLIGAN_FUZZ_KNOWN_BUGS=1` stops the steering, to reproduce them or to check a
/// fix. Remove an entry, and its steering, once its fix has landed.
///
/// None at present: the three found so far (an `i32` overflow of the hand size and of the
/// starting life for extreme Vanguard modifiers, and a starting player's card tagged both
/// `gemstone_caverns` and `reveal` taking the Gemstone Caverns path) are fixed in the core,
/// with regression tests there (rust/core/src/game/tests/mod.rs), and the targets cover those
/// inputs again.
pub mod known_bugs {
    use std::sync::OnceLock;

    /// Whether known bugs are left reachable (`MULLIGAN_FUZZ_KNOWN_BUGS=1`).
    pub fn reachable() -> bool {
        static REACHABLE: OnceLock<bool> = OnceLock::new();
        *REACHABLE
            .get_or_init(|| std::env::var_os("MULLIGAN_FUZZ_KNOWN_BUGS").is_some_and(|v| v == "1"))
    }
}

#[derive(Debug, Clone)]
pub struct PlayerSpec {
    pub name: String,
    pub deck: String,
    pub team: Option<String>,
    pub hand_modifier: i32,
    pub life_modifier: i32,
    pub archenemy: bool,
}

/// A game set-up, decoded from fuzz bytes; mostly valid, sometimes not (then `Game::new` and
/// `mulligan_game_new` must refuse it with an error, not a panic).
#[derive(Debug, Clone)]
pub struct SetupSpec {
    pub players: Vec<PlayerSpec>,
    pub variant: Variant,
    pub rule: MulliganRule,
    pub seed: [u8; 32],
    pub game_index: u64,
    pub start: Start,
}

fn valid_variants(n: usize) -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|v| match v {
            Variant::TwoPlayer => n == 2,
            Variant::FreeForAll | Variant::Archenemy => n >= 3,
            Variant::Commander | Variant::Brawl | Variant::Vanguard => n >= 2,
            Variant::TwoHeadedGiant => n >= 4,
        })
        .collect()
}

/// A modifier: mostly 0, sometimes small (down to an illegal hand size of -1), rarely an
/// extreme or any i32 (the APIs take any `int32`; beyond ±1,000,000 the set-up is refused).
fn modifier(u: &mut Unstructured) -> Result<i32> {
    const EXTREMES: [i32; 6] = [
        i32::MIN,
        i32::MIN + 1,
        -1_000_000,
        1_000_000,
        i32::MAX - 7,
        i32::MAX,
    ];
    Ok(match u.int_in_range(0u8..=31)? {
        0..=21 => 0,
        22..=29 => u.int_in_range(-8..=3)?,
        30 => *u.choose(&EXTREMES)?,
        _ => u.arbitrary()?,
    })
}

fn deck_text(u: &mut Unstructured) -> Result<String> {
    let mut lines = vec!["Deck".to_string()];
    for _ in 0..u.int_in_range(0u8..=6)? {
        let card = u.choose(POOL)?;
        let count = u.int_in_range(1u8..=12)?;
        lines.push(format!("{count} {card}"));
    }
    let extras = u.int_in_range(0u8..=15)?;
    if extras & 1 != 0 {
        lines.push("Sideboard\n2 Naturalize\n1 Serum Powder".into());
    }
    if extras & 2 != 0 {
        lines.push("Commander\n1 Atraxa, Praetors' Voice".into());
    }
    if extras & 4 != 0 {
        lines.push("Companion\n1 Lurrus of the Dream-Den".into());
    }
    Ok(lines.join("\n"))
}

impl SetupSpec {
    pub fn arbitrary(u: &mut Unstructured) -> Result<SetupSpec> {
        let n = u.int_in_range(2usize..=4)?;
        let variant = if u.ratio(1u8, 16)? {
            *u.choose(&Variant::ALL)?
        } else {
            *u.choose(&valid_variants(n))?
        };
        let rule = *u.choose(&MulliganRule::ALL)?;
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&u.arbitrary::<u64>()?.to_le_bytes());
        let game_index = if u.ratio(1u8, 32)? {
            u.arbitrary()?
        } else {
            u.int_in_range(0..=3)?
        };
        let seat = |u: &mut Unstructured| u.int_in_range(0..=n);
        let start = match u.int_in_range(0u8..=3)? {
            0 | 1 => Start::Random,
            2 => Start::Seat(seat(u)?),
            _ => Start::ChosenBy(seat(u)?),
        };
        let archenemy = if variant == Variant::Archenemy {
            Some(u.int_in_range(0..=n - 1)?)
        } else {
            None
        };
        let mut players: Vec<PlayerSpec> = vec![];
        for i in 0..n {
            let deck = match players.last() {
                Some(p) if u.ratio(1u8, 2)? => p.deck.clone(),
                _ => deck_text(u)?,
            };
            let team = (variant == Variant::TwoHeadedGiant)
                .then(|| if i < n / 2 { "A" } else { "B" }.to_string());
            players.push(PlayerSpec {
                name: format!("P{i}"),
                deck,
                team,
                hand_modifier: modifier(u)?,
                life_modifier: modifier(u)?,
                archenemy: archenemy == Some(i),
            });
        }
        // Now and then a broken layout: a missing or odd team, a second archenemy.
        if u.ratio(1u8, 16)? {
            let i = u.choose_index(n)?;
            let p = &mut players[i];
            match u.int_in_range(0u8..=2)? {
                0 => p.team = None,
                1 => p.team = Some("C".into()),
                _ => p.archenemy = !p.archenemy,
            }
        }
        Ok(SetupSpec {
            players,
            variant,
            rule,
            seed,
            game_index,
            start,
        })
    }

    /// The set-up as the core takes it (deck lists parsed by the core's parser).
    pub fn to_core(&self) -> GameSetup {
        let players = self
            .players
            .iter()
            .map(|p| {
                let deck = DeckList::parse(&p.deck).expect("the pool's deck lists parse");
                let mut player = PlayerSetup::new(p.name.clone(), deck);
                player.team = p.team.clone().map(mulligan_core::Team::Name);
                player.hand_modifier = p.hand_modifier;
                player.life_modifier = p.life_modifier;
                player.archenemy = p.archenemy;
                player
            })
            .collect();
        GameSetup {
            house: Default::default(),
            players,
            variant: self.variant,
            rule: self.rule,
            seed: Seed::from_bytes(self.seed),
            game_index: self.game_index,
            start: self.start,
        }
    }

    /// The set-up as the C ABI's setup JSON (docs/C_ABI.md, "Setup JSON").
    pub fn to_json(&self) -> String {
        use serde_json::{json, Value};
        let players: Vec<Value> = self
            .players
            .iter()
            .map(|p| {
                json!({
                    "name": p.name,
                    "deck": p.deck,
                    "team": p.team,
                    "hand_modifier": p.hand_modifier,
                    "life_modifier": p.life_modifier,
                    "archenemy": p.archenemy,
                })
            })
            .collect();
        let seed: String = self.seed.iter().map(|b| format!("{b:02x}")).collect();
        let (starting_player, chooser) = match self.start {
            Start::Random => (None, None),
            Start::Seat(s) => (Some(s), None),
            Start::ChosenBy(s) => (None, Some(s)),
        };
        json!({
            "players": players,
            "variant": self.variant.name(),
            "mulligan": self.rule.name(),
            "seed": seed,
            "starting_player": starting_player,
            "chooser": chooser,
            "game_index": self.game_index,
        })
        .to_string()
    }
}

pub use mulligan_core::{Answer, Decision, DecisionKind};

/// What the answer generator needs to know about the game besides its pending decisions.
pub struct Table<'a> {
    pub players: usize,
    /// Main-deck size of each seat (card ids are `0..len`).
    pub deck_lens: &'a [usize],
    /// Whether the seat's card carries the `gemstone_caverns` tag.
    pub gemstone: &'a dyn Fn(usize, u32) -> bool,
    /// The starting player, once known: 103.6a gives Gemstone Caverns' ability (and its exile)
    /// only to the other players, so the starting player's Caverns-tagged card is used for
    /// another tag of it and exiles nothing.
    pub starting: Option<usize>,
}

fn ids(cards: &[mulligan_core::CardRef]) -> Vec<u32> {
    cards.iter().map(|c| c.id).collect()
}

/// A legal answer to `d` (the core's decision record, read from the core or from the C ABI's
/// JSON), chosen by the input among all the legal ones.
pub fn legal_answer(u: &mut Unstructured, d: &Decision, t: &Table) -> Result<Answer> {
    let seat = d.seat;
    let actions = ids(&d.actions);
    Ok(match d.kind {
        DecisionKind::ChooseStartingPlayer => Answer::ChooseStartingPlayer {
            chooser: seat,
            starting_seat: *u.choose(&d.options)?,
        },
        DecisionKind::KeepOrMulligan => match u.int_in_range(0u8..=3)? {
            0 if d.can_mulligan => Answer::Mulligan { seat },
            2 if d.can_land_mulligan => Answer::LandMulligan { seat },
            1 if !actions.is_empty() => Answer::MulliganAction {
                seat,
                card: *u.choose(&actions)?,
            },
            _ => Answer::Keep { seat },
        },
        DecisionKind::Bottom => {
            let mut hand = d.hand_ids();
            let mut cards = vec![];
            for _ in 0..d.count.unwrap_or(0).min(hand.len()) {
                let i = u.choose_index(hand.len())?;
                cards.push(hand.remove(i));
            }
            Answer::Bottom { seat, cards }
        }
        DecisionKind::Vancouver => Answer::Vancouver {
            seat,
            bottom: u.arbitrary()?,
        },
        DecisionKind::OpeningHandAction => {
            if actions.is_empty() || u.ratio(1u8, 4)? {
                Answer::PassActions { seat }
            } else {
                let card = *u.choose(&actions)?;
                let others: Vec<u32> = d.hand_ids().into_iter().filter(|&c| c != card).collect();
                let caverns = (t.gemstone)(seat, card) && t.starting != Some(seat);
                let exile = if caverns && !others.is_empty() {
                    Some(*u.choose(&others)?)
                } else {
                    None
                };
                Answer::OpeningHandAction { seat, card, exile }
            }
        }
    })
}

/// The answer a patient player gives: keep, bottom the first cards, leave the top card, pass,
/// name themselves. Always legal; used to finish a game once the input runs out.
pub fn default_answer(d: &Decision) -> Answer {
    let seat = d.seat;
    match d.kind {
        DecisionKind::ChooseStartingPlayer => Answer::ChooseStartingPlayer {
            chooser: seat,
            starting_seat: seat,
        },
        DecisionKind::KeepOrMulligan => Answer::Keep { seat },
        DecisionKind::Bottom => {
            let count = d.count.unwrap_or(0).min(d.hand.len());
            Answer::Bottom {
                seat,
                cards: d.hand_ids()[..count].to_vec(),
            }
        }
        DecisionKind::Vancouver => Answer::Vancouver {
            seat,
            bottom: false,
        },
        DecisionKind::OpeningHandAction => Answer::PassActions { seat },
    }
}

fn any_seat(u: &mut Unstructured, t: &Table) -> Result<usize> {
    Ok(if u.ratio(1u8, 16)? {
        u.arbitrary::<u32>()? as usize
    } else {
        u.int_in_range(0..=t.players)?
    })
}

fn any_card(u: &mut Unstructured, t: &Table, seat: usize) -> Result<u32> {
    Ok(if u.ratio(1u8, 16)? {
        u.arbitrary()?
    } else {
        let len = t.deck_lens.get(seat).copied().unwrap_or(0) as u32;
        u.int_in_range(0..=len.saturating_add(1))?
    })
}

/// Any answer at all: a random kind, seat and cards. Usually illegal.
pub fn arbitrary_answer(u: &mut Unstructured, t: &Table) -> Result<Answer> {
    let seat = any_seat(u, t)?;
    Ok(match u.int_in_range(0u8..=7)? {
        0 => Answer::ChooseStartingPlayer {
            chooser: seat,
            starting_seat: any_seat(u, t)?,
        },
        1 => Answer::Keep { seat },
        2 => Answer::Mulligan { seat },
        3 => Answer::MulliganAction {
            seat,
            card: any_card(u, t, seat)?,
        },
        4 => {
            let mut cards = vec![];
            for _ in 0..u.int_in_range(0u8..=9)? {
                cards.push(any_card(u, t, seat)?);
            }
            Answer::Bottom { seat, cards }
        }
        5 => Answer::Vancouver {
            seat,
            bottom: u.arbitrary()?,
        },
        6 => {
            let card = any_card(u, t, seat)?;
            let exile = if u.arbitrary()? {
                Some(any_card(u, t, seat)?)
            } else {
                None
            };
            Answer::OpeningHandAction { seat, card, exile }
        }
        _ => Answer::PassActions { seat },
    })
}

/// A legal answer with one thing wrong (or, by chance, still right): another seat, one card
/// more, less, repeated or swapped, an exile added or dropped.
pub fn mutated_answer(u: &mut Unstructured, d: &Decision, t: &Table) -> Result<Answer> {
    use Answer as A;
    let answer = legal_answer(u, d, t)?;
    let other_seat = any_seat(u, t)?;
    let other_card = any_card(u, t, d.seat)?;
    Ok(match (answer, u.int_in_range(0u8..=3)?) {
        (A::ChooseStartingPlayer { starting_seat, .. }, 0) => A::ChooseStartingPlayer {
            chooser: other_seat,
            starting_seat,
        },
        (A::ChooseStartingPlayer { chooser, .. }, _) => A::ChooseStartingPlayer {
            chooser,
            starting_seat: other_seat,
        },
        (A::Keep { .. }, 0) => A::Keep { seat: other_seat },
        (A::Keep { seat }, _) => A::Mulligan { seat },
        (A::Mulligan { .. }, _) => A::Mulligan { seat: other_seat },
        (A::MulliganAction { seat, .. }, 0) => A::MulliganAction {
            seat,
            card: other_card,
        },
        (A::MulliganAction { card, .. }, _) => A::MulliganAction {
            seat: other_seat,
            card,
        },
        (A::Bottom { seat, mut cards }, 0) => {
            cards.push(other_card);
            A::Bottom { seat, cards }
        }
        (A::Bottom { seat, mut cards }, 1) => {
            cards.pop();
            A::Bottom { seat, cards }
        }
        (A::Bottom { seat, mut cards }, 2) => {
            if let Some(&first) = cards.first() {
                cards.push(first);
            }
            A::Bottom { seat, cards }
        }
        (A::Bottom { seat, mut cards }, _) => {
            if let Some(last) = cards.last_mut() {
                *last = other_card;
            }
            A::Bottom { seat, cards }
        }
        (A::Vancouver { bottom, .. }, _) => A::Vancouver {
            seat: other_seat,
            bottom,
        },
        (
            A::OpeningHandAction {
                seat,
                card,
                exile: None,
            },
            0,
        ) => A::OpeningHandAction {
            seat,
            card,
            exile: Some(other_card),
        },
        (
            A::OpeningHandAction {
                seat,
                card,
                exile: Some(_),
            },
            0,
        ) => A::OpeningHandAction {
            seat,
            card,
            exile: None,
        },
        (
            A::OpeningHandAction {
                seat,
                card,
                exile: Some(_),
            },
            1,
        ) => A::OpeningHandAction {
            seat,
            card,
            exile: Some(card),
        },
        (A::OpeningHandAction { seat, exile, .. }, _) => A::OpeningHandAction {
            seat,
            card: other_card,
            exile,
        },
        (A::PassActions { .. }, _) => A::PassActions { seat: other_seat },
        (A::PartialMulligan { mut cards, .. }, 0) => {
            cards.push(other_card);
            A::PartialMulligan {
                seat: d.seat,
                cards,
            }
        }
        (A::PartialMulligan { cards, .. }, _) => A::PartialMulligan {
            seat: other_seat,
            cards,
        },
        (A::LandMulligan { .. }, _) => A::LandMulligan { seat: other_seat },
        // A whole game's records answer no decision, so `legal_answer` never makes them; were
        // one given, another seat is the thing to change.
        (
            A::Act {
                host,
                looker,
                action,
                ..
            },
            _,
        ) => A::Act {
            seat: other_seat,
            host,
            looker,
            action,
        },
        (A::End {}, _) => A::End {},
    })
}

/// How the next answer is chosen: mostly legal (so games get deep), sometimes near-legal or
/// arbitrary (illegal answers, which must change nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Legal,
    Mutated,
    Arbitrary,
}

pub fn next_answer(
    u: &mut Unstructured,
    pending: &[Decision],
    t: &Table,
) -> Result<(Answer, Mode)> {
    let mode = match u.int_in_range(0u8..=7)? {
        _ if pending.is_empty() => Mode::Arbitrary,
        0..=4 => Mode::Legal,
        5 | 6 => Mode::Mutated,
        _ => Mode::Arbitrary,
    };
    let answer = match mode {
        Mode::Legal => {
            let d = u.choose(pending)?;
            legal_answer(u, d, t)?
        }
        Mode::Mutated => {
            let d = u.choose(pending)?;
            mutated_answer(u, d, t)?
        }
        Mode::Arbitrary => arbitrary_answer(u, t)?,
    };
    Ok((answer, mode))
}

/// Makes a target's run replay: every target invokes it once, at the top level.
///
/// libFuzzer with a fixed `-seed` and `-runs` mutates the same way every time, but it steers by
/// coverage, and the coverage of the same input changed from one process to the next: the
/// standard library's `HashMap` (the deck reader's) and serde_json's maps draw their hash keys
/// from the operating system (`getrandom`), so probing took other branches, libFuzzer kept
/// other inputs, and two runs of one commit parted after a few hundred inputs. This defines
/// `getrandom` in the target's own executable, which the linker prefers to the C library's: a
/// fixed stream (SplitMix64 from a constant), so hash keys and with them the coverage are the
/// same in every run. Nothing the targets check needs real randomness (games take their seeds
/// from the input), and the fuzz binaries are never shipped.
#[macro_export]
macro_rules! replayable_randomness {
    () => {
        /// `getrandom(2)` for this fuzz target: a fixed stream (see
        /// `mulligan_fuzz::replayable_randomness`).
        ///
        /// # Safety
        /// `buf` is valid for `len` bytes, as `getrandom(2)` requires of its callers.
        #[no_mangle]
        pub unsafe extern "C" fn getrandom(
            buf: *mut ::std::ffi::c_void,
            len: usize,
            _flags: ::std::ffi::c_uint,
        ) -> isize {
            static STATE: ::std::sync::atomic::AtomicU64 =
                ::std::sync::atomic::AtomicU64::new(0x6d75_6c6c_6967_616e);
            let out = buf.cast::<u8>();
            let mut i = 0;
            while i < len {
                let mut z = STATE
                    .fetch_add(
                        0x9e37_79b9_7f4a_7c15,
                        ::std::sync::atomic::Ordering::Relaxed,
                    )
                    .wrapping_add(0x9e37_79b9_7f4a_7c15);
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^= z >> 31;
                for byte in z.to_le_bytes() {
                    if i < len {
                        // SAFETY: i < len, and the caller gives `len` writable bytes.
                        unsafe { *out.add(i) = byte };
                        i += 1;
                    }
                }
            }
            len as isize
        }
    };
}
