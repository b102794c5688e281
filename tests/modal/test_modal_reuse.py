"""Reading once per skeleton (prontocheck.modal.skeleton, prontocheck.modal.reading): a prompt read as a renaming
of an earlier prompt of its skeleton gives what reading it on its own gives, and its certificates verify for its
own names.

Every comparison runs the items through :func:`validate_items` twice, with ``reuse=True`` (templates shared) and
``reuse=False`` (each item parsed on its own, the reference), and compares the per-item output lines (forms, verdict,
answer, gold status and both certificates, as ``validate -o`` writes them) or the error.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from prontocheck.modal import COLUMNS, DEFAULT, Semantics
from prontocheck.modal import reading as reading_module
from prontocheck.modal import skeleton as skeleton_module
from prontocheck.modal.benchmark import generate
from prontocheck.modal.certificates import Countermodel
from prontocheck.modal.checker import check
from prontocheck.modal.decide import abstract, judge
from prontocheck.modal.items import ItemError, ModalItem, read_items
from prontocheck.modal.reading import read_item
from prontocheck.modal.skeleton import KEPT, skeleton, whole_tokens
from prontocheck.modal.validate import ItemResult, validate_items

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT.parent / "shared" / "data" / "modal-holliday-dev" / "items.jsonl"


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    """Every test starts (and leaves) with no skeleton remembered."""
    _forget()
    yield
    _forget()


def _forget() -> None:
    reading_module._TEMPLATES.clear()
    reading_module._PROMPTS.clear()
    skeleton_module._SHAPES.clear()
    skeleton_module._PIECES.clear()


def _lines(items: Sequence[ModalItem], semantics: Sequence[Semantics], reuse: bool) -> list[Any]:
    out = []
    for results in validate_items(items, semantics, reuse=reuse):
        if isinstance(results, ItemError):
            out.append(results.to_json())
        else:
            out.append([r.to_json() for r in results])
    return out


def _assert_same(items: Sequence[ModalItem], semantics: Sequence[Semantics] = (DEFAULT,)) -> None:
    reused = _lines(items, semantics, reuse=True)
    own = _lines(items, semantics, reuse=False)
    assert len(reused) == len(own) == len(items)
    for item, a, b in zip(items, reused, own, strict=True):
        assert a == b, item.id


def _grid() -> list[ModalItem]:
    return [ModalItem.from_json(g.to_json()) for g in generate()]


def test_the_grid_reads_alike_with_and_without_reuse() -> None:
    items = _grid()
    assert len(items) == 14_400
    # The whole grid goes through the reuse (so every skeleton's template comes from its first prompt); every
    # ninth item is compared line by line with its own reading, under all six semantics.
    list(validate_items(items))
    _assert_same(items[::9], COLUMNS)
    assert len(reading_module._TEMPLATES) < 300  # about two hundred skeletons


def test_most_grid_items_are_read_as_renamings() -> None:
    readings = [read_item(item) for item in _grid()]
    renamed = sum(r.words != r.template.words for r in readings)
    assert renamed > 14_000
    # Including the names of any script and the letter controls.
    assert any("Élodie" in r.words or any(not w.isascii() for w in r.words) for r in readings)


def test_paraphrases_read_alike_with_and_without_reuse() -> None:
    cases = json.loads((ROOT / "fixtures" / "modal" / "paraphrases.json").read_text())["cases"]
    prompts = [p for case in cases for p in case["paraphrases"]]
    items = [ModalItem(f"p{i}", prompt=p, gold="Yes") for i, p in enumerate(prompts)]
    # Each paraphrase also with other names and activities, after the original (so it is read as a renaming).
    swapped = [ModalItem(f"s{i}", prompt=p.replace("X", "Ngozi").replace("Y", "Иван").replace("party", "wedding"),
                         gold="No") for i, p in enumerate(prompts)]
    _assert_same(items + swapped, COLUMNS)


@pytest.mark.shared
def test_the_real_items_read_alike_with_and_without_reuse() -> None:
    items = [i for i in read_items(str(REAL)) if isinstance(i, ModalItem)]
    assert len(items) == 749
    _assert_same(items, COLUMNS)


def test_a_renamed_problem_has_its_own_verified_certificates() -> None:
    first, second = (ModalItem(str(i), prompt=f"If {a} is going to be at the {w}, then {b} is going to be at the {w}. "
                                             f"{a} is probably going to be at the {w}. Is it true that {b} is probably "
                                             f"going to be at the {w}?", gold="Yes")
                     for i, (a, b, w) in enumerate([("Savir", "Ashwin", "party"), ("Zoë", "Kofi", "gathering")]))
    [[r1], [r2]] = list(validate_items([first, second], [Semantics.parse(">1/2,pr")]))
    assert r2.reading.template is r1.reading.template and r2.reading.words != r1.reading.words
    assert [str(p) for p in r2.premises] == ["at_gathering(Zoë) ⇒ at_gathering(Kofi)", "Pr(at_gathering(Zoë))"]
    j = r2.judgement
    assert j.verdict == r2.decision.verdict == "undetermined"
    assert j == judge(r2.premises, r2.question.embedded, j.semantics)
    for side, statements in ((j.without_conclusion, [*r2.premises, _negated(r2)]),
                             (j.with_conclusion, [*r2.premises, r2.question.embedded])):
        assert isinstance(side, Countermodel) and [str(a) for a in side.atoms] == ["at_gathering(Zoë)",
                                                                     "at_gathering(Kofi)"]
        check(statements, j.atoms, j.semantics, side)  # raises if it does not verify for these names
    assert "Zoë" in json.dumps(r2.to_json(), ensure_ascii=False) and "Savir" not in json.dumps(r2.to_json())


def _negated(r: ItemResult) -> Any:
    from prontocheck.logic.modal import modal_negate

    return modal_negate(r.question.embedded)


def test_the_abstract_form_is_the_templates() -> None:
    items = _grid()[::37]
    for item in items:
        reading = read_item(item)
        forms, _ = abstract([*reading.premises, reading.question.embedded])
        assert forms == reading.template.forms, item.id


def test_a_run_split_by_the_lexer_is_not_reused() -> None:
    # "isnot" is read as "is not"; "ocean" in its place is not a sentence. One skeleton, two outcomes.
    assert not whole_tokens("Savir isnot likely to go", "statement")
    items = [ModalItem("1", prompt="Savir isnot likely to go. Is it true that Savir might go?", gold="No"),
             ModalItem("2", prompt="Ann ocean likely to go. Is it true that Ann might go?", gold="No")]
    assert skeleton(["Savir isnot likely to go", "is it true that Savir might go"])[0] == \
        skeleton(["Ann ocean likely to go", "is it true that Ann might go"])[0]  # type: ignore[index]
    lines = _lines(items, (DEFAULT,), reuse=True)
    assert lines[0][0]["verdict"] == "undetermined"
    assert lines[1]["error"]["reason"] == "unexpected word 'ocean'"
    _assert_same(items)


def test_equal_and_different_names_are_different_skeletons() -> None:
    same = skeleton(["Ann and Ann will go", "is it true that Ann might go"])
    different = skeleton(["Ann and Bob will go", "is it true that Ann might go"])
    assert same is not None and different is not None and same[0] != different[0]
    items = [ModalItem("1", prompt="It is probable that Ann and Bob will go. Is it true that it is probable that Ann "
                                   "will go?", gold="Yes"),
             ModalItem("2", prompt="It is probable that Cy and Cy will go. Is it true that it is probable that Cy "
                                   "will go?", gold="Yes")]
    _assert_same(items)


def test_kept_words_stay_in_the_shape() -> None:
    assert {"be", "the", "a", "an", "not", "probably", "answer"} - KEPT <= {"answer"}
    sk, words = skeleton(["Ann will be at the party"])  # type: ignore[misc]
    assert words == ("Ann", "party") and "will be at the" in sk.shapes[0]
    assert skeleton(["Ann_B will go"]) is None  # an underscore would make names ambiguous
    assert skeleton(["Ann will " + "go " * 1000]) is None  # over the front-end's length limit


OPEN_WORDS = ["Bo", "Élodie", "Иван", "Zoë", "X", "Mary", "Is", "It", "Pr", "The", "Xy"]
ACTIVITY_WORDS = ("party", "event", "gathering", "meeting", "celebration", "toast", "presentation", "speech", "gift")
LOWER_WORDS = ["party", "isx", "atlas", "nota", "than", "be", "the", "an", "possibly", "willow", "ate", "tox"]


def test_random_renamings_read_alike() -> None:
    """Each sampled grid prompt with its names and activity words replaced at random (keywords and prefixes of
    keywords included: they must be read as the full parse reads them, or refused as it refuses them)."""
    rng = random.Random(13)
    items = []
    for i, item in enumerate(_grid()[::61]):
        assert item.prompt is not None
        names = item.metadata["names"]
        prompt = item.prompt
        for name in names:
            prompt = prompt.replace(name, rng.choice(OPEN_WORDS))
        for word in ACTIVITY_WORDS:
            prompt = prompt.replace(word, rng.choice(LOWER_WORDS))
        items += [item, ModalItem(f"r{i}", prompt=prompt, gold=item.gold)]
    _assert_same(items, (DEFAULT, Semantics.parse(">=1/2,cprob")))


@pytest.mark.parametrize(("first", "second"), [
    # The list marker "Step 3:" is cut off; "Stop 3:" is text.
    ("Step 3: Savir might go. Is it true that Savir must go?",
     "Stop 3: Savir might go. Is it true that Savir must go?"),
    # An answer instruction may follow the question; other text may not.
    ("Savir might go. Is it true that Savir must go? Answer Yes or No.",
     "Savir might go. Is it true that Savir must go? Zebra Yes or No."),
    ("Savir might go. Is it true that Savir must go? Please answer.",
     "Savir might go. Is it true that Savir must go? Kindly answer."),
    # The parser's preparation lowers "It" in "ItX": that name is not a renaming of "Bob".
    ("Bob might go. Is it true that Bob must go?", "ItX might go. Is it true that ItX must go?"),
    ("Bob might go. Is it true that Bob must go?", "IfZ might go. Is it true that IfZ must go?"),
    # Over the length limit with a long name.
    ("Bob might go. Is it true that Bob must go?",
     "B" + "o" * 2100 + " might go. Is it true that B" + "o" * 2100 + " must go?"),
    # Two spaces, a line break: other cuts.
    ("Bob might go. Is it true that Bob must go?", "Bob might go.\nIs it true that Bob must go?"),
], ids=["step-marker", "instruction", "please-answer", "lowered-It", "lowered-If", "long-name", "line-break"])
def test_prompts_cut_otherwise_are_not_renamings(first: str, second: str) -> None:
    """Words the cutting of a prompt looks at stay in its shape (prontocheck.modal.skeleton): each pair reads as
    each prompt on its own reads, the first read before the second."""
    items = [ModalItem("1", prompt=first, gold="Yes"), ModalItem("2", prompt=second, gold="Yes")]
    _assert_same(items, (DEFAULT,))


def test_prompt_shapes_are_reused() -> None:
    items = _grid()[:400]
    list(validate_items(items))
    assert 0 < len(reading_module._PROMPTS) < 40
    assert all(entry is not None for entry in reading_module._PROMPTS.values())
