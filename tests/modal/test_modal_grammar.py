"""The English grammar: templates, paraphrases, scope of negation and coordination, errors with positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prontocheck.errors import InputError, UnparseableSentence
from prontocheck.modal import parse_modal_formula, parse_prompt, parse_question, parse_statement
from prontocheck.modal.benchmark import generate
from prontocheck.modal.items import ModalItem, ModalParseError, parse_item
from prontocheck.modal.questions import Form

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "modal"
PARAPHRASES = json.loads((FIXTURES / "paraphrases.json").read_text("utf-8"))["cases"]
CASES = [(c["canonical"], p) for c in PARAPHRASES for p in c["paraphrases"]]


@pytest.fixture(scope="module")
def canonical() -> dict[str, str]:
    return {g.id: g.prompt for g in generate(groups=["letters-xy"], activities=["party"])}


@pytest.mark.parametrize(("item_id", "paraphrase"), CASES,
                         ids=[f"{i}-{c.split('/')[0]}" for i, (c, _) in enumerate(CASES)])
def test_paraphrases_parse_to_the_same_logical_forms(canonical: dict[str, str], item_id: str, paraphrase: str) -> None:
    premises, question = parse_prompt(canonical[item_id])
    premises2, question2 = parse_prompt(paraphrase)
    assert premises2 == premises
    assert question2.embedded == question.embedded
    assert (question2.form, question2.polarity) == (question.form, question.polarity)


def test_every_template_has_paraphrases() -> None:
    templates = {c["canonical"].split("/")[0] for c in PARAPHRASES}
    assert templates == {g.template for g in generate(forms=["TRUTH"], groups=["letters-xy"], activities=["party"])}


@pytest.mark.parametrize(("sentence", "form"), [
    ("Savir is probably going to be at the party.", "Pr(at_party(Savir))"),
    ("Ashwin is probably not going to be at the party.", "Pr(¬at_party(Ashwin))"),
    ("It is not probable that Savir will not be at the party.", "¬Pr(¬at_party(Savir))"),
    ("It is probable that Savir and Ashwin will be at the party.", "Pr(at_party(Savir) ∧ at_party(Ashwin))"),
    ("It is probable that Savir will attend the event or give a presentation.",
     "Pr(attend_event(Savir) ∨ give_presentation(Savir))"),
    ("X and Y will probably not be at the party.", "Pr(¬at_party(X) ∧ ¬at_party(Y))"),
    ("X might not attend the event or give a toast.", "◇¬(attend_event(X) ∨ give_toast(X))"),
    ("X is not going to not be at the party if Y is.", None),
    ("If X is not going to be at the party, then Y won't be at the party.", "¬at_party(X) ⇒ ¬at_party(Y)"),
    ("Y is at least as likely as X to be at the party.", "at_party(Y) ⪰ at_party(X)"),
    ("X is at least as likely to be at the party as to not be at the party.", "at_party(X) ⪰ ¬at_party(X)"),
    ("X is at least as likely to attend the meeting as to take the minutes.", "attend_meeting(X) ⪰ take_minutes(X)"),
    ("X is less likely than Y to be at the party.", "¬(at_party(X) ⪰ at_party(Y))"),
    ("It is not certain that X will be at the party.", "¬□at_party(X)"),
    ("It's not likely that X won't be at the party.", "¬Pr(¬at_party(X))"),
    ("It isn’t possible that X will be at the party.", "¬◇at_party(X)"),
    ("Zoë must be at the celebration.", "□at_celebration(Zoë)"),
    ("Иван might be at the party.", "◇at_party(Иван)"),
    ("Nguyễn Văn An is probably going to be at the party.", "Pr(at_party(Nguyễn_Văn_An))"),
    ("Ólafur will go to the meeting.", None),
    ("X might be at the party or not.", None),
    ("X might be at the party and probably at the meeting.", None),
])
def test_statements(sentence: str, form: str | None) -> None:
    if form is None:
        with pytest.raises(UnparseableSentence):
            parse_statement(sentence)
    else:
        assert str(parse_statement(sentence)) == form
        assert parse_modal_formula(form) == parse_statement(sentence)


@pytest.mark.parametrize(("question", "form", "polarity", "negation"), [
    ("Is it true that X might be at the party?", Form.TRUTH, "aff", "none"),
    ("Is it false that X might be at the party?", Form.TRUTH, "neg", "lexical"),
    ("Is it not true that X might be at the party?", Form.TRUTH, "neg", "not"),
    ("Is it correct that X might be at the party?", Form.CORRECT, "aff", "none"),
    ("Is it incorrect that X might be at the party?", Form.CORRECT, "neg", "prefix"),
    ("Is it not correct that X might be at the party?", Form.NOT_CORRECT, "neg", "not"),
    ("Is it not incorrect that X might be at the party?", Form.CORRECT, "aff", "double"),
    ("Is it valid to conclude that X might be at the party?", Form.VALID, "aff", "none"),
    ("Is it invalid to conclude that X might be at the party?", Form.VALID, "neg", "prefix"),
    ("Is it not valid to conclude that X might be at the party?", Form.NOT_VALID, "neg", "not"),
    ("Does it follow that X might be at the party?", Form.FOLLOW, "aff", "none"),
    ("Does it not follow that X might be at the party?", Form.FOLLOW, "neg", "not"),
    ("Is it possible that X will be at the party?", Form.DIRECT, "aff", "none"),
    ("Is it not certain that X will be at the party?", Form.DIRECT, "neg", "proposition"),
    ("Is Y less likely than X to be at the party?", Form.DIRECT, "neg", "proposition"),
])
def test_question_forms(question: str, form: Form, polarity: str, negation: str) -> None:
    q = parse_question(question)
    assert (q.form, q.polarity, q.negation) == (form, polarity, negation)
    assert q.level == ("entailment" if form in (Form.VALID, Form.FOLLOW, Form.NOT_VALID) else "proposition")


def test_prompt_errors_name_the_item_and_the_position() -> None:
    item = ModalItem("q7", prompt="Ana is maybe at the party. Is it true that Ana might be at the party?")
    with pytest.raises(ModalParseError) as e:
        parse_item(item)
    assert e.value.item_id == "q7" and e.value.field == "prompt"
    assert e.value.pos == 7 and item.prompt is not None and item.prompt[7:12] == "maybe"
    assert "q7" in str(e.value) and "column 8" in str(e.value)
    assert e.value.get_context().splitlines()[1] == " " * 7 + "^"


def test_errors_in_separate_fields() -> None:
    item = ModalItem("q8", premises=("Ana might be at the party.", "Bo is at least as likely."),
                     question="Is it true that Bo might be at the party?")
    with pytest.raises(ModalParseError) as e:
        parse_item(item)
    assert (e.value.field, e.value.pos) == ("premises[2]", 18)  # "Bo is at least as " then 'likely'
    assert str(e.value).endswith("cannot parse 'Bo is at least as likely': the sentence ends after 'likely'")
    with pytest.raises(ModalParseError) as e:
        parse_item(ModalItem("q9", premises=(), question="Is it true that Bo might?"))
    assert e.value.field == "question"


@pytest.mark.parametrize(("prompt", "reason", "pos"), [
    ("Ana might be at the party.", "no question (a sentence ending in '?')", 26),  # the prompt's end
    ("Ana might be at the party. Is it true that Ana might be at the party? Ana must be at the party.",
     "text after the question: 'Ana must be at the party.'", 70),
    ("Ana and Bo are at least as likely as Cy to be at the party. Is it true that Cy might be at the party?",
     "a comparative compares one person's chances, not Ana and Bo's", 0),
])
def test_bad_prompts(prompt: str, reason: str, pos: int) -> None:
    with pytest.raises(UnparseableSentence) as e:
        parse_prompt(prompt)
    assert (e.value.reason, e.value.pos) == (reason, pos)


def test_bad_records() -> None:
    with pytest.raises(InputError, match="prompt"):
        ModalItem.from_json({"id": "x", "question": "Is it true that X might be there?"})
    with pytest.raises(InputError, match="gold"):
        ModalItem.from_json({"id": "x", "prompt": "X", "gold": "maybe"})
    item = ModalItem.from_json({"id": 3, "premises": "X must be there. Y must be there.", "question": "Q?"})
    assert item.id == "3" and item.premises == ("X must be there.", "Y must be there.")
