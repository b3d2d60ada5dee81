//! The steps of rule 103 and the answers to each decision. Every answer validates first (the
//! `check_*` half, which only reads) and then applies (which cannot fail), so an illegal answer
//! changes nothing.

use super::{Decision, DecisionKind, Game, Phase, Start};
use crate::card::{tags, CardId};
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};
use crate::rng::ChaChaStream;
use crate::rules::{cite, first_draw, starting_life, FirstDraw, MulliganRule, Step, Variant};
use crate::seed::{StreamId, DOMAIN_STARTING_PLAYER};

impl Game {
    pub(super) fn emit(&mut self, step: Step, kind: EventKind) {
        self.events.push(Event::new(cite(self.rule, step), kind));
    }

    /// Seats in turn order from the starting player (seat order before it is known).
    pub fn turn_order(&self) -> Vec<usize> {
        let n = self.seats.len();
        let first = self.starting.unwrap_or(0);
        (0..n).map(|k| (first + k) % n).collect()
    }

    /// The members of `who` grouped as they act: one seat at a time in turn order, or, with
    /// shared team turns (805.1), one team at a time, the starting team first.
    fn slots(&self, who: &[usize]) -> Vec<Vec<usize>> {
        let order: Vec<usize> = self
            .turn_order()
            .into_iter()
            .filter(|s| who.contains(s))
            .collect();
        if !self.variant.shared_team_turns() {
            return order.into_iter().map(|s| vec![s]).collect();
        }
        let mut team_order: Vec<usize> = vec![];
        for s in self.turn_order() {
            if !team_order.contains(&self.seats[s].team) {
                team_order.push(self.seats[s].team);
            }
        }
        team_order
            .into_iter()
            .map(|t| {
                order
                    .iter()
                    .copied()
                    .filter(|&s| self.seats[s].team == t)
                    .collect::<Vec<_>>()
            })
            .filter(|slot| !slot.is_empty())
            .collect()
    }

    fn teammates(&self, seat: usize) -> Vec<usize> {
        let team = self.seats[seat].team;
        (0..self.seats.len())
            .filter(|&s| self.seats[s].team == team)
            .collect()
    }

    // ----- the steps that need no decision ---------------------------------------------------

    pub(super) fn begin(&mut self, start: Start) {
        if !self.rule.chooses_before_shuffling() {
            self.set_up_and_shuffle();
        }
        match start {
            Start::Seat(s) => self.set_starting(s, None),
            _ if self.variant == Variant::Archenemy => {
                let archenemy = (0..self.seats.len())
                    .find(|&s| self.seats[s].archenemy)
                    .unwrap_or(0);
                self.set_starting(archenemy, None);
            }
            Start::Random => {
                let mut rng = ChaChaStream::new(
                    &self.seed,
                    StreamId::new(DOMAIN_STARTING_PLAYER, self.game_index, 0),
                );
                let chooser = rng.below(self.seats.len() as u64) as usize;
                self.emit(
                    Step::StartingPlayer,
                    EventKind::ChooseChooser {
                        chooser,
                        how: "random",
                    },
                );
                self.chooser = Some(chooser);
                self.phase = Phase::ChooseStarting { chooser };
            }
            Start::ChosenBy(chooser) => {
                self.emit(
                    Step::StartingPlayer,
                    EventKind::ChooseChooser {
                        chooser,
                        how: "previous_game",
                    },
                );
                self.chooser = Some(chooser);
                self.phase = Phase::ChooseStarting { chooser };
            }
        }
    }

    fn set_starting(&mut self, seat: usize, chosen_by: Option<usize>) {
        self.starting = Some(seat);
        let (step, team) = match self.variant {
            Variant::Archenemy => (Step::Archenemy, None),
            Variant::TwoHeadedGiant => (Step::StartingTeam, Some(self.teammates(seat))),
            _ => (Step::StartingPlayer, None),
        };
        self.emit(
            step,
            EventKind::StartingPlayer {
                seat,
                chosen_by,
                team,
            },
        );
        if !self.shuffled {
            self.set_up_and_shuffle();
        }
        self.set_life();
        let free = self.free_total();
        for s in self.turn_order() {
            let n = self
                .rule
                .hand_step(self.seats[s].hand_size, 0, 0, free)
                .draw;
            self.draw_opening(s, n);
        }
        let everyone: Vec<usize> = (0..self.seats.len()).collect();
        if self.rule == MulliganRule::Houston {
            // Houston: everyone puts three of the ten on the bottom first.
            return self.houston_bottom(&everyone);
        }
        self.begin_round(&everyone);
    }

