"""Reward functions for reinforcement learning on PrOntoQA-style problems.

:func:`score` is the library form; :mod:`~prontocheck.rewards.verl`, :mod:`~prontocheck.rewards.trl`,
:mod:`~prontocheck.rewards.openrlhf` and :mod:`~prontocheck.rewards.reasoning_gym` adapt it to the call
signatures of those frameworks. All are module-level and picklable, keep no state
beyond the parse caches, and never raise on bad data.
"""

from prontocheck.errors import SpecError
from prontocheck.prontoqa.spec import problem_from_spec
from prontocheck.rewards.core import MODES, REWARD_KEYS, RewardResult, clean_completion, score

__all__ = ["MODES", "REWARD_KEYS", "RewardResult", "SpecError", "clean_completion", "problem_from_spec", "score"]
