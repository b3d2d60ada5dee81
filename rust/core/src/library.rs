//! The library zone (401) and every shuffle of 701.24. Index 0 is the top.
//!
//! Every operation validates its whole input first and changes nothing when it returns an
//! error. Each shuffle draws from its own stream: library stream `stream`, sub-stream = the
//! number of shuffles this library has done before (so shuffle `k` of a library is the same
//! whatever else happened in between).

use crate::card::CardId;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use crate::rng::ShuffleWords;
use crate::seed::{Seed, StreamId, DOMAIN_LIBRARY, MAX_STREAM_INDEX};
use crate::shuffle::shuffle_set;

/// The most libraries one simultaneous shuffle may name, repeats counted (701.24f: each naming
/// is one shuffle event): a bound on what one call may ask for, not a rule.
pub const MAX_SIMULTANEOUS: usize = 1 << 16;

/// Where the cards found by a search go after the shuffle (701.24b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Destination {
    /// Out of the library, to the caller (hand, battlefield, …).
    Out,
    /// On top of the library, in the order found.
    Top,
    /// On the bottom of the library, in the order found.
    Bottom,
}

/// A library (401): card identities top first, with the seed and stream its shuffles read
/// (701.24a).
#[derive(Clone)]
pub struct Library {
    cards: Vec<CardId>,
    seed: Seed,
    stream: u64,
    shuffles: u32,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("len", &self.cards.len())
            .field("stream", &self.stream)
            .finish()
    }
}

impl Library {
    /// `cards` top first. Identities must be distinct.
    pub fn new(cards: Vec<CardId>, seed: Seed, stream: u64) -> Result<Self> {
        if stream > MAX_STREAM_INDEX {
            return Err(Error::illegal(format!(
                "a library stream is at most 2^56 - 1, got {stream}"
            )));
        }
        check_distinct(&cards, "the library")?;
        Ok(Library {
            cards,
            seed,
            stream,
            shuffles: 0,
        })
    }

    /// The cards, top first.
    pub fn cards(&self) -> &[CardId] {
        &self.cards
    }
    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    /// Whether the library has no cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    /// The library stream its shuffles read ([`crate::seed::StreamId`]).
    pub fn stream(&self) -> u64 {
        self.stream
    }
    /// The shuffles done so far (the next one reads its own sub-stream).
    pub fn shuffle_count(&self) -> u32 {
        self.shuffles
    }
    /// Whether card `id` is in the library.
    pub fn contains(&self, id: CardId) -> bool {
        self.cards.contains(&id)
    }

    /// The stream the next shuffle draws from, after its lead word (format 2: the first word
    /// comes from the lead block, [`crate::seed::lead_address`]).
    pub fn next_stream(&self) -> StreamId {
        StreamId::new(DOMAIN_LIBRARY, self.stream, self.shuffles)
    }

    fn shuffle_cards(
        &mut self,
        cards: &mut [CardId],
        rule: &'static str,
        seat: Option<usize>,
    ) -> Result<Event> {
        if self.shuffles == u32::MAX {
            return Err(Error::illegal(
                "this library has used all 2^32 - 1 of its shuffles",
            ));
        }
        let mut rng = ShuffleWords::new(&self.seed, self.stream, self.shuffles);
        shuffle_set(cards, &mut rng);
        let event = Event::new(
            rule,
            EventKind::Shuffle {
                seat,
                size: cards.len(),
                stream: self.stream,
                shuffle: self.shuffles,
                times: None,
            },
        );
        self.shuffles += 1;
        Ok(event)
    }

    /// 701.24a; a library of 0 or 1 cards still shuffles and still reports it (701.24e).
    pub fn shuffle(&mut self) -> Result<Vec<Event>> {
        let rule = if self.cards.len() <= 1 {
            "701.24e"
        } else {
            "701.24a"
        };
        self.shuffle_as(rule, None).map(|e| vec![e])
    }

    /// A shuffle cited under another rule (103.3, 103.5) and attributed to a seat.
    pub fn shuffle_as(&mut self, rule: &'static str, seat: Option<usize>) -> Result<Event> {
        let mut cards = std::mem::take(&mut self.cards);
        let result = self.shuffle_cards(&mut cards, rule, seat);
        self.cards = cards;
        result
    }

