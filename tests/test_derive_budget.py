"""A chain of thought whose checking would take unbounded work ends in the stated verdict ``budget_exceeded``
(``limits.DERIVE_WORK``): a library error naming the limit, the record's error in ``analyze`` (the run goes on),
a reward of 0 with the reason (issue 11: a fuzz input of repeated proofs by contradiction, one assumption unread,
took 17 s)."""

from __future__ import annotations

import gc
import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from prontocheck import Problem, check
from prontocheck.cli import main
from prontocheck.errors import BudgetExceeded
from prontocheck.rewards import score

CONTEXT = "Everything that is a zumpus or a lorpus is an impus. Rex is not an impus."
QUERY = "Prove: Rex is not a lorpus and Rex is not a zumpus."
PROOF = ("Assume Rex is a lorpus. Rex is a zumpus or a lorpus. Everything that is a zumpus or a lorpus is an impus. "
         "Rex is an impus. This contradicts with Rex is not an impus. Rex is not a lorpus.\n\n"
         "Assume Rex is a zumpus. Rex is a zumpus or a lorpus. Everything that is a zumpus or a lorpus is an impus. "
         "Rex is an impus. This contradicts with Rex is not an impus. Rex is not a zumpus.\n\n"
         "Rex is not a lorpus and Rex is not a zumpus. ")
UNREAD = PROOF.replace("Assume Rex is a lorpus", "Assume Rex is a a lorpus", 1)  # the assumption is never read
PROBLEM = Problem(CONTEXT, QUERY)


def test_a_proof_repeated_a_few_times_is_checked_in_full() -> None:
    result = check(PROBLEM, UNREAD * 10)
    assert len(result.steps) == 130


def test_an_output_over_the_derivation_budget_is_a_stated_verdict_not_a_hang() -> None:
    began = time.process_time()
    with pytest.raises(BudgetExceeded, match="budget_exceeded: .* derive_work") as caught:
        check(PROBLEM, UNREAD * 200)
    assert caught.value.limit == "derive_work"
    assert time.process_time() - began < 10  # (about 1.5 s; minutes of quadratic work before the limit)


def test_analyze_gives_the_record_its_error_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    records = [{"id": "big", "context": CONTEXT, "query": QUERY, "output": UNREAD * 200},
               {"id": "fine", "context": CONTEXT, "query": QUERY, "output": PROOF}]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "out.jsonl"
    run = CliRunner().invoke(main, ["analyze", str(path), "-o", str(out), "--format", "json", "-q"])
    assert run.exit_code == 0, run.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["id"] == "big" and lines[0]["error"]["reason"].startswith("budget_exceeded:")
    assert lines[1]["id"] == "fine" and lines[1]["proof"]["valid"] is True


def test_a_reward_over_the_budget_is_zero_with_the_reason() -> None:
    spec = {"context": CONTEXT, "query": QUERY}
    result = score(spec, UNREAD * 200)
    assert result.score == 0.0 and result.parse_error.startswith("budget_exceeded:")


def test_a_statement_repeated_thousands_of_times_costs_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A repeat cites the stated copy on the fewest assumptions, kept as steps are added (it was found by scanning
    every earlier copy: 7,000 repeats took over a minute). Four times the repeats cost about four times the time
    (the budget lifted), not sixteen."""
    import prontocheck.engine.calculus as calculus

    monkeypatch.setattr(calculus, "DERIVE_WORK", 10**12)
    problem = Problem("Each horse is an animal. Animals are cats. Fae is a horse.", "True or false: Fae is a cat.")

    def took(n: int) -> float:
        output = "Fae is a horse or a cow. " + "Fae is a cat. " * n + "True"  # (a disjunction: natural deduction)
        gc.collect()  # (a full collection falling inside one run only is not the checker's time)
        began = time.process_time()
        result = check(problem, output)
        assert len(result.steps) == n + 1 and result.steps[-1].validity.value == "strict"
        return time.process_time() - began

    took(100)
    # The best of two runs each: on a loaded machine one run can take several times its usual time.
    small, large = min(took(1500) for _ in range(2)), min(took(6000) for _ in range(2))
    assert large < 8 * small, (small, large)


def test_reasons_for_a_long_repeated_wrong_chain_cost_linear_time() -> None:
    """A few-shot answer repeated thousands of times (no "Q:" cut): the reasons of its invalid steps are worked out
    from the distinct facts stated, not from every repeat (each invalid step's closure re-read all of them)."""
    context = ("Every jompus is a yumpus. Each yumpus is a rompus. Each rompus is an impus. Impuses are numpuses. "
               "Each numpus is a vumpus. Vumpuses are cold. Polly is an impus.")
    problem = Problem(context, "True or false: Polly is cold.")
    wrong = ("polly is an impus. every impus is a rompus. polly is a rompus. rompuses are vumpuses. polly is a vumpus. "
             "vumpuses are cold. polly is cold. true\n\nq: ")

    def took(n: int) -> float:
        began = time.process_time()
        result = check(problem, wrong * n)
        assert any(s.reason and s.reason.startswith("not derivable") for s in result.steps)
        return time.process_time() - began

    took(10)
    small, large = min(took(300) for _ in range(2)), min(took(1200) for _ in range(2))  # (min: a loaded machine)
    assert large < 8 * small, (small, large)
