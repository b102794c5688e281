"""verl reward functions: set ``custom_reward_function.path`` to this module's file and ``.name`` to
``compute_score`` (or ``compute_score_batch`` with the batch reward manager).

verl passes no prompt, so the problem spec comes in ``ground_truth`` (the dataset's
``reward_model.ground_truth``: the spec's JSON text, a mapping, or ``"True"``/``"False"``), or in
``extra_info["prontoqa"]``, which wins when both are there. Options come from
``custom_reward_function.reward_kwargs``: ``mode`` and ``metric`` (see :mod:`prontocheck.rewards.core`).
Each call returns a dict with the same keys (:data:`~prontocheck.rewards.core.REWARD_KEYS`);
verl takes ``"score"`` as the reward and logs the others. verl has no "not applicable" reward: a spec
or query that cannot be read scores 0.0 with the reason in ``parse_error``, and the reason is logged
once per distinct reason on the ``prontocheck.rewards`` logger.

>>> spec = '{"context": "Every cat is a carnivore. Fae is a cat.", "query": "True or false: Fae is a carnivore."}'
>>> compute_score("prontoqa", "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True", spec)["score"]
1.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from prontocheck.rewards.core import score


def _spec(ground_truth: object, extra_info: Mapping[str, Any] | None) -> object:
    if isinstance(extra_info, Mapping) and extra_info.get("prontoqa") is not None:
        return extra_info["prontoqa"]
    return ground_truth


def compute_score(data_source: str, solution_str: str, ground_truth: object,
                  extra_info: Mapping[str, Any] | None = None, *, mode: str = "both", metric: str = "strict",
                  **kwargs: Any) -> dict[str, Any]:
    """The reward of one rollout, with diagnostics (verl's ``compute_score`` signature)."""
    return score(_spec(ground_truth, extra_info), solution_str, mode=mode, metric=metric).to_dict()


def compute_score_batch(data_sources: Sequence[str], solution_strs: Sequence[str], ground_truths: Sequence[object],
                        extra_infos: Sequence[Mapping[str, Any] | None] | None = None, *, mode: str = "both",
                        metric: str = "strict", **kwargs: Any) -> list[dict[str, Any]]:
    """The rewards of a batch, in order (the batch reward manager's signature)."""
    infos = list(extra_infos) if extra_infos is not None else [None] * len(solution_strs)
    return [compute_score(source, solution, truth, info, mode=mode, metric=metric)
            for source, solution, truth, info in zip(data_sources, solution_strs, ground_truths, infos, strict=True)]