    /// 103.2 then 103.3. The set-up steps come after the starting player is determined (103.2:
    /// the 2020 change, so that a chooser does not see the opponents' companions) and each
    /// step is taken by every player, in turn order, before the next: sideboards set aside
    /// (103.2a), companions revealed (103.2b), commanders put into the command zone (103.2c).
    fn set_up_and_shuffle(&mut self) {
        let order = self.turn_order();
        for s in order.iter().copied() {
            let cards = self.seats[s].set_aside.sideboard.clone();
            if !cards.is_empty() {
                self.emit(Step::SetAside, EventKind::SetAside { seat: s, cards });
            }
        }
        for s in order.iter().copied() {
            for card in self.seats[s].set_aside.companions.clone() {
                self.emit(Step::Companion, EventKind::Companion { seat: s, card });
            }
        }
        for s in order.iter().copied() {
            let cards = self.seats[s].set_aside.commanders.clone();
            if !cards.is_empty() {
                self.emit(Step::Commander, EventKind::Commander { seat: s, cards });
            }
        }
        self.shuffle_all();
    }

    /// 103.3: each player shuffles their deck, which becomes their library.
    fn shuffle_all(&mut self) {
        let rule = cite(self.rule, Step::Shuffle);
        for s in 0..self.seats.len() {
            let event = self.seats[s].library.reshuffle(rule, Some(s));
            self.events.push(event);
        }
        self.shuffled = true;
    }

    /// 103.4: starting life totals plus Vanguard life modifiers. Two-Headed Giant: the team
    /// has one life total (101.3a in seed `002_…`: "a shared life total of 30"), so each
    /// player's life modifier applies to it: the team starts at 30 (+15 per player beyond two)
    /// plus the sum of its players' modifiers, and every teammate reports that total.
    fn set_life(&mut self) {
        let n = self.seats.len();
        let two_headed = self.variant == Variant::TwoHeadedGiant;
        for s in 0..n {
            let mates = self.teammates(s);
            let base = starting_life(self.variant, n, mates.len(), self.seats[s].archenemy);
            let modifier: i64 = if two_headed {
                mates
                    .iter()
                    .map(|&m| i64::from(self.seats[m].life_modifier))
                    .sum()
            } else {
                i64::from(self.seats[s].life_modifier)
            };
            // `validate` bounds every modifier by MAX_MODIFIER, so even a full table's sum
            // fits; the clamp only makes that arithmetic total.
            let life =
                (i64::from(base) + modifier).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
            self.seats[s].life = life;
            let (step, shared_with) = if two_headed {
                (
                    Step::TeamLife,
                    mates.into_iter().filter(|&m| m != s).collect(),
                )
            } else {
                (Step::Life, vec![])
            };
            self.emit(
                step,
                EventKind::Life {
                    seat: s,
                    life,
                    shared_with,
                },
            );
        }
    }

    pub(super) fn draw(&mut self, seat: usize, n: usize) {
        let drawn = self.seats[seat].library.draw(n);
        self.seats[seat].hand.extend_from_slice(&drawn);
        let cards = self.seats[seat].refs(&drawn);
        self.emit(Step::Draw, EventKind::Draw { seat, cards });
    }

    pub(super) fn begin_round(&mut self, who: &[usize]) {
        let slots = self.slots(who);
        if slots.is_empty() {
            return self.finish_mulligans();
        }
        let waiting = slots[0].clone();
        self.phase = Phase::Declare {
            slots,
            slot: 0,
            waiting,
            mulligans: vec![],
        };
    }

