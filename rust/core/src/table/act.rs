//! Applying one action ([`Table::act`]): who may give it, then the action itself, checked in
//! full before anything changes. An action on a seat's zones works on a copy of the seat,
//! which replaces it only when every step succeeded; then the table settles what leaving the
//! battlefield means (400.7, 122.2, 111.7, 704.5d) and counts commander casts (903.8).

use super::{Action, Authority, Session, Table, TableSeat, LIFE};
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};

impl Table {
    /// Applies one action on `seat`'s zones, given with `by`'s authority: checked in full
    /// first (an error changes nothing), then applied. Returns the events: the action's own
    /// record (`act`), then what it did.
    pub fn act(&mut self, seat: usize, by: Authority, action: &Action) -> Result<Vec<Event>> {
        if self.ended {
            return Err(Error::illegal("the game has ended: no more actions"));
        }
        self.seat(seat)?;
        let looker = match by.looker {
            Some(l) if !by.host && l != seat => {
                return Err(Error::illegal(format!(
                    "seat {seat} acts on its own zones only: seat {l} may look at another \
                     seat's library only through the host"
                )))
            }
            Some(l) => {
                self.seat(l)?;
                l
            }
            None => seat,
        };
        if self.seats[seat].conceded {
            return Err(Error::illegal(format!(
                "seat {seat} has conceded (104.3a): it takes no more actions"
            )));
        }
        let mut events = vec![Event::new(
            rule_of(action),
            EventKind::Act {
                seat,
                host: by.host,
                looker: by.looker,
                action: action.clone(),
            },
        )];
        // Public and not a library: open searches and looks go on around these.
        match action {
            Action::Counter {
                counter,
                card: None,
                delta,
                set,
            } => events.push(self.counter(seat, counter, *delta, *set)?),
            Action::Counter {
                counter,
                card: Some(card),
                delta,
                set,
            } => {
                let mut s = self.seats[seat].clone();
                events.push(s.card_counter(seat, *card, counter, *delta, *set)?);
                self.seats[seat] = s;
            }
            Action::Tap { cards } | Action::Untap { cards } => {
                let tap = matches!(action, Action::Tap { .. });
                let mut s = self.seats[seat].clone();
                events.push(s.tap(seat, cards, tap)?);
                self.seats[seat] = s;
            }
            Action::PassTurn {} => events.extend(self.pass_turn(seat)?),
            Action::CreateToken { name, count } => {
                events.push(self.create_tokens(seat, name, *count)?)
            }
            Action::CommanderDamage {
                owner,
                commander,
                delta,
            } => events.extend(self.commander_damage(seat, *owner, *commander, *delta)?),
            Action::Concede {} => events.extend(self.concede(seat)?),
            Action::Timetwister { seats, draw } => {
                let seats = if seats.is_empty() {
                    vec![seat]
                } else {
                    seats.clone()
                };
                if !by.host && seats.iter().any(|&s| s != seat) {
                    return Err(Error::illegal(format!(
                        "seat {seat} acts on its own zones only: shuffling another seat's \
                         library needs the host"
                    )));
                }
                events.extend(self.timetwister(&seats, *draw)?);
            }
            _ => {
                let mut s = self.seats[seat].clone();
                check_session(&s, seat, looker, action)?;
                events.extend(s.apply(seat, looker, action)?);
                events.extend(s.casts(seat, action));
                events.extend(s.settle(seat));
                self.seats[seat] = s;
            }
        }
        Ok(events)
    }
}

/// While a search, look or reveal is open on a seat's library, only what ends or extends it
/// may act on that seat, given by the seat that looks.
fn check_session(s: &TableSeat, seat: usize, looker: usize, action: &Action) -> Result<()> {
    let Some(session) = &s.session else {
        return match action {
            Action::Found { .. } => Err(Error::illegal(format!(
                "no search of seat {seat}'s library is open: search first"
            ))),
            Action::Arrange { .. } => Err(Error::illegal(format!(
                "no look at or reveal of seat {seat}'s library is open: look or reveal first"
            ))),
            _ => Ok(()),
        };
    };
    let (open, who, fits) = match *session {
        Session::Search { looker: l } => {
            ("a search", Some(l), matches!(action, Action::Found { .. }))
        }
        Session::Look { looker: l, .. } => (
            "a look",
            Some(l),
            matches!(action, Action::Look { .. } | Action::Arrange { .. }),
        ),
        Session::Reveal { .. } => (
            "a reveal",
            None,
            matches!(action, Action::Reveal { .. } | Action::Arrange { .. }),
        ),
    };
    if !fits {
        return Err(Error::illegal(format!(
            "{open} of seat {seat}'s library is open: {} ends it first, not {:?}",
            if open == "a search" {
                "found"
            } else {
                "arrange"
            },
            action.name()
        )));
    }
    if let Some(l) = who.filter(|&l| l != looker) {
        return Err(Error::illegal(format!(
            "{open} of seat {seat}'s library is open for seat {l}, not seat {looker}"
        )));
    }
    Ok(())
}

/// The rule an action's record cites.
fn rule_of(action: &Action) -> &'static str {
    match action {
        Action::Draw { .. } => "121.1",
        Action::Shuffle { .. } => "701.24a",
        Action::Mill { .. } => "404.1",
        Action::ShuffleIn { place: Some(_), .. } => "701.24g",
        Action::ShuffleIn { .. } => "701.24c",
        Action::Search {} | Action::Found { .. } => "701.23",
        Action::Look { .. } | Action::Reveal { .. } => "401.2",
        Action::Arrange { .. } | Action::Put { .. } => "401.4",
        Action::Move { .. } => "400.7",
        Action::Timetwister { .. } => "701.24f",
        Action::Counter {
            counter,
            card: None,
            ..
        } if counter == LIFE => "119.3",
        Action::Counter { .. } => "122.1",
        Action::Tap { .. } => "701.26a",
        Action::Untap { .. } => "701.26b",
        Action::PassTurn {} => "103.1",
        Action::CreateToken { .. } => "111.1",
        Action::CommanderDamage { .. } => "903.10a",
        Action::Concede {} => "104.3a",
    }
}
