"""Raw bulk primitives: numpy arrays, no Python object per card.

- ``shuffles(n_cards, count, seed, *, start=0, threads=None)`` -> ``(count, n_cards)`` uint32
  permutations; row ``r`` is seat 0's opening shuffle in ``Game(seed, game_index=start + r)``.
- ``hands(deck, count, seed, hand_size=7, *, start=0, threads=None)`` -> ``(count, hand_size)``
  uint32 indices into ``deck.cards``: seat 0's opening hand in that same game.

Both release the GIL and use every core (or ``threads``); the result does not depend on the
thread count. ``out=`` fills a given C-contiguous uint32 array of exactly that shape instead
of allocating one (and returns it): for repeated calls, this skips the page faults of fresh
memory, a quarter of the time of a 60-card shuffle. A wrong ``out`` raises before anything is
written.
"""

from mulligan._core import bulk_hands as hands
from mulligan._core import bulk_shuffles as shuffles

__all__ = ["hands", "shuffles"]