    /// All players of the current slot have declared.
    fn slot_complete(&mut self) {
        let Phase::Declare {
            slots,
            slot,
            mulligans,
            ..
        } = &mut self.phase
        else {
            return;
        };
        let (slots, mut slot, taken) = (slots.clone(), *slot, std::mem::take(mulligans));
        if self.rule == MulliganRule::ParisSequential {
            // 101.4 / 101.4a: this player (or team) takes their mulligans before anyone else.
            if !taken.is_empty() {
                self.execute_mulligans(&taken);
                let waiting = slots[slot]
                    .iter()
                    .copied()
                    .filter(|s| taken.contains(s))
                    .collect();
                self.phase = Phase::Declare {
                    slots,
                    slot,
                    waiting,
                    mulligans: vec![],
                };
                return;
            }
            slot += 1;
            if slot < slots.len() {
                let waiting = slots[slot].clone();
                self.phase = Phase::Declare {
                    slots,
                    slot,
                    waiting,
                    mulligans: vec![],
                };
            } else {
                self.finish_mulligans();
            }
            return;
        }
        slot += 1;
        if slot < slots.len() {
            let waiting = slots[slot].clone();
            self.phase = Phase::Declare {
                slots,
                slot,
                waiting,
                mulligans: taken,
            };
            return;
        }
        // 103.5: everyone has declared; all mulligans happen at the same time.
        if taken.is_empty() {
            return self.finish_mulligans();
        }
        self.execute_mulligans(&taken);
        let waiting: Vec<usize> = self
            .turn_order()
            .into_iter()
            .filter(|&s| self.seats[s].to_bottom > 0)
            .collect();
        if waiting.is_empty() {
            self.begin_round(&taken);
        } else {
            self.phase = Phase::Bottom { waiting };
        }
    }

    /// Shuffle each hand into its library and draw a new one (London: the full hand, then
    /// cards to the bottom; the older eras: one fewer per counted mulligan).
    fn execute_mulligans(&mut self, taken: &[usize]) {
        let order: Vec<usize> = self
            .turn_order()
            .into_iter()
            .filter(|s| taken.contains(s))
            .collect();
        let team_rule =
            self.variant.shared_team_turns() && self.rule == MulliganRule::ParisSequential;
        for s in order {
            let free = self.seats[s].mulligans < self.free_total();
            let rules_free = self.free_first && self.seats[s].mulligans == 0;
            let seat = &mut self.seats[s];
            seat.mulligans += 1;
            if !free {
                seat.counted += 1;
            }
            let (number, counted) = (seat.mulligans, seat.counted);
            let step = if rules_free {
                Step::FreeMulligan
            } else if free {
                Step::HouseRule
            } else if team_rule {
                Step::TeamMulligan
            } else {
                Step::Mulligan
            };
            self.emit(
                step,
                EventKind::Mulligan {
                    seat: s,
                    number,
                    free,
                    counted,
                },
            );
            if self.rule == MulliganRule::PartialParis {
                self.exile_partial(s, free);
                continue;
            }
            let seat = &mut self.seats[s];
            let hand = std::mem::take(&mut seat.hand);
            seat.library.append(&hand);
            let event = seat
                .library
                .reshuffle(cite(self.rule, Step::Mulligan), Some(s));
            self.events.push(event);
            let seat = &self.seats[s];
            let step = self.rule.hand_step(
                seat.hand_size,
                seat.mulligans,
                seat.counted,
                self.free_total(),
            );
            let draw = if self.rule.draws_full_hand() {
                step.draw
            } else {
                // One fewer card than the hand shuffled away (seeds 002/003; none fewer after
                // a free mulligan), never more than the era's hand size.
                let counted = seat.counted as usize;
                let before = counted - usize::from(!free);
                self.rule
                    .redraw(seat.hand_size, before, counted, hand.len())
            };
            self.draw_hand(s, draw);
            let seat = &mut self.seats[s];
            seat.to_bottom = step.bottom.min(seat.hand.len());
        }
    }

    fn finish_mulligans(&mut self) {
        if self.rule.vancouver_look() {
            let queue: Vec<usize> = self
                .turn_order()
                .into_iter()
                .filter(|&s| {
                    self.seats[s].hand.len() < self.seats[s].hand_size
                        && !self.seats[s].library.is_empty()
                })
                .collect();
            if !queue.is_empty() {
                self.phase = Phase::Vancouver { queue };
                return;
            }
        }
        self.begin_actions();
    }

