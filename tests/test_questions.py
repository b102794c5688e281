"""Questions as benchmarks ask them (prontocheck.syntax.questions), answer options, prompts in the
Logic-LM format, and unreadable queries as loud errors: in the library, in ``analyze`` (every summary
format) and in the reward functions."""

from __future__ import annotations

import csv
import io
import json
import logging
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from prontocheck import Problem, check, parse_query
from prontocheck.analyze import QueryError, analyze_file
from prontocheck.cli import main
from prontocheck.errors import SpecError, UnparseableSentence, UnreadableOptions, UnreadableQuery
from prontocheck.io import Record, RecordError, read_records
from prontocheck.logic.formulas import mentions
from prontocheck.prontoqa import prepare
from prontocheck.prontoqa.spec import problem_from_prompt, problem_from_spec, resolve_problem
from prontocheck.rewards import score
from prontocheck.rewards.core import log_once
from prontocheck.rewards.openrlhf import reward_func
from prontocheck.rewards.reasoning_gym import score_answer
from prontocheck.rewards.trl import ProofReward, proof_reward
from prontocheck.rewards.verl import compute_score
from prontocheck.syntax.lexicon import compound_nouns
from prontocheck.syntax.questions import Option, Wording, cut_options, read_options, read_query, read_question
from prontocheck.testing.strategies import Sentence, sentences

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
LOGICLM = DATA / "prontoqa-logiclm-gpt4o-mini" / "outputs.jsonl"
CONTEXT = "Every cat is a carnivore. Every carnivore is not herbivorous. Fae is a cat."
PROOF = "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. Every carnivore is not herbivorous. " \
        "Fae is not herbivorous."


# --- wordings -------------------------------------------------------------------------------------------------

WORDINGS = [
    ("True or false: Fae is not herbivorous.", "true_or_false", "¬herbivorous(Fae)", Wording.TRUE_OR_FALSE),
    ("true OR FALSE: Fae is not herbivorous", "true_or_false", "¬herbivorous(Fae)", Wording.TRUE_OR_FALSE),
    ("True or false? Fae is a cat.", "true_or_false", "cat(Fae)", Wording.TRUE_OR_FALSE),
    ("True/False: Fae is a cat.", "true_or_false", "cat(Fae)", Wording.TRUE_OR_FALSE),
    ("True, false, or unknown? Fae is a cat.", "true_or_false", "cat(Fae)", Wording.TRUE_OR_FALSE),
    ("**True or false:** Fae is **not** herbivorous.", "true_or_false", "¬herbivorous(Fae)", Wording.TRUE_OR_FALSE),
    ("Prove: Rex is a dax.", "prove", "dax(Rex)", Wording.PROVE),
    ("prove that Rex is a dax.", "prove", "dax(Rex)", Wording.PROVE),
    ("Is the following statement true or false? Max is sour.", "true_or_false", "sour(Max)", Wording.FOLLOWING),
    ("IS THE FOLLOWING STATEMENT TRUE OR FALSE? Max is sour.", "true_or_false", "sour(Max)", Wording.FOLLOWING),
    ("Is the following statement true or false? Max is sour. Think step by step.", "true_or_false", "sour(Max)",
     Wording.FOLLOWING),
    ("Is the following statement true or false?\nMax is not sour.", "true_or_false", "¬sour(Max)", Wording.FOLLOWING),
    ('Is the following true or false: "Max is sour."', "true_or_false", "sour(Max)", Wording.FOLLOWING),
    ("Is this claim true or false? Every wumpus is a yumpus.", "true_or_false", "∀x(wumpus(x) → yumpus(x))",
     Wording.FOLLOWING),
    ("*Is the following statement true or false?* _Max is sour._ Answer True or False.", "true_or_false",
     "sour(Max)", Wording.FOLLOWING),
    ("Question: Is the following statement true or false? Max is sour.", "true_or_false", "sour(Max)",
     Wording.FOLLOWING),
    ("Based on the context above, is the following statement true or false? Max is sour.", "true_or_false",
     "sour(Max)", Wording.FOLLOWING),
    ("Is it true that Fae is a wumpus?", "true_or_false", "wumpus(Fae)", Wording.IS_IT_TRUE),
    ("is it true that fae is a wumpus? Explain your reasoning.", "true_or_false", "wumpus(fae)", Wording.IS_IT_TRUE),
    ("Is it the case that Fae is not a wumpus?", "true_or_false", "¬wumpus(Fae)", Wording.IS_IT_TRUE),
    ("Determine whether Fae is a wumpus is true or false.", "true_or_false", "wumpus(Fae)", Wording.DETERMINE),
    ("Determine whether the statement \"Fae is a wumpus\" is true or false.", "true_or_false", "wumpus(Fae)",
     Wording.DETERMINE),
    ("Determine if Fae is not a wumpus.", "true_or_false", "¬wumpus(Fae)", Wording.DETERMINE),
    ("Determine whether the following statement is true or false: Fae is a wumpus.", "true_or_false",
     "wumpus(Fae)", Wording.FOLLOWING),
    ("Is Max sour?", "true_or_false", "sour(Max)", Wording.YES_NO),
    ("Is Max not sour? Answer yes or no.", "true_or_false", "¬sour(Max)", Wording.YES_NO),
    ("Is Fae a wumpus or not?", "true_or_false", "wumpus(Fae)", Wording.YES_NO),
    ("Is every wumpus a yumpus?", "true_or_false", "∀x(wumpus(x) → yumpus(x))", Wording.YES_NO),
    ("Are wumpuses not yumpuses?", "true_or_false", "∀x(wumpus(x) → ¬yumpus(x))", Wording.YES_NO),
    ("Q: Based on the context, is Fae a real number?", "true_or_false", "real_number(Fae)", Wording.YES_NO),
]


