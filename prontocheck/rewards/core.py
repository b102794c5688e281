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

Scoring never raises, whatever it is given: a spec that cannot be read, or whose query cannot be (a
wording :mod:`prontocheck.syntax.questions` does not know, a statement that does not parse, junk
options), a completion that is not a string (``None``, bytes, a number), an unknown ``mode`` or
``metric``, scores ``0.0`` with the reason in ``parse_error``, and the reason is logged once (per
distinct reason) as a warning on the ``prontocheck.rewards`` logger: a problem the reward cannot read
is never a silent zero. (The TRL adapter returns ``None`` for it instead: TRL's "not applicable".)
Every result has the same keys (:data:`REWARD_KEYS`), as RL loggers need. Time is bounded by the
reader's limits (:mod:`prontocheck.limits`), so a huge completion scores like any other.

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

from prontocheck.errors import BudgetExceeded, SpecError, UnreadableQuery
from prontocheck.prontoqa.check import check
from prontocheck.prontoqa.problem import Problem
from prontocheck.prontoqa.results import INVALID, METRICS, MISLEADING, STRICT, UNPARSEABLE
from prontocheck.prontoqa.spec import problem_from_spec
from prontocheck.rewards.inputs import kind, option_of, shown, text_of, why
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
        parse_error: why the completion could not be scored (an unreadable spec or query, a completion
            that is not text, an unknown mode or metric), or ``""``.
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


def read_spec(spec: object) -> Problem | bool | str:
    """The problem (or gold label) of any spec value, else why there is none (never raising: a spec
    whose ``__str__`` or ``get`` raises is unreadable like any other).
    """
    try:
        return problem_from_spec(text_of(spec) if isinstance(spec, str) else spec)
    except SpecError as e:
        return str(e)
    except Exception as e:  # noqa: BLE001 - user objects inside the spec may raise anything
        return f"an unreadable problem spec ({kind(spec)}): {why(e)}"


_NO_PROBLEM = ReadingContext.of(())
"""What an answer-only spec's completion is read against: no vocabulary, no options."""


def clean_completion(text: str) -> str:
    """A completion's text without chat special tokens and reasoning/answer tags (a tag ends a sentence).

    :func:`score` does not need it (it reads tags and traces itself); it is for showing a completion.

    >>> clean_completion("<think>Fae is a cat.</think> <answer>True</answer><|im_end|>")
    'Fae is a cat.\\n \\nTrue'
    """
    return CHAT_MARKUP.sub("\n", text).strip()


REASON_CHARS = 500
"""The longest reason logged and kept in ``parse_error`` (a reason quoting a huge input is cut)."""


def not_scored(reason: str) -> RewardResult:
    """The result of a completion that cannot be scored: ``0.0``, with the reason (logged once)."""
    reason = reason if len(reason) <= REASON_CHARS else reason[:REASON_CHARS - 1] + "…"
    log_once(reason)
    return RewardResult(0.0, parse_error=reason)


def score(spec: object, completion: object, *, mode: object = "both", metric: object = "strict") -> RewardResult:
    """Score one completion on the problem a spec describes (see the module doc). Never raises.

    Args:
        spec: a problem spec (a mapping, its JSON text, ``"True"``/``"False"``, or a :class:`Problem`).
        completion: the model's text.
        mode: ``both``, ``answer``, ``proof`` or ``partial``.
        metric: the proof accuracy that counts: ``strict``, ``non_atomic``, ``broad`` or ``valid``.

    Returns:
        The score; anything that cannot be scored (see the module doc) scores ``0.0`` with the reason in
        ``parse_error``, logged once.

    >>> score({"context": "Fae is a cat.", "query": "Prove: Fae is a cat."}, None).parse_error
    'a completion that is not text: NoneType'
    """
    try:
        return _score(spec, completion, mode, metric)
    except Exception as e:  # noqa: BLE001 - the contract: a reward never raises (a bug is logged, not hidden)
        return not_scored(f"internal error: {why(e)}")


def _score(spec: object, completion: object, mode_value: object, metric_value: object) -> RewardResult:
    mode, metric = option_of(mode_value, MODES), option_of(metric_value, METRICS)
    if mode is None:
        return not_scored(f"unknown reward mode {shown(mode_value)}; valid modes: {', '.join(MODES)}")
    if metric is None:
        return not_scored(f"unknown metric {shown(metric_value)}; valid metrics: {', '.join(METRICS)}")
    text = text_of(completion)
    if text is None:
        return not_scored(f"a completion that is not text: {kind(completion)}")
    problem = read_spec(spec)
    if isinstance(problem, str):
        return not_scored(problem)
    if isinstance(problem, bool):  # answer-only: the committed answer
        committed = read_output(text, _NO_PROBLEM).answer
        right = committed is not None and committed.label == problem
        return RewardResult(float(right) if mode != "proof" else 0.0, answer_correct=right)
    try:
        result = check(problem, text)
    except UnreadableQuery as e:
        return not_scored(f"unreadable query: {e}")
    except BudgetExceeded as e:  # a completion too costly to check (see prontocheck.limits)
        return not_scored(str(e))
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
