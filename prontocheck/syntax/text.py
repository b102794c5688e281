"""Splitting a model's output into sentences and finding its answer.

>>> out = split_output("Fae is a cat. Cats are carnivores. Fae is a carnivore. True\\n\\nQ: next question")
>>> [s.text for s in out.steps], out.answer
(['Fae is a cat.', 'Cats are carnivores.', 'Fae is a carnivore.'], True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A sentence ends at . ; ! ? or a line break. (Decimal points do not occur in PrOntoQA text.)
_SENTENCE = re.compile(r"\s*([^.;!?\n]*[^.;!?\s][.;!?]*)")
# Chat models number and bullet their steps and embolden words: "1. ", "- ", "Step 2: ", "**".
_MARKUP = re.compile(r"\*\*|__|`")
_LIST_MARKER = re.compile(r"(?:[-*•+>]+|\(?\d{1,3}[.)]|\(\d{1,3}\)|step\s*\d{1,3}\s*[:.)-]?)\s+", re.IGNORECASE)
_ENUMERATOR = re.compile(r"\(?(?:step\s*)?\d{1,3}[.):]?\)?", re.IGNORECASE)
_NEXT_QUESTION = re.compile(r"(?:^|\s)Q:")
_ANSWER = re.compile(
    r"^[*_\s]*(?:(?:so|thus|therefore|hence)\s*,?\s*)?"
    r"(?:(?:the\s+)?(?:final\s+|correct\s+)?answer\s*(?:is\s*:?|:)\s*|a\s*:\s*|label\s*:\s*"
    r"|(?:the\s+)?(?:statement|claim|query|hypothesis|conclusion)\s+is\s+)?"
    r"[*_\s]*\(?\s*(?P<word>true|false|yes|no)\s*\)?[*_\s]*[.!]*[*_\s]*$",
    re.IGNORECASE,
)
_ANSWER_WORDS = {"true": True, "yes": True, "false": False, "no": False}


@dataclass(frozen=True, slots=True)
class Span:
    """One sentence of a text, as written, with its 0-based character offset."""

    text: str
    start: int


@dataclass(frozen=True, slots=True)
class SplitOutput:
    """A model output cut into steps and answer.

    Attributes:
        steps: the sentences before the answer (the chain of thought).
        answer: the predicted label (``True``/``False``), or ``None`` when there is none.
        answer_text: the sentence the answer was read from, or ``None``.
    """

    steps: tuple[Span, ...]
    answer: bool | None
    answer_text: str | None


def split_sentences(text: str) -> list[Span]:
    """Split text into sentences at ``.``, ``;``, ``!``, ``?`` and line breaks.

    List markers and Markdown emphasis are dropped ("1.", "- ", "Step 2:", "**"), and so is a
    sentence that is only an enumerator.

    >>> [s.text for s in split_sentences("Fae is a cat; Fae is kind.\\nTrue")]
    ['Fae is a cat;', 'Fae is kind.', 'True']
    >>> [s.text for s in split_sentences("1. Fae is a cat.\\n- Every cat is a **feline**.\\nStep 3: Fae is a feline.")]
    ['Fae is a cat.', 'Every cat is a feline.', 'Fae is a feline.']
    """
    spans = []
    for m in _SENTENCE.finditer(text):
        sentence, start = m.group(1), m.start(1)
        if not sentence[0].isalpha() or sentence[:4].lower() == "step" or _MARKUP.search(sentence):
            sentence = _MARKUP.sub("", sentence)
            while (marker := _LIST_MARKER.match(sentence)) is not None:
                sentence, start = sentence[marker.end():], start + marker.end()
            if not sentence or _ENUMERATOR.fullmatch(sentence):
                continue
        spans.append(Span(sentence, start))
    return spans


def sentence_texts(text: str) -> list[str]:
    """The sentences of a text, as :func:`split_sentences` cuts them, without their offsets.

    >>> sentence_texts("Fae is a cat. Every cat is a feline.")
    ['Fae is a cat.', 'Every cat is a feline.']
    """
    return [s.text for s in split_sentences(text)]


def answer_of(sentence: str) -> bool | None:
    """Read an answer sentence: ``True``, ``false.``, ``The answer is yes.``; ``None`` if it is not one.

    >>> answer_of("The answer is true."), answer_of("False"), answer_of("Fae is kind.")
    (True, False, None)
    """
    m = _ANSWER.match(sentence.strip())
    return None if m is None else _ANSWER_WORDS[m.group("word").lower()]


def split_output(text: str) -> SplitOutput:
    """Cut a model output into its chain of thought and its answer.

    The output is first cut at the next ``Q:`` (models continue with a new question). The
    answer is the last answer sentence; the steps are the sentences before it.
    """
    m = _NEXT_QUESTION.search(text)
    if m is not None:
        text = text[: m.start()]
    spans = split_sentences(text)
    for i in range(len(spans) - 1, -1, -1):
        label = answer_of(spans[i].text)
        if label is not None:
            return SplitOutput(tuple(spans[:i]), label, spans[i].text)
    return SplitOutput(tuple(spans), None, None)
