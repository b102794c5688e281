"""TRL reward functions for ``GRPOTrainer(reward_funcs=[...])``.

TRL calls a reward function with the ``prompts``, the ``completions`` (strings, or chat messages in
the conversational format) and every other dataset column as a keyword list. The problem spec is
read from a ``problem`` column (a mapping or its JSON text), or from ``context``, ``query`` and
optionally ``gold_label`` / ``gold_cot`` / ``options`` columns, or else from the prompt itself (its last
question, in any wording of :mod:`prontocheck.syntax.questions`; a ``gold_label`` column still gives
the label). A row without a usable problem, or whose query cannot be read, scores ``None`` (TRL's "not
applicable"), never an exception and never a silent 0: the reason is logged once per distinct reason on
the ``prontocheck.rewards`` logger.

:func:`proof_reward` uses the defaults (mode ``both``, metric ``strict``); for other settings pass a
:class:`ProofReward` instance (picklable, as TRL's asynchronous trainer requires).

>>> rewards = proof_reward(
...     prompts=["..."], completions=[[{"role": "assistant", "content": "Fae is a cat. Every cat is a feline. "
...                                                                      "Fae is a feline. True"}]],
...     context=["Every cat is a feline. Fae is a cat."], query=["True or false: Fae is a feline."])
>>> rewards
[1.0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from prontocheck.errors import SpecError, UsageError
from prontocheck.prontoqa.problem import Problem
from prontocheck.prontoqa.results import METRICS
from prontocheck.prontoqa.spec import resolve_problem
from prontocheck.rewards.core import MODES, log_once, score

_COLUMNS = ("context", "query", "gold_label", "gold_cot", "options")


def _text(completion: object) -> str | None:
    """A completion's text: a string, or the last assistant message of a conversation."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence):
        for message in reversed(completion):
            if isinstance(message, Mapping) and message.get("role", "assistant") == "assistant":
                content = message.get("content")
                return content if isinstance(content, str) else None
    return None


def _specs(prompts: Sequence[object], n: int, kwargs: Mapping[str, Any]) -> list[object]:
    if "problem" in kwargs:
        return list(kwargs["problem"])
    columns = {c: kwargs[c] for c in _COLUMNS if c in kwargs}
    if "context" in columns and "query" in columns:
        return [{c: values[i] for c, values in columns.items()} for i in range(n)]
    labels = columns.get("gold_label", [None] * n)
    return [_from_prompt(prompt, label) for prompt, label in zip(prompts, labels, strict=True)]


def _from_prompt(prompt: object, label: object) -> Problem | bool | SpecError:
    """The question the prompt asks (a string, or the messages of a conversation), with the gold label;
    else why there is none.
    """
    text = _prompt_text(prompt)
    if text is None:
        return SpecError(f"no problem column and a prompt that is not text or chat messages: {type(prompt).__name__}")
    try:
        return resolve_problem(label if label is None or isinstance(label, bool) else str(label), text)
    except SpecError as e:
        return e


def _prompt_text(prompt: object) -> str | None:
    if isinstance(prompt, str):
        return prompt
    if isinstance(prompt, Sequence):  # chat messages
        return "\n\n".join(m["content"] for m in prompt if isinstance(m, Mapping) and isinstance(m.get("content"), str))
    return None


@dataclass(frozen=True)
class ProofReward:
    """A configured TRL reward function: ``ProofReward(mode="partial", metric="valid")``."""

    mode: str = "both"
    metric: str = "strict"

    def __post_init__(self) -> None:
        if self.mode not in MODES or self.metric not in METRICS:
            raise UsageError(f"mode must be one of {', '.join(MODES)} and metric one of {', '.join(METRICS)}")

    @property
    def __name__(self) -> str:  # TRL logs a reward under its function's name
        return f"prontocheck_{self.mode}_{self.metric}"

    def __call__(self, prompts: Sequence[object], completions: Sequence[object], **kwargs: Any) -> list[float | None]:
        """One reward per completion, ``None`` where the row has no readable problem or no text (logged)."""
        out: list[float | None] = []
        for spec, completion in zip(_specs(prompts, len(completions), kwargs), completions, strict=True):
            text = _text(completion)
            if isinstance(spec, SpecError) or spec is None or text is None:
                log_once(f"no problem for the row: {spec}" if isinstance(spec, SpecError)
                         else "no problem for the row: a null problem" if spec is None
                         else "a completion that is neither text nor chat messages")
                out.append(None)
                continue
            result = score(spec, text, mode=self.mode, metric=self.metric)
            out.append(None if result.parse_error else result.score)
        return out


def proof_reward(prompts: Sequence[object], completions: Sequence[object], **kwargs: Any) -> list[float | None]:
    """The default reward (answer and strict proof both right), as a module-level function."""
    return _DEFAULT(prompts, completions, **kwargs)


_DEFAULT = ProofReward()
