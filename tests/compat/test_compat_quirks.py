"""The originals' documented quirks and bugs, the library API, and robustness on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prontocheck.compat import (
    OriginalSummary,
    Whitelist,
    compat_check,
    compat_check_record,
    load_bad_patterns,
    render_original,
)
from prontocheck.compat.evaluate_main import provability_graph
from prontocheck.compat.forms import to_tptp
from prontocheck.compat.sentences import TOKEN, parse_tokens
from prontocheck.errors import InputError, UsageError
from prontocheck.io import Origin, Record, read_records
from prontocheck.prontoqa.problem import Problem

OOD, V1 = "prontoqa-ood", "prontoqa-v1"


def categories(problem: Problem, output: str, profile: str = OOD) -> list[tuple[str, ...]]:
    return [s.categories for s in compat_check(problem, output, profile=profile).steps]


# --- labels ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("answer", "correct"), [("True", True), ("true", True), ("Yes", True), ("True.", False),
                                                 ("The answer is true.", False), ("False", False), ("", False)])
def test_label_parsing(answer: str, correct: bool) -> None:
    p = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.",
                "Fae is a cat. Every cat is a feline. Fae is a feline.", True)
    e = compat_check(p, f"Fae is a cat. Every cat is a feline. Fae is a feline. {answer}", profile=OOD)
    assert e.label_correct is correct and e.gold_label is True


def test_proofs_only_has_no_label() -> None:
    cot = "Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus."
    p = Problem("Every wumpus is a yumpus. Fae is a wumpus.", "Prove: Fae is a yumpus.", cot)
    e = compat_check(p, cot, profile=OOD)
    assert e.label_correct is None and e.gold_label is None and e.proof == dict.fromkeys(e.proof, True)


# --- main's bugs and quirks -----------------------------------------------------------------------

def test_b3_graph_building_extends_the_context_rules() -> None:
    ctx = "Every wumpus is a yumpus and a dumpus. Every wumpus is a numpus. Fae is a wumpus."
    parsed = [parse_tokens(tuple(TOKEN.findall(s)), "main")[0] for s in ctx.split(". ")]
    _, axioms = provability_graph(parsed)
    assert to_tptp(axioms[0]) == "![X1]:((wumpus(X1) => (yumpus(X1) & dumpus(X1) & numpus(X1))))"
    # so restating the context rule is no longer "an axiom", only a broadly-valid ("skip") step
    p = Problem(ctx, "Prove: Fae is a dumpus.",
                "Fae is a wumpus. Every wumpus is a yumpus and a dumpus. Fae is a dumpus.")
    assert categories(p, "Every wumpus is a yumpus and a dumpus.")[0] == ("skip", "useful_skip")
    assert categories(p, "Every wumpus is a yumpus and a dumpus.", V1)[0] == ("skip", "useful_skip", "incorrect")


DAG = ("Wumpuses are yumpuses. Wumpuses are zumpuses. Yumpuses are dumpuses. Zumpuses are rompuses. "
       "Rompuses are dumpuses. Fae is a wumpus.")
DAG_PROBLEM = Problem(DAG, "Prove: Fae is a dumpus.", "Fae is a wumpus. Wumpuses are yumpuses. Fae is a yumpus. "
                      "Yumpuses are dumpuses. Fae is a dumpus.")


def test_broadly_valid_uses_the_first_path_found() -> None:
    """wumpus -> yumpus -> dumpus has 2 hops, but the depth-first search finds the 3-hop path first."""
    assert categories(DAG_PROBLEM, "Wumpuses are dumpuses.") == [("invalid", "incorrect")]
    assert categories(DAG_PROBLEM, "Wumpuses are rompuses.") == [("skip", "useful_skip")]  # 2 hops, found first
    assert categories(DAG_PROBLEM, "Wumpuses are dumpuses.", V1) == [("skip", "useful_skip", "incorrect")]


def test_two_hop_limit_in_main_only() -> None:
    chain = Problem("Wumpuses are yumpuses. Yumpuses are dumpuses. Dumpuses are rompuses. Fae is a wumpus.",
                    "Prove: Fae is a rompus.", "Fae is a wumpus. Wumpuses are yumpuses. Fae is a yumpus.")
    assert categories(chain, "Wumpuses are dumpuses.") == [("skip", "useful_skip")]
    assert categories(chain, "Wumpuses are rompuses.") == [("invalid", "incorrect")]
    assert categories(chain, "Wumpuses are rompuses.", V1) == [("skip", "useful_skip", "incorrect")]


PBC_CONTEXT = "Everything that is a shumpus or a wumpus is a rompus. Polly is not a rompus."
PBC_HALF = ("Assume Polly is a wumpus. Polly is a shumpus or a wumpus. Everything that is a shumpus or a wumpus is a "
            "rompus. Polly is a rompus. This contradicts with Polly is not a rompus. Polly is not a wumpus.")
PBC_OTHER = PBC_HALF.replace("wumpus. Polly is a shumpus or", "shumpus. Polly is a shumpus or").replace(
    "Polly is not a wumpus.", "Polly is not a shumpus.")
PBC_GOLD = PBC_HALF + "\n\n" + PBC_OTHER + "\n\n Polly is not a wumpus and Polly is not a shumpus."
PBC = Problem(PBC_CONTEXT, "Prove: Polly is not a wumpus and Polly is not a shumpus.", PBC_GOLD)


def test_contradicts_consumes_the_next_step_and_discharges() -> None:
    e = compat_check(PBC, PBC_GOLD, profile=OOD)
    assert e.proof["strict"] and not e.would_abort
    kinds = [s.categories for s in e.steps]
    assert kinds[4] == () and "correct" in kinds[5]  # CONTRADICTS itself gets no category
    assert len(e.lists["correct"]) == len(e.steps) - 2


ORELIM = Problem("Lorpuses are zumpuses. Each lempus is a zumpus. Sally is a lorpus or a lempus.",
                 "Prove: Sally is a zumpus.",
                 "Assume Sally is a lorpus. Lorpuses are zumpuses. Sally is a zumpus.\n\n Assume Sally is a lempus. "
                 "Each lempus is a zumpus. Sally is a zumpus.\n\n "
                 "Since Sally is a lorpus or a lempus, Sally is a zumpus.")


def test_hypotheses_a_conclusion_under_an_open_assumption_is_not_a_proof() -> None:
    assert compat_check(ORELIM, ORELIM.gold_cot, profile=OOD).found  # type: ignore[arg-type]
    e = compat_check(ORELIM, "Assume Sally is a lorpus. Lorpuses are zumpuses. Sally is a zumpus.", profile=OOD)
    assert [s.categories for s in e.steps][-1] == ("correct", "correct_and_useful") and not e.found


def test_narrow_wrong_branch() -> None:
    ctx = "Wumpuses are yumpuses. Wumpuses are zumpuses. Yumpuses are dumpuses. Fae is a wumpus."
    p = Problem(ctx, "Prove: Fae is a dumpus.", "Fae is a wumpus. Wumpuses are yumpuses. Fae is a yumpus. Yumpuses are "
                "dumpuses. Fae is a dumpus.")
    e = compat_check(p, "Fae is a wumpus. Wumpuses are zumpuses. Fae is a zumpus.", profile=OOD)
    assert e.lists["wrong_branch"] == (1,)
    # never the first step, and only a rule after a correct *gold* atom
    assert compat_check(p, "Wumpuses are zumpuses. Fae is a wumpus.", profile=OOD).lists["wrong_branch"] == ()
    twice = "Fae is a wumpus. Wumpuses are zumpuses. Fae is a zumpus. Wumpuses are zumpuses."
    off = compat_check(p, twice, profile=OOD)
    assert off.lists["wrong_branch"] == (1,)


def test_duplicates_correct_in_main_redundant_in_v1() -> None:
    p = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.",
                "Fae is a cat. Every cat is a feline. Fae is a feline.", True)
    out = "Fae is a cat. Fae is a cat. Every cat is a feline. Fae is a feline. True"
    assert compat_check(p, out, profile=OOD).lists["correct"] == (0, 1, 2, 3)
    v1 = compat_check(p, out, profile=V1)
    assert v1.lists["redundant"] == (1,) and v1.lists["correct"] == (0, 2, 3)
    summary = OriginalSummary(V1)
    summary.add(v1)
    assert "Redundant steps: 0.25\n" in render_original(summary.build())


# --- robustness -----------------------------------------------------------------------------------

BAD = ["", "   ", "....", ";;;", "Q: Q: Q:", "\x00\x01 Fae.", "Fae is kind also.", "Fae is both.", "Everything.",
       PBC_HALF + " This contradicts with Polly is not a rompus.",
       "Assume. Since. Therefore. However, . Backtrack to. Try again.", "Fae is a " * 200 + "wumpus.",
       "é ü 中文 . ☃ is a wumpus.", "True."]


@pytest.mark.parametrize("output", BAD)
@pytest.mark.parametrize("profile", [OOD, V1])
def test_bad_input_never_aborts(output: str, profile: str, patterns: dict[str, Whitelist]) -> None:
    e = compat_check(PBC, output, profile=profile, bad_patterns=patterns[profile])
    json.dumps(e.to_json())
    def names(output: str) -> set[str]:  # the figure lines a rendering has
        summary = OriginalSummary(profile, "bad.log")
        summary.add(compat_check(PBC, output, profile=profile, bad_patterns=patterns[profile]))
        return {line.split(":")[0] for line in render_original(summary.build(), notice=True).splitlines()}

    assert names(output) >= names("") and "Correct steps" in names("")  # every figure of an empty output


def test_the_originals_own_crashes_are_reported() -> None:
    # a provable CONTRADICTS as the last step (a repeat of an uncategorised one) makes main index past the end
    e = compat_check(PBC, PBC_HALF + " This contradicts with Polly is not a rompus.", profile=OOD)
    assert e.crash is not None and e.crash.startswith("IndexError") and e.would_abort
    no_gold = compat_check(Problem("Fae is a wumpus.", "Prove: Fae is a wumpus.", ""), "Fae is a wumpus.", profile=OOD)
    assert (no_gold.crash, no_gold.would_abort) == ("IndexError: list index out of range", True)  # gold[-1]


def test_refused_sentences_header_and_notice() -> None:
    summary = OriginalSummary(OOD, "run.log")
    summary.add(compat_check(PBC, PBC_GOLD + " Polly likes cheese.", profile=OOD))
    figures = summary.build()
    text = render_original(figures)
    assert text.startswith("There were errors during semantic parsing for file run.log:\nCorrect steps: 11\n")
    assert figures.refused == ((None, "output", "Polly likes cheese", "no parse, and no whitelist pattern matches it"),)
    noticed = render_original(figures, notice=True)
    assert noticed.startswith(text) and "would have stopped on run.log" in noticed.splitlines()[-1]


def test_render_edge_cases() -> None:
    assert render_original(OriginalSummary(OOD).build()) == (
        "(the original analyzer stops here: ValueError: max() arg is an empty sequence)\n")
    p = Problem("Every cat is a feline. Fae is a cat.", "True or false: Fae is a feline.", "Fae is a feline.", False)
    summary = OriginalSummary(OOD)
    summary.add(compat_check(p, "Fae is a feline. False", profile=OOD))
    text = render_original(summary.build())  # no example with gold label True: the original divides by zero
    assert text.endswith("(the original analyzer stops here: ZeroDivisionError: division by zero)\n")


def test_whitelist_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="nope.txt"):
        load_bad_patterns(tmp_path / "nope.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text(".*\\shas\\s.*\n(unclosed\n", "utf-8")
    with pytest.raises(InputError) as err:
        load_bad_patterns(bad)
    assert err.value.file == str(bad) and err.value.line == 2
    blank = tmp_path / "blank.txt"
    blank.write_text("^x\n\n", "utf-8")
    assert load_bad_patterns(blank).match("anything") == ""  # a blank line matches everything, as in the original


def test_unknown_profile() -> None:
    with pytest.raises(UsageError, match="prontoqa-ood"):
        compat_check(PBC, "", profile="prontoqa")


def test_without_a_whitelist_every_unparseable_sentence_is_refused() -> None:
    e = compat_check(PBC, "Polly has a tail.", profile=OOD)
    assert [d.sentence for d in e.dropped] == ["Polly has a tail"] and e.steps == ()


def test_to_json() -> None:
    e = compat_check(PBC, PBC_GOLD, profile=OOD)
    j = json.loads(json.dumps(e.to_json()))
    assert j["proof"] == {"strict": True, "non_atomic": True, "broad": True, "valid": True}
    assert j["steps"][0] == {"index": 0, "sentence": "Assume Polly is a wumpus", "formula": "ASSUME(wumpus(Polly))",
                             "categories": ["correct"]}
    assert set(j) >= {"profile", "counted", "label", "lists", "would_abort", "dropped", "crash"}
    summary = OriginalSummary(OOD)
    summary.add(e)
    assert json.loads(json.dumps(summary.build().to_json()))["proof"]["strict"] == 1.0


LOG = """Q: Every wumpus is a yumpus. Fae is a wumpus. Prove: Fae is a yumpus.
A:

