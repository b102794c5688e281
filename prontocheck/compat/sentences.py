"""From text to the originals' steps: tokenising, sentence splitting, the whitelist, the label.

The originals tokenise with ``[\\w\\-]+|[^\\w\\s]``, end a sentence at a ``.`` or ``;`` token (text
after the last one is ignored), parse each sentence, and for a sentence that does not parse look
its space-joined tokens up in a whitelist of regular expressions (``bad_patterns.txt``, matched
with ``re.match``): a match makes an unparseable step, no match is an error for the whole file.
The original then stops; here the sentence is dropped, as in the shipped ``.out`` files, and the
error is recorded (:attr:`Sentence.status` ``"dropped"``).

>>> [s.text for s in parse_reasoning("Fae is a cat. Fae has a tail; So what", "main", None)]
['Fae is a cat', 'Fae has a tail']
>>> parse_response(" Fae is a wumpus. True.")[1]
'true.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from prontocheck.compat import grammar_main, grammar_v1
from prontocheck.compat.forms import RECURSION_LIMIT, Node, depth
from prontocheck.compat.morphology import Version
from prontocheck.errors import InputError

TOKEN = re.compile(r"[\w\-]+|[^\w\s]")
"""The originals' tokeniser: words (hyphens included) and single punctuation marks."""

ACCEPTABLE_ANSWERS = {
    True: frozenset({"true", "t", "yes", "y", "correct", "right"}),
    False: frozenset({"false", "f", "no", "n", "incorrect", "wrong"}),
}
"""The label words the originals accept for each gold label (after lower-casing)."""


@dataclass(frozen=True, slots=True)
class Whitelist:
    """The original's ``bad_patterns.txt``: regular expressions of known-unparseable sentences.

    Attributes:
        path: where the patterns were read from.
        patterns: one compiled expression per line (stripped, as the original does).
    """

    path: str
    patterns: tuple[re.Pattern[str], ...]

    def match(self, sentence: str) -> str | None:
        """The first pattern that ``re.match``-es the sentence (tokens joined by spaces), if any."""
        for pattern in self.patterns:
            if pattern.match(sentence) is not None:
                return pattern.pattern
        return None


def load_bad_patterns(path: str | Path) -> Whitelist:
    """Read a whitelist file (one regular expression per line, as ``bad_patterns.txt``).

    As in the original, every line is a pattern: a blank line compiles to the empty expression,
    which matches every sentence.

    Raises:
        InputError: the file cannot be read, or a line is not a regular expression (the error
            names the file and the line).
    """
    name = str(path)
    try:
        text = Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(name, None, f"cannot read the whitelist of unparseable sentences: {e}") from e
    lines = text.split("\n")  # as iterating over the file does (read_text translates \r\n)
    if lines and lines[-1] == "":
        lines.pop()
    patterns = []
    for number, line in enumerate(lines, start=1):
        try:
            patterns.append(re.compile(line.strip()))
        except re.error as e:
            raise InputError(name, number, f"not a regular expression: {line.strip()!r} ({e})") from e
    return Whitelist(name, tuple(patterns))


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a text, as the original saw it.

    Attributes:
        text: its tokens joined by single spaces (what the whitelist is matched against).
        formula: its logical form; ``None`` when it did not parse.
        status: ``"parsed"``; ``"whitelisted"`` (no parse, but matches the whitelist: an
            unparseable step); or ``"dropped"`` (the original reports an error for the file and,
            with its abort switched off, leaves the sentence out).
        reason: for a dropped sentence, why (no parse and no pattern, or the original's crash);
            for a whitelisted one, the matching pattern.
    """

    text: str
    formula: Node | None
    status: Literal["parsed", "whitelisted", "dropped"]
    reason: str | None = None


@lru_cache(maxsize=1 << 16)
def parse_tokens(tokens: tuple[str, ...], version: Version) -> tuple[Node | None, str | None]:
    """Parse one sentence; ``(formula or None, None)``, or ``(None, error)`` where the original fails.

    The original's failures are the ambiguity error of main and the crashes of both versions on
    some inputs (an index past the end of the sentence, a failed v1 predicate); all of them are
    errors for the file in the original.
    """
    parse = grammar_main.parse_sentence if version == "main" else grammar_v1.parse_sentence
    try:
        formula = parse(list(tokens))
    except RecursionError:
        return None, "the original exceeds the recursion limit on this sentence"
    except Exception as e:  # noqa: BLE001 - every failure of the emulated original is reported, as there
        return None, f"the original fails on this sentence ({type(e).__name__}: {e})"
    if formula is not None and depth(formula) > RECURSION_LIMIT:
        return None, "the original exceeds the recursion limit on this sentence"
    return formula, None


def split_sentences(text: str) -> list[tuple[str, ...]]:
    """The token lists of the sentences of a text (each without its final ``.``/``;``)."""
    tokens = TOKEN.findall(text)
    sentences, start = [], 0
    for end, token in enumerate(tokens):
        if token in (".", ";"):
            sentences.append(tuple(tokens[start:end]))
            start = end + 1
    return sentences


def parse_reasoning(text: str, version: Version, whitelist: Whitelist | None) -> list[Sentence]:
    """Every sentence of a text with its logical form and status (the original's ``parse_reasoning``)."""
    result = []
    for tokens in split_sentences(text):
        joined = " ".join(tokens)
        formula, error = parse_tokens(tokens, version)
        if error is not None:
            result.append(Sentence(joined, None, "dropped", error))
        elif formula is not None:
            result.append(Sentence(joined, formula, "parsed"))
        elif (pattern := None if whitelist is None else whitelist.match(joined)) is not None:
            result.append(Sentence(joined, None, "whitelisted", pattern))
        else:
            result.append(Sentence(joined, None, "dropped", "no parse, and no whitelist pattern matches it"))
    return result


def parse_response(response: str) -> tuple[str, str]:
    """Split a model output into its reasoning text and its label, as the original ``parse_response``.

    The output is cut at the first ``Q:``, trailing whitespace removed, and the label is the text
    after the last space (lower-cased), or after the last ``.`` when that follows the last space
    and the word before it is not an answer word: ``True.`` keeps its period (and is wrong),
    ``... yumpus.`` gives an empty label.

    >>> parse_response(" Fae is a yumpus. The answer is true")
    (' Fae is a yumpus. The answer is', 'true')
    """
    index = response.find("Q:")
    if index != -1:
        response = response[:index]
    response = response.rstrip()
    label_index = response.rfind(" ")
    last_period = response.rfind(".")
    if last_period > label_index:
        possible = response[label_index:last_period].strip().lower()
        if possible not in ACCEPTABLE_ANSWERS[True] and possible not in ACCEPTABLE_ANSWERS[False]:
            label_index = last_period + 1
    return response[:label_index], response[label_index + 1:].lower()
