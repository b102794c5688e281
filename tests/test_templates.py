"""Parse templates (prontocheck.syntax.templates): a replayed parse gives what the full parse gives.

Every text the checker sends to the sentence grammar, while analysing the real data, the fixtures and
generated examples of every rule, is parsed both ways; results and failures must be equal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prontocheck.generate import GeneratorConfig, generate
from prontocheck.io import Record, read_records
from prontocheck.prontoqa.check import check
from prontocheck.syntax import frontend, sentences
from prontocheck.syntax.frontend import parser
from prontocheck.syntax.grammar import PRONTOQA, grammar_text
from prontocheck.syntax.templates import Shape, Templates, keywords
from prontocheck.testing.strategies import sentences as sentence_texts

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
KEPT = keywords(grammar_text("prontoqa"))


def _outcome(parse: Callable[[str], Any], text: str) -> tuple[str, Any]:
    try:
        return ("ok", parse(text))
    except Exception as e:  # noqa: BLE001 - the failure itself is compared
        return (type(e).__name__, str(e))


class Checking(Templates):
    """Templates that parse every text in full as well, and keep what disagreed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.texts = 0
        self.disagreements: list[tuple[str, Any, Any]] = []

    def parse(self, text: str) -> Any:
        self.texts += 1
        expected = _outcome(parser(PRONTOQA).parse, text)
        got = _outcome(super().parse, text)
        if got != expected:
            self.disagreements.append((text, expected, got))
        if got[0] != "ok":
            return super().parse(text)  # raise as the front-end expects
        return got[1]


@pytest.fixture
def checking(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Checking]]:
    """Route the sentence grammar through :class:`Checking`, with every cache cold."""
    made: list[Checking] = []

    def make(*args: Any, **kwargs: Any) -> Checking:
        made.append(Checking(*args, **kwargs))
        return made[-1]

    def clear() -> None:
        frontend._reader.cache_clear()
        sentences._parse_raw.cache_clear()
        sentences._statement.cache_clear()
        frontend._INTERNED.clear()

    monkeypatch.setattr(frontend, "Templates", make)
    clear()
    yield made
    clear()


def _check_all(records: Iterator[Any]) -> None:
    for r in records:
        if isinstance(r, Record):
            try:
                check(r.problem, r.output)
            except Exception:  # noqa: BLE001, S112 - an unreadable query: its sentences were still read
                continue


def _assert_agree(made: list[Checking], min_replayed: int) -> None:
    (templates,) = made
    assert templates.disagreements == []
    assert templates.replayed >= min_replayed, (templates.replayed, templates.texts)


def test_replay_agrees_with_the_full_parse_on_fixtures_and_generated_text(checking: list[Checking]) -> None:
    for path in [ROOT / "fixtures" / "demo.jsonl", *sorted((ROOT / "tests" / "data").glob("*/*.jsonl")),
                 *sorted((ROOT / "tests" / "data" / "formats").glob("*.log"))]:
        # (a batch's output holds no prompts: it is read joined to its input)
        joined = {"batch_input": str(path.with_name("batch-input.jsonl"))} if path.name == "batch-output.jsonl" else {}
        _check_all(read_records(str(path), **joined))
    for rule in ("modus-ponens", "and-intro", "and-elim", "or-intro", "or-elim", "proof-by-contradiction"):
        config = GeneratorConfig(hops=3, rule=rule)
        for example in generate(config, 40, seed=5):
            check(example.problem, example.answer_text)
    _assert_agree(checking, min_replayed=500)


@pytest.mark.shared
def test_replay_agrees_with_the_full_parse_on_the_real_data(checking: list[Checking]) -> None:
    paths = [*sorted(SHARED_DATA.glob("prontoqa-v1-llama/*/*.log.gz")),
             *sorted(SHARED_DATA.glob("prontoqa-ood-onehop/*/*.log.gz")),
             *sorted(SHARED_DATA.glob("prontoqa-logiclm-gpt4o-mini/*.jsonl"))]
    assert paths
    for path in paths:
        _check_all(read_records(str(path)))
    _assert_agree(checking, min_replayed=5000)


