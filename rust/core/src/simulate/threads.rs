//! A run over threads: the games dealt in chunks round-robin (any split gives the same counts),
//! watched from the calling thread by a [`Monitor`] (progress, Ctrl-C).

use super::config::{Config, Counts, Outcome};
use super::engine::Engine;
use super::policy::{Abort, Policy};
use crate::error::{Error, Result};
use crate::seed::Seed;

/// Watches a long run from the calling thread, about every [`MONITOR_INTERVAL`]: called with
/// the games finished so far; `false` stops the run at the next chunk of every thread (it then
/// returns `Err(Abort)`, as a policy's stop does). The bindings check for Ctrl-C and report
/// progress here.
pub type Monitor<'m> = &'m mut dyn FnMut(u64) -> bool;

/// How often a [`Monitor`] is called: often enough for Ctrl-C to feel immediate.
pub const MONITOR_INTERVAL: std::time::Duration = std::time::Duration::from_millis(50);

/// The games a run plays, `start .. start + games` (game indices, 48 bits), and where each
/// one's [`Outcome`] goes: `per_game[i]` is game `start + i`'s, when given (one per game).
#[derive(Debug)]
pub struct Span<'a> {
    /// The first game's index.
    pub start: u64,
    /// How many games.
    pub games: u64,
    /// One outcome per game, written in game order.
    pub per_game: Option<&'a mut [Outcome]>,
}

impl<'a> Span<'a> {
    /// Games `start .. start + games`, their outcomes only counted.
    pub fn new(start: u64, games: u64) -> Span<'a> {
        Span {
            start,
            games,
            per_game: None,
        }
    }

    /// The engine for these games, once the span is checked (game indices below 2^48, one
    /// outcome per game in `per_game`).
    fn engine<'l>(&self, seed: &Seed, cfg: Config, lands: &'l [bool]) -> Result<Engine<'l>> {
        check_range(self.start, self.games, self.per_game.as_deref())?;
        Engine::new(seed, cfg, lands)
    }

    /// The same games, each one's outcome also written to `per_game` (one per game).
    pub fn recording(self, per_game: &'a mut [Outcome]) -> Span<'a> {
        Span {
            per_game: Some(per_game),
            ..self
        }
    }
}

/// The games of `span` on one thread, with any policy (e.g. a Python callable); a `monitor`
/// is called between chunks, at most every [`MONITOR_INTERVAL`].
pub fn simulate_serial<P: Policy>(
    seed: &Seed,
    cfg: Config,
    lands: &[bool],
    policy: &mut P,
    span: Span<'_>,
    mut monitor: Option<Monitor<'_>>,
) -> Result<std::result::Result<Counts, Abort>> {
    let engine = span.engine(seed, cfg, lands)?;
    let (start, games, per_game) = (span.start, span.games, span.per_game);
    let mut counts = Counts::new(&cfg);
    let mut last = std::time::Instant::now();
    // In chunks, as the threaded run: a game's slot within a run is a u32.
    for (offset, len, out) in deal(games, 1, per_game).remove(0) {
        if let Some(monitor) = monitor.as_mut() {
            if last.elapsed() >= MONITOR_INTERVAL {
                last = std::time::Instant::now();
                if !monitor(offset) {
                    return Ok(Err(Abort));
                }
            }
        }
        if let Err(abort) = engine.run(start + offset, len as usize, policy, &mut counts, out) {
            return Ok(Err(abort));
        }
    }
    Ok(Ok(counts))
}

pub(crate) fn check_range(start: u64, games: u64, per_game: Option<&[Outcome]>) -> Result<()> {
    let end = start
        .checked_add(games)
        .ok_or_else(|| Error::config("start + games overflows"))?;
    if end > crate::game::MAX_GAME_INDEX + 1 {
        return Err(Error::config("game indices stop at 2^48 - 1"));
    }
    if let Some(p) = per_game {
        if p.len() as u64 != games {
            return Err(Error::config(
                "the per-game buffer must hold one outcome per game",
            ));
        }
    }
    if usize::try_from(games).is_err() {
        return Err(Error::config("too many games for this platform"));
    }
    Ok(())
}

/// Games handed to each thread at a time; any split gives the same counts.
pub(crate) const CHUNK: u64 = 1 << 14;

/// A chunk of a thread's share: (offset, length, its slice of the per-game records).
pub(crate) type Job<'a, T> = (u64, u64, Option<&'a mut [T]>);

/// One thread's share of `0..games`: chunks `t, t + threads, t + 2 threads, ...` of [`CHUNK`]
/// games, made as they are taken (a run of 2^48 games has 2^34 chunks: no list of them).
pub(crate) struct Share<'a, T> {
    pub(crate) chunk: u64,
    pub(crate) threads: u64,
    pub(crate) games: u64,
    pub(crate) records: std::vec::IntoIter<&'a mut [T]>,
}

impl<'a, T> Iterator for Share<'a, T> {
    type Item = Job<'a, T>;

