//! A deck's cards by compact class, for the class kernels (103.5: a keep rule with card
//! conditions decides a hand by the classes of its cards alone). A card's class is whether it
//! is a land and which of the rule's sets it counts for ([`Classes`]: `land << 4 | set mask`);
//! a deck holds some of the 32 classes, numbered `0..len` here ([`DeckClasses`]: each card's
//! number in a table the kernel reads), and a hand's classes are one word of four-bit counters
//! by number (two past 16 classes; [`DeckClasses::classes`] gives the full form back). The
//! counters decide a hand's verdict ([`super::counter_verdicts`]); for a deck of few classes
//! the verdicts of the hands a round draws are remembered in a [`VerdictMemo`], kept from chunk
//! to chunk of a run ([`MemoPool`]).

#[cfg(any(test, doc))]
use super::policy::Classes;
use super::policy::{CardSets, CountRule, MAX_SETS};
use crate::rng::LANES;
use std::sync::Mutex;

/// The most classes a deck may hold for the compact kernels: every class four conditions make
/// (whether a land, and a mask of four sets), one four-bit counter each in two words (numbers
/// 16 and up in the second, [`ClassHands::high`]).
pub(crate) const MAX_CLASSES: usize = 32;

/// The most classes whose counters fit in one word.
pub(crate) const WORD_CLASSES: usize = 16;

/// A deck's cards by compact class number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DeckClasses {
    /// How many classes the deck holds (numbered `0..len`).
    pub(crate) len: usize,
    /// By number: the class (`land << 4 | set mask`).
    pub(crate) classes: [u32; MAX_CLASSES],
    /// How many cards the deck holds.
    pub(crate) cards: usize,
    /// By card: four times its class number (its counter's shift), one byte each (the traced
    /// kernel's table, [`super::backends::avx2_traced`]).
    pub(crate) nibbles: [u8; 128],
    /// By card: its class number in four bits, two cards a byte (card `j` in the high bits of
    /// byte `j / 2` when `j` is odd); meaningful for at most 16 classes.
    pub(crate) packed: [u8; 128],
    /// Which counters (four bits each, the two words as one) a hand's lands (`[0]`) and the
    /// cards of set `i` (`[1 + i]`) are the sum of ([`DeckClasses::set_counts`]).
    pub(crate) sums: [u128; MAX_SETS + 1],
}

impl DeckClasses {
    /// The classes of a deck's cards (`lands`, and `sets` of a count rule), numbered spells
    /// first, then by how many sets and by mask (the London bottom's order); `None` when the
    /// deck holds more than [`MAX_CLASSES`] or more than 128 cards.
    pub(crate) fn new(lands: &[bool], sets: &CardSets) -> Option<DeckClasses> {
        if lands.len() > 128 {
            return None;
        }
        let class_of = |j: usize| u32::from(lands[j]) << 4 | u32::from(sets.masks[j]);
        let mut present = 0u32;
        for j in 0..lands.len() {
            present |= 1 << class_of(j);
        }
        let len = present.count_ones() as usize;
        if len > MAX_CLASSES {
            return None;
        }
        // Numbered in the London bottom's order within a kind (spells, then lands): fewer
        // sets first, then by mask ([`super::counter_verdicts`]).
        let mut classes = [0u32; MAX_CLASSES];
        let mut numbers = [0u32; 32];
        let (mut rest, mut i) = (present, 0);
        while rest != 0 {
            classes[i] = rest.trailing_zeros();
            rest &= rest - 1;
            i += 1;
        }
        classes[..len].sort_by_key(|&c| (c >> 4, (c & 15).count_ones(), c & 15));
        for (n, &class) in classes[..len].iter().enumerate() {
            numbers[class as usize] = n as u32;
        }
        let number = |class: u32| numbers[class as usize];
        let (mut nibbles, mut packed) = ([0u8; 128], [0u8; 128]);
        for j in 0..lands.len() {
            let n = number(class_of(j));
            nibbles[j] = 4 * n as u8;
            packed[j / 2] |= ((n & 15) as u8) << (4 * (j % 2));
        }
        let mut sums = [0u128; MAX_SETS + 1];
        for (n, &class) in classes[..len].iter().enumerate() {
            let counter = 15u128 << (4 * n);
            sums[0] |= if class >= 16 { counter } else { 0 };
            for (i, sum) in sums[1..].iter_mut().enumerate() {
                *sum |= if class >> i & 1 == 1 { counter } else { 0 };
            }
        }
        Some(DeckClasses {
            len,
            classes,
            cards: lands.len(),
            nibbles,
            packed,
            sums,
        })
    }

