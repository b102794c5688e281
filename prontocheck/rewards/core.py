"""Rewards for reinforcement learning: one completion on one problem, scored in [0, 1].

The problem travels with the rollout as a *problem spec* (:mod:`prontocheck.prontoqa.spec`): a JSON
object (or its text) with ``context`` (a string or a list of sentences), ``query``, and optionally
``gold_label`` (or ``answer``) and ``gold_cot``; a bare ``"True"``/``"False"`` is an answer-only
spec. The completion is read as a whole, as ``prontocheck analyze`` reads an output: chat special tokens
(``<|im_end|>``, ``</s>``) and ``<answer>`` tags are dropped, a reasoning trace (``<think>…</think>``) is
reasoning like any other text but only an answer after it commits (see the README's answer rules).

Modes: ``answer`` (the label is right), ``proof`` (the proof is correct under ``metric``), ``both``
(the default: both; a ``Prove:`` query has no label, so the proof alone), and ``partial`` (the mean of
label correctness, proof correctness and the share of canonical steps, over those that apply).

Scoring never raises on data: a spec that cannot be read, or whose query cannot be (a wording
:mod:`prontocheck.syntax.questions` does not know, a statement that does not parse, junk options),
scores ``0.0`` with the reason in ``parse_error``, and the reason is logged once (per distinct reason)
as a warning on the ``prontocheck.rewards`` logger: a problem the reward cannot read is never a silent
zero. (The TRL adapter returns ``None`` for it instead: TRL's "not applicable".) Every result has the
same keys (:data:`REWARD_KEYS`), as RL loggers need.

>>> spec = {"context": "Every cat is a carnivore. Fae is a cat.", "query": "True or false: Fae is a carnivore.",
...         "gold_label": True}
>>> r = score(spec, "<think>Fae is a cat. Every cat is a carnivore. Fae is a carnivore.</think><answer>True</answer>")
>>> r.score, r.answer_correct, r.proof_valid, r.n_steps
(1.0, True, True, 3)
>>> score(spec, "Fae is a carnivore. True").score  # right answer, skipped step: not a strict proof
0.0
>>> score(spec, "Fae is a carnivore. True", mode="partial").score  # (answer 1 + proof 0 + canonical 0) / 3
0.3333333333333333
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from prontocheck.errors import SpecError, UnreadableQuery, UsageError
from prontocheck.prontoqa.check import check
from prontocheck.prontoqa.results import INVALID, METRICS, MISLEADING, STRICT, UNPARSEABLE
from prontocheck.prontoqa.spec import problem_from_spec
from prontocheck.syntax.reading import ReadingContext, read_output
from prontocheck.syntax.text import CHAT_MARKUP

MODES = ("both", "answer", "proof", "partial")
"""The reward modes; ``both`` is the default."""

REWARD_KEYS = ("score", "answer_correct", "proof_valid", "n_steps", "n_invalid", "n_misleading", "n_non_atomic",
               "parse_error")
"""The keys of :meth:`RewardResult.to_dict`, the same for every completion."""



@dataclass(frozen=True, slots=True)
class RewardResult:
    """The score of one completion, with the diagnostics RL loggers record.

    Attributes:
        score: the reward in [0, 1].
        answer_correct: the label is right; ``None`` without a gold label.
        proof_valid: the proof is correct under the metric; ``None`` in answer-only mode.
        n_steps: the steps of the chain of thought.
        n_invalid: invalid or unparseable steps.
        n_misleading: misleading steps.
        n_non_atomic: strict but non-atomic steps (skipped inferences).
        parse_error: why the spec could not be read, or ``""``.
    """

    score: float
    answer_correct: bool | None = None
    proof_valid: bool | None = None
    n_steps: int = 0
    n_invalid: int = 0
    n_misleading: int = 0
    n_non_atomic: int = 0
    parse_error: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The result as a dict with the keys :data:`REWARD_KEYS` (booleans as 1.0/0.0, absent as ``None``)."""
        def num(b: bool | None) -> float | None:
            return None if b is None else float(b)

        return {"score": self.score, "answer_correct": num(self.answer_correct), "proof_valid": num(self.proof_valid),
                "n_steps": self.n_steps, "n_invalid": self.n_invalid, "n_misleading": self.n_misleading,
                "n_non_atomic": self.n_non_atomic, "parse_error": self.parse_error}


LOGGER = logging.getLogger("prontocheck.rewards")
"""Where the reward functions report what they cannot score (each distinct reason once)."""


@lru_cache(maxsize=1024)
def log_once(reason: str) -> None:
    """Log why a completion could not be scored, once per distinct reason (the cache remembers the
    last 1,024 reasons; a reason evicted from it may be logged again).

    >>> log_once("no problem spec and no prompt")  # a warning on the 'prontocheck.rewards' logger
    """
    LOGGER.warning("prontocheck reward: not scored: %s", reason)


_NO_PROBLEM = ReadingContext.of(())
"""What an answer-only spec's completion is read against: no vocabulary, no options."""


def clean_completion(text: str) -> str:
    """A completion's text without chat special tokens and reasoning/answer tags (a tag ends a sentence).

    :func:`score` does not need it (it reads tags and traces itself); it is for showing a completion.

    >>> clean_completion("<think>Fae is a cat.</think> <answer>True</answer><|im_end|>")
    'Fae is a cat.\\n \\nTrue'
    """
    return CHAT_MARKUP.sub("\n", text).strip()


def score(spec: object, completion: str, *, mode: str = "both", metric: str = "strict") -> RewardResult:
    """Score one completion on the problem a spec describes (see the module doc).

    Args:
        spec: a problem spec (a mapping, its JSON text, ``"True"``/``"False"``, or a :class:`Problem`).
        completion: the model's text.
        mode: ``both``, ``answer``, ``proof`` or ``partial``.
        metric: the proof accuracy that counts: ``strict``, ``non_atomic``, ``broad`` or ``valid``.

    Raises:
        UsageError: an unknown mode or metric (a configuration error, raised at once).
    """
    if mode not in MODES:
        raise UsageError(f"unknown reward mode {mode!r}; valid modes: {', '.join(MODES)}")
    if metric not in METRICS:
        raise UsageError(f"unknown metric {metric!r}; valid metrics: {', '.join(METRICS)}")
    try:
        problem = problem_from_spec(spec)
    except SpecError as e:
        log_once(str(e))
        return RewardResult(0.0, parse_error=str(e))
    if isinstance(problem, bool):  # answer-only: the committed answer
        committed = read_output(completion, _NO_PROBLEM).answer
        right = committed is not None and committed.label == problem
        return RewardResult(float(right) if mode != "proof" else 0.0, answer_correct=right)
    try:
        result = check(problem, completion)
    except UnreadableQuery as e:
        reason = f"unreadable query: {e}"
        log_once(reason)
        return RewardResult(0.0, parse_error=reason)
    steps = result.steps
    answer = result.label.correct
    proof = getattr(result.proof, metric)
    canonical = sum(s.canonical for s in steps) / len(steps) if steps else 0.0
    if mode == "answer":
        value = float(bool(answer))
    elif mode == "proof" or (mode == "both" and answer is None):
        value = float(proof)
    elif mode == "both":
        value = float(bool(answer) and proof)
    else:
        parts = [float(proof), canonical] + ([] if answer is None else [float(answer)])
        value = sum(parts) / len(parts)
    return RewardResult(
        value, answer, proof, len(steps),
        sum(s.validity in (INVALID, UNPARSEABLE) for s in steps),
        sum(s.utility is MISLEADING for s in steps),
        sum(s.validity is STRICT and s.atomic is False for s in steps),
    )
