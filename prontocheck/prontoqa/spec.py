"""Problem specs: a problem as one value, for data that carries no separate fields.

RL rollouts and their dumps carry the problem next to each completion (verl's ``ground_truth``, a
TRL dataset column): a JSON object (or its text) with ``context`` (a string, or a list of sentences),
``query``, and optionally ``gold_label`` (or ``answer``) and ``gold_cot`` (a string or a list); a bare
``"True"``/``"False"`` is an answer-only spec, the gold label alone. Evaluation logs often keep only
the prompt the model saw; :func:`problem_from_prompt` reads the (last) question out of it.

>>> p = problem_from_spec('{"context": ["Every cat is a feline.", "Fae is a cat."], "query": "Prove: Fae is feline."}')
>>> p.context, p.query, p.gold_label
('Every cat is a feline.\\nFae is a cat.', 'Prove: Fae is feline.', None)
>>> problem_from_spec("False")
False
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from prontocheck.errors import SpecError
from prontocheck.prontoqa.problem import Problem
from prontocheck.syntax.text import CHAT_MARKUP, answer_of


def problem_from_spec(spec: object) -> Problem | bool:
    """Read a problem spec: a :class:`Problem`, or the gold label of an answer-only spec.

    Raises:
        SpecError: the spec is none of the accepted forms.
    """
    if isinstance(spec, Problem | bool):
        return spec
    if isinstance(spec, str):
        return _from_text(spec)
    if isinstance(spec, Mapping):
        return _from_mapping(spec)
    raise SpecError(f"a problem spec is a JSON object, its text, or True/False; got {type(spec).__name__}")


@lru_cache(maxsize=4096)
def _from_text(text: str) -> Problem | bool:
    stripped = text.strip()
    if (label := answer_of(stripped)) is not None:
        return label
    try:
        obj = json.loads(stripped)
    except json.JSONDecodeError as e:
        raise SpecError(f"a problem spec must be JSON or True/False: {e}") from None
    if not isinstance(obj, dict):
        raise SpecError(f"a problem spec must be a JSON object, got {type(obj).__name__}")
    return _from_mapping(obj)


def _from_mapping(obj: Mapping[str, Any]) -> Problem:
    context, query = obj.get("context"), obj.get("query")
    if isinstance(context, list) and all(isinstance(s, str) for s in context):
        context = "\n".join(context)  # a line break ends a sentence: the items stay apart
    if not isinstance(context, str) or not isinstance(query, str):
        raise SpecError("a problem spec needs 'context' (a string or a list of strings) and 'query' (a string)")
    gold_cot = obj.get("gold_cot")
    if isinstance(gold_cot, list) and all(isinstance(s, str) for s in gold_cot):
        gold_cot = tuple(gold_cot)
    elif gold_cot is not None and not isinstance(gold_cot, str):
        raise SpecError("'gold_cot' must be a string or a list of strings")
    raw = obj.get("gold_label", obj.get("answer"))
    label = raw if isinstance(raw, bool) or raw is None else answer_of(str(raw))
    if raw is not None and label is None:
        raise SpecError(f"'gold_label' must be true or false, got {raw!r}")
    return Problem(context, query, gold_cot, label)


_QUESTION = re.compile(r"true\s+or\s+false\s*:|prove\s*:", re.IGNORECASE)
_ROLE_LINE = re.compile(r"^\s*(?:system|user|assistant|human)\s*:?\s*$", re.IGNORECASE | re.MULTILINE)


def problem_from_prompt(prompt: str) -> Problem:
    """The question a prompt asks last: its context and its ``True or false:`` / ``Prove:`` query.

    Few-shot examples before it are skipped: the context starts after the last ``Q:`` before the
    query (else at the paragraph the query is in); chat-template tokens and role lines are dropped.

    >>> p = problem_from_prompt("<|im_start|>user\\nQ: Every cat is a feline. Fae is a cat. A: ...\\n\\n"
    ...                         "Q: Rex is a dog. Every dog is a canine. True or false: Rex is a canine.\\nA:")
    >>> p.context, p.query
    ('Rex is a dog. Every dog is a canine.', 'True or false: Rex is a canine.')

    Raises:
        SpecError: the prompt asks no ``True or false:`` or ``Prove:`` question.
    """
    text = _ROLE_LINE.sub("", CHAT_MARKUP.sub("\n", prompt))
    found = max(_QUESTION.finditer(text), key=lambda m: m.start(), default=None)
    if found is None:
        raise SpecError("the prompt asks no 'True or false:' or 'Prove:' question")
    end = text.find("\n", found.start())
    query = text[found.start(): len(text) if end < 0 else end]
    query = re.split(r"\s+A:", query, maxsplit=1)[0].strip()
    head = text[: found.start()]
    q = head.rfind("Q:")
    context = head[q + 2:] if q >= 0 else head.rsplit("\n\n", 1)[-1]
    return Problem(" ".join(context.split()), " ".join(query.split()))


def resolve_problem(spec: object = None, prompt: str | None = None) -> Problem | bool:
    """The problem of a spec; with an answer-only spec or none, the prompt's question (with that label).

    >>> resolve_problem("True", "Q: Fae is a cat. Prove: Fae is a cat.").gold_label
    True

    Raises:
        SpecError: no problem: the spec is unreadable, or there is no full spec and no question.
    """
    given = problem_from_spec(spec) if spec is not None else None
    if isinstance(given, Problem):
        return given
    if prompt is None:
        if given is None:
            raise SpecError("no problem spec and no prompt")
        return given
    asked = problem_from_prompt(prompt)
    return asked if given is None else Problem(asked.context, asked.query, None, given)