    /// A hand's classes in full form, from its counters by number (four bits each, the two
    /// words as one).
    #[cfg(test)]
    pub(crate) fn classes(&self, counters: u128) -> Classes {
        let mut out: Classes = 0;
        let mut rest = counters;
        while rest != 0 {
            let i = rest.trailing_zeros() / 4;
            out |= ((rest >> (4 * i)) & 15) << (4 * self.classes[i as usize]);
            rest &= !(15u128 << (4 * i));
        }
        out
    }

    /// A hand's lands (`[0]`) and cards of each set (`[1 + i]`) from its counters: each the
    /// sum of its classes' counters (the two words' counters added, then a multiply adds a
    /// word's sixteen counters into its top four bits; a hand holds at most 15 cards, so no
    /// sum carries).
    #[inline(always)]
    pub(crate) fn set_counts(&self, counters: u128) -> [u32; MAX_SETS + 1] {
        self.sums.map(|sum| {
            let both = counters & sum;
            let word = (both as u64).wrapping_add((both >> 64) as u64);
            (word.wrapping_mul(NIBBLES) >> 60) as u32
        })
    }

    /// Whether the card of class number `number` is a land (0 or 1).
    #[inline(always)]
    pub(crate) fn is_land(&self, number: u32) -> u32 {
        (self.sums[0] >> (4 * number)) as u32 & 1
    }
}

/// Sums the sixteen four-bit counters of a word into the top four bits (counts up to 15).
pub(crate) const NIBBLES: u64 = 0x1111_1111_1111_1111;

/// What the compact class kernels find of eight lanes' hands.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ClassHands {
    /// Each hand's cards by class number, four bits a number ([`DeckClasses::classes`]).
    pub(crate) counters: [u64; LANES],
    /// The counters of numbers 16 and up (a deck of more than [`WORD_CLASSES`]; else 0).
    pub(crate) high: [u64; LANES],
    /// Whether the card at position `draw` is a land (Vancouver's look).
    pub(crate) tops: [u32; LANES],
}

impl ClassHands {
    /// Lane `l`'s counters, both words.
    #[inline(always)]
    pub(crate) fn both(&self, l: usize) -> u128 {
        u128::from(self.counters[l]) | u128::from(self.high[l]) << 64
    }
}

/// How many hands of `draw` cards there are from `classes` classes (by class: the binomial
/// `draw + classes - 1` choose `draw`).
pub(crate) fn hands(classes: usize, draw: usize) -> u64 {
    let (n, k) = ((draw + classes).saturating_sub(1) as u64, draw as u64);
    (1..=k).fold(1u64, |acc, i| acc.saturating_mul(n + 1 - i) / i)
}

/// The most hands a round's classes may make for the compact kernels to remember their
/// verdicts: with more, a memo misses too often and each hand's verdict is read from its
/// counters ([`super::counter_verdicts`]), which costs more than a memo that holds its hands
/// (792 of seven cards from six classes) and less than one that misses.
pub(crate) const MEMO_HANDS: u64 = 2048;

/// The most classes a deck may hold for a [`VerdictMemo`]: a hand's counters in 32 bits.
pub(crate) const MEMO_CLASSES: usize = 8;

/// The log of the fewest entries of a [`VerdictMemo`].
const MEMO_BITS: u32 = 11;

/// The log of the most entries of a [`VerdictMemo`] (twice [`MEMO_HANDS`]: 32 kB).
const MAX_MEMO_BITS: u32 = 12;

/// The verdicts of the hands one kind of round draws, by the hand's class counters (a deck of
/// at most [`MEMO_CLASSES`]): a table of `2^bits` words, each hand in the one its counters hash
/// to, replaced on a collision. A word holds the complement of the counters in its high half
/// and the verdicts in the low one, sixteen bits each (the next card not a land, then a land;
/// a verdict of a hand of at most 32 cards fits); a word of zeros holds no hand (none has
/// eight counters at 15), so a new table is zeroed memory. Eight bytes an entry keep a memo of
/// 2,048 hands in the first-level cache. Only a cache: a verdict not found is computed, so
/// what it holds never changes a result.
#[derive(Debug, Clone)]
pub(crate) struct VerdictMemo {
    bits: u32,
    entries: Box<[u64]>,
}

