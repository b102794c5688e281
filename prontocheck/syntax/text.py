"""Splitting a model's output into sentences and finding its answer.

>>> out = split_output("Fae is a cat. Cats are carnivores. Fae is a carnivore. True\\n\\nQ: next question")
>>> [s.text for s in out.steps], out.answer
(['Fae is a cat.', 'Cats are carnivores.', 'Fae is a carnivore.'], True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A sentence ends at . ; ! ? or a line break. (Decimal points do not occur in PrOntoQA text.) The
# list markers and step numbers chat models put in front of a sentence ("1. ", "2) ", "- ", "Step 3: ")
# are skipped; Markdown emphasis ("**", "`") is removed first.
_SENTENCE = re.compile(
    r"\s*(?:(?:[-*\u2022+>]+|\(?\d{1,3}[.)]|\(\d{1,3}\)|[Ss]tep\s*\d{1,3}\s*[:.)-]?)\s+)*"
    r"([^.;!?\n]*[^.;!?\s][.;!?]*)"
)
_MARKUP = re.compile(r"\*\*|__|`")
_FILLER = re.compile(
    r"(?:let'?s|let\s+us)\s+(?:think|reason|work|go|solve|break|look|analy[sz]e)\b[^.;!?]*[.!]?$"
    r"|(?:here(?:'s|\s+is)\s+(?:the|my|our|a)\s+[\w\s-]{0,30}|reasoning|proof|solution|explanation|answer"
    r"|chain\s+of\s+thought|step[- ]by[- ]step(?:\s+reasoning)?)\s*:\s*$",
    re.IGNORECASE,
)
CHAT_MARKUP = re.compile(
    r"<\|[^|<>]{1,40}\|>|</?s>|\[/?INST\]|</?(?:think|thinking|reasoning|answer)>", re.IGNORECASE
)
"""Chat-template special tokens and reasoning/answer tags (``<|im_end|>``, ``</s>``, ``[INST]``, ``<think>``)."""
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
    if "*" in text or "`" in text or "__" in text:
        text = _MARKUP.sub("", text)  # (offsets then count the text without it)
    return [Span(m.group(1), m.start(1)) for m in _SENTENCE.finditer(text)]


def sentence_texts(text: str) -> list[str]:
    """The sentences of a text, as :func:`split_sentences` cuts them, without their offsets.

    >>> sentence_texts("Fae is a cat. Every cat is a feline.")
    ['Fae is a cat.', 'Every cat is a feline.']
    """
    if "*" in text or "`" in text or "__" in text:
        return [s.text for s in split_sentences(text)]
    return _SENTENCE.findall(text)


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
    answer is the last answer sentence; the steps are the sentences before it, without the filler
    chat models write around a proof ("Let's think step by step.", "Reasoning:").

    >>> [s.text for s in split_output("Let's think step by step. Reasoning:\\nFae is a cat. True").steps]
    ['Fae is a cat.']
    """
    m = _NEXT_QUESTION.search(text)
    if m is not None:
        text = text[: m.start()]
    spans = [s for s in split_sentences(text) if not _FILLER.match(s.text)]
    for i in range(len(spans) - 1, -1, -1):
        label = answer_of(spans[i].text)
        if label is not None:
            return SplitOutput(tuple(spans[:i]), label, spans[i].text)
    return SplitOutput(tuple(spans), None, None)
