//! His 2022 tables' targets ((89+M)%, capped at 99%) against his published numbers, and
//! simulated counts at the threshold as a range (issue 39).

use super::*;

fn seed() -> Seed {
    Seed::from_hex(&"5a".repeat(32)).unwrap()
}

/// His 2022 article's 76 published numbers (`../shared/data/karsten2022.md`, beside the
/// repository; `MULLIGAN_SHARED` names another place): (cost, [40, 60, 80, 99 cards]).
fn karsten_published() -> Option<Vec<(String, [usize; 4])>> {
    let shared = std::env::var("MULLIGAN_SHARED")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
        });
    let text = std::fs::read_to_string(shared.join("data/karsten2022.md")).ok()?;
    let rows = text
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            let numbers: Vec<usize> = cells
                .get(1..5)?
                .iter()
                .filter_map(|c| c.parse().ok())
                .collect();
            (cells.len() == 5 && numbers.len() == 4 && cells[0].contains('C')).then(|| {
                (
                    cells[0].to_string(),
                    [numbers[0], numbers[1], numbers[2], numbers[3]],
                )
            })
        })
        .collect();
    Some(rows)
}

/// A cell of his that differs: deck size, cost, published, computed.
type Difference = (usize, String, usize, Option<usize>);

/// The cells of his four tables that differ from his article under `karsten` with his
/// (89+M)% targets (the default), as (deck size, cost, published, computed).
fn karsten_differences(target: Option<f64>) -> Option<Vec<Difference>> {
    let published = karsten_published()?;
    assert_eq!(published.len() * 4, 76, "his 76 numbers");
    let mut out = vec![];
    for (k, (cards, lands)) in [(40, 17), (60, 25), (80, 35), (99, 41)]
        .into_iter()
        .enumerate()
    {
        let t = table(
            &Request {
                karsten: true,
                exact: true,
                target,
                ..Request::new(cards, lands)
            },
            &seed(),
        )
        .unwrap();
        for (cost, numbers) in &published {
            let cell = t.cells.iter().find(|c| &c.cost == cost).expect("his cost");
            if cell.needed != Some(numbers[k]) {
                out.push((cards, cost.clone(), numbers[k], cell.needed));
            }
        }
    }
    Some(out)
}

#[test]
fn his_2022_tables_with_his_targets() {
    let Some(differences) = karsten_differences(None) else {
        eprintln!("skipped: ../shared/data/karsten2022.md is absent");
        return;
    };
    // 75 of the 76 come out as printed; the one that differs is 80 cards, 4C: 13 sources
    // reach 94% by a third of a point, some thirty times his simulation's standard error at
    // 5,000,000 games, so not his noise at the threshold (docs/ANALYSIS.md).
    assert_eq!(differences, vec![(80, "4C".to_string(), 14, Some(13))]);
    let t = table(
        &Request {
            karsten: true,
            exact: true,
            ..Request::new(80, 35)
        },
        &seed(),
    )
    .unwrap();
    let cell = t.cells.iter().find(|c| c.cost == "4C").unwrap();
    let p13 = cell.probability[13].unwrap();
    eprintln!(
        "80 cards 4C: 13 sources {p13}, 12 {:?}",
        cell.probability[12]
    );
    assert!(cell.target == 0.94 && (0.94..0.945).contains(&p13), "{p13}");
    assert_eq!(t.target, None);
    assert_eq!(t.target_source, TargetSource::Karsten);
    // A flat 90% reproduces only 17 of them.
    assert_eq!(76 - karsten_differences(Some(0.9)).unwrap().len(), 17);
}

#[test]
fn karsten_targets_are_89_plus_m_capped_at_99() {
    let got: Vec<f64> = (1..=12).map(karsten_target).collect();
    let want = [
        0.90, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97, 0.98, 0.99, 0.99, 0.99,
    ];
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-12, "{got:?}");
    }
    let t = table(
        &Request {
            karsten: true,
            exact: true,
            turns: 12,
            ..Request::new(99, 41)
        },
        &seed(),
    )
    .unwrap();
    for cell in &t.cells {
        assert!((cell.target - karsten_target(cell.turn)).abs() < 1e-12);
    }
    // A target given is one target for every cell, and says so.
    let given = table(
        &Request {
            karsten: true,
            exact: true,
            target: Some(0.9),
            ..Request::new(60, 25)
        },
        &seed(),
    )
    .unwrap();
    assert_eq!(
        (given.target, given.target_source),
        (Some(0.9), TargetSource::Given)
    );
    assert!(given.cells.iter().all(|c| c.target == 0.9));
    let plain = table(
        &Request {
            exact: true,
            ..Request::new(60, 25)
        },
        &seed(),
    )
    .unwrap();
    assert_eq!(
        (plain.target, plain.target_source),
        (Some(0.9), TargetSource::Default)
    );
}

#[test]
fn simulated_counts_at_the_threshold_are_a_range() {
    // 60 cards, 25 lands, CC on turn 2: the exact count and the simulated range around it.
    let exact = table(
        &Request {
            exact: true,
            turns: 2,
            ..Request::new(60, 25)
        },
        &seed(),
    )
    .unwrap();
    let sim = table(
        &Request {
            turns: 2,
            games: 20_000,
            seed: None,
            ..Request::new(60, 25)
        },
        &seed(),
    )
    .unwrap();
    for (e, s) in exact.cells.iter().zip(&sim.cells) {
        assert!(e.needed_range.is_none(), "exact counts stay single numbers");
        let [lo, hi] = s.needed_range.expect("a simulated cell has a range");
        let (lo, hi, needed) = (lo.unwrap(), hi.unwrap(), s.needed.unwrap());
        assert!(lo <= needed && needed <= hi, "{:?}", s);
        // The exact count lies in the range (the intervals are 95% each: this seed's).
        let exact_needed = e.needed.unwrap();
        assert!(
            lo <= exact_needed && exact_needed <= hi,
            "{} {lo}-{hi} vs {exact_needed}",
            s.cost
        );
    }
    // A count whose interval straddles the target widens the range.
    let ci = |low: f64, high: f64| Some(Interval { low, high });
    assert_eq!(
        needed_range(&[ci(0.5, 0.6), ci(0.88, 0.91), ci(0.92, 0.95)], 0.9),
        [Some(1), Some(2)]
    );
    assert_eq!(
        needed_range(&[ci(0.5, 0.6), ci(0.8, 0.85)], 0.9),
        [None, None]
    );
}
