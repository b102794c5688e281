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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from prontocheck.errors import SpecError, UsageError
from prontocheck.prontoqa.problem import Problem
from prontocheck.prontoqa.results import METRICS
from prontocheck.prontoqa.spec import resolve_problem
from prontocheck.rewards.core import MODES, log_once, score
from prontocheck.rewards.inputs import kind, rows_of, safe_str, text_of, why

_COLUMNS = ("context", "query", "gold_label", "gold_cot", "options")


def _text(completion: object) -> str | None:
    """A completion's text: a string, or the last assistant message of a conversation."""
    if isinstance(completion, str):
        return text_of(completion)
    messages = rows_of(completion)
    for message in reversed(messages or []):
        if isinstance(message, Mapping) and message.get("role", "assistant") == "assistant":
            return text_of(message.get("content"))
    return None


def _column(kwargs: Mapping[str, Any], name: str, n: int) -> list[object] | None:
    """A dataset column as ``n`` values (missing rows are ``None``); ``None`` when absent or not a list."""
    if name not in kwargs:
        return None
    values = rows_of(kwargs[name])
    if values is None:
        log_once(f"the {name!r} column is not a list of values: {kind(kwargs[name])}")
        return None
    return (values + [None] * n)[:n]


def _specs(prompts: list[object], n: int, kwargs: Mapping[str, Any]) -> list[object]:
    problems = _column(kwargs, "problem", n)
    if problems is not None:
        return problems
    columns = {c: values for c in _COLUMNS if (values := _column(kwargs, c, n)) is not None}
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
        return SpecError(f"no problem column and a prompt that is not text or chat messages: {kind(prompt)}")
    gold = label if label is None or isinstance(label, bool) else safe_str(label)
    if gold is None and label is not None:
        return SpecError(f"a gold label that cannot be read: {kind(label)}")
    try:
        return resolve_problem(gold, text)
    except SpecError as e:
        return e


def _prompt_text(prompt: object) -> str | None:
    if isinstance(prompt, str):
        return text_of(prompt)
    messages = rows_of(prompt)  # chat messages
    if messages is None:
        return None
    return "\n\n".join(content for m in messages if isinstance(m, Mapping)
                        and (content := text_of(m.get("content"))) is not None)


@dataclass(frozen=True)
class ProofReward:
    """A configured TRL reward function: ``ProofReward(mode="partial", metric="valid")``.

    Raises:
        UsageError: an unknown mode or metric (a configuration error, raised when it is built, never
            while scoring).
    """

    mode: str = "both"
    metric: str = "strict"

    def __post_init__(self) -> None:
        if not (isinstance(self.mode, str) and self.mode in MODES
                and isinstance(self.metric, str) and self.metric in METRICS):
            raise UsageError(f"mode must be one of {', '.join(MODES)} and metric one of {', '.join(METRICS)}")

    @property
    def __name__(self) -> str:  # TRL logs a reward under its function's name
        return f"prontocheck_{self.mode}_{self.metric}"

    def __call__(self, prompts: object, completions: object, **kwargs: Any) -> list[float | None]:
        """One reward per completion, ``None`` where the row has no readable problem or no text (logged).

        Never raises: a ``completions`` argument that is not a list gives ``[]``, a row it cannot read
        ``None`` (the reason logged once).
        """
        rows = rows_of(completions)
        if rows is None:
            log_once(f"completions that are not a list: {kind(completions)}")
            return []
        n = len(rows)
        try:
            specs = _specs(((rows_of(prompts) or []) + [None] * n)[:n], n, kwargs)
        except Exception as e:  # noqa: BLE001 - the contract: a reward never raises
            log_once(f"internal error: {why(e)}")
            return [None] * n
        return [self._one(spec, completion) for spec, completion in zip(specs, rows, strict=True)]

    def _one(self, spec: object, completion: object) -> float | None:
        try:
            text = _text(completion)
        except Exception as e:  # noqa: BLE001 - a message whose get raises: no text
            log_once(f"a completion that cannot be read: {why(e)}")
            return None
        if isinstance(spec, SpecError) or spec is None or text is None:
            log_once(f"no problem for the row: {spec}" if isinstance(spec, SpecError)
                     else "no problem for the row: a null problem" if spec is None
                     else "a completion that is neither text nor chat messages")
            return None
        result = score(spec, text, mode=self.mode, metric=self.metric)
        return None if result.parse_error else result.score


def proof_reward(prompts: object, completions: object, **kwargs: Any) -> list[float | None]:
    """The default reward (answer and strict proof both right), as a module-level function."""
    return _DEFAULT(prompts, completions, **kwargs)


_DEFAULT = ProofReward()
