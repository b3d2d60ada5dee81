//! Hand smoothing in a game (not the rules; docs/VARIANTS.md, "Hand smoothing: not the
//! rules"). `arena2` and `weighted3` deal the opening hand from candidate hands, each the
//! library stream's next shuffle; `smoothed_london` (XMage's `SmoothedLondonMulligan`) draws
//! every LONDON hand from the better of the library's top two hands, then shuffles.

use super::state::Game;
use crate::event::EventKind;
use crate::house::{smoothed_london_choice, smoothed_london_random, smoothing_stream, Smoothing};
use crate::rules::{cite, Step};

impl Game {
    /// The opening draw of `n` cards. Under `arena2` and `weighted3`, `k` candidate hands are
    /// drawn first, each from the library stream's next shuffle (candidate 0 is the library
    /// as 103.3 shuffled it), and the library is dealt in the order of the one the model
    /// picks. Under `smoothed_london`, the draw is a smoothed London draw.
    pub(super) fn draw_opening(&mut self, seat: usize, n: usize) {
        match (self.house.smoothing, self.house.candidates()) {
            (Some(Smoothing::SmoothedLondon), _) => self.draw_smoothed_london(seat, n),
            (Some(model), Some(k)) => self.draw_candidates(seat, n, model, k as usize),
            _ => self.draw(seat, n),
        }
    }

    /// A new hand of `n` cards after the opening one (a mulligan's, the land redraw's): under
    /// `smoothed_london` a smoothed London draw, else a plain draw (the other models smooth
    /// the opening hand only).
    pub(super) fn draw_hand(&mut self, seat: usize, n: usize) {
        match self.house.smoothing {
            Some(Smoothing::SmoothedLondon) => self.draw_smoothed_london(seat, n),
            _ => self.draw(seat, n),
        }
    }

    /// The seat's smoothing draws so far: the sub-stream of its next one
    /// ([`crate::house::DOMAIN_SMOOTHING`]).
    fn smoothing_draws(&self, seat: usize) -> u32 {
        let n = self
            .events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Smoothing { seat: s, .. } if s == seat))
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    fn draw_candidates(&mut self, seat: usize, n: usize, model: Smoothing, k: usize) {
        let s = &self.seats[seat];
        let size = s.library.len();
        let library_lands = s.lands_in(s.library.cards());
        let take = n.min(size);
        let mut orders = vec![s.library.cards().to_vec()];
        for _ in 1..k {
            let rule = cite(self.rule, Step::Smoothing);
            let event = self.seats[seat].library.reshuffle(rule, Some(seat));
            self.events.push(event);
            orders.push(self.seats[seat].library.cards().to_vec());
        }
        let s = &self.seats[seat];
        let lands: Vec<usize> = orders.iter().map(|o| s.lands_in(&o[..take])).collect();
        let draw = smoothing_stream(s.library.stream(), self.smoothing_draws(seat));
        let chosen = model.choose(&lands, take, size, library_lands, &self.seed, draw);
        let order = std::mem::take(&mut orders[chosen]);
        self.seats[seat].library.restore_order(order);
        self.emit(
            Step::Smoothing,
            EventKind::Smoothing {
                seat,
                model: model.name(),
                candidates: lands.len(),
                chosen,
                lands,
                random: None,
            },
        );
        self.draw(seat, n);
    }

    /// XMage's smoothed London draw of `n` cards: when `n > 1` and the library holds at least
    /// `2n` cards, hand 0 is the top `n` cards and hand 1 the next `n`; each is scored
    /// `max(0, |library land ratio - hand land ratio| - 0.15) + 0.3 U` with its own `U` from
    /// the smoothing stream; hand 0 is drawn when its score is lower (hand 1's cards then go
    /// to the bottom), else hand 0's cards go to the bottom and hand 1 is drawn; then the
    /// library is shuffled (its next shuffle number). Otherwise a plain draw.
    fn draw_smoothed_london(&mut self, seat: usize, n: usize) {
        let s = &self.seats[seat];
        let size = s.library.len();
        if n <= 1 || size < 2 * n {
            return self.draw(seat, n);
        }
        let cards = s.library.cards();
        let library_lands = s.lands_in(cards);
        let lands = [s.lands_in(&cards[..n]), s.lands_in(&cards[n..2 * n])];
        let draw = smoothing_stream(s.library.stream(), self.smoothing_draws(seat));
        let random = smoothed_london_random(&self.seed, draw);
        let chosen = smoothed_london_choice(lands, n, size, library_lands, random);
        self.emit(
            Step::Smoothing,
            EventKind::Smoothing {
                seat,
                model: Smoothing::SmoothedLondon.name(),
                candidates: 2,
                chosen,
                lands: lands.to_vec(),
                random: Some(random.to_vec()),
            },
        );
        // The hand not drawn goes to the bottom: before the draw when it is the top one,
        // after it when it is the next one (the shuffle below makes the order moot).
        let to_bottom = |g: &mut Game| {
            for _ in 0..n {
                g.seats[seat].library.top_to_bottom();
            }
        };
        if chosen == 1 {
            to_bottom(self);
        }
        self.draw(seat, n);
        if chosen == 0 {
            to_bottom(self);
        }
        let rule = cite(self.rule, Step::Smoothing);
        let event = self.seats[seat].library.reshuffle(rule, Some(seat));
        self.events.push(event);
    }
}
