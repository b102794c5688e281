"""Argument prompts (prontocheck.modal.arguments): the wrappers of inference benchmarks around premises and a
conclusion, read into statement texts with their offsets, and broken quoting reported with its place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prontocheck.errors import UnparseableSentence
from prontocheck.modal.arguments import quoted, read_argument
from prontocheck.modal.items import ModalItem, ModalParseError, parse_item, read_prompt
from prontocheck.modal.questions import Form

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT.parent / "shared" / "data" / "modal-holliday-dev" / "items.jsonl"

A, B, C = "If Mary was at the wedding, then Sue was at the wedding", "Sue was at the wedding", "Mary was at the wedding"


@pytest.mark.parametrize(("prompt", "premises", "form"), [
    (f"From '{A}' together with '{B}', can we infer '{C}'?", [A, B], Form.FOLLOW),
    (f"From '{A}', can we infer '{C}'?", [A], Form.FOLLOW),
    (f"From  '{A}' can we infer '{C}'", [A], Form.FOLLOW),
    (f"From '{A}' together with '{B}', can we logically deduce '{C}'?", [A, B], Form.FOLLOW),
    (f"From '{A}' together with '{B}' together with '{B}', can one conclude '{C}'?", [A, B, B], Form.FOLLOW),
    (f"Given that '{A}' is true and '{B}' is true, does it necessarily follow that '{C}' is true?", [A, B],
     Form.FOLLOW),
    (f"Suppose '{A}' is true and '{B}' is true. Does it follow that '{C}' is true?", [A, B], Form.FOLLOW),
    (f"Consider the argument whose first premise is '{A}', whose second premise is '{B}', and whose conclusion is "
     f"'{C}'. Is this form of argument logically valid?", [A, B], Form.VALID),
    (f"Consider the argument whose premise is '{A}' and whose conclusion is '{C}'. Is this form of argument "
     "logically valid?", [A], Form.VALID),
    (f"From \u2018{A}\u2019 together with \u2018{B}\u2019, can we infer \u2018{C}\u2019? Answer Yes or No.", [A, B],
     Form.FOLLOW),
    (f"{A}. Also, {B}. Can we infer that {C}?", [A, B], Form.FOLLOW),
    (f"{A}. {B}. Does it follow that {C}?", [A, B], Form.FOLLOW),
    (f"Given that {B}, is it the case that {C}?", [B], Form.FOLLOW),
])
def test_wrappers(prompt: str, premises: list[str], form: Form) -> None:
    argument = read_argument(prompt)
    assert [s.text for s in argument.premises] == premises
    assert argument.conclusion.text == C and argument.form is form
    straight = prompt.replace("\u2018", "'").replace("\u2019", "'")
    for span in (*argument.premises, argument.conclusion):
        assert straight[span.start:span.start + len(span.text)] == span.text


def test_apostrophes_are_not_quotes() -> None:
    argument = read_argument("From 'If it's raining, then it's not raining hard', can we infer 'If it's raining "
                             "hard, then it's not raining'?")
    assert argument.premises[0].text == "If it's raining, then it's not raining hard"
    assert not quoted("It's raining. Can we infer that it's wet?")
    unquoted = read_argument("It's raining. Also, the dasetil's odds are low. Can we infer that it's wet?")
    assert [s.text for s in unquoted.premises] == ["It's raining", "the dasetil's odds are low"]


@pytest.mark.parametrize(("prompt", "reason", "place"), [
    (f"From '{A} together with '{B}', can we infer '{C}'?", "opens before the one opened at column 6 closes", "'Sue"),
    (f"From '{A}', together with {B}', can we infer '{C}'?", "closes no quotation", "', can"),
    (f"From '{A}', can we infer '{C}?", "never closed", "'Mary"),
    (f"From '{A}' '{B}', can we infer '{C}'?", "do not fit the question's wrapper", "'If"),
    (f"Is it true that '{C}'? Yes.", "no inference question", "'Mary"),
    (f"{A}. Is it raining?", "not an inference question", "Is it"),
    (f"Can we infer that {C}?", "no premises", "Can"),
    (f"{B}. Can we infer that {C}? Then tell me a story.", "text after the question", "Then"),
])
def test_broken_prompts_are_errors_with_their_place(prompt: str, reason: str, place: str) -> None:
    with pytest.raises(UnparseableSentence, match=reason) as caught:
        read_argument(prompt)
    assert caught.value.pos == prompt.index(place)
    with pytest.raises(ModalParseError) as item_error:
        parse_item(ModalItem("x", prompt=prompt))
    if quoted(prompt):  # (an unquoted prompt that is no argument gets the benchmark grammar's error)
        assert reason in item_error.value.reason and f"column {prompt.index(place) + 1}" in str(item_error.value)


def test_an_argument_is_read_after_the_benchmark_grammar() -> None:
    item = ModalItem("a", prompt="From 'Savir might be at the party', can we infer 'Savir must be at the party'?")
    premises, question, by_grammar = read_prompt(item)
    assert not by_grammar and question.form is Form.FOLLOW and question.polarity == "aff"
    assert [str(p) for p in premises] == ["◇at_party(Savir)"] and str(question.embedded) == "□at_party(Savir)"
    grid = ModalItem("g", prompt="Savir might be at the party. Does it follow that Savir must be at the party?")
    assert read_prompt(grid)[2]
    # A statement the grammar cannot read: its own error, placed in the prompt.
    with pytest.raises(ModalParseError, match="column 78") as caught:
        parse_item(ModalItem("b", prompt="From 'Savir might be at the party', can we infer 'Savir must be at the "
                                         "party Maybe'?"))
    assert caught.value.reason.startswith("the name 'Maybe' after 'party' inside a verb phrase")


@pytest.mark.shared
def test_every_real_prompt_is_cut_into_its_statements() -> None:
    lines = REAL.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 749
    forms = set()
    for line in lines:
        item = json.loads(line)
        argument = read_argument(item["prompt"])
        forms.add(argument.form)
        straight = item["prompt"].replace("\u2018", "'").replace("\u2019", "'")
        assert argument.premises, item["id"]
        for span in (*argument.premises, argument.conclusion):
            assert span.text and straight[span.start:span.start + len(span.text)] == span.text, item["id"]
            assert not span.text.startswith(("'", "Also", "Suppose")) and not span.text.endswith((".", "'")), item["id"]
    assert forms == {Form.FOLLOW, Form.VALID}
