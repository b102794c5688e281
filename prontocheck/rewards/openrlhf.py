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

from typing import Any

from prontocheck.errors import SpecError
from prontocheck.prontoqa.problem import Problem
from prontocheck.prontoqa.spec import resolve_problem
from prontocheck.rewards.core import REWARD_KEYS, RewardResult, log_once, not_scored, score
from prontocheck.rewards.inputs import kind, rows_of, text_of, why


def _problem(prompt: str | None, label: object) -> Problem | bool | SpecError:
    """The row's problem, else why there is none."""
    reasons = []
    for spec in (label, None):  # an unreadable label: the prompt alone
        try:
            return resolve_problem(spec, prompt)
        except SpecError as e:
            reasons.append(str(e))
        except Exception as e:  # noqa: BLE001 - a label object whose methods raise: unreadable
            reasons.append(f"an unreadable label ({kind(label)}): {why(e)}")
    return SpecError(f"no problem in the label or the prompt: {'; '.join(dict.fromkeys(reasons))}")


def _response(query: str, prompt: str | None) -> str:
    """The response part of a query: after the prompt (or after its last line, if decoding changed the rest)."""
    if prompt is None:
        return query
    if query.startswith(prompt):
        return query[len(prompt):]
    tail = prompt.rstrip()[-80:]
    at = query.rfind(tail) if tail else -1
    return query[at + len(tail):] if at >= 0 else query


def _one(query: object, prompt: object, label: object, mode: object, metric: object) -> RewardResult:
    text, prompt_text = text_of(query), text_of(prompt)
    if text is None:
        return not_scored(f"a query that is not text: {kind(query)}")
    problem = _problem(prompt_text, label)
    if isinstance(problem, SpecError):
        return not_scored(str(problem))
    return score(problem, _response(text, prompt_text), mode=mode, metric=metric)


def reward_func(queries: object, prompts: object, labels: object = None, **kwargs: Any) -> dict[str, Any]:
    """Rewards for a batch of OpenRLHF rollouts (``mode`` and ``metric`` may come as keyword arguments).

    Never raises: one reward per query (``queries`` that is not a list: none), 0 where a row cannot be
    scored, the reason logged once.
    """
    mode, metric = kwargs.get("mode", "both"), kwargs.get("metric", "strict")
    rows = rows_of(queries)
    if rows is None:
        log_once(f"queries that are not a list: {kind(queries)}")
        rows = []
    n = len(rows)
    prompt_rows, label_rows = (((rows_of(v) or []) + [None] * n)[:n] for v in (prompts, labels))
    results = []
    for query, prompt, label in zip(rows, prompt_rows, label_rows, strict=True):
        try:
            results.append(_one(query, prompt, label, mode, metric))
        except Exception as e:  # noqa: BLE001 - the contract: a reward never raises
            results.append(not_scored(f"internal error: {why(e)}"))
    rewards = [r.score for r in results]
    logs = {key: [r.to_dict()[key] for r in results] for key in REWARD_KEYS if key not in ("score", "parse_error")}
    try:
        import torch
    except ImportError:
        return {"rewards": rewards, "scores": list(rewards), "extra_logs": logs}
    return {"rewards": torch.tensor(rewards), "scores": torch.tensor(rewards),
            "extra_logs": {k: torch.tensor([float("nan") if v is None else v for v in vs]) for k, vs in logs.items()}}