    /// 701.24f: libraries shuffled at the same time. `libraries` are distinct; `named[k]` is the
    /// index in `libraries` of the k-th library named, so a library may be named more than once.
    /// Each library is shuffled once, and one `shuffle` event (rule 701.24f) is returned for
    /// every time it was named, in the order named (its shuffle triggers fire that many times).
    /// Either every library shuffles or none does: when one cannot (it has used all its
    /// shuffles), or an index is out of range, nothing changes.
    pub fn shuffle_simultaneously(
        libraries: &mut [&mut Library],
        named: &[usize],
    ) -> Result<Vec<Event>> {
        if let Some(&k) = named.iter().find(|&&k| k >= libraries.len()) {
            return Err(Error::illegal(format!(
                "library {k} is not one of the {} libraries",
                libraries.len()
            )));
        }
        if let Some(k) = libraries.iter().position(|l| l.shuffles == u32::MAX) {
            return Err(Error::illegal(format!(
                "library {k} has used all 2^32 - 1 of its shuffles, so none is shuffled"
            )));
        }
        let mut events = Vec::with_capacity(libraries.len());
        for lib in libraries.iter_mut() {
            events.push(lib.shuffle_as("701.24f", None)?);
        }
        Ok(named.iter().map(|&k| events[k].clone()).collect())
    }

    /// 701.24b: the `found` cards (in the library) are left out of the shuffle, then go to
    /// `to` in the order given. Returns the cards taken out (empty unless `to` is `Out`).
    pub fn search_and_shuffle(
        &mut self,
        found: &[CardId],
        to: Destination,
    ) -> Result<(Vec<CardId>, Vec<Event>)> {
        check_distinct(found, "the found cards")?;
        if let Some(missing) = found.iter().find(|id| !self.contains(**id)) {
            return Err(Error::illegal(format!(
                "card {missing} was not found in this library"
            )));
        }
        let mut rest: Vec<CardId> = self
            .cards
            .iter()
            .copied()
            .filter(|id| !found.contains(id))
            .collect();
        let shuffle = self.shuffle_cards(&mut rest, "701.24b", None)?;
        let mut events = vec![
            Event::new("701.23", EventKind::Search { found: found.len() }),
            shuffle,
        ];
        let taken = match to {
            Destination::Out => {
                self.cards = rest;
                found.to_vec()
            }
            Destination::Top => {
                self.cards = found.iter().copied().chain(rest).collect();
                events.push(Event::new(
                    "401.4",
                    EventKind::PutOnTop { count: found.len() },
                ));
                vec![]
            }
            Destination::Bottom => {
                rest.extend_from_slice(found);
                self.cards = rest;
                events.push(Event::new(
                    "401.4",
                    EventKind::PutOnBottom { count: found.len() },
                ));
                vec![]
            }
        };
        Ok((taken, events))
    }

    /// 701.24c–d: adds the `cards` not already in the library, then shuffles, even when none
    /// was added or the set is empty. With `place = (card, position)` (0 the top, -1 the
    /// bottom), that card ends exactly at `position` and the rest is shuffled (701.24g).
    pub fn shuffle_in(
        &mut self,
        cards: &[CardId],
        place: Option<(CardId, i64)>,
    ) -> Result<Vec<Event>> {
        check_distinct(cards, "the cards to shuffle in")?;
        let mut all: Vec<CardId> = self.cards.clone();
        all.extend(cards.iter().copied().filter(|id| !self.contains(*id)));
        let rule = match (place, cards.is_empty()) {
            (Some(_), _) => "701.24g",
            (None, true) => "701.24d",
            (None, false) => "701.24c",
        };
        let placed = match place {
            None => None,
            Some((id, position)) => {
                if !all.contains(&id) {
                    all.push(id);
                }
                let n = all.len() as i64;
                let index = if position < 0 { n + position } else { position };
                if !(0..n).contains(&index) {
                    return Err(Error::illegal(format!(
                        "position {position} is outside a library of {n} cards (0 is the top, -1 the bottom)"
                    )));
                }
                all.retain(|c| *c != id);
                Some((id, index as usize))
            }
        };
        let event = self.shuffle_cards(&mut all, rule, None)?;
        if let Some((id, index)) = placed {
            all.insert(index, id);
        }
        self.cards = all;
        Ok(vec![event])
    }