@pytest.mark.parametrize(("text", "kind", "formula", "wording"), WORDINGS, ids=[w[0] for w in WORDINGS])
def test_every_wording_reads(text: str, kind: str, formula: str, wording: Wording) -> None:
    query = parse_query(text)
    assert (query.kind, str(query.formula)) == (kind, formula)
    assert read_question(text).wording is wording


UNREADABLE = [
    ("What does Fae eat?", "not a question", 0),
    ("Fae is a cat.", "not a question", 0),
    ("", "not a question", 0),
    ("True or false:", "no statement after 'True or false:'", 13),
    ("Is the following statement true or false?", "no statement after", 40),
    ("True or false: Fae has a tail.", "the statement does not parse: unexpected word 'a'", 23),
    ("Is the following statement true or false? Max is sour and.", "the statement does not parse", 54),
    ("Is Max?", "reads as no statement", 3),
    ("Is Max sour.", "opens no question ending in '?'", 0),
    ("Determine whether the statement is true or false.", "no statement after", 32),
]


@pytest.mark.parametrize(("text", "reason", "pos"), UNREADABLE, ids=[u[0] or "empty" for u in UNREADABLE])
def test_an_unreadable_query_says_why_and_where(text: str, reason: str, pos: int) -> None:
    with pytest.raises(UnreadableQuery) as raised:
        parse_query(text)
    error = raised.value
    assert isinstance(error, UnparseableSentence)  # parse_query's documented error, as before
    assert reason in error.reason and error.pos == pos and "\n" not in error.reason
    assert error.sentence == text


def test_the_position_of_a_statement_error_is_in_the_query_as_written() -> None:
    text = "Is the following statement true or false?   **Fae   has** a tail."
    with pytest.raises(UnreadableQuery) as raised:
        parse_query(text)
    assert text[raised.value.pos:].startswith("a tail")


WRAPPERS = [
    lambda s: f"True or false: {s}.",
    lambda s: f"Prove: {s}.",
    lambda s: f"Is the following statement true or false? {s}.",
    lambda s: f"**Is the following statement true or false?**\n{s}. Think step by step.",
    lambda s: f"Is it true that {s}?",
    lambda s: f"Determine whether {s} is true or false.",
    lambda s: f'Determine whether the statement "{s}" is true or false.',
    lambda s: f"Question: Based on the context, is the following statement true or false? {s}. (A) True (B) False",
]


@given(sentences(), st.sampled_from(range(len(WRAPPERS))))
def test_any_statement_in_any_wrapper_reads_back_to_its_formula(sentence: Sentence, wrapper: int) -> None:
    query = parse_query(WRAPPERS[wrapper](sentence.text.rstrip(".")))
    assert query.formula == sentence.formula
    assert query.kind == ("prove" if wrapper == 1 else "true_or_false")


