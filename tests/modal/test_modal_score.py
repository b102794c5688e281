"""Scoring: the paper's definitions reproduced on the hand-made answer file (fixtures/modal/answers.md)."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from prontocheck.modal.items import ModalItem
from prontocheck.modal.metrics import Scored, mcnemar_exact, summarize
from prontocheck.modal.score import ScoreReport, read_answer, score, score_file, score_records

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "modal"


def approx(x: F | float) -> object:
    return pytest.approx(float(x), abs=1e-12)


@pytest.fixture(scope="module")
def report() -> ScoreReport:
    return score_file(str(FIXTURES / "answers.jsonl"))


def test_overall_figures_match_the_hand_computation(report: ScoreReport) -> None:
    t = report.total
    assert not report.errors
    assert t.n == 20 and t.accuracy.successes == 11 and t.uncertain.successes == 2 and t.yes_rate.successes == 11
    assert {c: (r.successes, r.n) for c, r in t.cells.items()} == {
        "V.AFF": (3, 4), "V.NEG": (3, 7), "I.AFF": (2, 3), "I.NEG": (3, 6)}
    assert t.acc_yes == approx(F(5, 8))
    assert t.acc_no == approx(F(23, 42))
    assert t.bias == approx(F(13, 168))
    assert t.polarity_sensitivity == approx(F(41, 168))
    assert t.floor == approx(F(23, 42))


def test_per_form_figures(report: ScoreReport) -> None:
    got = {f: (x.aff.successes, x.aff.n, x.neg.successes, x.neg.n) for f, x in report.by_form.items()}
    assert got == {"TRUTH": (1, 2, 0, 1), "CORRECT": (0, 0, 1, 2), "NOT-CORRECT": (0, 0, 1, 2), "VALID": (1, 1, 2, 2),
                   "NOT-VALID": (0, 0, 0, 2), "FOLLOW": (2, 2, 1, 2), "DIRECT": (1, 2, 1, 2)}
    assert report.by_form["TRUTH"].aff_minus_neg == approx(F(1, 2))
    assert report.by_form["CORRECT"].aff_minus_neg is None
    follow = report.by_form["FOLLOW"].summary
    assert (follow.acc_yes, follow.acc_no, follow.floor, follow.bias, follow.polarity_sensitivity) == (
        approx(1), approx(F(1, 2)), approx(F(1, 2)), approx(F(1, 2)), approx(F(1, 2)))
    assert report.by_form["CORRECT"].summary.floor is None  # a form without all four cells has no floor


def test_prefix_versus_not_with_mcnemar(report: ScoreReport) -> None:
    got = {p.family: (p.pairs, p.prefix.successes, p.not_.successes, p.prefix_right_not_wrong,
                      p.prefix_wrong_not_right) for p in report.negation}
    assert got == {"CORRECT": (2, 1, 1, 1, 1), "VALID": (2, 2, 0, 2, 0), "all": (4, 3, 1, 3, 1)}
    p = {x.family: x for x in report.negation}
    assert (p["CORRECT"].p_value, p["VALID"].p_value, p["all"].p_value) == (1.0, 0.5, 0.625)
    assert (p["CORRECT"].delta, p["VALID"].delta, p["all"].delta) == (approx(0), approx(1), approx(F(1, 2)))


def test_surface_breakdowns(report: ScoreReport) -> None:
    def acc(groups: dict) -> dict:  # type: ignore[type-arg]
        return {k: (v.accuracy.successes, v.accuracy.n) for k, v in groups.items()}

    assert acc(report.by_origin) == {"letters": (5, 9), "indian": (2, 4), "french": (4, 7)}
    assert report.origin_minus_letters == {"indian": approx(F(-1, 18)), "french": approx(F(1, 63))}
    assert acc(report.by_gender) == {"none": (5, 9), "male": (2, 4), "female": (4, 7)}
    assert acc(report.by_activity) == {"party": (7, 13), "event": (4, 7)}
    assert acc(report.by_pattern) == {"probably_might": (4, 7), "chancy_modus_ponens": (2, 4),
                                      "might_probably": (5, 9)}


def test_subsets(report: ScoreReport) -> None:
    insensitive = report.subsets["semantics_insensitive"].total
    assert (insensitive.n, insensitive.accuracy.successes) == (16, 9)
    assert (insensitive.acc_yes, insensitive.acc_no, insensitive.floor) == (approx(F(3, 4)), approx(F(8, 15)),
                                                                            approx(F(8, 15)))
    assert (insensitive.bias, insensitive.polarity_sensitivity) == (approx(F(13, 60)), approx(F(23, 60)))
    assert report.subsets["core"].total == insensitive
    determinate = report.subsets["determinate"].total
    assert (determinate.n, determinate.accuracy.successes) == (16, 10)
    assert (determinate.acc_yes, determinate.acc_no, determinate.floor) == (approx(F(17, 24)), approx(F(5, 7)),
                                                                            approx(F(17, 24)))
    assert (determinate.bias, determinate.polarity_sensitivity) == (approx(F(-1, 168)), approx(F(55, 168)))


def test_metrics_guard_empty_input() -> None:
    empty = summarize([])
    assert empty.n == 0 and empty.accuracy.value is None and empty.floor is None and empty.bias is None
    r = score([])
    assert r.total.n == 0 and all(p.pairs == 0 and p.p_value == 1.0 for p in r.negation)
    assert r.to_json()["total"]["floor"] is None


def test_constant_answerers_have_floor_zero_and_bias_one() -> None:
    items = [Scored(str(i), "Yes", gold, valid, pol) for i, (gold, valid, pol) in enumerate(
        [("Yes", True, "aff"), ("No", True, "neg"), ("No", False, "aff"), ("Yes", False, "neg")])]
    s = summarize(items)
    assert (s.bias, s.floor, s.accuracy.value) == (1.0, 0.0, 0.5)


def test_answer_reading_and_mcnemar() -> None:
    assert [read_answer(x) for x in ["Yes", " no.", "*YES*", "Nope", "", None, "N/A", "yes/no"]] == [
        "Yes", "No", "Yes", None, None, None, None, None]  # "yes/no" commits to neither
    # A chain-of-thought reply: its final answer, not its first word; a reasoning trace's tentative answers are not.
    assert [read_answer(x) for x in [
        "No wait. If Mary was at the wedding, Sue was. Sue was. So we cannot tell.\n\nAnswer: No",
        "No. Mary might not have been there; but then she was not. So the answer is Yes.",
        "<think>So yes. Hmm, wait, no.</think>\n**No**", "Yes, it follows.", "Let me think step by step.",
        "Therefore, the conclusion does not follow. **Final answer: No**"]] == ["No", "Yes", "No", "Yes", None, "No"]
    assert mcnemar_exact(0, 0) == 1.0 and mcnemar_exact(3, 0) == 0.25 and mcnemar_exact(1, 1) == 1.0
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 2)


def test_answers_with_their_own_items_and_unknown_ids() -> None:
    records = [{"id": "own", "prompt": "X must be there. Is it true that X might be there?", "gold": "Yes",
                "answer": "Yes"}, {"id": "missing", "answer": "No"}]
    out = list(score_records(records, {}))
    assert [type(x).__name__ for x in out] == ["Scored", "ItemError"]
    own = out[0]
    assert own.correct and own.valid and own.metadata["determinate"] is True  # type: ignore[union-attr]
    assert "unknown item id 'missing'" in str(out[1])


def test_an_inference_benchmark_is_scored_on_what_it_asks() -> None:
    """Argument items ask only affirmative FOLLOW/VALID questions and carry no names: accuracy overall, per form
    and per pattern, without the polarity figures (bias, floor, PS), the negation pairs or the name breakdowns,
    which such items cannot have; an item whose statements are not read is still scored, its problem listed."""
    from prontocheck.modal.render import render

    items = {f"{p}-{i}": ModalItem(f"{p}-{i}", prompt=f"From 'Savir might be at the party', can we infer 'Savir "
                                   f"{'must' if p == 'MuF' else 'will probably'} be at the party'?", gold="No",
                                   pattern=p) for p in ("MuF", "PrF") for i in range(3)}
    items["odd"] = ModalItem("odd", prompt="From 'The flugel was blimmed', can we infer 'The flugel is'?", gold="Yes",
                             pattern="odd")
    answers = [{"id": k, "answer": "Thinking... **Answer: No**" if k != "MuF-0" else "Yes."} for k in items]
    report = score([s for s in score_records(answers, items) if isinstance(s, Scored)])
    assert report.total.n == 7 and report.by_pattern["MuF"].accuracy.value == pytest.approx(2 / 3)
    text = render(report, "markdown")
    assert isinstance(text, str)
    assert "| items | n | Acc | Unc | V.AFF | I.AFF |" in text and "| FOLLOW | 0.714 | 7 |" in text
    assert "Bias" not in text and "Negation as a prefix" not in text and "name origin" not in text
    assert "| MuF | 3 | 0.667 |" in text and "| odd | 1 | 0.000 |" in text


def test_the_five_weightings_on_the_grid() -> None:
    """The paper's Table 14 schemes: a constant Yes answerer scores 0.5 by cell average whatever the mix; one answer
    per prompt makes prompt balancing micro; templates and forms weigh the same under their balancing."""
    from prontocheck.modal.benchmark import generate
    from prontocheck.modal.metrics import weightings

    grid = [g.to_json() for g in generate()]
    always_yes = [Scored(g["id"], "Yes", g["gold"], g["valid"], g["polarity"], g["form"],
                         metadata={"pattern": g["pattern"]}) for g in grid]
    w = weightings(always_yes)
    micro = sum(g["gold"] == "Yes" for g in grid) / len(grid)
    assert w["micro"] == pytest.approx(micro) and w["cell_average"] == pytest.approx(0.5)
    assert w["prompt_balanced"] == pytest.approx(micro)
    for scheme, key, count in (("template_balanced", "pattern", 13), ("frame_balanced", "form", 7)):
        groups: dict[str, list[bool]] = {}
        for g in grid:
            groups.setdefault(g[key], []).append(g["gold"] == "Yes")
        assert len(groups) == count
        assert w[scheme] == pytest.approx(sum(sum(v) / len(v) for v in groups.values()) / count)
    five = [v for k, v in w.items() if k != "spread"]
    assert None not in five and w["spread"] == pytest.approx(max(five) - min(five))  # type: ignore[type-var]
    assert weightings([]) == dict.fromkeys(w, None)
