"""Parse templates on the relations grammar: every replayed parse gives what the full parse gives.

The grammar opts in to templates (:mod:`prontocheck.syntax.templates`); these tests parse every sentence of
the fixtures, of the synthetic item sets, of generated sentences and (with the real data) of the EWoK
development items both ways, with the caches cold, and compare results and failures.
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.relations.grammar import RELATIONS
from prontocheck.syntax.frontend import grammar_text, parser
from prontocheck.syntax.templates import Shape, Templates, keywords

SHARED_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
KEPT = keywords(grammar_text("relations"))
TEXT_KEYS = ("question", "statement", "text", "Context1", "Context2", "Target1", "Target2", "C1", "C2", "T1", "T2")


def _outcome(parse: Callable[[str], Any], text: str) -> tuple[str, Any]:
    try:
        return ("ok", parse(text))
    except Exception as e:  # noqa: BLE001 - the failure itself is compared
        return (type(e).__name__, str(e))


def _sentences(records: Iterable[dict[str, Any]]) -> list[str]:
    out = []
    for r in records:
        for key in TEXT_KEYS:
            if isinstance(r.get(key), str):
                out += [s for s in re.split(r"(?<=[.?])\s+", r[key].strip()) if s]
    return out


def _assert_replay_agrees(texts: list[str], start: str = "sentence", min_replayed: int = 0) -> None:
    lark = parser(RELATIONS, start)
    templates = Templates(lark, start, KEPT, 1 << 14)
    disagreements = []
    for text in texts + texts[::-1]:
        expected = _outcome(lambda t: lark.parse(t, start=start), text)
        got = _outcome(templates.parse, text)
        if got != expected:
            disagreements.append((text, expected, got))
    assert disagreements == []
    assert templates.replayed >= min_replayed, templates.replayed


def test_replay_agrees_on_the_fixtures_and_the_synthetic_items(fixtures: Path, synthetic: ModuleType) -> None:
    records = [json.loads(line) for path in sorted(fixtures.glob("*.jsonl"))
               for line in path.read_text("utf-8").splitlines()]
    records += synthetic.records(3000, noise=0.02, seed=3)
    _assert_replay_agrees(_sentences(records), min_replayed=3000)


def test_replay_agrees_on_atoms_and_rules() -> None:
    atoms = ["part_of(core, apple)", "more[size](country, town)", 'capable_of(bird, "fly")', "left_of(Cup, plate)",
             "more[Size](a, b)", "r(x_y, z)", "r(X, Y)", "r(x, Y)", "part_of(Core, apple)"]
    _assert_replay_agrees(atoms, "datalog_atom", min_replayed=2)
    rules = ["is_a(X, C), capable_of(C, A) -> capable_of(X, A)", "part_of(X, Y), part_of(Y, X) -> false",
             "is_a(x, C), capable_of(C, A) -> capable_of(x, A)", "r(X, Y) -> s(Y, X)", "r(x, y) -> false"]
    _assert_replay_agrees(rules, "datalog_rule", min_replayed=1)


@pytest.mark.parametrize("texts", [
    # "contain" is a keyword (CONTAINS), so it stays in the shape: not one shape with "holds".
    ["The box contain the cup.", "The box holds the cup.", "The box contains the cup."],
    # Articles, "more"/"less" and multi-word keywords decide the parse: literal in the shape.
    ["Is a cat bigger than a dog?", "Is a cat more big than a dog?", "Is a cat less big than a dog?",
     "Is cat bigger than dog?", "Is the cat bigger than an dog?"],
    ["The cup is to the left of the plate.", "The cup is to the lift of the plate.", "The cup is left of the plate."],
    # "Can X?" needs two words; the transformer refuses one (the replay falls back on the full parse).
    ["Can a bird fly?", "Can bird fly?", "Can fly?", "Can a big bird fly?"],
    ["In terms of order of size, is a country longer than a town?", "In terms of size, is a dog bigger than a cat?"],
    # "about the same", "as … as": the dimension word is open class, its resolution the schema's.
    ["Is a cat about the same size as a dog?", "Is a cat about the same weight as a dog?",
     "Is a cat the same size as a dog?", "Is a cat roughly as big as a dog?", "Is a cat as big as a dog?",
     "A cat is not about the same size as a dog.", "A cat is about as heavy as a dog.",
     "Is a cat about the same fluffiness as a dog?", "Is the same dog bigger than a cat?",
     "Is a dog such as a poodle bigger than a cat?", "Is a dog such as a poodle about as big as a cat?",
     "Is a dog such as 2 poodles as big as a cat?", "Is a cat as big as dogs as a rule?"],
    # Odd words (digits, apostrophes, hyphens, mixed case) stay as they are.
    ["Is Napoleon's hat a part of Napoleon?", "Is a dog’s tail a part of a dog?", "Is x1 a part of y2?",
     "Is a well-known cat a part of McDonald?", "Is a dog’s tail a part of a cat?"],
])
def test_texts_that_differ_where_the_lexer_looks_are_not_one_shape(texts: list[str]) -> None:
    _assert_replay_agrees(texts)


def test_contain_is_a_keyword() -> None:
    assert "contain" in KEPT and "contains" in KEPT
    assert Shape.of("The box contain the cup.", KEPT).shape != Shape.of("The box holds the cup.", KEPT).shape


_WORDS = st.sampled_from(["cat", "dog", "Napoleon", "apple", "core", "bigger", "smaller", "shinier", "bendy", "fly",
                          "mined", "Iran", "crushing", "breaking", "holds", "big", "x1", "dog's", "well-known"])
_KEYWORDS = st.sampled_from(sorted(KEPT - {"i", "b", "s", "z", "n"}) + ["?", ".", ","])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.one_of(_WORDS, _KEYWORDS), min_size=2, max_size=9).map(" ".join), min_size=2,
                max_size=6),
       st.lists(st.sampled_from(["Is a {} bigger than a {}?", "The {} is to the left of the {}.",
                                 "Can a {} be {}?", "Is a {} a part of a {}?", "The {} is not near the {}.",
                                 "Do {} and {} have a similar meaning?", "The {} contains the {}.",
                                 "Is a {} about the same size as a {}?", "The {} is as big as the {}."]), min_size=1,
                max_size=4),
       st.lists(st.tuples(_WORDS, _WORDS), min_size=1, max_size=4))
def test_replay_agrees_on_generated_sentences(noise: list[str], forms: list[str],
                                              pairs: list[tuple[str, str]]) -> None:
    texts = noise + [form.format(a, b) for form in forms for a, b in pairs]
    _assert_replay_agrees(texts)


@pytest.mark.shared
def test_replay_agrees_on_the_ewok_development_items() -> None:
    # Read in memory from the password-protected zip: EWoK's text is never written out.
    with zipfile.ZipFile(SHARED_DATA / "ewok-dev" / "ewok-dev.zip") as z:
        lines = z.read("items.jsonl", pwd=b"ewok").decode("utf-8").splitlines()
    _assert_replay_agrees(_sentences(json.loads(line) for line in lines), min_replayed=500)
