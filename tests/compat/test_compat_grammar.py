"""Which sentences the originals accept, and the logical forms they give (analyzer reference §1.3, §1.5)."""

from __future__ import annotations

import re

import pytest

from prontocheck.compat.forms import to_tptp
from prontocheck.compat.sentences import TOKEN, Whitelist, parse_reasoning, parse_tokens, split_sentences


def main(sentence: str) -> str | None:
    formula, error = parse_tokens(tuple(TOKEN.findall(sentence)), "main")
    assert error is None, error
    return None if formula is None else to_tptp(formula)


def v1(sentence: str) -> str | None:
    formula, error = parse_tokens(tuple(TOKEN.findall(sentence)), "v1")
    assert error is None, error
    return None if formula is None else to_tptp(formula)


R = "![X1]:((wumpus(X1) => yumpus(X1)))"

# §1.3, main: (row, sentence, logical form in the original's TPTP printing)
FORMS = [
    (1, "Every wumpus is a yumpus", R),
    (1, "Each wumpus is a yumpus", R),
    (2, "Wumpuses are yumpuses", R),
    (3, "All wumpuses are yumpuses", R),
    (4, "Every wumpus is kind", "![X1]:((wumpus(X1) => kind(X1)))"),
    (4, "Wumpuses are kind", "![X1]:((wumpus(X1) => kind(X1)))"),
    (5, "Each wumpus is not kind", "![X1]:((wumpus(X1) => ~kind(X1)))"),
    (5, "Wumpuses are not yumpuses", "![X1]:((wumpus(X1) => ~yumpus(X1)))"),
    (6, "No wumpuses are yumpuses", "~?[X1]:((wumpus(X1) & yumpus(X1)))"),
    (7, "Every wumpus is a yumpus and a dumpus", "![X1]:((wumpus(X1) => (yumpus(X1) & dumpus(X1))))"),
    (7, "Wumpuses are kind and yumpuses", "![X1]:((wumpus(X1) => (kind(X1) & yumpus(X1))))"),
    (7, "Every wumpus is both kind and a yumpus", "![X1]:((wumpus(X1) => (kind(X1) & yumpus(X1))))"),
    (8, "Every wumpus is a yumpus or a dumpus", "![X1]:((wumpus(X1) => (yumpus(X1) | dumpus(X1))))"),
    (8, "Every wumpus is either a yumpus or a dumpus", "![X1]:((wumpus(X1) => (yumpus(X1) | dumpus(X1))))"),
    (9, "Everything that is a wumpus or a yumpus is a dumpus", "![X1]:(((wumpus(X1) | yumpus(X1)) => dumpus(X1)))"),
    (9, "Everything that is kind and a wumpus is a yumpus", "![X1]:(((kind(X1) & wumpus(X1)) => yumpus(X1)))"),
    (10, "Everything that is a wumpus, a yumpus, or a dumpus is a zumpus, a rompus, and a numpus",
     "![X1]:(((wumpus(X1) | yumpus(X1) | dumpus(X1)) => (zumpus(X1) & rompus(X1) & numpus(X1))))"),
    (10, "Everything that is a wumpus, a yumpus or a dumpus is a zumpus",
     "![X1]:(((wumpus(X1) | yumpus(X1) | dumpus(X1)) => zumpus(X1)))"),
    (11, "Kind wumpuses are yumpuses", "![X1]:(((kind(X1) & wumpus(X1)) => yumpus(X1)))"),
    (11, "Every kind wumpus is a yumpus", "![X1]:(((kind(X1) & wumpus(X1)) => yumpus(X1)))"),
    (12, "Every wumpus is a kind yumpus", "![X1]:((wumpus(X1) => (kind(X1) & yumpus(X1))))"),
    (13, "Every real number is a number", "![X1]:((real number(X1) => number(X1)))"),
    (13, "Sally is a painted lady", "painted lady(Sally)"),
    (14, "Fae is a wumpus", "wumpus(Fae)"),
    (14, "Fae is an impus", "impus(Fae)"),
    (14, "Fae is kind", "kind(Fae)"),
    (14, "127 is a prime number", "prime number(127)"),
    (15, "Fae is not a wumpus", "~wumpus(Fae)"),
    (15, "Fae is not kind", "~kind(Fae)"),
    (16, "Fae is a wumpus and a yumpus", "(wumpus(Fae) & yumpus(Fae))"),
    (16, "Fae is a wumpus, a yumpus, and a dumpus", "(wumpus(Fae) & yumpus(Fae) & dumpus(Fae))"),
    (16, "Fae is kind and a wumpus", "(kind(Fae) & wumpus(Fae))"),
    (16, "Fae is a wumpus or a yumpus", "(wumpus(Fae) | yumpus(Fae))"),
    (17, "Fae is a wumpus and Fae is a yumpus", "(wumpus(Fae) & yumpus(Fae))"),
    (17, "Fae is not a wumpus and Fae is not a yumpus", "(~wumpus(Fae) & ~yumpus(Fae))"),
    (18, "Assume Fae is a wumpus", "ASSUME(wumpus(Fae))"),
    (19, "This contradicts with Fae is not a yumpus", "CONTRADICTS(~yumpus(Fae))"),
    (19, "This contradicts the fact that Fae is not a yumpus", "CONTRADICTS(~yumpus(Fae))"),
    (20, "This is a contradiction", "CONTRADICTS()"),
    (20, "Contradiction", "CONTRADICTS()"),
    (21, "Since Fae is a wumpus or a yumpus, Fae is a dumpus", "SINCE((wumpus(Fae) | yumpus(Fae)),dumpus(Fae))"),
    (21, "As Fae is a wumpus, Fae is a yumpus", "SINCE(wumpus(Fae),yumpus(Fae))"),
    (22, "Fae is a wumpus, so Fae is a yumpus", "SINCE(wumpus(Fae),yumpus(Fae))"),
    (22, "Fae is a wumpus, therefore Fae is a yumpus", "SINCE(wumpus(Fae),yumpus(Fae))"),
    (23, "Fae is a yumpus because Fae is a wumpus", "SINCE(wumpus(Fae),yumpus(Fae))"),
    (23, "Fae is a yumpus since Fae is a wumpus", "SINCE(wumpus(Fae),yumpus(Fae))"),
    (24, "Therefore, Fae is a yumpus", "THEREFORE(yumpus(Fae))"),
    (24, "Therefore Fae is a yumpus", "THEREFORE(yumpus(Fae))"),
    (24, "This proves Fae is a yumpus", "THEREFORE(yumpus(Fae))"),
    (25, "However, Fae is a yumpus", "HOWEVER(yumpus(Fae))"),
    (26, "According to the given information, Fae is a yumpus", "yumpus(Fae)"),
    (27, "Since Fae is a yumpus, the statement is proven", "yumpus(Fae)"),
    (28, "Backtrack to Fae is a wumpus", "BACKTRACK(wumpus(Fae))"),
    (28, "Try again", "START_OVER()"),
]