@given(sentences())
def test_any_statement_asked_as_a_yes_no_question_reads_back_to_its_formula(sentence: Sentence) -> None:
    # "Max is not sour." -> "Is Max not sour?"; "Every wumpus is blue." -> "Is every wumpus blue?"
    m = re.fullmatch(r"(.+?) (is|are) (.+?)\.?", sentence.text)
    assert m is not None
    subject, verb, rest = m.groups()
    if subject.split()[0] in ("Every", "Each"):
        subject = subject[0].lower() + subject[1:]
    question = f"{verb.capitalize()} {subject} {rest}?"
    known = frozenset(p for p, _ in mentions(sentence.formula))  # as a context stating the same words gives
    assert read_query(question, known).formula == sentence.formula
    try:
        alone = parse_query(question).formula
    except UnreadableQuery as e:  # an unlisted multi-word noun ("cube number"): both readings named
        assert "reads as more than one statement" in e.reason
        assert any(len(w.split("_")) > 1 and w not in compound_nouns() for w in known)
    else:
        assert alone == sentence.formula


def test_a_yes_no_question_is_read_without_guessing() -> None:
    # The grammar also reads "every real is number blue" and "wumpuses real are numbers": a verb that would
    # cut a listed compound noun in two is not tried; a question with two readings left is an error.
    assert read_question("Is every real number blue?").statement == "every real number is blue"
    assert str(parse_query("Are wumpuses real numbers?").formula) == "∀x(wumpus(x) → real_number(x))"
    assert read_question("Is Fae a real number?").statement == "Fae is a real number"
    with pytest.raises(UnreadableQuery, match="reads as more than one statement: 'every blorp is wumpus blue' or "
                                              "'every blorp wumpus is blue'") as raised:
        read_question("Is every blorp wumpus blue?")
    assert raised.value.pos == 3
    assert str(parse_query("Is it true that every blorp wumpus is blue?").formula) == "∀x(blorp_wumpus(x) → blue(x))"
    context = "Every blorp wumpus is a dumpus. Every dumpus is blue."  # the context's words settle it
    prepared = prepare(Problem(context, "Is every blorp wumpus blue?"))
    assert prepared.query is not None and str(prepared.query.formula) == "∀x(blorp_wumpus(x) → blue(x))"


# --- options ----------------------------------------------------------------------------------------------------

OPTIONS = [
    (["A) True", "B) False"], "A) True|B) False", [True, False]),
    ("A) True B) False", "A) True|B) False", [True, False]),
    ("Options:\nA) True\nB) False\n", "A) True|B) False", [True, False]),
    ("(A) True (B) False (C) Unknown", "A) True|B) False|C) Unknown", [True, False, None]),
    ("A. Yes\nB. No", "A) Yes|B) No", [True, False]),
    ("A: Correct\n\nB: Incorrect", "A) Correct|B) Incorrect", [True, False]),
    ("Choices: a) true b) false", "A) true|B) false", [True, False]),
    ("**A)** True **B)** False.", "A) True|B) False.", [True, False]),
    (["(A) True", "(B) False"], "A) True|B) False", [True, False]),
    (["True", "False", "Uncertain"], "A) True|B) False|C) Uncertain", [True, False, None]),
    (["A) True B) False"], "A) True|B) False", [True, False]),
    ([], "", []),
]


@pytest.mark.parametrize(("value", "shown", "labels"), OPTIONS, ids=[repr(o[0]) for o in OPTIONS])
def test_every_option_form_reads(value: str | list[str], shown: str, labels: list[bool | None]) -> None:
    options = read_options(value)
    assert "|".join(str(o) for o in options) == shown
    assert [o.label for o in options] == labels
    assert all(isinstance(o, Option) and o.letter.isupper() for o in options)


JUNK = [
    ("True or False", "expected an option such as 'A) True'", 0),
    ("  A) True\nthen B", "unexpected text after option A", 10),
    ("A) B) False", "option A has no text", 0),
    (["A) True", "A) False"], "option A is given twice", 0),
    (["A) True", "False"], "option 2: expected an option", 0),
    ("A)True B)False", "expected an option", 0),
]


