//! Bulk rows, as `mulligan.bulk`: row `r` is the opening shuffle (or hand) of seat 0 in game
//! `start + r`, exactly as [`crate::Game`] shuffles it, computed eight rows at a time from the
//! bulk engine's lead words ([`crate::simulate`]).

use crate::error::{Error, Result};
use crate::memory;
use crate::rng::{key_words, row_word, LANES, MAX_BATCH};
use crate::seed::Seed;
use crate::shuffle::fisher_yates_prefix;
use crate::simulate::plan::{Batch, Plan};
use crate::simulate::threads::check_range;
use crate::simulate::words::{lead_words, shuffle_words, stream_rows, stream_rows_at, Buffers};
use crate::simulate::MAX_HAND;

/// Row `r` of `out` (`count` rows of `n_cards`): the order of the opening shuffle of seat 0 in
/// game `start + r` (library stream `(start + r) << 8`, shuffle 0) of cards `0..n_cards`.
pub fn shuffles(
    seed: &Seed,
    n_cards: usize,
    start: u64,
    out: &mut [u32],
    threads: usize,
) -> Result<()> {
    rows(seed, n_cards, n_cards, start, out, threads)
}

/// Row `r` of `out`: the first `hand_size` cards of that same shuffle of a deck of
/// `deck_size` cards: seat 0's opening hand in `Game(seed, game_index=start + r)`.
pub fn hands(
    seed: &Seed,
    deck_size: usize,
    hand_size: usize,
    start: u64,
    out: &mut [u32],
    threads: usize,
) -> Result<()> {
    if hand_size > deck_size {
        return Err(Error::config(format!(
            "a hand of {hand_size} cards from a deck of {deck_size}"
        )));
    }
    rows(seed, deck_size, hand_size, start, out, threads)
}

/// Refuses, before anything is allocated, rows that cannot fit in this process's memory
/// ([`memory::check`]): `count` rows of `width` cards when `output` (the caller is about to
/// allocate them), and always the working memory of a run on `threads` threads over `n` cards:
/// the plan (one batch per step at worst) and, per thread, the identity and a scratch copy of
/// the cards (eight more rows' worth for whole shuffles), 4 bytes a card.
pub fn check(n: usize, width: usize, count: u64, threads: usize, output: bool) -> Result<()> {
    if output {
        memory::check("count", count, 4 * width as u64, 0)?;
    }
    if count == 0 || width == 0 {
        return Ok(());
    }
    let threads = threads.clamp(1, usize::try_from(count).unwrap_or(usize::MAX)) as u64;
    let per_card = 4 * if width == n { 2 + LANES as u64 } else { 2 };
    let plan_bytes = (width as u64).saturating_mul(size_of::<Batch>() as u64);
    let argument = if width == n {
        "n_cards"
    } else {
        "deck (its size)"
    };
    memory::check(
        argument,
        n as u64,
        per_card.saturating_mul(threads),
        plan_bytes,
    )
}

pub(crate) fn rows(
    seed: &Seed,
    n: usize,
    width: usize,
    start: u64,
    out: &mut [u32],
    threads: usize,
) -> Result<()> {
    if n > u32::MAX as usize {
        return Err(Error::config("too many cards"));
    }
    if width == 0 {
        return Ok(());
    }
    if out.len() % width != 0 {
        return Err(Error::config("the output is not a whole number of rows"));
    }
    let count = (out.len() / width) as u64;
    check_range(start, count, None)?;
    if count == 0 {
        return Ok(());
    }
    check(n, width, count, threads, false)?;
    let threads = threads.clamp(1, usize::try_from(count).unwrap_or(usize::MAX));
    let key = key_words(seed);
    let plan = Plan::new(n, width);
    // Rows are independent: each thread takes a contiguous run of whole rows.
    let per_thread = count.div_ceil(threads as u64).max(1) as usize;
    std::thread::scope(|s| {
        let mut chunks = out.chunks_mut(per_thread * width).enumerate();
        let own = chunks.next();
        for (t, chunk) in chunks {
            let (key, plan) = (&key, &plan);
            let first = start + (t * per_thread) as u64;
            s.spawn(move || rows_serial(key, plan, width, first, chunk));
        }
        // The calling thread takes the first share itself (one thread: no spawn at all).
        if let Some((_, chunk)) = own {
            rows_serial(&key, &plan, width, start, chunk);
        }
    });
    Ok(())
}

