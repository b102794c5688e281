"""Compatibility profiles: the original PrOntoQA analyzers' verdicts and figures, reproduced.

``prontoqa-ood`` reproduces the main-branch analyzer (asaparov/prontoqa @ 0a6412b, PrOntoQA-OOD)
and ``prontoqa-v1`` the ICLR 2023 one (v1 @ 066f73f): which sentences they accept, how they
classify steps (quirks and bugs included), and every figure they print. Unlike the originals,
nothing stops on a sentence they refuse: it is left out (as in the shipped ``.out`` files) and
reported. See docs/compat.md.

>>> from prontocheck.prontoqa.problem import Problem
>>> p = Problem("Every wumpus is a yumpus. Fae is a wumpus.", "Prove: Fae is a yumpus.",
...             "Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus.")
>>> e = compat_check(p, "Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus.", profile="prontoqa-ood")
>>> e.proof["strict"], [s.categories for s in e.steps][-1]
(True, ('correct', 'correct_and_useful'))
"""

from prontocheck.compat.check import (
    LISTS,
    PROFILES,
    CompatExample,
    CompatStep,
    DroppedSentence,
    compat_check,
    compat_check_record,
)
from prontocheck.compat.render import render_original
from prontocheck.compat.sentences import Whitelist, load_bad_patterns
from prontocheck.compat.summary import OriginalFigures, OriginalSummary

__all__ = [
    "LISTS", "PROFILES", "CompatExample", "CompatStep", "DroppedSentence", "OriginalFigures", "OriginalSummary",
    "Whitelist", "compat_check", "compat_check_record", "load_bad_patterns", "render_original",
]