@pytest.mark.parametrize(("value", "reason", "pos"), JUNK, ids=[repr(j[0]) for j in JUNK])
def test_junk_options_are_a_positioned_error(value: str | list[str], reason: str, pos: int) -> None:
    with pytest.raises(UnreadableOptions) as raised:
        read_options(value)
    assert reason in raised.value.reason and raised.value.pos == pos
    assert isinstance(raised.value, UnreadableQuery)


CUT = [
    ("Is the following statement true or false? Max is sour. Options: A) True B) False",
     "Is the following statement true or false? Max is sour. ", "A) True|B) False"),
    ("True or false: Max is sour.\nA) True\nB) False\n\nReasoning:", "True or false: Max is sour.\n",
     "A) True|B) False"),
    ("True or false: Max is sour. (A) Yes (B) No", "True or false: Max is sour. ", "A) Yes|B) No"),
    ("Is Max sour?\n\nA. True\nB. False", "Is Max sour?\n\n", "A) True|B) False"),
    ("True or false: Max is sour.\nA: Max is a cat. True", "True or false: Max is sour.\nA: Max is a cat. True", ""),
    ("Q: Fae is a cat. True or false: Fae is a cat.\nA:", "Q: Fae is a cat. True or false: Fae is a cat.\nA:", ""),
]


@pytest.mark.parametrize(("text", "before", "options"), CUT, ids=[c[0][:40] for c in CUT])
def test_options_written_in_a_query_are_found_and_cut_off(text: str, before: str, options: str) -> None:
    cut, found = cut_options(text)
    assert (cut, "|".join(str(o) for o in found)) == (before, options)


def test_a_query_with_its_options_is_prepared_with_both() -> None:
    pp = prepare(Problem(CONTEXT, "Is it true that Fae is herbivorous?\nOptions:\n(A) Yes\n(B) No"))
    assert pp.query_error is None and str(pp.query.formula) == "herbivorous(Fae)"  # type: ignore[union-attr]
    assert [(o.letter, o.label) for o in pp.options] == [("A", True), ("B", False)] and pp.gold_label is False


# --- specs, prompts, records ------------------------------------------------------------------------------------

def test_problem_specs_accept_options() -> None:
    spec = {"context": CONTEXT, "query": "Is the following statement true or false? Fae is a cat.",
            "options": "A) True B) False", "gold_label": "True"}
    problem = problem_from_spec(spec)
    assert isinstance(problem, Problem) and problem.options == ("A) True", "B) False")
    assert problem_from_spec(json.dumps({**spec, "options": ["A) Yes", "B) No"]})).options == ("A) Yes", "B) No")
    with pytest.raises(SpecError, match="'options': cannot parse"):
        problem_from_spec({**spec, "options": "maybe"})
    with pytest.raises(SpecError, match="'options' must be a string or a list of strings"):
        problem_from_spec({**spec, "options": 3})


def _logiclm_block(context: str, question: str, reasoning: str) -> str:
    return (f"Context:\n{context}\n\nQuestion: Is the following statement true or false? {question}\n\n"
            f"Options:\nA) True\nB) False\n\nReasoning:{reasoning}")


LOGICLM_PROMPT = (
    "Given a problem statement as contexts, the task is to answer a logical reasoning question. \n------\n"
    + _logiclm_block("Every dog is a canine. Rex is a dog.", "Rex is a canine.",
                     " Rex is a dog. Every dog is a canine. So Rex is a canine.\n\nThe correct option is: A")
    + "\n\n------\n\n"
    + _logiclm_block("Every wumpus is not sour. Max is a wumpus.", "Max is sour.",
                     " Max is a wumpus. Every wumpus is not sour. So Max is not sour.\n\nThe correct option is: B")
    + "\n\n------\n\n"
    + _logiclm_block(CONTEXT, "Fae is not herbivorous.", "")
)


def test_a_logiclm_prompt_gives_its_last_question_with_its_options() -> None:
    problem = problem_from_prompt(LOGICLM_PROMPT)
    assert problem.context == CONTEXT
    assert problem.query == "Is the following statement true or false? Fae is not herbivorous."
    assert problem.options == ("A) True", "B) False")
    prepared = prepare(problem)
    assert prepared.query_error is None and str(prepared.goal) == "¬herbivorous(Fae)" and prepared.gold_label is True
    chat = f"<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>user\n{LOGICLM_PROMPT}<|im_end|>\n"
    assert problem_from_prompt(chat) == problem
    direct = LOGICLM_PROMPT.removesuffix("Reasoning:") + "The correct option is:"
    assert problem_from_prompt(direct) == problem


