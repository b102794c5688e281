"""A reasoning-gym style scorer: ``score_answer(answer, entry) -> float``.

An entry is ``{"question": str, "answer": str, "metadata": dict}``. The problem is the spec in
``metadata["prontoqa"]`` (or ``metadata`` itself when it has ``context`` and ``query``), else the
question's last ``True or false:`` / ``Prove:`` question with ``answer`` as its gold label. The answer
is the model's whole text (chain of thought, then the label), scored in mode ``both`` (answer and
strict proof) unless ``mode``/``metric`` are given. An entry without a readable problem scores 0.

>>> entry = {"question": "Q: Every cat is a feline. Fae is a cat. True or false: Fae is a feline.", "answer": "True",
...          "metadata": {}}
>>> score_answer("Fae is a cat. Every cat is a feline. Fae is a feline. True", entry)
1.0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prontocheck.errors import SpecError
from prontocheck.prontoqa.problem import Problem
from prontocheck.prontoqa.spec import resolve_problem
from prontocheck.rewards.core import score


def _problem(entry: Mapping[str, Any]) -> Problem | bool | None:
    raw = entry.get("metadata")
    metadata: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    spec = metadata.get("prontoqa") or (metadata if "context" in metadata and "query" in metadata else None)
    answer = entry.get("answer")
    try:
        if spec is not None:
            return resolve_problem(spec)
        return resolve_problem(None if answer is None else str(answer), str(entry.get("question", "")))
    except SpecError:
        return None


def score_answer(answer: str | None, entry: Mapping[str, Any], *, mode: str = "both", metric: str = "strict") -> float:
    """The reward of one answer to one entry, in [0, 1]."""
    problem = _problem(entry)
    if problem is None or answer is None:
        return 0.0
    return score(problem, answer, mode=mode, metric=metric).score