impl Default for VerdictMemo {
    fn default() -> Self {
        VerdictMemo::with_bits(MEMO_BITS)
    }
}

impl VerdictMemo {
    fn with_bits(bits: u32) -> Self {
        VerdictMemo {
            bits,
            entries: vec![0u64; 1 << bits].into_boxed_slice(),
        }
    }

    /// A memo for the hands of `draw` cards from `classes` classes: twice as many entries as
    /// there are such hands (so that few of them share one), from 2,048 to 4,096. A deck of
    /// six classes has 792 hands of seven cards.
    pub(crate) fn for_hands(classes: usize, draw: usize) -> Self {
        let hands = hands(classes, draw);
        let bits = 64 - hands.saturating_mul(2).saturating_sub(1).leading_zeros();
        VerdictMemo::with_bits(bits.clamp(MEMO_BITS, MAX_MEMO_BITS))
    }

    /// How many entries the memo has.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The verdict of the hand with `counters` (below `2^32`) when the next card is a land
    /// (`top` 1) or not (0), its pair computed by `verdicts` when not remembered.
    #[inline(always)]
    pub(crate) fn get(
        &mut self,
        counters: u64,
        top: u32,
        verdicts: impl FnOnce(u64) -> [u32; 2],
    ) -> u32 {
        debug_assert!(
            counters >> 32 == 0,
            "a memo's hands have at most eight classes"
        );
        let key = !(counters as u32);
        let slot = counters.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits);
        let entry = &mut self.entries[slot as usize];
        if (*entry >> 32) as u32 != key {
            Self::fill(entry, key, counters, verdicts);
        }
        (*entry >> (16 * (top & 1))) as u32 & 0xffff
    }

    /// A hand not remembered: its verdicts computed into `entry` (out of the kernels' loop).
    #[cold]
    #[inline(never)]
    fn fill(entry: &mut u64, key: u32, counters: u64, verdicts: impl FnOnce(u64) -> [u32; 2]) {
        let [not_land, land] = verdicts(counters);
        debug_assert!(not_land | land <= 0xffff, "a verdict fits in sixteen bits");
        *entry = u64::from(key) << 32 | u64::from(land) << 16 | u64::from(not_land);
    }
}

/// A kind of round: its mulligans, counted mulligans, and whether it takes the land redraw
/// (the rounds of one kind draw alike and decide alike).
pub(crate) type RoundKind = (u32, u32, bool);

/// A thread's memos, one per kind of round (its mulligans, counted mulligans, and whether it
/// takes the land redraw) of the run's rule.
#[derive(Debug, Clone, Default)]
pub(crate) struct Memos(Vec<(RoundKind, VerdictMemo)>);

impl Memos {
    /// The memo of a kind of round, taken out (a new one the first time, sized for hands of
    /// `draw` cards from `classes` classes): give it back with [`Memos::put`].
    pub(crate) fn take(&mut self, kind: RoundKind, classes: usize, draw: usize) -> VerdictMemo {
        match self.0.iter().position(|(k, _)| *k == kind) {
            Some(i) => self.0.swap_remove(i).1,
            None => VerdictMemo::for_hands(classes, draw),
        }
    }

    /// Gives back the memo of a kind of round.
    pub(crate) fn put(&mut self, kind: RoundKind, memo: VerdictMemo) {
        self.0.push((kind, memo));
    }
}

/// The [`Memos`] of a run's threads between their chunks, by the rule they hold verdicts of:
/// a thread takes one for a chunk ([`MemoPool::take`]) and gives it back after, so a run
/// computes each hand's verdict about once per thread rather than once per chunk.
#[derive(Debug, Default)]
pub(crate) struct MemoPool(Mutex<Vec<(CountRule, Memos)>>);

impl MemoPool {
    /// Memos for a chunk run by `rule`: one given back for the same rule, or new ones.
    pub(crate) fn take(&self, rule: &CountRule) -> Memos {
        let mut pool = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match pool.iter().position(|(r, _)| r == rule) {
            Some(i) => pool.swap_remove(i).1,
            None => Memos::default(),
        }
    }

    /// Gives back the memos a chunk run by `rule` filled.
    pub(crate) fn give(&self, rule: CountRule, memos: Memos) {
        let mut pool = self.0.lock().unwrap_or_else(|e| e.into_inner());
        pool.push((rule, memos));
    }
}