NOT_ACCEPTED = ["A wumpus is a yumpus", "So, Fae is a yumpus", "So Fae is a yumpus", "Thus, Fae is a yumpus",
                "Hence Fae is a yumpus", "We know that Fae is a yumpus", "Is Fae a wumpus",
                "True or false: Fae is a wumpus",
                "Prove: Fae is a wumpus", "Fae has a tail", "No wumpus is a yumpus"]


@pytest.mark.parametrize(("row", "sentence", "form"), FORMS, ids=[f"{r}:{s}" for r, s, _ in FORMS])
def test_main_accepts(row: int, sentence: str, form: str) -> None:
    assert main(sentence) == form


@pytest.mark.parametrize("sentence", NOT_ACCEPTED)
def test_main_does_not_accept(sentence: str) -> None:
    assert main(sentence) is None


@pytest.mark.parametrize(("sentence", "form"), [
    ("Fae is blorp", "blorp(Fae)"),  # any word is an adjective in predicate position...
    ("Fae is a blorp", None),  # ...but not a noun after an article
    ("fae is a wumpus", None),  # proper nouns are case-sensitive
    ("Bob is a wumpus", None),  # and from a fixed list
    ("Fae is a Wumpus", "wumpus(Fae)"),  # common nouns are lower-cased
    ("Fae is an wumpus", "wumpus(Fae)"),  # a/an interchangeable
    ("Every wumpuses is a yumpus", None),  # number agreement
    ("Wumpus are yumpuses", None),
    ("Fae is a wumpuses", None),
    ("Fae are a wumpus", None),
    ("Every sheep is a wumpus", "![X1]:((sheep(X1) => wumpus(X1)))"),  # number-ambiguous nouns
    ("Sheep are wumpuses", "![X1]:((sheep(X1) => wumpus(X1)))"),
    ("Every worpus is kind", "![X1]:((worpus(X1) => kind(X1)))"),  # the worpus/worpus typo
    ("Worpus are kind", "![X1]:((worpus(X1) => kind(X1)))"),
    ("Fae is a warm-blooded wumpus", "(warm-blooded(Fae) & wumpus(Fae))"),  # hyphenated words are one token
    ("Fae is not not kind", "~~kind(Fae)"),  # every "not" negates
])
def test_main_details(sentence: str, form: str | None) -> None:
    assert main(sentence) == form