@pytest.mark.parametrize(("question", "query"), [
    ("True or false: Fae is not herbivorous.", "True or false: Fae is not herbivorous."),
    ("Is it true that Fae is not herbivorous? (A) Yes (B) No", "Is it true that Fae is not herbivorous?"),
    ("Based on the context, is the following statement true or false? Fae is not herbivorous.",
     "Based on the context, is the following statement true or false? Fae is not herbivorous."),
    ("Determine whether Fae is not herbivorous is true or false.",
     "Determine whether Fae is not herbivorous is true or false."),
])
def test_prompts_in_any_wording(question: str, query: str) -> None:
    shot = "Q: Every dog is a canine. Rex is a dog. True or false: Rex is a canine.\nA: Rex is a canine. True\n\n"
    problem = problem_from_prompt(f"{shot}Q: {CONTEXT} {question}\nA:")
    assert (problem.context, problem.query) == (CONTEXT, query)
    assert str(prepare(problem).goal) == "¬herbivorous(Fae)"


def test_an_instruction_after_the_question_is_not_taken_for_it() -> None:
    prompt = _logiclm_block(CONTEXT, "Fae is not herbivorous.", "")
    prompt += "\nDetermine whether the statement is true or false."
    assert problem_from_prompt(prompt).query == "Is the following statement true or false? Fae is not herbivorous."


def test_a_prompt_without_a_question_is_a_spec_error() -> None:
    with pytest.raises(SpecError, match="the prompt asks no question"):
        problem_from_prompt("Context: Fae is a cat. What is Fae?")


def test_resolve_problem_keeps_the_prompts_options() -> None:
    problem = resolve_problem("False", LOGICLM_PROMPT)
    assert isinstance(problem, Problem) and problem.gold_label is False and problem.options == ("A) True", "B) False")


def test_native_options_field_any_form_and_renamed(tmp_path: Path) -> None:
    base = {"context": CONTEXT, "query": "Is the following statement true or false? Fae is not herbivorous.",
            "output": PROOF + "\nThe correct option is: A"}
    lines = [{**base, "options": ["A) True", "B) False"]}, {**base, "options": "(A) True (B) False"},
             {**base, "choices": "A. True\nB. False"}, {**base, "options": "yes or no"}, {**base, "options": 3},
             {"prompt": LOGICLM_PROMPT, "output": PROOF}]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    items = list(read_records(str(path)))
    both = ("A) True", "B) False")
    assert [i.problem.options for i in items if isinstance(i, Record)] == [both, both, (), both]
    bad = [i for i in items if isinstance(i, RecordError)]
    assert [e.line for e in bad] == [4, 5]
    assert bad[0].reason == ("field 'options': cannot parse 'yes or no' at column 1: expected an option such as "
                             "'A) True'")
    assert bad[1].reason == "field 'options' must be a string or a list of strings, got 3"
    renamed = list(read_records(str(path), fields={"options": "choices"}))
    assert renamed[2].problem.options == ("A) True", "B) False")  # type: ignore[union-attr]
    assert "choices" not in renamed[2].metadata  # type: ignore[union-attr]


@pytest.mark.shared
def test_the_logiclm_records_all_read_with_their_options() -> None:
    if not LOGICLM.is_file():
        pytest.skip("what this test reads is missing from ../shared/data")
    items = list(read_records(str(LOGICLM)))
    assert len(items) == 500 and all(isinstance(i, Record) for i in items)
    for item in items:
        assert isinstance(item, Record)
        prepared = prepare(item.problem)
        assert prepared.query_error is None, item.id
        assert prepared.query is not None and prepared.query.kind == "true_or_false"
        assert [(o.letter, o.label) for o in prepared.options] == [("A", True), ("B", False)]
        assert prepared.gold_label is item.problem.gold_label and prepared.gold_source == "derived"
    checked = list(analyze_file(str(LOGICLM)))
    assert not [c for c in checked if isinstance(c, RecordError)]


