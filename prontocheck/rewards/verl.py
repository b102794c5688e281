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

from collections.abc import Mapping
from typing import Any

from prontocheck.rewards.core import log_once, not_scored, score
from prontocheck.rewards.inputs import kind, rows_of, why


def _spec(ground_truth: object, extra_info: object) -> object:
    if isinstance(extra_info, Mapping) and extra_info.get("prontoqa") is not None:
        return extra_info["prontoqa"]
    return ground_truth


def compute_score(data_source: object, solution_str: object, ground_truth: object,
                  extra_info: object = None, *, mode: object = "both", metric: object = "strict",
                  **kwargs: Any) -> dict[str, Any]:
    """The reward of one rollout, with diagnostics (verl's ``compute_score`` signature). Never raises."""
    try:
        spec = _spec(ground_truth, extra_info)
    except Exception as e:  # noqa: BLE001 - an extra_info whose get raises: no spec there
        return not_scored(f"an unreadable extra_info ({kind(extra_info)}): {why(e)}").to_dict()
    return score(spec, solution_str, mode=mode, metric=metric).to_dict()


def compute_score_batch(data_sources: object, solution_strs: object, ground_truths: object,
                        extra_infos: object = None, *, mode: object = "both",
                        metric: object = "strict", **kwargs: Any) -> list[dict[str, Any]]:
    """The rewards of a batch, in order (the batch reward manager's signature): one per solution.

    Never raises: ``solution_strs`` that is not a list gives ``[]``; a solution without its ground truth
    (a shorter list) scores 0.0 with the reason.
    """
    solutions = rows_of(solution_strs)
    if solutions is None:
        log_once(f"solution_strs that are not a list: {kind(solution_strs)}")
        return []
    n = len(solutions)
    truths, infos = (((rows_of(v) or []) + [None] * n)[:n] for v in (ground_truths, extra_infos))
    return [compute_score(None, solution, truth, info, mode=mode, metric=metric)
            for solution, truth, info in zip(solutions, truths, infos, strict=True)]

