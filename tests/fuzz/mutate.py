"""Mutations of real text: words deleted, duplicated, swapped or borrowed; Unicode, control and
zero-width characters; case changes; truncation; long and nested inputs.

Every mutation draws its choices from a *chooser*: an object with ``randint(a, b)`` and ``choice(seq)``.
A :class:`random.Random` is one (the long run); :class:`DrawChooser` makes one of Hypothesis' ``draw``
(the CI tests, where the draws shrink to a minimal example).

>>> import random
>>> rng = random.Random(3)
>>> text = mutate_text("Fae is a cat. Every cat is a feline.", rng, ["Rex is a dog."])
>>> isinstance(text, str)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Chooser(Protocol):
    def randint(self, a: int, b: int) -> int: ...

    def choice(self, seq: Sequence[T]) -> T: ...


class DrawChooser:
    """A chooser that draws from Hypothesis (the ``draw`` of a composite strategy), so failing inputs shrink."""

    def __init__(self, draw: Callable[[Any], Any]) -> None:
        from hypothesis import strategies as st

        self._draw, self._st = draw, st

    def randint(self, a: int, b: int) -> int:
        return int(self._draw(self._st.integers(a, b)))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randint(0, len(seq) - 1)]


SPECIALS = (
    # control characters (NUL, tab, vertical tab, form feed, carriage return, escape, DEL, NEL)
    "\x00", "\x01", "\t", "\x0b", "\x0c", "\r", "\x1b", "\x1c", "\x7f", "\x85",
    # zero-width and invisible: ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, LRM, RLO, line/paragraph separators
    "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u202e", "\u2028", "\u2029",
    # spaces: NBSP, ideographic, em space
    "\u00a0", "\u3000", "\u2003",
    # look-alikes and case traps: Cyrillic a/e/o, fullwidth A, ligature fi, dotted I, sharp s, titlecase dz, Kelvin
    "\u0430", "\u0435", "\u043e", "\uff21", "\ufb01", "\u0130", "\u00df", "\u01c5", "\u212a",
    # combining acute, a lone surrogate, replacement character, emoji with modifier, CJK, Arabic, RTL mark
    "\u0301", "\ud800", "\ufffd", "\U0001f44d\U0001f3fd", "\u732b", "\u0642\u0637", "\u200f",
    # logic symbols and punctuation the parsers know
    "¬", "∀", "∃", "→", "∧", "∨", "□", "◇", "(", ")", ".", ",", ";", ":", "?", "!", "\"", "'", "`", "…", "—",
    "\\", "{", "}", "[", "]", "<", ">", "|", "*", "#", "0", "1", "-", "_",
)
"""Characters inserted one at a time."""

MARKUP = ("<think>", "</think>", "<answer>", "</answer>", "<|im_end|>", "</s>", "**", "```", "\n\n", "\n", "Q: ",
          "A: ", "A)", "B)", "Answer:", "True", "False", "Therefore, ", "Assume ", "This contradicts with ",
          "Since ", "not ", "and ", "or ", "either ", "neither ", "both ", "Every ", "Each ", "is a ", "is not ",
          "Predicted answer:", "Expected answer:", "n: 1, ", '{"', '"}', "backtrack to ", "Let's start over. ")
"""Fragments with meaning to the readers (markers, tags, keywords), inserted whole."""

NESTERS = (
    ("not ", ""), ("It is not the case that ", ""), ("(", ")"), ("¬", ""), ("∀x(", ")"), ("□", ""), ("◇", ""),
    ("Assume ", ""), ("either ", " or x"), ("both ", " and y"), ("<think>", "</think>"), ("If ", " then z"),
    ("[", "]"), ('{"a": ', "}"), ("Since ", ", "),
)
"""Prefix/suffix pairs applied many times over: deep nesting."""

LONG_RUNS = ("a", " ", ".", "not ", "(", "Fae is a cat. ", "\n", "-", "x" * 7 + " ", "and ", "very ", "\u200b")
"""Units repeated to make a long input."""


def chance(c: Chooser, p: float) -> bool:
    """True with probability ``p`` for a random chooser; for Hypothesis, a draw that shrinks to False.

    >>> import random
    >>> sum(chance(random.Random(i), 0.25) for i in range(1000)) in range(200, 300)
    True
    """
    return 500 <= c.randint(0, 9999) < 500 + round(p * 10000)


def _split(text: str) -> list[str]:
    return text.split(" ")


def delete_word(text: str, c: Chooser, pool: Sequence[str]) -> str:
    words = _split(text)
    if len(words) > 1:
        del words[c.randint(0, len(words) - 1)]
    return " ".join(words)


def duplicate_word(text: str, c: Chooser, pool: Sequence[str]) -> str:
    words = _split(text)
    i = c.randint(0, len(words) - 1)
    words.insert(i, words[i])
    return " ".join(words)


def swap_words(text: str, c: Chooser, pool: Sequence[str]) -> str:
    words = _split(text)
    i, j = c.randint(0, len(words) - 1), c.randint(0, len(words) - 1)
    words[i], words[j] = words[j], words[i]
    return " ".join(words)


def borrow_word(text: str, c: Chooser, pool: Sequence[str]) -> str:
    """Replace a word by a word of another real text."""
    donor = _split(c.choice(pool)) if pool else ["cat"]
    words = _split(text)
    words[c.randint(0, len(words) - 1)] = c.choice(donor)
    return " ".join(words)


def insert_char(text: str, c: Chooser, pool: Sequence[str]) -> str:
    i = c.randint(0, len(text))
    return text[:i] + c.choice(SPECIALS) * c.randint(1, 3) + text[i:]


def replace_char(text: str, c: Chooser, pool: Sequence[str]) -> str:
    if not text:
        return c.choice(SPECIALS)
    i = c.randint(0, len(text) - 1)
    return text[:i] + c.choice(SPECIALS) + text[i + 1:]


def insert_markup(text: str, c: Chooser, pool: Sequence[str]) -> str:
    i = c.randint(0, len(text))
    return text[:i] + c.choice(MARKUP) + text[i:]


def change_case(text: str, c: Chooser, pool: Sequence[str]) -> str:
    how = c.randint(0, 3)
    if how == 0:
        return text.upper()
    if how == 1:
        return text.lower()
    words = _split(text)
    i = c.randint(0, len(words) - 1)
    words[i] = words[i].capitalize() if how == 2 else words[i].swapcase()
    return " ".join(words)


def truncate(text: str, c: Chooser, pool: Sequence[str]) -> str:
    return text[: c.randint(0, len(text))]


def splice(text: str, c: Chooser, pool: Sequence[str]) -> str:
    """Put (part of) another real text inside this one."""
    other = c.choice(pool) if pool else text
    i = c.randint(0, len(text))
    return text[:i] + other[c.randint(0, len(other)):] + text[i:] if c.randint(0, 1) else text[:i] + " " + other


def nest(text: str, c: Chooser, pool: Sequence[str]) -> str:
    """Deep nesting: a prefix/suffix pair applied up to a few thousand times."""
    prefix, suffix = c.choice(NESTERS)
    depth = c.choice((2, 5, 20, 100, 1000, 3000))
    return prefix * depth + text + suffix * depth


def lengthen(text: str, c: Chooser, pool: Sequence[str]) -> str:
    """A long input: a run of one unit, or the text itself repeated (up to about 10⁵ characters)."""
    size = c.choice((100, 1000, 5000, 20000, 100000))
    if c.randint(0, 1) and text:
        return (text + " ") * max(1, size // (len(text) + 1))
    unit = c.choice(LONG_RUNS)
    i = c.randint(0, len(text))
    return text[:i] + unit * max(1, size // len(unit)) + text[i:]


def empty(text: str, c: Chooser, pool: Sequence[str]) -> str:
    return c.choice(("", " ", ".", "\n", "\x00", "\ufeff", "?", "True", "A"))


Mutation = Callable[[str, Chooser, Sequence[str]], str]

CHEAP: tuple[Mutation, ...] = (
    delete_word, duplicate_word, swap_words, borrow_word, insert_char, replace_char, insert_markup, change_case,
    truncate, splice,
)
"""The usual mutations; :data:`COSTLY` (long and nested inputs) are drawn with probability :data:`P_COSTLY`."""

COSTLY: tuple[Mutation, ...] = (nest, lengthen)
P_COSTLY = 0.03
P_EMPTY = 0.005


def mutate_text(text: str, c: Chooser, pool: Sequence[str], *, max_mutations: int = 4) -> str:
    """Apply 1 to ``max_mutations`` mutations (most often one or two) to ``text``; ``pool`` holds other real texts.

    Deep nesting and long inputs are rare (:data:`P_COSTLY` per mutation): they are slow to check by design.
    """
    if chance(c, P_EMPTY):
        return empty(text, c, pool)
    n = 1
    while n < max_mutations and chance(c, 0.4):
        n += 1
    for _ in range(n):
        group = COSTLY if chance(c, P_COSTLY) else CHEAP
        text = c.choice(group)(text, c, pool)
    return text


def mutate_bytes(data: bytes, c: Chooser) -> bytes:
    """Byte-level damage: truncation, a flipped byte, inserted invalid UTF-8 or NUL bytes, a dropped range."""
    how = c.randint(0, 4)
    if not data:
        return bytes([c.randint(0, 255)])
    i = c.randint(0, len(data) - 1)
    if how == 0:
        return data[:i]
    if how == 1:
        return data[:i] + bytes([c.randint(0, 255)]) + data[i + 1:]
    if how == 2:
        return data[:i] + c.choice((b"\xff", b"\xc3", b"\xe2\x80", b"\x00", b"\xed\xa0\x80", b"\r", b"\r\n")) + data[i:]
    if how == 3:
        return data[:i] + data[c.randint(i, len(data)):]
    return data[:i] + data[i:i + c.randint(1, 200)] * c.randint(2, 5) + data[i:]
