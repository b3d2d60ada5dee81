"""mulligan: the start of a game of Magic: The Gathering, exactly as the Comprehensive Rules say.

Shuffles follow rule 701.24 (ChaCha12-seeded, unbiased Fisher-Yates, reproducible from a seed,
verifiable by commit-reveal); the game start follows rule 103 (starting player, life, hand
size, the mulligan of every era, opening-hand actions, the first draw). See docs/API.md.
"""

from mulligan import bulk
from mulligan._core import (
    FORMAT_VERSION,
    Card,
    Decision,
    Deck,
    DeckError,
    Game,
    GameConfigError,
    IllegalActionError,
    InternalError,
    KeepRule,
    Library,
    Match,
    MulliganError,
    MulliganRule,
    MulliganTypeError,
    Player,
    SeatResult,
    Seed,
    SeedError,
    SimulationResult,
    Variant,
    __version__,
    shuffle_simultaneously,
    simulate,
    verify_commitment,
)

__all__ = [
    "FORMAT_VERSION",
    "Card",
    "Deck",
    "DeckError",
    "Decision",
    "Game",
    "GameConfigError",
    "IllegalActionError",
    "InternalError",
    "KeepRule",
    "Library",
    "Match",
    "MulliganError",
    "MulliganRule",
    "MulliganTypeError",
    "Player",
    "SeatResult",
    "Seed",
    "SeedError",
    "SimulationResult",
    "Variant",
    "__version__",
    "bulk",
    "shuffle_simultaneously",
    "simulate",
    "verify_commitment",
]