    fn next(&mut self) -> Option<Job<'a, T>> {
        let offset = self.chunk.checked_mul(CHUNK).filter(|&o| o < self.games)?;
        self.chunk += self.threads;
        Some((offset, CHUNK.min(self.games - offset), self.records.next()))
    }
}

/// Splits `0..games` into chunks dealt round-robin to `threads` threads, with their slices of
/// `per_game` (one record per game, so that list is no longer than the records).
pub(crate) fn deal<T>(games: u64, threads: usize, per_game: Option<&mut [T]>) -> Vec<Share<'_, T>> {
    let mut records: Vec<Vec<&mut [T]>> = (0..threads).map(|_| vec![]).collect();
    for (c, slice) in per_game
        .into_iter()
        .flat_map(|p| p.chunks_mut(CHUNK as usize))
        .enumerate()
    {
        records[c % threads].push(slice);
    }
    records
        .into_iter()
        .enumerate()
        .map(|(t, records)| Share {
            chunk: t as u64,
            threads: threads as u64,
            games,
            records: records.into_iter(),
        })
        .collect()
}

/// The games of `span` on `threads` threads (compiled policies). The counts do not depend on
/// `threads`.
pub fn simulate<P: Policy + Clone + Send>(
    seed: &Seed,
    cfg: Config,
    lands: &[bool],
    policy: &P,
    span: Span<'_>,
    threads: usize,
) -> Result<std::result::Result<Counts, Abort>> {
    simulate_watched(seed, cfg, lands, policy, span, threads, None)
}

/// [`simulate`] watched by a `monitor` (see [`Monitor`]): every share of the games then runs on
/// a worker thread while the calling thread calls the monitor. The counts are the same.
pub fn simulate_watched<P: Policy + Clone + Send>(
    seed: &Seed,
    cfg: Config,
    lands: &[bool],
    policy: &P,
    span: Span<'_>,
    threads: usize,
    monitor: Option<Monitor<'_>>,
) -> Result<std::result::Result<Counts, Abort>> {
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
    let engine = span.engine(seed, cfg, lands)?;
    let (start, games, per_game) = (span.start, span.games, span.per_game);
    // One chunk is over in milliseconds: no watcher thread for it (a loop of small runs
    // then costs no thread spawns).
    let monitor = monitor.filter(|_| games > CHUNK);
    // A thread per chunk at most: a share without a chunk would be a thread spawned for
    // nothing (chunk `c` goes to share `c % threads` either way, so the counts are the same).
    let threads = (threads.max(1) as u64).min(games.div_ceil(CHUNK).max(1)) as usize;
    let mut work = deal(games, threads, per_game);
    let (done, stop) = (AtomicU64::new(0), AtomicBool::new(false));
    // Workers whose share is over: counted before each wakes the caller, so the caller's
    // check after a wake-up sees it (a thread's own `is_finished` turns true only later,
    // after the wake-up, and the caller would then sleep a whole interval for nothing).
    let finished = AtomicUsize::new(0);
    let caller = std::thread::current();
    let run_jobs = |jobs: Share<'_, Outcome>, mut policy: P| {
        let mut counts = Counts::new(&cfg);
        for (offset, len, out) in jobs {
            if stop.load(Relaxed) {
                return Err(Abort);
            }
            engine.run(start + offset, len as usize, &mut policy, &mut counts, out)?;
            done.fetch_add(len, Relaxed);
        }
        Ok(counts)
    };
    let results: Vec<std::result::Result<Counts, Abort>> = std::thread::scope(|s| {
        // Without a monitor the calling thread takes the first share itself (one thread: no
        // spawn at all); with one, it watches.
        let mine = match monitor {
            None => Some(work.remove(0)),
            Some(_) => None,
        };
        let handles: Vec<_> = work
            .into_iter()
            .map(|jobs| {
                let (policy, caller, run_jobs) = (policy.clone(), caller.clone(), &run_jobs);
                let finished = &finished;
                s.spawn(move || {
                    let counts = run_jobs(jobs, policy);
                    finished.fetch_add(1, std::sync::atomic::Ordering::Release);
                    caller.unpark();
                    counts
                })
            })
            .collect();
        let own = mine.map(|jobs| run_jobs(jobs, policy.clone()));
        if let Some(monitor) = monitor {
            while finished.load(std::sync::atomic::Ordering::Acquire) < handles.len() {
                std::thread::park_timeout(MONITOR_INTERVAL);
                if !stop.load(Relaxed) && !monitor(done.load(Relaxed)) {
                    stop.store(true, Relaxed);
                }
            }
        }
        own.into_iter()
            .chain(handles.into_iter().map(|h| {
                // A worker's panic goes on in this thread, so the bindings report it as the
                // internal error it is (not as a keep rule that asked to stop).
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            }))
            .collect()
    });
    let mut total = Counts::new(&cfg);
    for r in results {
        match r {
            Ok(c) => total.merge(&c)?,
            Err(a) => return Ok(Err(a)),
        }
    }
    Ok(Ok(total))
}