    /// Up to `n` cards from the top, top first (fewer when the library runs out, 121.4).
    pub fn draw(&mut self, n: usize) -> Vec<CardId> {
        let k = n.min(self.cards.len());
        self.cards.drain(..k).collect()
    }

    /// Puts `cards` on top; the slice is their final top-to-bottom order (401.4).
    pub fn put_on_top(&mut self, cards: &[CardId]) -> Result<Vec<Event>> {
        self.check_new(cards)?;
        self.cards.splice(0..0, cards.iter().copied());
        Ok(vec![Event::new(
            "401.4",
            EventKind::PutOnTop { count: cards.len() },
        )])
    }

    /// Puts `cards` on the bottom; the slice is their final top-to-bottom order (401.4).
    pub fn put_on_bottom(&mut self, cards: &[CardId]) -> Result<Vec<Event>> {
        self.check_new(cards)?;
        self.cards.extend_from_slice(cards);
        Ok(vec![Event::new(
            "401.4",
            EventKind::PutOnBottom { count: cards.len() },
        )])
    }

    /// A game's shuffle (103.3, 103.5). A game shuffles each library a handful of times, far
    /// below the 2^32 sub-streams a library has.
    pub(crate) fn reshuffle(&mut self, rule: &'static str, seat: Option<usize>) -> Event {
        let mut cards = std::mem::take(&mut self.cards);
        let mut rng = ShuffleWords::new(&self.seed, self.stream, self.shuffles);
        shuffle_set(&mut cards, &mut rng);
        let event = Event::new(
            rule,
            EventKind::Shuffle {
                seat,
                size: cards.len(),
                stream: self.stream,
                shuffle: self.shuffles,
                times: None,
            },
        );
        self.shuffles = self.shuffles.saturating_add(1);
        self.cards = cards;
        event
    }

    /// Puts cards the caller has checked on the bottom (a hand going back, cards bottomed).
    pub(crate) fn append(&mut self, cards: &[CardId]) {
        self.cards.extend_from_slice(cards);
    }

    /// Puts the library back in an order it had (the candidate hand a smoothing model chose):
    /// the same cards, so nothing is checked.
    pub(crate) fn restore_order(&mut self, cards: Vec<CardId>) {
        debug_assert_eq!(cards.len(), self.cards.len());
        self.cards = cards;
    }

    /// The cards, for the table phase ([`crate::table`]), which checks every change it makes.
    pub(crate) fn cards_mut(&mut self) -> &mut Vec<CardId> {
        &mut self.cards
    }

    /// Moves the top card to the bottom (Vancouver's look, 103.5).
    pub(crate) fn top_to_bottom(&mut self) {
        if !self.cards.is_empty() {
            self.cards.rotate_left(1);
        }
    }

    fn check_new(&self, cards: &[CardId]) -> Result<()> {
        check_distinct(cards, "the cards")?;
        if let Some(id) = cards.iter().find(|id| self.contains(**id)) {
            return Err(Error::illegal(format!(
                "card {id} is already in this library"
            )));
        }
        Ok(())
    }
}

