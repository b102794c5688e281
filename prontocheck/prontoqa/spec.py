"""Problem specs: a problem as one value, for data that carries no separate fields.

RL rollouts and their dumps carry the problem next to each completion (verl's ``ground_truth``, a
TRL dataset column): a JSON object (or its text) with ``context`` (a string, or a list of sentences),
``query`` (any wording of :mod:`prontocheck.syntax.questions`), and optionally ``gold_label`` (or
``answer``), ``gold_cot`` (a string or a list) and ``options`` (``["A) True", "B) False"]``); a bare
``"True"``/``"False"`` is an answer-only spec, the gold label alone. Evaluation logs often keep only
the prompt the model saw; :func:`problem_from_prompt` reads the (last) question out of it.

>>> p = problem_from_spec('{"context": ["Every cat is a feline.", "Fae is a cat."], "query": "Prove: Fae is feline."}')
>>> p.context, p.query, p.gold_label
('Every cat is a feline.\\nFae is a cat.', 'Prove: Fae is feline.', None)
>>> problem_from_spec("False")
False
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from prontocheck.errors import SpecError, UnreadableQuery
from prontocheck.prontoqa.problem import Problem
from prontocheck.syntax.questions import cut_options, find_questions, question_start, read_options, read_question
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
    if not stripped.startswith("{") and (label := answer_of(stripped)) is not None:  # (a JSON object is no label)
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
    return Problem(context, query, gold_cot, label, _options(obj.get("options")))


def _options(value: object) -> tuple[str, ...]:
    """A spec's ``options`` (a list of strings or one string), each as ``"A) True"``; none: ``()``."""
    if value is None:
        return ()
    if not isinstance(value, str) and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        raise SpecError(f"'options' must be a string or a list of strings, got {type(value).__name__}")
    try:
        return tuple(str(o) for o in read_options(value))
    except UnreadableQuery as e:
        raise SpecError(f"'options': {e}") from None


_ROLE_LINE = re.compile(r"^[ \t]*+(?:system|user|assistant|human)[ \t]*+:?[ \t]*+$", re.IGNORECASE | re.MULTILINE)
_CONTEXT_LABEL = re.compile(r"(?<!\w)(?:context|premises)\s*+:", re.IGNORECASE)
_TRAILING_LABEL = re.compile(r"(?<!\w)(?:question|query|q)\s*+:\s*+$", re.IGNORECASE)
_LEADING_LABEL = re.compile(r"^\s*+(?:question|context|q)\s*+:", re.IGNORECASE)
_ANSWER_MARK = re.compile(r"(?<!\s)\s++A:")
_SENTENCE_END = re.compile(r"[.?!:\n]")
_TRIED = 16
"""How many of a prompt's last questions are tried for one that reads."""
_LABEL = re.compile(r"(?:question|query|q)\s*+:\s*+", re.IGNORECASE)


def _question_span(text: str) -> tuple[int, int, int]:
    """The last question that reads (its wording and statement; else the last one): the start of its
    line's question (label and lead-in included), the start of its wording, and its end of line.

    Raises:
        SpecError: the text asks no question.
    """
    heads = find_questions(text)
    if not heads:
        raise SpecError("the prompt asks no question ('True or false: S', 'Prove: S', 'Is the following statement "
                        "true or false? S', 'Is it true that S?', 'Determine whether S is true or false')")
    chosen = heads[-1]
    for head, head_end in reversed(heads[-_TRIED:]):
        try:
            read_question(text[head:_line_end(text, head_end)])
        except UnreadableQuery:
            continue
        chosen = head, head_end
        break
    head, head_end = chosen
    # A label ("Question:") and a lead-in ("Based on the context, ") before the wording belong to the question.
    boundary = max((m.end() for m in _SENTENCE_END.finditer(text, max(0, head - 200), head)), default=0)
    begin = head if question_start(text, boundary) != head else _skip_label(text, boundary)
    return begin, head, _line_end(text, head_end)


def _line_end(text: str, pos: int) -> int:
    """The end of the line at ``pos``, or of the next line with text when the rest of this one is blank."""
    end = text.find("\n", pos)
    if end >= 0 and not text[pos:end].strip():
        end = text.find("\n", len(text) - len(text[end:].lstrip()))
    return len(text) if end < 0 else end


def _skip_label(text: str, pos: int) -> int:
    """``pos`` past spaces and a ``Question:`` label."""
    pos = len(text) - len(text[pos:].lstrip())
    label = _LABEL.match(text, pos)
    return pos if label is None else label.end()


def problem_from_prompt(prompt: str) -> Problem:
    """The question a prompt asks last: its context, its query (any wording of
    :mod:`prontocheck.syntax.questions`) and its answer options.

    Few-shot examples before it are skipped: the context starts after the last ``Q:`` or ``Context:``
    before the query (else at the paragraph the query is in); chat-template tokens and role lines are
    dropped. Options are read on the query's line or right after it (``Options:\\nA) True\\nB) False``),
    as Logic-LM's prompts write them.

    >>> p = problem_from_prompt("<|im_start|>user\\nQ: Every cat is a feline. Fae is a cat. A: ...\\n\\n"
    ...                         "Q: Rex is a dog. Every dog is a canine. True or false: Rex is a canine.\\nA:")
    >>> p.context, p.query
    ('Rex is a dog. Every dog is a canine.', 'True or false: Rex is a canine.')
    >>> p = problem_from_prompt("Context:\\nMax is a cat.\\n\\nQuestion: Is the following statement true or false? "
    ...                         "Max is a cat.\\n\\nOptions:\\nA) True\\nB) False\\n\\nReasoning:")
    >>> p.context, p.query, p.options
    ('Max is a cat.', 'Is the following statement true or false? Max is a cat.', ('A) True', 'B) False'))

    Raises:
        SpecError: the prompt asks no question in a known wording.
    """
    text = _ROLE_LINE.sub("", CHAT_MARKUP.sub("\n", prompt))
    begin, head, end = _question_span(text)
    query, options = cut_options(text[begin:end])
    if not options:
        before, found = cut_options(text[end:])
        options = found if not before.strip() else ()
    query = _ANSWER_MARK.split(query, maxsplit=1)[0]
    before = text[:begin]
    starts = [before.rfind("Q:") + 2 if "Q:" in before else -1,
              max((m.end() for m in _CONTEXT_LABEL.finditer(before)), default=-1)]
    context = before[max(starts):] if max(starts) >= 0 else before.rsplit("\n\n", 1)[-1]
    context = _LEADING_LABEL.sub("", _TRAILING_LABEL.sub("", context.rstrip()))
    return Problem(" ".join(context.split()), " ".join(query.split()), options=tuple(str(o) for o in options))


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
    return asked if given is None else dataclasses.replace(asked, gold_label=given)
