//! The bulk engine (`simulate::simulate`, docs/API.md "The bulk engine") against itself: the
//! count kernels (every hand decided from land and set counts, vectorised) and the general path
//! (every hand built and handed to the policy, `GeneralPath`) on the same decoded set-up, with
//! keep rules of tag, colour-source and named-card conditions.
//!
//! Checked: no panic; both paths give the same outcome for every game (hand size, lands,
//! mulligans, Vancouver's look) and the same counts; the counts add up (one outcome per game,
//! hand sizes and land counts within bounds, mulligans within the most a game can take). A
//! refused configuration is refused by both. (A run of at most 200 games stays on the calling
//! thread whatever the thread count; `rust/core/tests/differential.rs` covers threads with runs
//! longer than a chunk.)

#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::{fuzz_target, Corpus};
use mulligan_core::simulate::{
    self, Abort, Bottom, CardsRequirement, Config, Counts, Exile, GeneralPath, KeepRule, Outcome,
    Policy, RuleCards, Span, MAX_HAND,
};
use mulligan_core::{HouseRules, MulliganRule, Seed};

/// One decoded run: the deck's land and tag flags, the rule, the configuration, the games.
struct Run {
    cards: RuleCards,
    keep: KeepRule,
    cfg: Config,
    seed: Seed,
    start: u64,
    games: u64,
    threads: usize,
}

fn decode(u: &mut Unstructured<'_>) -> Result<Run> {
    let deck_size = match u.int_in_range(0..=3u8)? {
        0 => u.int_in_range(0..=20usize)?,
        1 => u.int_in_range(40..=70usize)?,
        2 => u.int_in_range(95..=135usize)?,
        _ => u.int_in_range(0..=300usize)?,
    };
    let hand_size = match u.int_in_range(0..=2u8)? {
        0 => 7,
        1 => u.int_in_range(0..=12usize)?,
        _ => u.int_in_range(0..=MAX_HAND)?,
    };
    let land_share = u.int_in_range(0..=100u8)?;
    let tag_share = u.int_in_range(0..=60u8)?;
    let salt = u.arbitrary::<u64>()?;
    // Flags from a cheap hash of (salt, card): the input stays short whatever the deck size.
    let hash = |i: usize, k: u64| {
        let mut x = salt ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ k;
        x ^= x >> 31;
        x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (x ^ (x >> 29)) % 100
    };
    let lands: Vec<bool> = (0..deck_size)
        .map(|i| hash(i, 1) < u64::from(land_share))
        .collect();
    let tags: Vec<Vec<String>> = (0..deck_size)
        .map(|i| match hash(i, 2) {
            x if x < u64::from(tag_share) => vec!["ramp".to_string()],
            x if x < u64::from(tag_share) + 15 => vec!["draw".to_string()],
            _ => vec![],
        })
        .collect();
    // Names from a pool of five (one card in ten unnamed), and for a land the colours it adds
    // (any of the six bits, none for about one land in eight).
    let names: Vec<String> = (0..deck_size)
        .map(|i| match hash(i, 3) {
            x if x < 10 => String::new(),
            x => ["Bolt", "Chain", "Delver", "Ponder", "Tarn"][(x % 5) as usize].to_string(),
        })
        .collect();
    let colours: Vec<u8> = (0..deck_size)
        .map(|i| match lands[i] {
            true => (hash(i, 4) as u8).wrapping_mul(37) & 0x3f,
            false => 0,
        })
        .collect();
    let mut ranges = vec![];
    for size in 0..=hand_size.min(12) {
        if u.ratio(2u8, 3)? {
            let lo = u.int_in_range(0..=size as u32)?;
            let hi = u.int_in_range(lo..=size as u32)?;
            ranges.push((size, lo, hi));
        }
    }
    // Two requirements (one input in eight) have no count kernel: both sides then take the
    // general path, and only the invariants below are checked.
    let requires = match u.int_in_range(0..=7u8)? {
        0..=3 => vec![],
        4..=6 => vec![("ramp".to_string(), u.int_in_range(0..=3u32)?)],
        _ => vec![
            ("ramp".to_string(), u.int_in_range(0..=2u32)?),
            ("draw".to_string(), u.int_in_range(0..=2u32)?),
        ],
    };
    // Colour and named-card conditions beside the tags (up to four conditions run on the set
    // kernels, more on the general path: both are compared below).
    let mut min_sources = vec![];
    for letter in ["W", "U", "B", "R", "G", "C"] {
        if u.ratio(1u8, 6)? {
            min_sources.push((letter.to_string(), u.int_in_range(0..=3u32)?));
        }
    }
    let mut requires_cards = vec![];
    for _ in 0..u.int_in_range(0..=2u8)? {
        let pool = ["Bolt", "Chain", "Delver", "Ponder", "Tarn", "Unknown"];
        let cards = (0..u.int_in_range(1..=3usize)?)
            .map(|_| u.choose(&pool).map(|s| s.to_string()))
            .collect::<Result<Vec<_>>>()?;
        requires_cards.push(CardsRequirement {
            cards,
            min: u.int_in_range(0..=2u32)?,
        });
    }
    let keep = KeepRule {
        ranges,
        keep_at: match u.arbitrary::<bool>()? {
            true => Some(u.int_in_range(0..=hand_size)?),
            false => None,
        },
        bottom: *u.choose(&[Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst])?,
        exile: *u.choose(&[Exile::Hand, Exile::Excess])?,
        requires,
        min_sources,
        requires_cards,
    };
    let cfg = Config {
        // The table options that run on the engine (smoothing plays each game as a Game).
        house: HouseRules {
            free_mulligans: u.int_in_range(0..=2u32)?,
            land_mulligan: u.arbitrary()?,
            ..HouseRules::default()
        },
        rule: *u.choose(&[
            MulliganRule::London,
            MulliganRule::Vancouver,
            MulliganRule::Paris,
            MulliganRule::ParisSequential,
            MulliganRule::PartialParis,
            MulliganRule::CanadianHighlander,
            MulliganRule::Houston,
        ])?,
        free_first: u.arbitrary()?,
        hand_size,
        deck_size,
    };
    Ok(Run {
        cards: RuleCards {
            lands,
            tags,
            names,
            colours,
        },
        keep,
        cfg,
        seed: Seed::from_bytes(u.arbitrary()?),
        start: match u.int_in_range(0..=2u8)? {
            0 => u.int_in_range(0..=64u64)?,
            1 => u.arbitrary::<u64>()? >> 20,
            _ => (1 << 48) - 300,
        },
        games: u.int_in_range(0..=200u64)?,
        threads: u.int_in_range(1..=3usize)?,
    })
}