@given(st.lists(sentence_texts(prefixes=True).map(lambda s: s.text.rstrip(".")), min_size=2, max_size=8))
def test_replay_agrees_on_generated_sentences(texts: list[str]) -> None:
    templates = _fresh()
    for text in texts + texts[::-1]:
        assert _outcome(templates.parse, text) == _outcome(parser(PRONTOQA).parse, text)


def _fresh() -> Templates:
    return Templates(parser(PRONTOQA), "start", KEPT, 100)


def test_a_shape_is_parsed_once_and_replayed_with_its_own_words() -> None:
    templates = _fresh()
    assert str(templates.parse("Every wumpus is a yumpus")) == "∀x(wumpus(x) → yumpus(x))"
    assert templates.replayed == 0
    assert str(templates.parse("Every cat is a carnivore")) == "∀x(cat(x) → carnivore(x))"
    assert str(templates.parse("Max is not a vumpus, Max is kind, and Max is a dumpus")) == \
        "¬vumpus(Max) ∧ kind(Max) ∧ dumpus(Max)"
    assert templates.replayed == 1


def test_the_transformer_decides_from_the_replayed_words() -> None:
    # Facts about one individual make one conjunction, about two, two statements: the same shape either way.
    templates = _fresh()
    one = templates.parse("Fae is a cat and Fae is a dog")
    two = templates.parse("Fae is a cat and Max is a dog")
    assert templates.replayed == 1
    assert str(one) == "cat(Fae) ∧ dog(Fae)"
    assert [str(f) for f in two.formulas] == ["cat(Fae)", "dog(Max)"]
    # Plurals are made singular from the sentence's own word.
    assert str(templates.parse("Wumpuses are yumpuses")) == "∀x(wumpus(x) → yumpus(x))"
    assert str(templates.parse("Impuses are jompuses")) == "∀x(impus(x) → jompus(x))"


def test_a_word_the_transformer_refuses_is_read_by_the_full_parse() -> None:
    # "she" is not a keyword of the grammar, so it is abstracted, but the transformer refuses it as a noun:
    # the replay fails and the full parse gives the front-end's own error.
    templates = _fresh()
    templates.parse("Fae is a cat")
    expected = _outcome(parser(PRONTOQA).parse, "Fae is a she")
    assert expected[0] == "RejectedSentence"
    assert _outcome(templates.parse, "Fae is a she") == expected
    assert templates.replayed == 0


def test_keywords_and_odd_words_stay_in_the_shape() -> None:
    shape, words = Shape.of("Every wumpus is not x1, McFae's, warm-blooded or Kind", KEPT)
    assert words == ("wumpus", "Kind")
    assert "x1" in shape and "McFae's" in shape and "warm-blooded" in shape and " not " in shape
    assert Shape.of("Fae is a cat", KEPT).shape == Shape.of("Max is a dog", KEPT).shape
    assert Shape.of("Fae is a cat", KEPT).shape != Shape.of("fae is a cat", KEPT).shape  # the case class counts


def test_a_full_store_starts_again() -> None:
    templates = Templates(parser(PRONTOQA), "start", KEPT, 2)
    for text in ["Fae is a cat", "Every cat is a dog", "Cats are dogs", "Fae is a dog"]:
        templates.parse(text)
    assert templates.replayed == 0  # the first shape was dropped when the third came


@pytest.mark.parametrize("texts", [
    # The case of a word decides whether "and" starts a new clause: one shape per case class.
    ["Fae is a wumpus and Max is a dumpus", "Fae is a wumpus and max is a dumpus"],
    ["Everything that is a wumpus and kind is a dumpus", "Everything that is a wumpus and Kind is a dumpus"],
    # A lead-in before a comma takes up to six words.
    ["First of all, Fae is a cat", "Going by what we know, Fae is a cat",
     "One two three four five six seven, Fae is a cat"],
])
def test_texts_that_differ_only_where_the_lexer_looks_are_not_one_shape(texts: list[str]) -> None:
    templates = _fresh()
    for text in texts:
        assert _outcome(templates.parse, text) == _outcome(parser(PRONTOQA).parse, text), text