    fn begin_actions(&mut self) {
        let everyone: Vec<usize> = (0..self.seats.len()).collect();
        let slots = self.slots(&everyone);
        self.next_action_slot(slots, 0);
    }

    /// 103.6: the first slot from `slot` on with a player who has something to use.
    fn next_action_slot(&mut self, slots: Vec<Vec<usize>>, mut slot: usize) {
        while slot < slots.len() {
            let waiting: Vec<usize> = slots[slot]
                .iter()
                .copied()
                .filter(|&s| !self.usable_actions(s).is_empty())
                .collect();
            if !waiting.is_empty() {
                self.phase = Phase::Actions {
                    slots,
                    slot,
                    waiting,
                };
                return;
            }
            slot += 1;
        }
        self.finish();
    }

    /// 103.8: who skips the draw step of their first turn.
    fn finish(&mut self) {
        let start = self.starting.unwrap_or(0);
        let (step, skipping) = match first_draw(self.variant, self.seats.len()) {
            FirstDraw::StartingPlayer => (Step::FirstDrawTwoPlayer, vec![start]),
            FirstDraw::StartingTeam => (Step::FirstDrawTeam, self.teammates(start)),
            FirstDraw::Nobody => (Step::FirstDrawMultiplayer, vec![]),
        };
        for &s in &skipping {
            self.seats[s].skips_first_draw = true;
        }
        self.emit(
            step,
            EventKind::FirstDraw {
                starting_player: start,
                skipping,
            },
        );
        self.phase = Phase::Done;
    }

    /// 103.6 cards in the seat's hand usable now.
    pub(super) fn usable_actions(&self, seat: usize) -> Vec<CardId> {
        let s = &self.seats[seat];
        s.hand
            .iter()
            .copied()
            .filter(|&c| self.opening_action(seat, c).is_some())
            .collect()
    }

    /// What using `card` from the seat's hand does now (103.6), None if it can do nothing. The
    /// one place that decides, so that a card is used for the reason it is usable. A card with
    /// several tags takes the first that applies to this player: Gemstone Caverns (103.6a, only
    /// for a player who is not the starting player), then beginning on the battlefield
    /// (103.6a), then revealing (103.6b, once per card). So the starting player reveals a card
    /// tagged both `gemstone_caverns` and `reveal`, and anyone else puts it onto the
    /// battlefield, exiling a card, as Gemstone Caverns.
    fn opening_action(&self, seat: usize, card: CardId) -> Option<OpeningAction> {
        let s = &self.seats[seat];
        if s.has(card, tags::GEMSTONE_CAVERNS) && self.starting != Some(seat) {
            Some(OpeningAction::GemstoneCaverns)
        } else if s.has(card, tags::BEGIN_ON_BATTLEFIELD) {
            Some(OpeningAction::BeginOnBattlefield)
        } else if s.has(card, tags::REVEAL) && !s.revealed.contains(&card) {
            Some(OpeningAction::Reveal)
        } else {
            None
        }
    }

    // ----- answers ---------------------------------------------------------------------------

    pub(super) fn check_pending(&self, seat: usize, kind: DecisionKind) -> Result<Decision> {
        self.seat(seat)?;
        let pending = self.pending();
        if let Some(d) = pending.iter().find(|d| d.seat == seat && d.kind == kind) {
            return Ok(d.clone());
        }
        let now = if pending.is_empty() {
            "the game start is over".to_string()
        } else {
            super::describe_pending(&pending)
        };
        Err(Error::illegal(format!(
            "seat {seat} has no {} decision now ({now})",
            kind.name()
        )))
    }

    /// 103.1: the chooser names the starting player (in Two-Headed Giant, that seat's team).
    pub(super) fn answer_choose_starting_player(
        &mut self,
        chooser: usize,
        starting: usize,
    ) -> Result<()> {
        self.check_pending(chooser, DecisionKind::ChooseStartingPlayer)?;
        self.seat(starting)?;
        self.set_starting(starting, Some(chooser));
        Ok(())
    }