# --- unreadable queries in analyze ------------------------------------------------------------------------------

def _with_one_unreadable_query(tmp_path: Path) -> Path:
    good = {"context": CONTEXT, "query": "True or false: Fae is not herbivorous.", "output": PROOF + " True"}
    lines = [good, {**good, "id": "q2", "query": "What does Fae eat?"},
             {**good, "query": "", "gold_cot": PROOF, "id": "no-query"}]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def test_an_unreadable_query_is_a_query_error_with_its_record(tmp_path: Path) -> None:
    items = list(analyze_file(str(_with_one_unreadable_query(tmp_path))))
    assert [type(i).__name__ for i in items] == ["Checked", "QueryError", "Checked"]
    error = items[1]
    assert isinstance(error, QueryError) and isinstance(error, RecordError)
    assert (error.line, error.id) == (2, "q2") and error.record is not None and error.record.id == "q2"
    assert error.reason.startswith("unreadable query: cannot parse 'What does Fae eat?' at column 1: not a question")
    in_workers = list(analyze_file(str(tmp_path / "in.jsonl"), jobs=2))  # the error and its record cross processes
    assert [type(i).__name__ for i in in_workers] == ["Checked", "QueryError", "Checked"] and in_workers[1] == error


REASON = "unreadable query: cannot parse 'What does Fae eat?' at column 1: not a question"


@pytest.mark.parametrize("fmt", ["table", "markdown", "csv", "json"])
def test_an_unreadable_query_is_a_record_error_in_every_format(tmp_path: Path, fmt: str) -> None:
    path = _with_one_unreadable_query(tmp_path)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["analyze", str(path), "--format", fmt, "--output", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0
    assert f"{path}:2: {REASON}" in result.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[1]["id"] == "q2" and lines[1]["error"]["line"] == 2 and lines[1]["error"]["reason"].startswith(REASON)
    assert "error" not in lines[2] and lines[2]["gold"]["source"] == "given"
    if fmt == "json":
        summary = json.loads(result.stdout)
        assert summary["n"] == 2 and summary["n_errors"] == 1 and summary["errors"][0]["line"] == 2
        assert summary["errors"][0]["reason"].startswith(REASON)
    elif fmt == "csv":
        [row] = [r for r in csv.DictReader(io.StringIO(result.stdout)) if r["group"] == "(total)"]
        assert (row["n"], row["n_errors"]) == ("2", "1") and row["errors"].startswith(f"{path}:2: {REASON}")
    elif fmt == "markdown":
        assert "| bad records | 1 |" in result.stdout and "**Bad input records (1)**" in result.stdout
        assert f"\n{path}:2: {REASON}" in result.stdout
    else:
        assert "Bad input records (1)" in result.stdout
        assert "unreadable query: cannot parse 'What does Fae eat?'" in " ".join(result.stdout.split())


def test_compat_profiles_still_read_an_unreadable_query_their_own_way(tmp_path: Path) -> None:
    path = _with_one_unreadable_query(tmp_path)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["analyze", str(path), "--profile", "prontoqa-v1", "--format", "json",
                                       "--output", str(out)], catch_exceptions=False)
    assert result.exit_code == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert "error" in lines[1] and "compat" in lines[1]
    assert all("compat" in line for line in lines)
    assert json.loads(result.stdout)["examples"] == 3  # the original analyzer's own count


# --- rewards ------------------------------------------------------------------------------------------------------

UNREADABLE_SPEC = {"context": CONTEXT, "query": "What does Fae eat?", "gold_label": True}


@pytest.fixture()
def rewards_log(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    log_once.cache_clear()
    caplog.set_level(logging.WARNING, logger="prontocheck.rewards")
    return caplog


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "prontocheck.rewards"]


def test_trl_returns_none_for_an_unreadable_query_and_logs_it_once(rewards_log: pytest.LogCaptureFixture) -> None:
    completions = [PROOF + " True"] * 3
    rewards = proof_reward(prompts=["..."] * 3, completions=completions, problem=[UNREADABLE_SPEC] * 3)
    assert rewards == [None, None, None]
    assert ProofReward(mode="partial")(["..."], [PROOF], problem=[UNREADABLE_SPEC]) == [None]
    logged = _logged(rewards_log)
    assert len(logged) == 1 and "not scored: unreadable query: cannot parse 'What does Fae eat?'" in logged[0]


