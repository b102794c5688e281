"""Built parsers kept between processes (prontocheck.syntax.parsers)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from lark import Lark

from prontocheck.syntax import parsers
from prontocheck.syntax.frontend import grammar_text
from prontocheck.syntax.templates import Templates, keywords
from prontocheck.syntax.transform import FormulaTransformer, SentenceTransformer

ROOT = Path(__file__).resolve().parents[1]
SENTENCES = ["Every wumpus is a yumpus", "Fae is not kind, so Fae is not a dumpus", "Wumpuses are not sour",
             "Assume Fae is a cat", "This contradicts with Fae is kind", "True or false: Max is not a zumpus",
             "Fae is kind and is a cat", "Since Fae is a cat and a dog, Fae is kind", "Fae likes cheese"]


class Counting(Lark):
    built = 0

    def __init__(self, *args: object, **kwargs: object) -> None:
        Counting.built += 1
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> type[Counting]:
    monkeypatch.setenv(parsers.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(parsers, "Lark", Counting)
    Counting.built = 0
    return Counting


def _outcomes(lark: Lark) -> list[object]:
    out: list[object] = []
    for text in SENTENCES:
        try:
            out.append(lark.parse(text))
        except Exception as e:  # noqa: BLE001 - the failure is compared
            out.append((type(e).__name__, str(e)))
    return out


def test_the_second_process_loads_what_the_first_built(counting: type[Counting], tmp_path: Path) -> None:
    text = grammar_text("prontoqa")
    built = parsers.build(text, ["start"], SentenceTransformer())
    assert counting.built == 1 and len(list(tmp_path.glob("parser-*.pickle"))) == 1
    loaded = parsers.build(text, ["start"], SentenceTransformer())
    assert counting.built == 1  # read from the file, not built again
    assert loaded.options.strict
    assert _outcomes(loaded) == _outcomes(built)
    # The parse templates read the loaded parser's parts as they read a built one's.
    templates = Templates(loaded, "start", keywords(text), 10)
    assert [str(templates.parse(t)) for t in ("Every cat is a dog", "Every wumpus is a yumpus")] == \
        ["∀x(cat(x) → dog(x))", "∀x(wumpus(x) → yumpus(x))"]
    assert templates.replayed == 1


def test_another_grammar_text_is_another_file(counting: type[Counting], tmp_path: Path) -> None:
    text = grammar_text("formula")
    parsers.build(text, ["start"], FormulaTransformer())
    parsers.build(text + "\n// a comment\n", ["start"], FormulaTransformer())
    assert counting.built == 2 and len(list(tmp_path.glob("parser-*.pickle"))) == 2


def test_a_file_that_is_not_plain_data_is_refused_and_rebuilt(counting: type[Counting], tmp_path: Path) -> None:
    text = grammar_text("formula")
    parsers.build(text, ["start"], FormulaTransformer())
    (path,) = tmp_path.glob("parser-*.pickle")
    path.write_bytes(pickle.dumps({"data": Path("/"), "memo": {}}))  # a class: never loaded
    lark = parsers.build(text, ["start"], FormulaTransformer())
    assert counting.built == 2 and str(lark.parse("cat(Fae)")) == "cat(Fae)"
    path.write_bytes(b"not a pickle")
    parsers.build(text, ["start"], FormulaTransformer())
    assert counting.built == 3
    parsers.build(text, ["start"], FormulaTransformer())
    assert counting.built == 3  # the rebuilt parser was written back


def test_off_and_unwritable_directories_build_every_time(counting: type[Counting], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    text = grammar_text("formula")
    monkeypatch.setenv(parsers.CACHE_ENV, "off")
    parsers.build(text, ["start"], FormulaTransformer())
    parsers.build(text, ["start"], FormulaTransformer())
    assert counting.built == 2 and not list(tmp_path.iterdir())
    blocked = tmp_path / "file"
    blocked.write_text("a file where the directory would be")
    monkeypatch.setenv(parsers.CACHE_ENV, str(blocked / "cache"))
    assert str(parsers.build(text, ["start"], FormulaTransformer()).parse("cat(Fae)")) == "cat(Fae)"
    assert counting.built == 3
