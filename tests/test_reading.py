"""Reading what models really write: sentences with spans, sentence kinds, committed answers, cuts,
constructions of chat and reasoning text, and the problem's vocabulary (issue 10)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from prontocheck import Problem, check
from prontocheck.cli import main
from prontocheck.prontoqa.problem import prepare
from prontocheck.prontoqa.results import SentenceKind, Validity
from prontocheck.syntax.segment import segment
from prontocheck.syntax.vocabulary import FUNCTION_WORDS, PRONOUNS

ROOT = Path(__file__).resolve().parents[1]
CONTEXT = ("Every wumpus is a yumpus. Yumpuses are dumpuses. Every dumpus is not sour. Each rompus is sour. "
           "Numpuses are rompuses. Max is a wumpus.")
TF = Problem(CONTEXT, "Is the following statement true or false? Max is sour.", options=("A) True", "B) False"))
PLAIN = Problem(CONTEXT, "True or false: Max is sour.")
PLAIN_PREPARED = prepare(PLAIN)


def kinds(problem: Problem, output: str) -> list[tuple[str, str]]:
    return [(s.kind.value, s.text) for s in check(problem, output).sentences]


def formulas(problem: Problem, output: str) -> list[str | None]:
    return [s.formula for s in check(problem, output).steps]


# --- sentences and spans -------------------------------------------------------------------------------


def test_every_sentence_keeps_its_span_in_the_text_as_written() -> None:
    output = ("<think>Max is a **wumpus**. “Yumpuses are dumpuses.”</think>\n\n### Answer\n1. Max is a yumpus "
              "(so Max is a dumpus.)\n- The correct option is: B")
    result = check(TF, output)
    for s in result.sentences:
        written = output[s.span[0]:s.span[1]]
        assert re.sub(r"[^a-z]", "", written.lower().replace("’", "'")) == re.sub(r"[^a-z]", "", s.text.lower())
    assert [s.kind for s in result.sentences][-1] is SentenceKind.ANSWER
    assert result.sentences[0].in_trace and not result.sentences[-1].in_trace


@pytest.mark.parametrize(("text", "expected"), [
    ('Statement 9 says "Yumpuses are vumpuses." Max is a wumpus.',
     ['Statement 9 says "Yumpuses are vumpuses."', "Max is a wumpus."]),
    ("Dumpuses are rompuses (so Max is a rompus.)\nNext.", ["Dumpuses are rompuses (so Max is a rompus.)", "Next."]),
    ("(This does not affect the color.) Max is kind.", ["(This does not affect the color.)", "Max is kind."]),
    ("Sally is an impus → vumpus → dumpus.", ["Sally is an impus → vumpus → dumpus."]),
    ("Max is a wumpus.\n)\n\"\n---\n**", ["Max is a wumpus."]),
    ("| Step | Claim |\n|---|---|\n| 1 | Max is a wumpus |", ["Step ¦ Claim", "1 ¦ Max is a wumpus"]),
    ("e.g. a wumpus is kind. Fae is 3.5 feet tall.", ["e.g. a wumpus is kind.", "Fae is 3.5 feet tall."]),
    ("Max\u2019s chain: \u201cEvery wumpus is a yumpus.\u201d", ["Max's chain: \"Every wumpus is a yumpus.\""]),
])
def test_segmentation_respects_quotes_brackets_markdown_and_arrows(text: str, expected: list[str]) -> None:
    assert [s.text for s in segment(text).sentences] == expected


def test_a_missing_opening_think_tag_still_makes_a_trace() -> None:
    seg = segment("Okay. Max is a wumpus. So yes.\n</think>\nThe answer is B.")
    assert [s.in_trace for s in seg.sentences] == [True, True, True, False]
    assert seg.trace is not None and seg.trace.closed


# --- the committed answer ------------------------------------------------------------------------------


@pytest.mark.parametrize(("answer", "label"), [
    ("B", False), ("(A)", True), ("The correct option is: A", True), ("**Answer: B**", False), ("Option A", True),
    ("A) True", True), ("\\boxed{A}", True), ("Therefore, the answer should be False.", False),
    ('The statement "Max is sour" is false.', False), ('The statement "Max is not sour" is true.', False),
    ("Max is sour is true.", True), ("Final answer: **True**", True), ("$\\boxed{\\text{False}}$", False),
    ("The correct option is: B (False) - Max is not sour.", False), ("So the answer is A) True.", True),
    ("B) False is correct.", False), ("Option A is the correct answer.", True), ("Answer - B", False),
    ("Result: True", True), ("**Conclusion:** The statement is **false**.", False), ("That statement is true.", True),
    ("Hence, 'Max is sour' is false.", False), ("The statement 'Max is not sour' is true.", False), ("→ **B**", False),
    ("Yes, it is true.", True), ("No, that's false.", False),
])
def test_answer_forms(answer: str, label: bool) -> None:
    result = check(TF, f"Max is a wumpus. {answer}")
    assert result.label.predicted is label, answer


def test_an_answer_whose_two_words_disagree_gives_no_label() -> None:
    assert check(TF, "Max is a wumpus. Yes, it is false.").label.predicted is None


def test_option_letters_need_options() -> None:
    assert check(PLAIN, "Max is a wumpus.\nB").label.predicted is None
    assert check(PLAIN, "Max is a wumpus.\nFalse").label.predicted is False


def test_the_answer_after_the_trace_wins_and_nothing_inside_it_commits() -> None:
    trace = "<think>Max is a wumpus. Is Max sour? So yes. The answer is A.</think>"
    assert check(TF, trace + "\n**Answer: B**").label.predicted is False
    closed = check(TF, trace)
    assert closed.label.predicted is None and closed.label.reason == "no answer after the reasoning trace"
    open_ = check(TF, "<think>Max is a wumpus. So yes. Max is a yumpus and")
    assert open_.label.predicted is None
    assert open_.label.reason == "truncated: the output ends inside the reasoning trace"


def test_the_last_committed_answer_wins_and_a_bare_yes_only_at_the_end() -> None:
    assert check(PLAIN, "The answer is True. Wait, Max is not sour. The answer is False.").label.predicted is False
    mid = check(PLAIN, "Is Max a yumpus? Yes. Max is a yumpus. Max is a dumpus. Max is not sour.")
    assert mid.label.predicted is None and mid.label.reason == "no answer statement"
    assert check(PLAIN, "Max is a yumpus. Max is not sour. No.").label.predicted is False
    first = check(TF, "**Answer: B**\n\nExplanation: Max is a wumpus. Every wumpus is a yumpus.")
    assert first.label.predicted is False  # a strong answer stated first stands


def test_an_output_cut_off_mid_sentence_says_so_and_its_last_clause_is_not_a_claim() -> None:
    r = check(TF, "Max is a wumpus. Every wumpus is a yumpus, so Max is a yump")
    assert r.label.predicted is None and r.label.reason == "truncated: the output ends mid-sentence"
    assert (r.steps[-1].validity, r.steps[-1].reason) == (Validity.UNPARSEABLE, r.label.reason)


# --- a new problem after the answer is cut -------------------------------------------------------------


@pytest.mark.parametrize("tail", [
    "\n\nQ: Every dog is a canine. Rex is a dog. True or false: Rex is a canine.\nA: Rex is a dog.",
    "\n------\nContext:\nEvery cat is a feline.\n\nQuestion: Is the following statement true or false? Fae is",
    "\n\nIs the following statement true or false? Rex is kind.",
    "\n\nQ: Every dog is",
])
def test_a_made_up_next_problem_is_cut_and_counted(tail: str) -> None:
    r = check(PLAIN, "Max is a wumpus. Every wumpus is a yumpus. Max is a yumpus. False" + tail)
    assert r.cut_after_answer == len(tail.lstrip("\n"))  # from the next problem's first character (a rule too)
    assert r.label.predicted is False and len(r.steps) == 3


def test_a_question_restated_at_the_start_is_not_a_cut() -> None:
    r = check(TF, "**Question:** Is the following statement true or false? Max is sour.\n\n"
                  "Max is a wumpus. Every wumpus is a yumpus. Max is a yumpus.\n\n**Answer: B**")
    assert r.cut_after_answer == 0 and r.label.predicted is False and len(r.steps) == 3


# --- sentence kinds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("sentence", "kind"), [
    ("Is there any sign that Max is a rompus?", "commentary"),
    ("But is there any contradiction?", "commentary"),
    ("Let me check the rules again.", "commentary"),
    ("Wait.", "commentary"),
    ("Hmm, let me make sure.", "commentary"),
    ("So, I think rompuses are irrelevant here.", "commentary"),
    ("Each rompus is sour, but that does not matter for Max.", "step"),
    ("So I should output B.", "commentary"),
    ("That is false.", "commentary"),
    ("We cannot conclude that Max is a numpus.", "commentary"),
    ("Rompuses are not mentioned as sour.", "commentary"),
    ("If Max were a rompus, he would be sour.", "hypothetical"),
    ("Suppose Max is a rompus.", "hypothetical"),
    ('Statement 2 says "Yumpuses are dumpuses."', "step"),
    ("From 3: Every dumpus is not sour.", "step"),
    ("Max likes to dance with numpuses.", "unparseable"),
    ("Backtrack to Max is a wumpus.", "backtrack"),
])
def test_sentence_kinds(sentence: str, kind: str) -> None:
    assert kinds(TF, f"{sentence} The correct option is: B")[0] == (kind, sentence)


def test_a_remark_never_hides_content() -> None:
    # A sentence with a step clause and a remark is a step; its remark is not read.
    r = check(TF, "Dumpuses are not sour, but we need to determine if Max is sour. B")
    assert r.sentences[0].kind is SentenceKind.STEP and [s.formula for s in r.steps] == ["∀x(dumpus(x) → ¬sour(x))"]


def test_suppose_opens_an_assumption_in_the_ood_calculus() -> None:
    p = Problem("Every wumpus is a yumpus. Every yumpus is not a dumpus. Max is a dumpus.",
                "Prove: Max is not a wumpus.",
                gold_cot=("Assume Max is a wumpus.", "Every wumpus is a yumpus.", "Max is a yumpus.",
                          "Every yumpus is not a dumpus.", "Max is not a dumpus.",
                          "This contradicts with Max is a dumpus.", "Max is not a wumpus."))
    r = check(p, "Suppose Max is a wumpus. Every wumpus is a yumpus. Max is a yumpus. Every yumpus is not a dumpus. "
                 "Max is not a dumpus. This contradicts with Max is a dumpus. Max is not a wumpus.")
    assert r.steps[0].rule == "Assume" and r.proof.strict


# --- constructions of reasoning text -------------------------------------------------------------------


@pytest.mark.parametrize(("sentence", "expected"), [
    ("Max is a wumpus → yumpus → dumpus.",
     ["wumpus(Max)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Max)", "∀x(yumpus(x) → dumpus(x))", "dumpus(Max)"]),
    ("Wumpus → yumpus.", ["∀x(wumpus(x) → yumpus(x))"]),
    ("→ Max is a yumpus.", ["yumpus(Max)"]),
    ("Yumpuses are dumpuses (so Max is a dumpus).", ["∀x(yumpus(x) → dumpus(x))", "dumpus(Max)"]),
    ("Max, being a yumpus, is a dumpus.", ["yumpus(Max)", "dumpus(Max)"]),
    ("Max is a wumpus, which is a yumpus.", ["wumpus(Max)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]),
    ("Max, who is a wumpus, is a yumpus.", ["wumpus(Max)", "yumpus(Max)"]),
    ("Yumpuses are dumpuses, and they are also not sour.", ["∀x(yumpus(x) → dumpus(x))", "∀x(yumpus(x) → ¬sour(x))"]),
    ("So if Max is a yumpus, then Max is a dumpus.", ["∀x(yumpus(x) → dumpus(x))"]),
    ("Max must be a yumpus.", ["yumpus(Max)"]),
    ("It follows that Max is a yumpus.", ["yumpus(Max)"]),
    ("We can conclude that Max cannot be sour.", ["¬sour(Max)"]),
    ("wumpuses are yumpuses, yumpuses are dumpuses, dumpuses not sour.",
     ["∀x(wumpus(x) → yumpus(x))", "∀x(yumpus(x) → dumpus(x))", "∀x(dumpus(x) → ¬sour(x))"]),
    ("Yumpus is dumpus.", ["∀x(yumpus(x) → dumpus(x))"]),
    ("Rompus is sour.", ["∀x(rompus(x) → sour(x))"]),
    ("Max is a yumpuses.", ["yumpus(Max)"]),
    ("max is a wumpus.", ["wumpus(Max)"]),
    ("Max is also known to be a yumpus.", ["yumpus(Max)"]),
    ("Yumpuses are classified as dumpuses.", ["∀x(yumpus(x) → dumpus(x))"]),
    ("Max is a yumpus and therefore a dumpus.", ["yumpus(Max)", "dumpus(Max)"]),
    ("Max is a dumpus because Max is a yumpus and yumpuses are dumpuses.",
     ["yumpus(Max)", "∀x(yumpus(x) → dumpus(x))", "dumpus(Max)"]),
    ("Max is a wumpus, not a rompus.", ["wumpus(Max)", "¬rompus(Max)"]),
])
def test_constructions_read_into_the_papers_steps(sentence: str, expected: list[str]) -> None:
    assert formulas(TF, f"{sentence}\nThe correct option is: B") == expected


def test_a_connective_inside_a_word_is_not_a_cut() -> None:
    from prontocheck.syntax.discourse import _pieces

    assert [p.text for p in _pieces("Every butterfly is a lepidopteran")] == ["Every butterfly is a lepidopteran"]
    assert [p.text for p in _pieces("Max is a yeti while Fae is a butterfly")] == ["Max is a yeti",
                                                                                   "Fae is a butterfly"]


@given(st.lists(st.sampled_from([" ", "\n", "\r", "Q", ":", "Q:", "True", ".", "Question:", "Fae is a cat",
                                  "following statement", "\u2028", "\t"]), max_size=12).map("".join))
@settings(max_examples=500)  # cheap: many examples even in CI
@example(" Q: x")
@example("True\r\nQ:")
def test_the_quick_cut_agrees_with_the_long_way(parts: str) -> None:
    from prontocheck.syntax.reading import ReadingContext, _cut, _cut_at_lines

    ctx = ReadingContext(PLAIN_PREPARED.reading.clauses)
    assert _cut(parts, ctx) == _cut_at_lines(parts, ctx)


def test_not_necessarily_is_never_read_as_not() -> None:
    r = check(TF, "Max is a dumpus and not necessarily a rompus. B")
    assert [s.formula for s in r.steps] == ["dumpus(Max)"]


def test_a_hypothetical_is_never_a_step() -> None:
    for sentence in ("Max would be a rompus.", "Max could be a rompus.", "Max might be sour.",
                     "If Max were a rompus, Max would be sour."):
        r = check(TF, f"{sentence} B")
        assert r.steps == () and r.sentences[0].kind is SentenceKind.HYPOTHETICAL, sentence


# --- the problem's vocabulary --------------------------------------------------------------------------


def test_a_made_up_concept_is_an_invalid_step_and_unknown_words_are_named() -> None:
    r = check(TF, "Max is a blicket. Max is fond of numpuses. Max is irrelevant here. B")
    assert r.steps[0].validity is Validity.INVALID and r.steps[0].formula == "blicket(Max)"
    assert (r.steps[1].validity, r.steps[1].reason) == (Validity.UNPARSEABLE, "unknown words 'fond of'")
    assert r.sentences[2].kind is SentenceKind.COMMENTARY and r.sentences[2].reason == "a remark on relevance"


FILLER = sorted(FUNCTION_WORDS | PRONOUNS - {"it", "he", "she", "they", "him", "her", "them"})


@given(word=st.sampled_from(FILLER), case=st.sampled_from([str.lower, str.capitalize, str.upper]),
       predicate=st.sampled_from(["false", "a wumpus", "not sour", "true", "a blicket", "kind", "irrelevant"]),
       lead=st.sampled_from(["", "So ", "But ", "Wait, ", "Hmm. ", "Thus, "]))
def test_no_function_word_is_ever_an_individual(word: str, case: object, predicate: str, lead: str) -> None:
    name = case(word)  # type: ignore[operator]
    r = check(TF, f"{lead}{name} is {predicate}. B")
    for step in r.steps:
        if step.formula is not None:
            assert not re.search(rf"\(({re.escape(name)}|{re.escape(word)})\)", step.formula, re.IGNORECASE), step


@given(word=st.sampled_from(FILLER), case=st.sampled_from([str.lower, str.capitalize]),
       verb=st.sampled_from(["are", "is"]), predicate=st.sampled_from(["wumpuses", "a wumpus", "not sour", "kind"]),
       end=st.sampled_from([".", "?"]), lead=st.sampled_from(["", "Now, ", "So ", "But "]))
def test_no_function_word_is_ever_a_concept(word: str, case: object, verb: str, predicate: str, end: str,
                                            lead: str) -> None:
    """"What are rempuses?", "Some are wumpuses." were rules about the concepts "what" and "some"."""
    r = check(TF, f"{lead}{case(word)} {verb} {predicate}{end} B")  # type: ignore[operator]
    for step in r.steps:
        if step.formula is not None:
            assert not re.search(rf"\b{re.escape(word)}\(", step.formula, re.IGNORECASE), step


def test_pronouns_resolve_to_the_individual_named_last() -> None:
    assert formulas(TF, "Max is a wumpus, so he is a yumpus. B") == ["wumpus(Max)", "yumpus(Max)"]


# --- depth-first traces --------------------------------------------------------------------------------


def test_a_depth_first_trace_is_judged_on_the_branch_it_ends_in() -> None:
    p = Problem("Every wumpus is a yumpus. Every wumpus is a numpus. Numpuses are sour. Yumpuses are dumpuses. "
                "Every dumpus is not kind. Max is a wumpus.", "True or false: Max is not kind.")
    r = check(p, "Max is a wumpus. Every wumpus is a numpus. Max is a numpus. Numpuses are sour. Max is sour. "
                 "Backtrack to Max is a wumpus. Every wumpus is a yumpus. Max is a yumpus. Yumpuses are dumpuses. "
                 "Max is a dumpus. Every dumpus is not kind. Max is not kind. True")
    assert r.abandoned == frozenset({1, 2, 3, 4})
    assert r.first_error is None  # the abandoned detour is not the first error
    assert r.proof.strict
    assert [s.kind for s in r.sentences].count(SentenceKind.BACKTRACK) == 1
    started_over = check(p, "Max is a wumpus. Every wumpus is a numpus. Max is a numpus. Start over. "
                            "Max is a wumpus. True")
    assert started_over.abandoned == frozenset({0, 1, 2})


# --- constructions the blind sets showed (tests/data/reading/blind-*.jsonl) -----------------------------


@pytest.mark.parametrize(("output", "expected"), [
    ("Every wumpus is a yumpus, which makes Max a yumpus.", ["∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]),
    ("Max is a wumpus, which makes him a yumpus as well.", ["wumpus(Max)", "yumpus(Max)"]),
    ("Max is a yumpus, which places Max among the dumpuses.", ["yumpus(Max)", "dumpus(Max)"]),
    ("Max is a wumpus, yumpus, dumpus.", ["wumpus(Max)", "yumpus(Max)", "dumpus(Max)"]),
    ("Max is a wumpus, a yumpus, and therefore not sour.", ["wumpus(Max)", "yumpus(Max)", "¬sour(Max)"]),
    ("Max has the property of being sour.", ["sour(Max)"]),
    ("The last statement says Max is a wumpus.", ["wumpus(Max)"]),
    ("Max is neither a rompus nor a numpus.", ["¬rompus(Max)", "¬numpus(Max)"]),
    ("Max is not only a wumpus but also a yumpus.", ["wumpus(Max)", "yumpus(Max)"]),
    ('Only "Every wumpus is a yumpus."', ["∀x(wumpus(x) → yumpus(x))"]),
    ('Hmm, but "Every wumpus is a yumpus" is there too.', ["∀x(wumpus(x) → yumpus(x))"]),
    ('"Yumpuses are dumpuses" means every yumpus is a dumpus, not that every dumpus is a yumpus.',
     ["∀x(yumpus(x) → dumpus(x))", "∀x(yumpus(x) → dumpus(x))"]),
    ("Max is not a rompus - he is a wumpus.", ["¬rompus(Max)", "wumpus(Max)"]),
    ("Max is a yumpus, not a rompus or a numpus.", ["yumpus(Max)", "¬rompus(Max)", "¬numpus(Max)"]),
    ("Max is a yumpus, so the rules about rompuses and numpuses do not apply to him.", ["yumpus(Max)"]),
    ("| Entity | Property | Because |\n|---|---|---|\n| Max | yumpus | every wumpus is a yumpus |",
     ["∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]),
    ("| # | Fact | Rule used |\n|---|---|---|\n| 1 | Max is a yumpus | Every wumpus is a yumpus |",
     ["∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]),
])
def test_constructions_of_the_blind_sets(output: str, expected: list[str]) -> None:
    assert formulas(PLAIN, output + "\nFalse") == expected


@pytest.mark.parametrize(("sentence", "kind"), [
    ("Determine what Max is.", "commentary"),
    ("Use the wumpus rule.", "commentary"),
    ("The wumpus rule is about wumpuses.", "commentary"),
    ("Premise 5 is about numpuses and is not used.", "commentary"),
    ("The statement is: Max is sour.", "commentary"),
    ("It's worth noting that in the real world, wumpuses are not yumpuses.", "commentary"),
    ("(Mathematically, dumpuses are not sour, but we follow the premises as given.)", "commentary"),
    ("So, we have a bunch of statements about kinds of things (wumpuses, yumpuses, and so on).", "commentary"),
    ("| Entity | Property |", "commentary"),
    ("Now, what are rempuses?", "commentary"),
    ("Max is a wumpus?", "commentary"),
    ("We want to prove: Max is not sour.", "commentary"),
])
def test_talk_about_the_problem_is_not_a_step(sentence: str, kind: str) -> None:
    assert kinds(PLAIN, f"{sentence}\nMax is a wumpus. False")[0] == (kind, sentence.strip("|").strip()
                                                                        .replace(" | ", " ¦ "))


def test_a_function_word_is_never_a_concept() -> None:
    # "What are rempuses." was ∀x(what(x) → rempus(x)): the grammar takes any word for a noun
    assert kinds(PLAIN, "What are rempuses. False")[0][0] == "commentary"
    assert [s.formula for s in check(PLAIN, "What are rempuses. False").steps] == []


def test_a_slip_of_the_pen_is_read_as_meant_not_as_a_new_concept() -> None:
    [step] = check(PLAIN, "Max is a wumpas. False").steps  # as careful readers read it (a number slip too)
    assert str(step.formula) == "wumpus(Max)" and step.validity is Validity.STRICT
    [made_up] = check(PLAIN, "Max is a tumpus. False").steps  # a word of the generator's: a concept made up
    assert made_up.validity is Validity.INVALID
    two = Problem("Every lempus is a lerpus. Max is a lempus.", "True or false: Max is a lerpus.")
    [step] = check(two, "Max is a lepus. True").steps  # one letter from two words: not guessed
    assert step.validity is Validity.UNPARSEABLE
    assert step.reason is not None and "misspelling of 'lempus or lerpus'" in step.reason


def test_a_truncated_clause_inside_an_open_trace_is_not_a_claim() -> None:
    r = check(PLAIN, "<think>Max is a wumpus. Every wumpus is a yumpus, which means Max is a yum")
    assert r.label.reason == "truncated: the output ends inside the reasoning trace"
    assert r.steps[-1].validity is Validity.UNPARSEABLE
    assert r.steps[-1].reason == "truncated: the output ends mid-sentence"


def test_a_horizontal_rule_after_the_answer_cuts_only_before_a_question() -> None:
    kept = check(PLAIN, "Max is a wumpus, making the statement false.\n\n---\n\nMax is a yumpus.\nFalse")
    assert kept.cut_after_answer == 0 and "yumpus(Max)" in [s.formula for s in kept.steps]
    cut = check(PLAIN, "Max is a wumpus. False\n\n---\n\nTrue or false: Rex is a dog.")
    assert cut.cut_after_answer > 0


@pytest.mark.parametrize(("answer", "label"), [
    ("So, yes, it is true that Max is sour.", True), ("It is false that Max is sour.", False),
    ("Yes — the statement is true.", True), ('Answer: The statement "Max is sour" is true.', True),
    ("Answer: Yes, it is true.", True),
])
def test_judged_statements_and_yes_answers(answer: str, label: bool) -> None:
    result = check(PLAIN, f"Max is a wumpus. {answer}")
    assert result.label.predicted is label and result.sentences[-1].kind is SentenceKind.ANSWER


def test_it_is_true_that_a_statement_other_than_the_query_is_a_step() -> None:
    r = check(PLAIN, "It is true that Max is a wumpus. False")
    assert [s.formula for s in r.steps] == ["wumpus(Max)"] and r.label.predicted is False
    # Under "Prove: S" nothing asks whether S is true: "it is true that S" states the goal.
    prove = Problem(CONTEXT, "Prove: Max is a yumpus.")
    r = check(prove, "Max is a wumpus. Every wumpus is a yumpus. Hence, it is true that Max is a yumpus.")
    assert r.sentences[-1].kind is SentenceKind.STEP and r.proof.strict


def test_proofs_by_contradiction_and_cases_as_chat_models_write_them() -> None:
    p = Problem("Everything that is a quimpus or a gorpus is a gerpus. Wren is not a gerpus.",
                "True or false: Wren is not a gorpus.")
    r = check(p, "Suppose Wren were a gorpus. Then Wren would be a quimpus or a gorpus, so Wren would be a gerpus. "
                 "That contradicts the fact that Wren is not a gerpus. So Wren is not a gorpus. True")
    assert [s.formula for s in r.steps] == ["gorpus(Wren)", "quimpus(Wren) ∨ gorpus(Wren)", "gerpus(Wren)",
                                            "⊥ (¬gerpus(Wren))", "¬gorpus(Wren)"]
    # (the rule used is not restated, so the hop is not atomic: a valid proof, not a strict one)
    assert r.steps[0].rule == "Assume" and r.proof.valid and r.proof.non_atomic and not r.proof.strict
    cases = Problem("Every dumpus is a storpus. Quimpuses are storpuses. Alex is a dumpus or a quimpus.",
                    "True or false: Alex is a storpus.")
    r = check(cases, "Alex is a dumpus or a quimpus.\n"
                     "- If Alex is a dumpus: every dumpus is a storpus, so Alex is a storpus.\n"
                     "- If Alex is a quimpus: quimpuses are storpuses, so Alex is a storpus.\n"
                     "So in both cases, Alex is a storpus. True")
    assert r.steps[1].rule == "Assume" and r.proof.strict


# --- reasons -------------------------------------------------------------------------------------------


def test_every_unparseable_step_says_where_reading_stopped_in_one_line() -> None:
    r = check(TF, "Max likes to dance with numpuses. Rompuses are associated with numpuses. B")
    assert [(s.validity, s.reason) for s in r.steps] == [
        (Validity.UNPARSEABLE, "the sentence ends after 'numpuses'"),  # open vocabulary: "is" could still come
        (Validity.UNPARSEABLE, "unknown words 'associated with'")]


# --- the README's examples -----------------------------------------------------------------------------


def test_the_readme_reading_examples_run_as_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Reading model text"):readme.index("## What is measured")]
    block = section[section.index("```sh") + 5:section.index("```", section.index("```sh") + 5)]
    commands = [line.strip() for line in block.strip().splitlines()]
    assert len(commands) == 2
    monkeypatch.chdir(ROOT)
    for command in commands:
        args = shlex.split(command)
        assert args[0] == "prontocheck"
        args = [str(tmp_path / a) if a.endswith(".jsonl") and not a.startswith("tests/") else a for a in args[1:]]
        result = CliRunner().invoke(main, args, catch_exceptions=False)
        assert result.exit_code == 0, (command, result.output)
    records = [json.loads(line) for line in (tmp_path / "per-record.jsonl").read_text().splitlines()]
    assert len(records) == 40 and all("sentences" in r and "cut_after_answer" in r for r in records)


def test_a_json_mode_answer_is_read_field_by_field() -> None:
    out = ('{"reasoning": "Max is a wumpus. Every wumpus is a yumpus, so Max is a yumpus.\\nYumpuses are dumpuses.",'
           ' "answer": "B"}')
    r = check(TF, out)
    assert [(s.kind.value, s.text) for s in r.sentences] == [
        ("step", "Max is a wumpus."), ("step", "Every wumpus is a yumpus, so Max is a yumpus."),
        ("step", "Yumpuses are dumpuses."), ("answer", "answer: B")]
    assert r.label.predicted is False
    assert all(out[slice(*s.span)] == s.text for s in r.sentences[:3])  # spans index the text as written
    fenced = '```json\n{"steps": ["Max is a wumpus."], "final_answer": "A"}\n```'
    assert kinds(TF, fenced) == [("step", "Max is a wumpus."), ("answer", "final answer: A")]
    assert [s.text for s in segment('So {"answer": "B"}').sentences] == ['So {"answer": "B"}']  # prose: not JSON


@pytest.mark.parametrize("sentence", [
    "Max belongs to the category of yumpuses.", "Since every wumpus is a yumpus, Max also belongs to the yumpuses.",
    "Max is among the yumpuses.", "Max is one of the yumpuses.", "Max counts as a yumpus.",
    "Max qualifies as a yumpus.", "Max is in the category of yumpuses.", "Max is a yumpus in this chain.",
])
def test_membership_phrasings(sentence: str) -> None:
    assert formulas(PLAIN, sentence)[-1] == "yumpus(Max)"


def test_never_is_not_and_a_remark_stays_a_remark() -> None:
    assert formulas(PLAIN, "Max is never a rompus.") == ["¬rompus(Max)"]
    assert formulas(PLAIN, "Max is never classified as a rompus in this chain.") == ["¬rompus(Max)"]
    assert kinds(PLAIN, "Max is never mentioned.")[0][0] == "commentary"


def test_a_premise_that_interrupts_a_predicate_comes_first() -> None:
    assert formulas(PLAIN, "Max is both a wumpus and, because every wumpus is a yumpus, a yumpus.") == [
        "∀x(wumpus(x) → yumpus(x))", "wumpus(Max)", "yumpus(Max)"]
    # a "since" clause that ends the sentence's own clause is no interruption
    assert formulas(PLAIN, "It does not matter here, since Max is a wumpus, not a numpus.") == [
        "wumpus(Max)", "¬numpus(Max)"]


def test_one_stands_for_the_concept_named_last() -> None:
    assert formulas(PLAIN, "The only sour things are rompuses, and Max isn't one.")[-1] == "¬rompus(Max)"
    assert kinds(PLAIN, "Max is one.")[0][0] == "unparseable"  # nothing named before it


def test_cited_premises_after_a_source_or_a_label() -> None:
    assert formulas(PLAIN, 'From the statement "Every wumpus is a yumpus", we can conclude that Max is a yumpus.') \
        == ["∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]
    assert formulas(PLAIN, "Starting with Max: the last statement says Max is a wumpus.") == ["wumpus(Max)"]


def test_a_table_cell_with_its_reason_in_brackets() -> None:
    assert formulas(PLAIN, "| Entity | Property |\n|---|---|\n| Max | yumpus (every wumpus is a yumpus) |") == [
        "∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]


def test_an_end_of_proof_mark_ends_the_text() -> None:
    proof = "Max is a wumpus. Every wumpus is a yumpus. Max is a yumpus. ∎"
    r = check(Problem(CONTEXT, "Prove: Max is a yumpus."), proof)
    assert r.label.reason == "no answer statement"


def test_quoted_premises_side_by_side_and_a_clause_after_a_quote() -> None:
    assert formulas(PLAIN, 'Then yumpuses: "Yumpuses are dumpuses," "Every dumpus is not sour."') == [
        "∀x(yumpus(x) → dumpus(x))", "∀x(dumpus(x) → ¬sour(x))"]
    assert formulas(PLAIN, 'Although the context says "Each rompus is sour," Max is not a rompus.') == [
        "∀x(rompus(x) → sour(x))", "¬rompus(Max)"]


def test_the_chain_is_an_arrow_chain_and_a_bare_topic_is_commentary() -> None:
    assert formulas(PLAIN, "The chain is wumpus → yumpus → dumpus.") == [
        "∀x(wumpus(x) → yumpus(x))", "∀x(yumpus(x) → dumpus(x))"]
    assert kinds(PLAIN, "Next, yumpuses. Dumpuses.") == [("commentary", "Next, yumpuses."),
                                                        ("commentary", "Dumpuses.")]
    assert kinds(PLAIN, "There is a rule, but it only applies to rompuses.")[0][0] == "commentary"


def test_which_include_states_the_rule_from_the_members() -> None:
    assert formulas(PLAIN, "Yumpuses are dumpuses, which include wumpuses and numpuses.") == [
        "∀x(yumpus(x) → dumpus(x))", "∀x(wumpus(x) → dumpus(x))", "∀x(numpus(x) → dumpus(x))"]
    # (these were dropped without a word: "which" is no individual, and the remark hid the rule)
    assert formulas(PLAIN, "Every yumpus (which includes Max as a wumpus) is a dumpus.") == [
        "∀x(yumpus(x) → dumpus(x))", "yumpus(Max)"]


def test_hedges_on_what_the_context_tells_and_swapped_letters() -> None:
    assert formulas(PLAIN, "Max is not a rompus as far as the context tells us.") == ["¬rompus(Max)"]
    assert formulas(PLAIN, "Max is a yupmus.") == ["yumpus(Max)"]  # two neighbours swapped: a slip of the pen


def test_a_converse_denied_is_what_need_not_be_so() -> None:
    for sentence in ("Every wumpus is a yumpus, not every yumpus is a wumpus.",
                     "Statement 1 says every wumpus is a yumpus, which does not mean every yumpus is a wumpus."):
        r = check(PLAIN, sentence)
        assert [s.formula for s in r.steps] == ["∀x(wumpus(x) → yumpus(x))"], sentence


def test_numbered_sources_inside_a_sentence_are_read_off() -> None:
    assert formulas(PLAIN, "Max is a wumpus, so by statement 1 Max is a yumpus, by statement 2 Max is a dumpus.") \
        == ["wumpus(Max)", "yumpus(Max)", "dumpus(Max)"]
    assert formulas(PLAIN, "By statement 1 and 2 Max is a dumpus.") == ["dumpus(Max)"]


def test_a_chain_written_backwards_and_one_from_a_name() -> None:
    assert formulas(PLAIN, "Checking in reverse: yumpus ← wumpus ← Max.") == [
        "wumpus(Max)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]
    assert formulas(PLAIN, "Max → wumpus → yumpus.") == ["wumpus(Max)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]


def test_remarks_on_what_appears_and_what_applies() -> None:
    for sentence in ("Rompus never appears in that chain.", "So that rule is not applicable to Max."):
        assert kinds(PLAIN, sentence)[0][0] == "commentary", sentence


def test_they_after_a_premise_is_what_the_premise_is_about() -> None:
    assert formulas(PLAIN, "Every dumpus is not sour, and since yumpuses are dumpuses, they are not sour.")[-1] == \
        "∀x(yumpus(x) → ¬sour(x))"
    assert formulas(PLAIN, "Yumpuses are not sour (as they are dumpuses).") == [  # the premise first
        "∀x(yumpus(x) → dumpus(x))", "∀x(yumpus(x) → ¬sour(x))"]
    # a premise about "they" itself, or premises about two concepts: "they" is not guessed
    r = check(PLAIN, "Rompuses are sour, but since they are yumpuses and yumpuses are dumpuses, they are dumpuses.")
    assert r.steps[-1].validity is Validity.UNPARSEABLE and "could mean" in (r.steps[-1].reason or "")
    r = check(PLAIN, "Since wumpuses are yumpuses and yumpuses are dumpuses, they are dumpuses.")
    assert r.steps[-1].validity is Validity.UNPARSEABLE and "could mean" in (r.steps[-1].reason or "")


def test_guesses_and_what_a_question_leaves_unread_are_not_asserted() -> None:
    assert kinds(PLAIN, "Maybe Max is a rompus.")[0] == ("commentary", "Maybe Max is a rompus.")
    assert kinds(PLAIN, "Wait, maybe yumpuses and dumpuses are the same?")[0][0] == "commentary"
    assert not check(PLAIN, "Wait, maybe yumpuses and dumpuses are the same?").steps


def test_commas_around_what_is_read_off_and_contracted_subjects() -> None:
    assert formulas(PLAIN, "So Max is both a wumpus and, by the rule, a yumpus.") == ["wumpus(Max)", "yumpus(Max)"]
    assert formulas(PLAIN, "Max is a wumpus, so he's a yumpus, then a dumpus.") == [
        "wumpus(Max)", "yumpus(Max)", "dumpus(Max)"]


@pytest.mark.parametrize(("sentence", "expected"), [
    ("That puts Max in the yumpus category.", ["yumpus(Max)"]),
    ("This makes him a yumpus.", ["yumpus(Max)"]),  # was "a remark": the fact was hidden
    ("Max is in the yumpus category.", ["yumpus(Max)"]),
    ("Yumpuses are dumpuses, per the context.", ["∀x(yumpus(x) → dumpus(x))"]),
    ("Max is a wumpus, according to the last line of the context.", ["wumpus(Max)"]),
    ("Therefore, we have proven that Max is a yumpus, as required.", ["yumpus(Max)"]),
    ("This directly tells us that Max is a yumpus.", ["yumpus(Max)"]),
    ("So, it seems like Max is not a rompus.", ["¬rompus(Max)"]),
    ("Rompuses are sour, and Max isn't one of them.", ["∀x(rompus(x) → sour(x))", "¬rompus(Max)"]),
    ("We noticed that Max is a wumpus.", ["wumpus(Max)"]),
    ("I also noticed the rule that rompuses are sour, but nothing places Max among the rompuses.",
     ["∀x(rompus(x) → sour(x))"]),
    ("Max is a wumpus, and the context establishes that wumpuses are yumpuses.",
     ["wumpus(Max)", "∀x(wumpus(x) → yumpus(x))"]),
    ("The rule says wumpuses are yumpuses, not that yumpuses are wumpuses.", ["∀x(wumpus(x) → yumpus(x))"]),
    ("So Max is a wumpus (and not sour).", ["wumpus(Max)", "¬sour(Max)"]),
    ("Max is a dumpus (by way of being a wumpus and a yumpus).", ["wumpus(Max)", "yumpus(Max)", "dumpus(Max)"]),
    ("I've confirmed that Max's lineage runs wumpus, yumpus, dumpus.",
     ["wumpus(Max)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Max)", "∀x(yumpus(x) → dumpus(x))", "dumpus(Max)"]),
])
def test_more_constructions_of_chat_and_reasoning_text(sentence: str, expected: list[str]) -> None:
    assert formulas(PLAIN, sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Okay, the user is asking whether Max is sour.", "Here is a proof that Max is not sour:",
    "Analyze the sour property", "There's no indication that Max is a rompus, which are the sour ones.",
])
def test_talk_about_the_task_and_remarks_assert_nothing_about_the_individual(sentence: str) -> None:
    assert not any(s.formula is not None and "Max" in s.formula for s in check(PLAIN, sentence).steps), sentence


def test_the_statement_holds_is_an_answer() -> None:
    assert check(PLAIN, "Max is not sour, so the statement does not hold.").label.predicted is False
    assert check(TF, "Max is not sour. The claim holds.").label.predicted is True


@pytest.mark.parametrize(("sentence", "expected"), [
    ("The only sentence in the context that makes something sour is \"Each rompus is sour.\"",
     ["∀x(rompus(x) → sour(x))"]),
    ("The only rule that makes anything sour is \"Each rompus is sour,\" and Max is not a rompus.",
     ["∀x(rompus(x) → sour(x))", "¬rompus(Max)"]),
    ("So Max ∈ wumpus.", ["wumpus(Max)"]),
    ("Now, wumpuses are yumpuses (from \"Every wumpus is a yumpus\").", ["∀x(wumpus(x) → yumpus(x))"] * 2),
    ("The context says \"Every wumpus is a yumpus. Yumpuses are dumpuses.\"",
     ["∀x(wumpus(x) → yumpus(x))", "∀x(yumpus(x) → dumpus(x))"]),
    ("Max is a wumpus, which falls under the category of yumpuses.",
     ["wumpus(Max)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]),
    ("Wumpuses, in turn, are yumpuses.", ["∀x(wumpus(x) → yumpus(x))"]),
    ("Max is a wumpus, and wumpuses belong to the category of yumpuses.", ["wumpus(Max)", "∀x(wumpus(x) → yumpus(x))"]),
    ("Max is therefore not only a wumpus but also a yumpus.", ["wumpus(Max)", "yumpus(Max)"]),
    ("So he's neither a rompus nor sour, as far as the rules go.", ["¬rompus(Max)", "¬sour(Max)"]),
])
def test_constructions_of_the_blind_i_and_j_sets(sentence: str, expected: list[str]) -> None:
    assert formulas(PLAIN, sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Rompus only appears in that one sentence.", "Numpus only shows up once.", "Rompus doesn't have any rules listed.",
    "That settles it: the rompus rule never applies to Max.", "So Max isn't a rompus necessarily.",
    "The statement: \"Max is sour.\"", "The statement is \"Max is sour,\" and I need to say whether it is true.",
    "\"Is the following statement true or false? Max is sour.\"", "Wumpus is not yumpus.",
])
def test_remarks_on_the_words_and_the_question_are_not_claims(sentence: str) -> None:
    assert not [s for s in check(PLAIN, sentence).steps if s.formula is not None], sentence


def test_a_restated_question_inside_the_trace_or_the_answer_cuts_nothing() -> None:
    trace = ("<think>Max is a wumpus. Wait, let me re-read the question.\n\"Is the following statement true or false? "
             "Max is sour.\" So the answer is B.\n</think>\n\n**Answer: B) False**")
    r = check(TF, trace)
    assert r.cut_after_answer == 0 and r.label.predicted is False
    restated = ("Max is a wumpus, and every dumpus is not sour.\nIs the following statement true or false? Max is sour."
                "\nIt is false.\nThe correct option is: B")
    r = check(TF, restated)
    assert r.cut_after_answer == 0 and r.label.predicted is False


def test_an_answer_said_twice_or_after_an_arrow() -> None:
    assert check(TF, "Yes, it is true. Max is a wumpus.").label.predicted is True  # said twice: committed
    assert check(TF, 'So "Max is sour" is false → B.').label.predicted is False


@pytest.mark.parametrize(("sentence", "expected"), [
    ("As a wumpus, he's a yumpus.", ["wumpus(Max)", "yumpus(Max)"]),
    ("As a wumpus, Max is a yumpus, and as a yumpus, Max is a dumpus.",
     ["wumpus(Max)", "yumpus(Max)", "yumpus(Max)", "dumpus(Max)"]),
    ("As a result, Max is a yumpus.", ["yumpus(Max)"]),
    ("Wumpuses are yumpuses, so Max's a yumpus.", ["∀x(wumpus(x) → yumpus(x))", "yumpus(Max)"]),
    ("Check the distractor: the rompus rule says rompuses are sour.", ["∀x(rompus(x) → sour(x))"]),
    ("Okay, so going up from wumpus: yumpus, dumpus.", ["∀x(wumpus(x) → yumpus(x))", "∀x(yumpus(x) → dumpus(x))"]),
    ("Each wumpus is a yumpus, not the other way.", ["∀x(wumpus(x) → yumpus(x))"]),
    ("Max is a wumpus, which ultimately makes him a dumpus.", ["wumpus(Max)", "dumpus(Max)"]),
    ("We have proven that Max is a dumpus through a valid chain of reasoning.", ["dumpus(Max)"]),
])
def test_constructions_of_the_blind_k_and_l_sets(sentence: str, expected: list[str]) -> None:
    assert formulas(PLAIN, sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Rompus isn't part of it.", "Numpus isn't there.", "None of Max's categories leads to rompus.",
    "Rompuses are a different category.", "Here's a thinking process to determine whether Max is sour:",
    "Based on the context, we can determine whether Max is sour by following the chain.",
    "The statement says \"Max is sour\"",
])
def test_remarks_of_the_blind_k_and_l_sets_are_not_claims(sentence: str) -> None:
    assert not [s for s in check(PLAIN, sentence).steps if s.formula is not None], sentence


def test_self_corrections_and_the_query_quoted_are_not_answers_or_claims() -> None:
    r = check(TF, "Max is a wumpus. Wait, no. It says \"Max is sour.\" Every dumpus is not sour.")
    assert [s.kind.value for s in r.sentences][:3] == ["step", "commentary", "commentary"]
    assert r.label.predicted is None
    assert [s.formula for s in r.steps] == ["wumpus(Max)", "∀x(dumpus(x) → ¬sour(x))"]


@pytest.mark.parametrize("sentence", [
    "Oh, dumpus, not yumpus.", "We are given a set of statements and asked whether \"Max is sour\" is true.",
    "I don't see any rule that makes wumpuses into rompuses.", "Okay, back to the yumpus.",
])
def test_remarks_of_the_blind_m_and_n_sets_are_not_claims(sentence: str) -> None:
    assert not [s for s in check(PLAIN, sentence).steps if s.formula is not None], sentence


def test_a_quoted_premise_and_what_it_does_not_say() -> None:
    assert formulas(PLAIN, 'The context says "Yumpuses are dumpuses," not rompuses.') == ["∀x(yumpus(x) → dumpus(x))"]


def test_a_bare_answer_opening_the_text_after_the_trace_commits() -> None:
    out = "<think>Max is a wumpus. So no.</think>\n**No.** Max is a wumpus, and every dumpus is not sour."
    assert check(Problem(CONTEXT, "Is it true that Max is sour?"), out).label.predicted is False
    # inside the reasoning, a bare "Yes." followed by steps still does not commit
    assert check(PLAIN, "Max is a wumpus. Yes. Max is a yumpus.").label.predicted is None


@pytest.mark.parametrize(("sentence", "expected"), [
    ('Now, the next part says "Every wumpus is a yumpus."', ["∀x(wumpus(x) → yumpus(x))"]),
    ("And later there's \"Yumpuses are dumpuses.\"", ["∀x(yumpus(x) → dumpus(x))"]),
    ('The exact sentence is "Every dumpus is not sour."', ["∀x(dumpus(x) → ¬sour(x))"]),
    ("Max is a wumpus, and following the rules: wumpus → yumpus.", ["wumpus(Max)", "∀x(wumpus(x) → yumpus(x))"]),
    ("So Max is a dumpus by the wumpus chain.", ["dumpus(Max)"]),
])
def test_constructions_of_the_blind_o_and_p_sets(sentence: str, expected: list[str]) -> None:
    assert formulas(PLAIN, sentence) == expected


@pytest.mark.parametrize("sentence", [
    "The context does not say \"Every wumpus is sour.\"", "Max can't be both sour and not sour.",
    "So wumpus and yumpus are spelled differently.", "Wait, no - wumpus and yumpus are different words.",
    "That's dumpus, not yumpus.", "The rompus sentence is separate.", "The more direct rule takes precedence.",
    "Key rule about sour:",
])
def test_remarks_of_the_blind_o_and_p_sets_are_not_claims(sentence: str) -> None:
    assert [s.kind.value for s in check(PLAIN, sentence).sentences] == ["commentary"], sentence


@pytest.mark.parametrize(("sentence", "expected"), [
    ("Then 2 says yumpuses are dumpuses, so he's a dumpus.", ["∀x(yumpus(x) → dumpus(x))", "dumpus(Max)"]),
    ("Wumpus → yumpus by 1.", ["∀x(wumpus(x) → yumpus(x))"]),
    ('"Every wumpus is a yumpus" - wumpus to yumpus, not the other way.', ["∀x(wumpus(x) → yumpus(x))"]),
    ("Deduction: Max is therefore classified as a yumpus.", ["yumpus(Max)"]),
    ("I just showed Max IS a yumpus.", ["yumpus(Max)"]),
    ("Wumpuses are yumpuses, but nothing about rompuses.", ["∀x(wumpus(x) → yumpus(x))"]),
    ("But wait, the rompus statement says every rompus is sour.", ["∀x(rompus(x) → sour(x))"]),
    ("Every wumpus is a yumpus, and further up the chain every wumpus is a dumpus.",
     ["∀x(wumpus(x) → yumpus(x))", "∀x(wumpus(x) → dumpus(x))"]),
])
def test_constructions_of_the_blind_q_and_r_sets(sentence: str, expected: list[str]) -> None:
    assert formulas(PLAIN, sentence) == expected


def test_a_question_is_no_answer_and_a_bold_one_is() -> None:
    assert check(TF, "Max is not sour. So the statement is true?").label.predicted is None
    assert check(TF, "Max is a wumpus.\n\n**No.** Max is a wumpus, and wumpuses are dumpuses.").label.predicted is False
    assert [s.kind.value for s in check(PLAIN, "Rompus isn't anywhere in there.").sentences] == ["commentary"]