/// [`rows`] on one thread, compiled for AVX2 and BMI2 when the CPU has them (as
/// `Engine::run`).
pub(crate) fn rows_serial(key: &[u32; 8], plan: &Plan, width: usize, first: u64, out: &mut [u32]) {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::has_avx2_bmi2() {
        // SAFETY: the CPU has AVX2 and BMI2, checked just above.
        return unsafe { rows_serial_avx2(key, plan, width, first, out) };
    }
    rows_serial_any(key, plan, width, first, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi2")]
pub(crate) unsafe fn rows_serial_avx2(
    key: &[u32; 8],
    plan: &Plan,
    width: usize,
    first: u64,
    out: &mut [u32],
) {
    rows_serial_any(key, plan, width, first, out)
}

/// [`rows`] on one thread: rows `first ..` of `out`, in pieces whose lead words are computed
/// together, eight rows interleaved.
#[inline(always)]
pub(crate) fn rows_serial_any(
    key: &[u32; 8],
    plan: &Plan,
    width: usize,
    first: u64,
    out: &mut [u32],
) {
    const PIECE: usize = 512;
    const STRIDE: usize = 9 * MAX_BATCH;
    let n = plan.n;
    let identity: Vec<u32> = (0..n as u32).collect();
    let identity_group: Vec<u32> = if width == n {
        identity.repeat(LANES)
    } else {
        vec![]
    };
    let mut full = identity.clone();
    let steps = width.min(n.saturating_sub(1));
    let words = plan.words_for(steps);
    let mut digits = vec![0u32; STRIDE * LANES];
    let mut more_rows: Vec<[[u32; LANES]; 16]> = vec![];
    let mut bufs = Buffers::default();
    for (p, piece) in out.chunks_mut(width * PIECE).enumerate() {
        let piece_first = first + (p * PIECE) as u64;
        let piece_rows = (piece.len() / width) as u64;
        let (g0, last) = (piece_first >> 3, (piece_first + piece_rows - 1) >> 3);
        lead_words(key, 0, g0..=last, g0, &mut bufs);
        for (g, group) in piece.chunks_mut(width * LANES).enumerate() {
            let last = group.len() / width - 1;
            let games: [u64; LANES] =
                core::array::from_fn(|l| piece_first + (g * LANES + l.min(last)) as u64);
            let leads: [u64; LANES] =
                core::array::from_fn(|l| bufs.lead(games[l], piece_first >> 3));
            let rows = (words > 1).then(|| stream_rows(key, &games, 0));
            let ok = if width == n && group.len() == width * LANES {
                // Whole shuffles of a full group: eight rows interleaved, digits used as drawn;
                // the words past the lead word come from as many stream blocks as they need.
                group.copy_from_slice(&identity_group);
                more_rows.clear();
                for j in 1..words.saturating_sub(1).div_ceil(8) {
                    more_rows.push(stream_rows_at(key, &games, 0, j as u64));
                }
                let word = |b: usize, l: usize| match (b, &rows) {
                    (0, _) => leads[l],
                    (1..=8, Some(rows)) => row_word(rows, b - 1, l),
                    (_, Some(_)) => row_word(&more_rows[(b - 9) / 8], (b - 9) % 8, l),
                    (_, None) => unreachable!("more than one word needs the stream rows"),
                };
                plan.rows_interleaved::<LANES>(group, width, 0, word)
            } else {
                let ok = plan.lane_digits(&leads, rows.as_ref(), steps, STRIDE, &mut digits);
                if width == n {
                    for (l, row) in group.chunks_mut(width).enumerate() {
                        if ok[l] {
                            row.copy_from_slice(&identity);
                            let d = &digits[l * STRIDE..l * STRIDE + steps];
                            for (i, &di) in d.iter().enumerate() {
                                row.swap(i, i + di as usize);
                            }
                        }
                    }
                }
                ok
            };
            for (l, row) in group.chunks_mut(width).enumerate() {
                if ok[l] && width == n {
                    // Done above, straight into the row.
                } else if ok[l] {
                    let d = &digits[l * STRIDE..l * STRIDE + steps];
                    // The top `width` cards: a sparse shuffle of `full`, then put back.
                    for (i, &di) in d.iter().enumerate() {
                        let j = i + di as usize;
                        row[i] = full[j];
                        full[j] = full[i];
                    }
                    row[steps..].copy_from_slice(&full[steps..width]);
                    for (i, &di) in d.iter().enumerate() {
                        full[i + di as usize] = (i + di as usize) as u32;
                    }
                } else {
                    let mut rng = shuffle_words(key, games[l], 0, leads[l], rows.as_ref(), l);
                    if width <= MAX_HAND {
                        plan.top_cards(width, &mut rng, &mut full, row);
                    } else {
                        full.copy_from_slice(&identity);
                        fisher_yates_prefix(&mut full, width, &mut rng);
                        row.copy_from_slice(&full[..width]);
                        full.copy_from_slice(&identity);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_that_cannot_fit_are_refused_by_their_argument() {
        let err = check(1 << 40, 1 << 40, 1, 1, true).unwrap_err().to_string();
        assert!(err.starts_with("count = 1 needs"), "{err}");
        let err = check(1 << 40, 1 << 40, 1, 1, false)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("n_cards = 1099511627776 needs"), "{err}");
        let err = check(1 << 40, 7, 10, 4, true).unwrap_err().to_string();
        assert!(
            err.starts_with("deck (its size) = 1099511627776 needs"),
            "{err}"
        );
        assert!(check(60, 60, 1000, 2, true).is_ok());
        // Nothing to compute: nothing to refuse.
        assert!(check(1 << 40, 1 << 40, 0, 1, true).is_ok());
    }
}