Predicted answer: Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus.

Expected answer: Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus.
n: 1, (beta prior) mean: 0.3, logprobs: null
  (normal approximation) mean: 0.0, 95% lower bound: 0.0, 95% upper bound: 0.0

Q: Every wumpus is a yumpus. Fae is a wumpus. Prove: Fae is a yumpus.
A:

Predicted answer: CONTEXT_TOO_LONG_ERROR

Expected answer: Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus.
n: 2, (beta prior) mean: 0.3, logprobs: null
  (normal approximation) mean: 0.0, 95% lower bound: 0.0, 95% upper bound: 0.0

"""


def test_records_from_a_log(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    path.write_text(LOG, "utf-8")
    summary = OriginalSummary(OOD, "run.log")
    examples = [compat_check_record(r, profile=OOD) for r in read_records(str(path))]  # type: ignore[arg-type]
    for e in examples:
        summary.add(e)
    assert [e.counted for e in examples] == [True, False]
    figures = summary.build()
    assert figures.examples == 1 and figures.not_counted == 1
    assert "Number of examples: 1\n" in render_original(figures)


def test_the_origin_comes_from_the_reader_never_from_the_fields(tmp_path: Path) -> None:
    # A native record with an "n" field has the metadata {"file", "n"} of a log record, but it is not one:
    # its CONTEXT_TOO_LONG_ERROR output is counted (only the original's log reader skips those).
    native = tmp_path / "run.jsonl"
    native.write_text(json.dumps({"context": "Every wumpus is a yumpus. Fae is a wumpus.",
                                  "query": "Prove: Fae is a yumpus.", "output": "CONTEXT_TOO_LONG_ERROR",
                                  "n": 2}) + "\n", "utf-8")
    (record,) = read_records(str(native))
    assert isinstance(record, Record) and set(record.metadata) == {"file", "n"}
    assert record.origin is Origin.NATIVE and compat_check_record(record, profile=OOD).counted
    log = tmp_path / "run.log"
    log.write_text(LOG, "utf-8")
    from_log = [r for r in read_records(str(log)) if isinstance(r, Record)]
    assert [r.origin for r in from_log] == [Origin.ORIGINAL_LOG] * 2
    assert [compat_check_record(r, profile=OOD).counted for r in from_log] == [True, False]


def test_records_from_original_json_are_marked(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"example1": {"test_example": {
        "question": "Every wumpus is a yumpus. Fae is a wumpus.", "query": "Prove: Fae is a yumpus.",
        "chain_of_thought": ["Fae is a wumpus.", "Every wumpus is a yumpus.", "Fae is a yumpus."],
        "model_output": "Fae is a yumpus."}}}), "utf-8")
    records = list(read_records(str(path)))
    assert [r.origin for r in records if isinstance(r, Record)] == [Origin.ORIGINAL_JSON], records