fn check_distinct(cards: &[CardId], what: &str) -> Result<()> {
    let mut sorted = cards.to_vec();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(Error::illegal(format!("{what} list card {} twice", w[0])));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lib(n: u32) -> Library {
        Library::new((0..n).collect(), Seed::from_bytes([3; 32]), 0).unwrap()
    }

    #[test]
    fn empty_and_single_card_libraries_still_shuffle() {
        for n in [0, 1] {
            let mut l = lib(n);
            let events = l.shuffle().unwrap();
            assert_eq!(events.len(), 1);
            assert_eq!(events[0].rule, "701.24e");
            assert_eq!(l.shuffle_count(), 1);
        }
    }

    #[test]
    fn search_excludes_found_cards_from_the_shuffle() {
        let mut l = lib(10);
        let (out, events) = l.search_and_shuffle(&[3, 7], Destination::Top).unwrap();
        assert!(out.is_empty());
        assert_eq!(&l.cards()[..2], &[3, 7]);
        assert_eq!(events.len(), 3);
        // The rest is exactly the shuffle of the other eight.
        let mut expect: Vec<u32> = (0..10).filter(|c| *c != 3 && *c != 7).collect();
        shuffle_set(
            &mut expect,
            &mut ShuffleWords::new(&Seed::from_bytes([3; 32]), 0, 0),
        );
        assert_eq!(&l.cards()[2..], &expect[..]);
    }

    #[test]
    fn placed_card_lands_exactly_at_its_position() {
        let mut l = lib(20);
        l.shuffle_in(&[100], Some((200, 0))).unwrap();
        assert_eq!(l.cards()[0], 200);
        assert!(l.contains(100));
        l.shuffle_in(&[], Some((5, -1))).unwrap();
        assert_eq!(*l.cards().last().unwrap(), 5);
        assert_eq!(l.len(), 22);
        let before = l.cards().to_vec();
        assert!(l.shuffle_in(&[], Some((5, 22))).is_err());
        assert!(l.shuffle_in(&[], Some((5, -23))).is_err());
        assert_eq!(l.cards(), &before[..]);
    }

    /// The Python bindings build these dicts by hand on the hot path; this pins the serde form
    /// they must equal (tests/test_golden.py pins the Python side to the same records).
    #[test]
    fn library_event_json_is_pinned() {
        let mut l = lib(3);
        let shuffle = l.shuffle().unwrap().remove(0).to_json();
        assert_eq!(
            shuffle.to_string(),
            r#"{"type":"shuffle","size":3,"stream":0,"shuffle":0,"rule":"701.24a"}"#
        );
        let (_, events) = l.search_and_shuffle(&[1], Destination::Bottom).unwrap();
        let json: Vec<String> = events.iter().map(|e| e.to_json().to_string()).collect();
        assert_eq!(
            json,
            [
                r#"{"type":"search","found":1,"rule":"701.23"}"#,
                r#"{"type":"shuffle","size":2,"stream":0,"shuffle":1,"rule":"701.24b"}"#,
                r#"{"type":"put_on_bottom","count":1,"rule":"401.4"}"#,
            ]
        );
        let top = l.put_on_top(&[9]).unwrap().remove(0).to_json().to_string();
        assert_eq!(top, r#"{"type":"put_on_top","count":1,"rule":"401.4"}"#);
    }

    #[test]
    fn bad_input_changes_nothing() {
        let mut l = lib(5);
        let before = l.cards().to_vec();
        assert!(l.put_on_top(&[1]).is_err());
        assert!(l.put_on_bottom(&[9, 9]).is_err());
        assert!(l.search_and_shuffle(&[42], Destination::Out).is_err());
        assert!(l.shuffle_in(&[8, 8], None).is_err());
        assert_eq!(l.cards(), &before[..]);
        assert_eq!(l.shuffle_count(), 0);
    }

    /// 701.24f: each library shuffles once, one event per time it is named; all or none.
    #[test]
    fn simultaneous_shuffles_are_all_or_none() {
        let (mut a, mut b) = (lib(10), lib(20));
        b.stream = 1;
        let events = Library::shuffle_simultaneously(&mut [&mut a, &mut b], &[0, 1, 0]).unwrap();
        assert_eq!(events.len(), 3);
        assert_eq!(events[0], events[2]);
        assert!(events.iter().all(|e| e.rule == "701.24f"));
        assert_eq!((a.shuffle_count(), b.shuffle_count()), (1, 1));
        // One library that cannot shuffle: nothing changes, the other included.
        b.shuffles = u32::MAX;
        let before = (a.clone(), b.clone());
        let e = Library::shuffle_simultaneously(&mut [&mut a, &mut b], &[0, 1]).unwrap_err();
        assert!(e.to_string().contains("library 1"), "{e}");
        assert_eq!((a.cards(), a.shuffle_count()), (before.0.cards(), 1));
        assert_eq!(b.cards(), before.1.cards());
        assert!(Library::shuffle_simultaneously(&mut [&mut a], &[1]).is_err());
        assert_eq!(a.shuffle_count(), 1);
    }
}
