//! What each viewer may see of an event (hidden information, 701.24a, 401.4, 402.3): another
//! player's hidden cards become counts; everything else is public.

use super::{Event, EventKind};
use crate::action::Place;

impl Event {
    /// This event as `viewer` may see it (hidden information, 701.24a and 401.4): another
    /// player's drawn cards, cards put on the bottom, sideboard, and the card Vancouver's look
    /// showed become counts; everything else is public.
    pub fn seen_by(&self, viewer: usize) -> Event {
        let kind = match &self.kind {
            EventKind::Draw { seat, cards } if *seat != viewer => EventKind::HiddenDraw {
                seat: *seat,
                count: cards.len(),
            },
            EventKind::Bottom { seat, cards } if *seat != viewer => EventKind::HiddenBottom {
                seat: *seat,
                count: cards.len(),
            },
            EventKind::SetAside { seat, cards } if *seat != viewer => EventKind::HiddenSetAside {
                seat: *seat,
                count: cards.len(),
            },
            EventKind::Vancouver { seat, to, .. } if *seat != viewer => {
                EventKind::HiddenVancouver { seat: *seat, to }
            }
            EventKind::DeclarePartialMulligan { seat, cards } if *seat != viewer => {
                EventKind::HiddenDeclarePartialMulligan {
                    seat: *seat,
                    count: cards.len(),
                }
            }
            EventKind::Smoothing {
                seat,
                model,
                candidates,
                ..
            } if *seat != viewer => EventKind::HiddenSmoothing {
                seat: *seat,
                model,
                candidates: *candidates,
            },
            EventKind::Move {
                seat,
                from,
                to,
                cards,
                position,
                looker,
                revealed,
            } if !move_visible(viewer, *seat, *from, *to, *looker, *revealed) => {
                EventKind::HiddenMove {
                    seat: *seat,
                    from: *from,
                    to: *to,
                    count: cards.len(),
                    position: *position,
                }
            }
            EventKind::Look {
                seat,
                looker,
                cards,
            } if *looker != viewer => EventKind::HiddenLook {
                seat: *seat,
                looker: *looker,
                count: cards.len(),
            },
            EventKind::Act { seat, action, .. } => EventKind::HiddenAct {
                seat: *seat,
                action: action.name(),
            },
            other => other.clone(),
        };
        Event {
            kind,
            rule: self.rule,
        }
    }

    /// This event as nobody at the table sees it (the host's stream, a spectator): what every
    /// player sees, that is hidden cards as counts, for every seat. A seat that looks at
    /// another's library (the host letting it search) sees those cards in its own view only.
    pub fn public(&self) -> Event {
        self.seen_by(NOBODY)
    }
}

/// A viewer that is no seat: the one [`Event::public`] asks for.
const NOBODY: usize = usize::MAX;

/// Whether `viewer` sees the cards of a table move: cards to or from a public zone, or
/// revealed, are public; the looking seat sees what it moves; the owner sees what comes from or
/// goes to a zone it knows (its hand, face-down exile, outside the game). Nobody else sees a
/// card of a hidden zone.
fn move_visible(
    viewer: usize,
    seat: usize,
    from: Place,
    to: Place,
    looker: Option<usize>,
    revealed: bool,
) -> bool {
    revealed
        || from.public()
        || to.public()
        || looker == Some(viewer)
        || (viewer == seat && (from.owner_knows() || to.owner_knows()))
}
