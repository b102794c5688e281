"""The library API: check, check_batch, prepare (cached), derived gold, warnings; real data."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

import prontocheck
from prontocheck import Problem, check, check_batch
from prontocheck.errors import UnreadableOptions, UnreadableQuery
from prontocheck.io import Record, read_records
from prontocheck.prontoqa import prepare

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
CONTEXT = "Every cat is a carnivore. Every carnivore is not herbivorous. Fae is a cat."


def test_public_api_is_declared() -> None:
    public = {n for n in dir(prontocheck) if not n.startswith("_")}
    public -= {n for n in public if isinstance(getattr(prontocheck, n), types.ModuleType)}  # subpackages
    assert set(prontocheck.__all__) - {"__version__"} == public


def test_prepare_is_cached_per_problem() -> None:
    problem = Problem(CONTEXT, "True or false: Fae is not herbivorous.")
    assert prepare(problem) is prepare(Problem(CONTEXT, "True or false: Fae is not herbivorous."))


def test_check_batch_keeps_order() -> None:
    p = Problem(CONTEXT, "True or false: Fae is not herbivorous.")
    results = check_batch([(p, "Fae is not herbivorous. True"), (p, "Fae is herbivorous. False")])
    assert [r.label.correct for r in results] == [True, False]
    assert [r.id for r in results] == ["0", "1"]


def test_result_json_is_complete() -> None:
    r = check(Problem(CONTEXT, "True or false: Fae is not herbivorous."), "Fae is a cat. True", id="x",
              metadata={"model": "m"})
    out = r.to_json()
    assert out["id"] == "x" and out["metadata"] == {"model": "m"}
    assert out["gold"]["source"] == "derived" and out["first_error"] is None
    assert out["steps"][0]["formula"] == "cat(Fae)"


def test_problem_warnings_do_not_stop_the_analysis() -> None:
    r = check(Problem(CONTEXT + " Fae likes mice.", "Is Fae herbivorous?"), "Fae is a cat. False")
    assert any("context sentence does not parse" in w for w in r.warnings)
    assert r.gold.source == "derived" and r.label.gold is False and r.label.correct is True
    assert r.steps[0].validity.value == "strict"


def test_an_unreadable_query_is_recorded_by_prepare_and_raised_by_check() -> None:
    problem = Problem(CONTEXT, "True or false: Fae has a tail.")
    error = prepare(problem).query_error
    assert isinstance(error, UnreadableQuery) and error.pos == 23 and "unexpected word 'a'" in error.reason
    with pytest.raises(UnreadableQuery, match="column 24: the statement does not parse"):
        check(problem, "Fae is a cat. True")
    with pytest.raises(UnreadableQuery, match="not a question"):
        check_batch([(Problem(CONTEXT, "What does Fae eat?"), "True")])


def test_an_empty_query_with_a_given_gold_is_checked_without_one() -> None:
    gold = ("Fae is a cat.", "Every cat is a carnivore.", "Fae is a carnivore.")
    r = check(Problem(CONTEXT, "", gold), "Fae is a cat. Every cat is a carnivore. Fae is a carnivore.")
    assert r.gold.source == "given" and r.proof.strict and r.label.gold is None
    with pytest.raises(UnreadableQuery, match="the query is empty and no gold chain of thought"):
        check(Problem(CONTEXT, " "), "Fae is a cat.")


def test_options_come_from_the_problem_else_from_the_query() -> None:
    query = "Is the following statement true or false? Fae is a carnivore."
    given = prepare(Problem(CONTEXT, query, options=("A) Yes", "B) No")))
    assert [(o.letter, o.label) for o in given.options] == [("A", True), ("B", False)]
    written = prepare(Problem(CONTEXT, query + "\nOptions:\n(A) True\n(B) False"))
    assert [str(o) for o in written.options] == ["A) True", "B) False"] and written.query_error is None
    assert str(written.goal) == "carnivore(Fae)" and written.gold_label is True
    assert prepare(Problem(CONTEXT, query)).options == ()
    junk = prepare(Problem(CONTEXT, query, options=("A) True", "A) False")))
    assert isinstance(junk.query_error, UnreadableOptions) and "option A is given twice" in junk.query_error.reason


def test_unprovable_and_contradictory_queries_are_flagged() -> None:
    r = check(Problem(CONTEXT, "True or false: Fae is a dog."), "True")
    assert r.gold.source == "none" and any("neither the query nor its negation" in w for w in r.warnings)
    both = check(Problem(CONTEXT + " Every cat is herbivorous.", "True or false: Fae is herbivorous."), "True")
    assert any("both" in w for w in both.warnings)
    assert both.gold.chain == ("cat(Fae)", "∀x(cat(x) → herbivorous(x))", "herbivorous(Fae)")


def test_gold_given_as_list_with_label() -> None:
    gold = ("Fae is a cat.", "Every cat is a carnivore.", "Fae is a carnivore.", "True")
    r = check(Problem(CONTEXT, "True or false: Fae is a carnivore.", gold_cot=gold), "Fae is a carnivore. True")
    assert r.gold.source == "given" and r.label.gold is True and r.proof.non_atomic and not r.proof.strict


def test_bad_gold_falls_back_to_derived() -> None:
    r = check(Problem(CONTEXT, "True or false: Fae is a carnivore.", gold_cot="Fae purrs. Fae is a carnivore."),
              "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True")
    assert r.gold.source == "derived" and any("gold chain of thought sentence does not parse" in w for w in r.warnings)
    assert r.proof.strict


def _real_records() -> list[Record]:
    if not DATA.is_dir():
        pytest.skip("what this test reads is missing from ../shared/data")
    records = []
    for path in sorted(DATA.glob("prontoqa-v1-llama/*/*.log.gz")):
        records.extend(r for r in read_records(str(path)) if isinstance(r, Record))
    return records


@pytest.mark.shared
def test_real_gold_chains_are_all_canonical_with_every_accuracy_true() -> None:
    records = _real_records()
    assert len(records) == 640
    for rec in records:
        assert rec.problem.gold_cot is not None
        r = check(rec.problem, f"{rec.problem.gold_cot} {rec.problem.gold_label}")
        assert all(s.canonical for s in r.steps), (rec.id, [s.kind for s in r.steps])
        assert r.proof.to_json() == {"strict": True, "non_atomic": True, "broad": True, "valid": True}, rec.id
        assert r.label.correct, rec.id


@pytest.mark.shared
def test_derived_gold_equals_given_gold_on_real_data() -> None:
    records = _real_records()
    assert len(records) == 640
    for rec in records:
        given = check(rec.problem, "True")
        derived = check(Problem(rec.problem.context, rec.problem.query), "True")
        assert derived.gold.chain == given.gold.chain, rec.id
        assert derived.label.gold == given.label.gold, rec.id


@pytest.mark.shared
def test_real_outputs_are_almost_all_parseable() -> None:
    steps = unparseable = 0
    for rec in _real_records():
        r = check(rec.problem, rec.output)
        steps += len(r.steps)
        unparseable += sum(s.validity.value == "unparseable" for s in r.steps)
    assert steps > 3000 and unparseable / steps < 0.02


def test_memory_stays_bounded_across_many_problems() -> None:
    # Regression: re-raising a cached parse error pinned every raiser's frames (and problems) to the cache.
    import gc

    from prontocheck.engine.theory import Theory

    for i in range(3000):
        context = f"Every cat is a carnivore. Fae{i} is a cat."
        check(Problem(context, f"True or false: Fae{i} is a carnivore."), f"Fae{i} likes mice. True")
    gc.collect()
    assert sum(isinstance(o, Theory) for o in gc.get_objects()) <= prepare.cache_info().maxsize + 10


@pytest.mark.parametrize(("sentence", "label"), [
    ("True", True), ("False.", False), ("The answer is true.", True), ("Therefore, the answer is False.", False),
    ("The answer is: True", True), ("Answer: false", False), ("**True**", True), ("**Answer:** False", False),
    ("The answer is **True**.", True), ("The statement is false.", False), ("The correct answer is true.", True),
    ("Fae is true.", None), ("True or false", None),
])
def test_answer_sentences_as_models_write_them(sentence: str, label: bool | None) -> None:
    from prontocheck.syntax.text import answer_of

    assert answer_of(sentence) == label


def test_a_pronoun_is_the_individual_named_last() -> None:
    p = Problem("Every wumpus is a yumpus. Every yumpus is a dumpus. Fae is a wumpus. Rex is a yumpus.",
                "True or false: Fae is a dumpus.")
    r = check(p, "Since Fae is a wumpus and every wumpus is a yumpus, she is a yumpus. Every yumpus is a dumpus. "
                 "She is a dumpus. True")
    assert [s.formula for s in r.steps] == ["wumpus(Fae)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Fae)",
                                            "∀x(yumpus(x) → dumpus(x))", "dumpus(Fae)"]
    assert r.proof.strict and all(s.canonical for s in r.steps) and r.steps[-1].text == "She is a dumpus."
    # before any individual is named, the query's; afterwards the last one named alone
    r = check(p, "It is a wumpus. Rex is a yumpus. It is a dumpus. True")
    assert [s.formula for s in r.steps] == ["wumpus(Fae)", "yumpus(Rex)", "dumpus(Rex)"]


@pytest.mark.parametrize("output", [
    "1. Fae is a wumpus.\n2. Every wumpus is a yumpus.\n3. Fae is a yumpus.\nAnswer: True",
    "- Fae is a wumpus.\n- Every wumpus is a yumpus.\n- Fae is a yumpus.\nTrue",
    "Step 1: Fae is a wumpus. Step 2: Every wumpus is a yumpus. Step 3: Fae is a yumpus. True",
    "**Step 1:** Fae is a **wumpus**.\n* Every wumpus is a yumpus.\n(3) Fae is a yumpus.\nThe answer is **True**.",
])
def test_numbered_and_bulleted_chains_read_as_plain_ones(output: str) -> None:
    p = Problem("Every wumpus is a yumpus. Fae is a wumpus.", "True or false: Fae is a yumpus.")
    r = check(p, output)
    assert [s.text for s in r.steps] == ["Fae is a wumpus.", "Every wumpus is a yumpus.", "Fae is a yumpus."]
    assert r.proof.strict and r.label.correct


def test_chat_filler_is_not_a_step() -> None:
    p = Problem("Every wumpus is a yumpus. Fae is a wumpus.", "True or false: Fae is a yumpus.")
    r = check(p, "Let's think step by step.\nReasoning:\nFae is a wumpus. Every wumpus is a yumpus. "
                 "Fae is a yumpus.\nAnswer:\nTrue")
    assert [s.text for s in r.steps] == ["Fae is a wumpus.", "Every wumpus is a yumpus.", "Fae is a yumpus."]
    assert r.first_error is None and r.label.correct


def test_a_chat_style_answer_reads_as_its_proof() -> None:
    p = Problem("Every wumpus is a yumpus. Every yumpus is a dumpus. Fae is a wumpus.",
                "True or false: Fae is a dumpus.")
    output = ("Let's think step by step.\n\n"
              "1. **Fae is a wumpus** (given).\n"
              "2. Every wumpus is a yumpus, so Fae is a yumpus.\n"
              "3. Since every yumpus is a dumpus, she is a dumpus.\n\n"
              "**Answer: True**")
    r = check(p, output)
    assert [s.formula for s in r.steps] == ["wumpus(Fae)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Fae)",
                                            "∀x(yumpus(x) → dumpus(x))", "dumpus(Fae)"]
    assert all(s.canonical for s in r.steps) and r.proof.strict and r.label.correct
