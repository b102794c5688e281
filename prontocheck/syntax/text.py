"""Sentences and answers of generator-style text (contexts, gold chains of thought), on the one splitter.

Model outputs are read by :mod:`prontocheck.syntax.reading` (sentence kinds, committed answers, cuts);
the functions here serve text written in the generator's style, where every sentence but a final label
is a statement: contexts and gold chains of thought. Both cut sentences with
:func:`prontocheck.syntax.segment.segment`.

>>> out = split_output("Fae is a cat. Cats are carnivores. Fae is a carnivore. True\\n\\nQ: next question")
>>> [s.text for s in out.steps], out.answer
(['Fae is a cat.', 'Cats are carnivores.', 'Fae is a carnivore.'], True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from prontocheck.syntax.answers import answer_of as _answer_of
from prontocheck.syntax.segment import Span, segment, sentence_texts

__all__ = ["CHAT_MARKUP", "Span", "SplitOutput", "answer_of", "sentence_texts", "split_output", "split_sentences"]

CHAT_MARKUP = re.compile(
    r"<\|[^|<>]{1,40}\|>|</?s>|\[/?INST\]|</?(?:think|thinking|reasoning|answer)>", re.IGNORECASE
)
"""Chat-template special tokens and reasoning/answer tags (``<|im_end|>``, ``</s>``, ``[INST]``, ``<think>``)."""
_NEXT_QUESTION = re.compile(r"(?:^|\s)Q:")


@dataclass(frozen=True, slots=True)
class SplitOutput:
    """A generator-style text cut into steps and answer.

    Attributes:
        steps: the sentences before the answer (the chain of thought).
        answer: the label (``True``/``False``), or ``None`` when there is none.
        answer_text: the sentence the answer was read from, or ``None``.
    """

    steps: tuple[Span, ...]
    answer: bool | None
    answer_text: str | None


def split_sentences(text: str) -> list[Span]:
    """Split text into sentences (see :func:`~prontocheck.syntax.segment.segment`).

    >>> [s.text for s in split_sentences("Fae is a cat; Fae is kind.\\nTrue")]
    ['Fae is a cat;', 'Fae is kind.', 'True']
    >>> [s.text for s in split_sentences("1. Fae is a cat.\\n- Every cat is a **feline**.\\nStep 3: Fae is a feline.")]
    ['Fae is a cat.', 'Every cat is a feline.', 'Fae is a feline.']
    """
    return [Span(s.text, s.start) for s in segment(text).sentences]


@lru_cache(maxsize=1 << 14)
def answer_of(sentence: str) -> bool | None:
    """Read an answer sentence: ``True``, ``false.``, ``The answer is yes.``; ``None`` if it is not one.

    Cached: :func:`split_output` asks it of every sentence of a gold chain without a label, from the last one
    back, and gold chains repeat their sentences from problem to problem.

    >>> answer_of("The answer is true."), answer_of("False"), answer_of("Fae is kind.")
    (True, False, None)
    """
    found = _answer_of(sentence)
    return None if found is None else found.label


def split_output(text: str) -> SplitOutput:
    """Cut a generator-style text into its chain of thought and its final label.

    The text is first cut at the next ``Q:`` (a new question). The answer is the last answer
    sentence; the steps are the sentences before it.

    >>> [s.text for s in split_output("Fae is a cat. Fae is kind. False").steps]
    ['Fae is a cat.', 'Fae is kind.']
    """
    m = _NEXT_QUESTION.search(text)
    if m is not None and m.start() > 0:
        text = text[: m.start()]
    spans = split_sentences(text)
    for i in range(len(spans) - 1, -1, -1):
        label = answer_of(spans[i].text)
        if label is not None:
            return SplitOutput(tuple(spans[:i]), label, spans[i].text)
    return SplitOutput(tuple(spans), None, None)