    /// 103.5: keep; the hand becomes the opening hand and the player cannot mulligan again.
    pub(super) fn answer_keep(&mut self, seat: usize) -> Result<()> {
        self.check_pending(seat, DecisionKind::KeepOrMulligan)?;
        self.seats[seat].kept = true;
        let hand_size = self.seats[seat].hand.len();
        self.emit(Step::Declare, EventKind::Keep { seat, hand_size });
        self.return_exiled(seat);
        self.declared(seat, false);
        Ok(())
    }

    /// 103.5: declare a mulligan (taken once everyone in the round has declared).
    pub(super) fn answer_mulligan(&mut self, seat: usize) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::KeepOrMulligan)?;
        if !d.can_mulligan {
            return Err(Error::illegal(format!(
                "seat {seat} cannot mulligan: their opening hand would be 0 cards, so they must keep (103.5)"
            )));
        }
        self.seats[seat].pending_exile = None;
        self.emit(Step::Declare, EventKind::DeclareMulligan { seat });
        self.declared(seat, true);
        Ok(())
    }

    pub(super) fn declared(&mut self, seat: usize, mulligan: bool) {
        if let Phase::Declare {
            waiting, mulligans, ..
        } = &mut self.phase
        {
            waiting.retain(|&s| s != seat);
            if mulligan {
                mulligans.push(seat);
            }
            if waiting.is_empty() {
                self.slot_complete();
            }
        }
    }

    /// 103.5b: an action "any time you could mulligan" (Serum Powder: exile your hand, then
    /// draw that many cards). Not a mulligan; the player then declares.
    pub(super) fn answer_mulligan_action(&mut self, seat: usize, card: CardId) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::KeepOrMulligan)?;
        if !d.can_use(card) {
            return Err(Error::illegal(format!(
                "card {card} is not a card in seat {seat}'s hand that can be used any time they could mulligan (103.5b)"
            )));
        }
        let s = &mut self.seats[seat];
        let exiled = std::mem::take(&mut s.hand);
        s.exile.extend_from_slice(&exiled);
        let (card, exiled_refs) = (s.card_ref(card), s.refs(&exiled));
        self.emit(
            Step::MulliganAction,
            EventKind::MulliganAction {
                seat,
                card,
                exiled: exiled_refs,
            },
        );
        self.draw(seat, exiled.len());
        Ok(())
    }

    /// 103.5 (London): put exactly the asked number of cards from hand on the bottom; the
    /// slice is their top-to-bottom order, which the owner chooses and keeps hidden (401.4).
    pub(super) fn answer_bottom(&mut self, seat: usize, cards: &[CardId]) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::Bottom)?;
        let count = d.count.unwrap_or(0);
        if cards.len() != count {
            return Err(Error::illegal(format!(
                "seat {seat} must put exactly {count} card(s) on the bottom, got {}",
                cards.len()
            )));
        }
        d.check_from_hand(cards)?;
        let s = &mut self.seats[seat];
        s.hand.retain(|c| !cards.contains(c));
        s.library.append(cards);
        s.to_bottom = 0;
        let refs = s.refs(cards);
        self.emit(Step::Bottom, EventKind::Bottom { seat, cards: refs });
        if let Phase::Bottom { waiting } = &mut self.phase {
            waiting.retain(|&s| s != seat);
            if waiting.is_empty() {
                let next: Vec<usize> = (0..self.seats.len())
                    .filter(|&s| !self.seats[s].kept)
                    .collect();
                self.begin_round(&next);
            }
        }
        Ok(())
    }

    /// Vancouver: after looking at the top card, keep it there or put it on the bottom.
    pub(super) fn answer_vancouver(&mut self, seat: usize, to_bottom: bool) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::Vancouver)?;
        let Some(top) = d.card.map(|c| c.id) else {
            return Err(Error::illegal("the library is empty"));
        };
        if to_bottom {
            self.seats[seat].library.top_to_bottom();
        }
        let card = self.seats[seat].card_ref(top);
        let to = if to_bottom { "bottom" } else { "top" };
        self.emit(Step::Vancouver, EventKind::Vancouver { seat, card, to });
        if let Phase::Vancouver { queue } = &mut self.phase {
            queue.remove(0);
            if queue.is_empty() {
                self.begin_actions();
            }
        }
        Ok(())
    }

    /// 103.6: use one opening-hand card, for the action it is usable for (see
    /// `opening_action`). Gemstone Caverns also exiles `exile`, another card from hand
    /// (required when there is one).
    pub(super) fn answer_opening_hand_action(
        &mut self,
        seat: usize,
        card: CardId,
        exile: Option<CardId>,
    ) -> Result<()> {
        let d = self.check_pending(seat, DecisionKind::OpeningHandAction)?;
        let action = match self.opening_action(seat, card) {
            Some(action) if d.can_use(card) => action,
            _ => {
                let why = if self.seats[seat].has(card, tags::GEMSTONE_CAVERNS)
                    && self.starting == Some(seat)
                {
                    " (Gemstone Caverns only for a player who is not the starting player)"
                } else {
                    ""
                };
                return Err(Error::illegal(format!(
                    "card {card} is not an opening-hand action seat {seat} can take now{why}"
                )));
            }
        };
        let s = &self.seats[seat];
        let gemstone = action == OpeningAction::GemstoneCaverns;
        if gemstone {
            let others = d.hand.iter().any(|c| c.id != card);
            match exile {
                None if others => {
                    return Err(Error::illegal(
                        "Gemstone Caverns: choose another card from hand to exile (exile=…)",
                    ));
                }
                Some(x) if x == card || !d.in_hand(x) => {
                    return Err(Error::illegal(format!(
                        "card {x} is not another card in seat {seat}'s hand"
                    )));
                }
                _ => {}
            }
        } else if exile.is_some() {
            let why = if s.has(card, tags::GEMSTONE_CAVERNS) {
                format!(
                    "; card {card} is used for its {} action here: its Gemstone Caverns \
                     ability is only for a player who is not the starting player (103.6a)",
                    action.name()
                )
            } else {
                String::new()
            };
            return Err(Error::illegal(format!(
                "only Gemstone Caverns exiles a card from hand{why}"
            )));
        }
        let s = &mut self.seats[seat];
        let (step, exiled) = match action {
            OpeningAction::GemstoneCaverns => {
                s.hand.retain(|&c| c != card && Some(c) != exile);
                s.battlefield.push(card);
                s.exile.extend(exile);
                (Step::BattlefieldAction, exile.map(|x| s.card_ref(x)))
            }
            OpeningAction::BeginOnBattlefield => {
                s.hand.retain(|&c| c != card);
                s.battlefield.push(card);
                (Step::BattlefieldAction, None)
            }
            OpeningAction::Reveal => {
                s.revealed.push(card);
                (Step::RevealAction, None)
            }
        };
        let action = action.name();
        let card = s.card_ref(card);
        self.emit(
            step,
            EventKind::OpeningHandAction {
                seat,
                card,
                action,
                exiled,
            },
        );
        if self.usable_actions(seat).is_empty() {
            self.done_with_actions(seat);
        }
        Ok(())
    }

    /// 103.6: this player takes no more opening-hand actions.
    pub(super) fn answer_pass_actions(&mut self, seat: usize) -> Result<()> {
        self.check_pending(seat, DecisionKind::OpeningHandAction)?;
        self.emit(Step::BattlefieldAction, EventKind::PassActions { seat });
        self.done_with_actions(seat);
        Ok(())
    }

    fn done_with_actions(&mut self, seat: usize) {
        if let Phase::Actions {
            slots,
            slot,
            waiting,
        } = &mut self.phase
        {
            waiting.retain(|&s| s != seat);
            if waiting.is_empty() {
                let (slots, next) = (std::mem::take(slots), *slot + 1);
                self.next_action_slot(slots, next);
            }
        }
    }
}

/// The three opening-hand actions of 103.6, by what they do to the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OpeningAction {
    /// 103.6a: onto the battlefield, exiling another card from hand (a player who is not the
    /// starting player only).
    GemstoneCaverns,
    /// 103.6a: onto the battlefield.
    BeginOnBattlefield,
    /// 103.6b: revealed, stays in hand.
    Reveal,
}

impl OpeningAction {
    /// The name in `opening_hand_action` events.
    fn name(self) -> &'static str {
        match self {
            OpeningAction::GemstoneCaverns => "gemstone_caverns",
            OpeningAction::BeginOnBattlefield => "begin_on_battlefield",
            OpeningAction::Reveal => "reveal",
        }
    }
}