@pytest.mark.parametrize("sentence", ["Fae is kind also", "", "Fae is both", "Everything"])
def test_main_crashes_are_reported_not_raised(sentence: str) -> None:
    formula, error = parse_tokens(tuple(TOKEN.findall(sentence)), "main")
    assert formula is None and error is not None and "the original fails" in error


@pytest.mark.parametrize(("sentence", "form"), [
    ("Every wumpus is a yumpus", R),
    ("Wumpuses are yumpuses", R),
    ("Fae is not a wumpus", "~wumpus(Fae)"),
    ("Fae is a wumpus and a yumpus", "(wumpus(Fae) & yumpus(Fae))"),
    ("So Fae is a yumpus", "yumpus(Fae)"),  # unknown leading words are eaten as dropped adjectives
    ("Hence Fae is a yumpus", "yumpus(Fae)"),
    ("Prove: Fae is a yumpus", "yumpus(Fae)"),
    ("Since Fae is a wumpus, Fae is a yumpus", "wumpus(Fae)"),  # a trailing non-coordinated clause is dropped
    ("Fae is a wumpus, so Fae is a yumpus", "wumpus(Fae)"),
    ("Fae has a tail", None),
])
def test_v1_forms(sentence: str, form: str | None) -> None:
    assert v1(sentence) == form


def test_sentence_splitting() -> None:
    assert split_sentences("Fae is a cat. Fae is kind; Fae is a dog. And then") == [
        ("Fae", "is", "a", "cat"), ("Fae", "is", "kind"), ("Fae", "is", "a", "dog")]
    assert split_sentences("A six-legged cat .") == [("A", "six-legged", "cat")]


@pytest.mark.shared
def test_whitelist_matching(main_patterns: Whitelist) -> None:
    sentences = parse_reasoning("Fae has a tail. Fae likes cheese. Fae is a wumpus.", "main", main_patterns)
    assert [(s.text, s.status) for s in sentences] == [
        ("Fae has a tail", "whitelisted"), ("Fae likes cheese", "dropped"), ("Fae is a wumpus", "parsed")]
    assert sentences[0].reason == r".*\shas\s.*"
    # matched on the space-joined tokens (", " becomes " , "), anchored at the start (re.match)
    assert main_patterns.match("Wumpus is a dumpus , a rompus") == r"^Wumpus\sis\s.*"
    anchored = Whitelist("test", (re.compile(r"Wumpus\sis\s"),))
    assert anchored.match("Wumpus is kind") is not None and anchored.match("So Wumpus is kind") is None