def test_trl_logs_why_a_row_has_no_problem(rewards_log: pytest.LogCaptureFixture) -> None:
    assert proof_reward(prompts=["What is 2 + 2?"], completions=["4"]) == [None]
    assert any("no problem for the row: the prompt asks no question" in m for m in _logged(rewards_log))


def test_verl_scores_an_unreadable_query_zero_with_the_reason(rewards_log: pytest.LogCaptureFixture) -> None:
    out = compute_score("prontoqa", PROOF + " True", json.dumps(UNREADABLE_SPEC))
    assert out["score"] == 0.0 and out["parse_error"].startswith("unreadable query: cannot parse")
    again = compute_score("prontoqa", "True", UNREADABLE_SPEC)
    assert again["parse_error"] == out["parse_error"]
    assert len(_logged(rewards_log)) == 1
    assert score(UNREADABLE_SPEC, "True").parse_error == out["parse_error"]
    bad_spec = compute_score("prontoqa", "True", "{not json")
    assert bad_spec["score"] == 0.0 and bad_spec["parse_error"] and len(_logged(rewards_log)) == 2


def test_openrlhf_and_reasoning_gym_score_zero_and_log(rewards_log: pytest.LogCaptureFixture) -> None:
    prompt = "Q: Every cat is a feline. Fae is a cat. What does Fae eat?\nA:"
    out = reward_func([prompt + " Fae is a cat. True"], [prompt], ["True"])
    assert [float(x) for x in out["rewards"]] == [0.0]
    entry = {"question": prompt, "answer": "True", "metadata": {}}
    assert score_answer("Fae is a cat. True", entry) == 0.0
    spec_entry = {"question": "", "answer": "True", "metadata": {"prontoqa": UNREADABLE_SPEC}}
    assert score_answer("Fae is a cat. True", spec_entry) == 0.0
    logged = _logged(rewards_log)
    assert any("no problem in the label or the prompt: the prompt asks no question" in m for m in logged)
    assert any("no problem in the entry: the prompt asks no question" in m for m in logged)
    assert any("unreadable query: cannot parse 'What does Fae eat?'" in m for m in logged)


def test_a_readable_logiclm_question_is_rewarded(rewards_log: pytest.LogCaptureFixture) -> None:
    spec = {"context": CONTEXT, "query": "Is the following statement true or false? Fae is not herbivorous.",
            "options": ["A) True", "B) False"], "gold_label": True}
    assert score(spec, PROOF + " True").score == 1.0
    assert compute_score("prontoqa", PROOF + " True", spec)["parse_error"] == ""
    assert not _logged(rewards_log)


def test_check_still_reads_the_generators_queries() -> None:
    r = check(Problem(CONTEXT, "Prove: Fae is not herbivorous."), PROOF)
    assert r.proof.strict and r.label.gold is None


@pytest.mark.parametrize("text", [
    "True or false:" + " " * 100_000 + "x",
    "Determine whether " + "x " * 50_000 + "is   true    or",
    "true " * 20_000 + "or" + " " * 50_000,
    " A)" * 30_000,
    " A) x\n\n\n" * 30_000,
    "(A) " * 30_000 + "\n" + " " * 100_000,
    "Options: " * 30_000,
], ids=["spaces", "determine", "true-or", "markers", "marker-lines", "markers-then-spaces", "labels"])
def test_reading_questions_and_options_stays_near_linear(text: str) -> None:
    # A quadratic scan of these 100-300 kB texts takes minutes; every reader here takes well under a second.
    import time

    started = time.perf_counter()
    for reader in (read_question, cut_options, read_options):
        try:
            reader(text)
        except UnreadableQuery:
            pass
    problem_from_prompt_or_none(text)
    assert time.perf_counter() - started < 5.0


def problem_from_prompt_or_none(text: str) -> Problem | None:
    try:
        return problem_from_prompt(text)
    except SpecError:
        return None


def test_a_long_yes_no_question_is_refused_not_parsed_word_by_word() -> None:
    with pytest.raises(UnreadableQuery, match="has more than 24 words for a yes/no question"):
        read_question("Is " + "Fae " * 30 + "sour?")