/// The run's games through `policy` on `threads` threads, one outcome per game into `out`.
fn simulate_with<P: Policy + Clone + Send>(
    run: &Run,
    policy: &P,
    threads: usize,
    out: &mut [Outcome],
) -> mulligan_core::Result<std::result::Result<Counts, Abort>> {
    simulate::simulate(
        &run.seed,
        run.cfg,
        &run.cards.lands,
        policy,
        Span::new(run.start, run.games).recording(out),
        threads,
    )
}

mulligan_fuzz::replayable_randomness!();

fuzz_target!(|data: &[u8]| -> Corpus {
    let Ok(run) = decode(&mut Unstructured::new(data)) else {
        return Corpus::Reject;
    };
    let Ok(rule) = run.keep.compile_for(&run.cards) else {
        return Corpus::Reject;
    };
    let (cfg, n) = (run.cfg, run.games as usize);
    let mut fast = vec![Outcome::default(); n];
    let mut slow = vec![Outcome::default(); n];
    let mut again = vec![Outcome::default(); n];
    let a = simulate_with(&run, &rule, run.threads, &mut fast);
    let b = simulate_with(&run, &GeneralPath(rule.clone()), 1, &mut slow);
    let (a, b) = match (a, b) {
        (Ok(a), Ok(b)) => (
            a.expect("a compiled rule never stops"),
            b.expect("nor here"),
        ),
        (Err(x), Err(y)) => {
            assert_eq!(x, y, "both paths refuse the same way");
            return Corpus::Keep;
        }
        (a, b) => panic!("one path refused: {a:?} / {b:?}"),
    };
    assert_eq!(
        fast, slow,
        "the kernels and the general path disagree: {cfg:?}"
    );
    assert_eq!(a, b);
    let c = simulate_with(&run, &rule, 1, &mut again)
        .expect("accepted once")
        .expect("a compiled rule never stops");
    assert_eq!(again, fast, "the thread count changed a result");
    assert_eq!(c, a);
    assert_eq!(a.games, run.games);
    assert_eq!(a.kept_by_size().iter().sum::<u64>(), run.games);
    assert_eq!(a.mulligans.iter().sum::<u64>(), run.games);
    for o in &fast {
        assert!(usize::from(o.hand_size) <= cfg.hand_size.min(cfg.deck_size));
        assert!(o.lands <= o.hand_size);
        assert!(usize::from(o.mulligans) <= cfg.max_mulligans());
    }
    Corpus::Keep
});
