"""An OpenRLHF reward function: point ``--reward.remote_url`` at this file (``reward_func``).

OpenRLHF calls ``reward_func(queries, prompts, labels)``: each query is the prompt followed by the
response (special tokens included), each label the dataset's ``--data.label_key`` value. The label is
read as a problem spec (:mod:`prontocheck.prontoqa.spec`: a JSON object or its text, or
``"True"``/``"False"``); a bare label, or none, takes the problem from the prompt's last question.
Returns ``{"rewards", "scores", "extra_logs"}``: tensors when torch is installed (as OpenRLHF
expects), lists otherwise. OpenRLHF has no "not applicable" reward: a row without a readable problem
(or with an unreadable query) scores 0, and the reason is logged once per distinct reason on the
``prontocheck.rewards`` logger.

>>> prompt = "Q: Every cat is a feline. Fae is a cat. True or false: Fae is a feline.\\nA:"
>>> out = reward_func([prompt + " Fae is a cat. Every cat is a feline. Fae is a feline. True<|im_end|>"],
...                   [prompt], ["True"])
>>> [float(x) for x in out["rewards"]]
[1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prontocheck.errors import SpecError
from prontocheck.prontoqa.problem import Problem
from prontocheck.prontoqa.spec import resolve_problem
from prontocheck.rewards.core import REWARD_KEYS, RewardResult, log_once, score


def _problem(prompt: str, label: object) -> Problem | bool | SpecError:
    """The row's problem, else why there is none."""
    reasons = []
    for spec in (label, None):  # an unreadable label: the prompt alone
        try:
            return resolve_problem(spec, prompt)
        except SpecError as e:
            reasons.append(str(e))
    return SpecError(f"no problem in the label or the prompt: {'; '.join(dict.fromkeys(reasons))}")


def _response(query: str, prompt: str) -> str:
    """The response part of a query: after the prompt (or after its last line, if decoding changed the rest)."""
    if query.startswith(prompt):
        return query[len(prompt):]
    tail = prompt.rstrip()[-80:]
    at = query.rfind(tail) if tail else -1
    return query[at + len(tail):] if at >= 0 else query


def reward_func(queries: Sequence[str], prompts: Sequence[str], labels: Sequence[object] | None = None,
                **kwargs: Any) -> dict[str, Any]:
    """Rewards for a batch of OpenRLHF rollouts (``mode`` and ``metric`` may come as keyword arguments)."""
    mode, metric = kwargs.get("mode", "both"), kwargs.get("metric", "strict")
    results = []
    for query, prompt, label in zip(queries, prompts, labels if labels is not None else [None] * len(queries),
                                    strict=True):
        response = _response(query, prompt)
        problem = _problem(prompt, label)
        if isinstance(problem, SpecError):
            log_once(str(problem))
            results.append(RewardResult(0.0, parse_error=str(problem)))
        else:
            results.append(score(problem, response, mode=mode, metric=metric))
    rewards = [r.score for r in results]
    logs = {key: [r.to_dict()[key] for r in results] for key in REWARD_KEYS if key not in ("score", "parse_error")}
    try:
        import torch
    except ImportError:
        return {"rewards": rewards, "scores": list(rewards), "extra_logs": logs}
    return {"rewards": torch.tensor(rewards), "scores": torch.tensor(rewards),
            "extra_logs": {k: torch.tensor([float("nan") if v is None else v for v in vs]) for k, vs in logs.items()}}
