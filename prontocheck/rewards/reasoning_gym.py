"""A reasoning-gym style scorer: ``score_answer(answer, entry) -> float``.

An entry is ``{"question": str, "answer": str, "metadata": dict}``. The problem is the spec in
``metadata["prontoqa"]`` (or ``metadata`` itself when it has ``context`` and ``query``), else the
question's last question (any wording of :mod:`prontocheck.syntax.questions`) with ``answer`` as its
gold label. The answer is the model's whole text (chain of thought, then the label), scored in mode
``both`` (answer and strict proof) unless ``mode``/``metric`` are given. A score is a bare float, so an
entry without a readable problem (or with an unreadable query) scores 0.0, and the reason is logged
once per distinct reason on the ``prontocheck.rewards`` logger.

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
from prontocheck.rewards.core import log_once, score
from prontocheck.rewards.inputs import kind, safe_str, text_of, why


def _problem(entry: Mapping[Any, Any]) -> Problem | bool | None:
    raw = entry.get("metadata")
    metadata: Mapping[Any, Any] = raw if isinstance(raw, Mapping) else {}
    spec = metadata.get("prontoqa") or (metadata if "context" in metadata and "query" in metadata else None)
    answer, question = entry.get("answer"), entry.get("question", "")
    try:
        if spec is not None:
            return resolve_problem(spec)
        gold = None if answer is None else safe_str(answer)
        text = safe_str(question)
        if text is None or (gold is None and answer is not None):
            log_once(f"no problem in the entry: a question ({kind(question)}) or answer ({kind(answer)}) "
                     "that cannot be read as text")
            return None
        return resolve_problem(gold, text)
    except SpecError as e:
        log_once(f"no problem in the entry: {e}")
        return None


def score_answer(answer: object, entry: object, *, mode: object = "both", metric: object = "strict") -> float:
    """The reward of one answer to one entry, in [0, 1]; never raises (0.0 with the reason logged)."""
    if not isinstance(entry, Mapping):
        log_once(f"an entry that is not a mapping: {kind(entry)}")
        return 0.0
    try:
        problem = _problem(entry)
    except Exception as e:  # noqa: BLE001 - an entry whose get raises, or objects inside it that do
        log_once(f"an unreadable entry: {why(e)}")
        return 0.0
    if problem is None:
        return 0.0
    if text_of(answer) is None:
        log_once(f"an answer that is not text: {kind(answer)}")
        return 0.0
    return score(problem, answer, mode=mode, metric=metric).score
