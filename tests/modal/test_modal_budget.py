"""Per-item budgets of the modal decision procedure (issue 11): an item over a limit gets the verdict
``budget_exceeded`` within moments and the run goes on; items under the limits are decided exactly."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from prontocheck.cli.modal import modal
from prontocheck.errors import BudgetExceeded
from prontocheck.limits import LIMITS, MODAL_ATOMS, MODAL_CASES, MODAL_LP_WORK
from prontocheck.logic.formulas import Atom, Const
from prontocheck.logic.modal import Might, ModalOr, Probably
from prontocheck.modal.checker import check
from prontocheck.modal.decide import judge, satisfiable
from prontocheck.modal.items import ItemError, ModalItem, parse_item
from prontocheck.modal.simplex import Work
from prontocheck.modal.validate import validate_item, validate_items

NAMES = ["Priya", "Ananya", "Mary", "Sue", "Ann", "Bob", "Carl", "Dana", "Eve", "Fred", "Gina", "Hank", "Ivan",
         "Jill", "Kim"]


def chain(n: int) -> ModalItem:
    """If A then B, if B then C, …, A is probable: is the last name probable? (n atoms; entailed)"""
    names = NAMES[:n]
    premises = [f"If {a} is going to be at the party, then {b} is going to be at the party."
                for a, b in zip(names, names[1:])] + [f"{names[0]} is probably going to be at the party."]
    question = f"Is it true that {names[-1]} is probably going to be at the party?"
    return ModalItem(f"chain{n}", prompt=" ".join(premises) + " " + question, gold="Yes")


def might(n: int) -> ModalItem:
    prompt = " ".join(f"{a} might be at the party." for a in NAMES[:n])
    return ModalItem(f"might{n}", prompt=prompt + f" Is it true that {NAMES[0]} is probably going to be at the party?",
                     gold="No")


def test_the_limits_are_registered() -> None:
    assert LIMITS["modal_atoms"] == MODAL_ATOMS
    assert LIMITS["modal_cases"] == MODAL_CASES
    assert LIMITS["modal_lp_work"] == MODAL_LP_WORK


@pytest.mark.parametrize("n", [MODAL_ATOMS + 1, 13, 15])
def test_an_item_with_too_many_atoms_is_budget_exceeded_at_once(n: int) -> None:
    started = time.perf_counter()
    for item in (chain(n), might(n)):
        with pytest.raises(BudgetExceeded) as caught:
            validate_item(item)
        assert caught.value.limit == "modal_atoms" and f"{n} atoms" in str(caught.value)
    assert time.perf_counter() - started < 2


def test_validate_items_reports_the_item_and_goes_on() -> None:
    results = list(validate_items([chain(13), chain(3), might(MODAL_ATOMS + 1)]))
    assert isinstance(results[0], ItemError) and isinstance(results[2], ItemError)
    assert not isinstance(results[1], ItemError) and results[1][0].judgement.verdict == "entailed"
    line = results[0].to_json()
    assert line["id"] == "chain13" and line["verdict"] == "budget_exceeded"
    assert line["error"]["limit"] == "modal_atoms" and line["error"]["value"] == MODAL_ATOMS
    assert str(results[0]).startswith("item 'chain13': budget_exceeded:")


def test_an_eight_atom_chain_is_decided_exactly_within_the_budget() -> None:
    started = time.perf_counter()
    [result] = validate_item(chain(MODAL_ATOMS))  # 2**8 worlds; about 25 s before the simplex used the slack basis
    j = result.judgement
    assert j.verdict == "entailed" and result.gold_status == "licensed"
    premises, question = parse_item(chain(MODAL_ATOMS))
    check([*premises, question.embedded], j.atoms, j.semantics, j.with_conclusion)
    assert time.perf_counter() - started < 10


def test_repeated_premises_cost_nothing_more() -> None:
    prompt = "Priya is probably going to be at the party. " * 160 + "Is it true that Priya might be at the party?"
    work = Work()
    premises, question = parse_item(ModalItem("many", prompt=prompt))
    satisfiable([*premises, question.embedded], work=work)
    assert work.used < 10_000  # 160 copies of one row were 8.9 million entries of work (36 s) before


def test_a_dnf_over_the_case_limit_is_budget_exceeded_before_it_is_built() -> None:
    atoms = [Atom(name.lower(), (Const("x"),)) for name in NAMES[:2]]
    either = ModalOr((Might(atoms[0]), Probably(atoms[1])))
    k = MODAL_CASES.bit_length()  # 2**k > MODAL_CASES alternatives
    started = time.perf_counter()
    with pytest.raises(BudgetExceeded) as caught:
        satisfiable([either] * k)
    assert caught.value.limit == "modal_cases" and f"{2 ** k} cases" in str(caught.value)
    assert time.perf_counter() - started < 1
    satisfiable([either] * (k - 1))  # 2**(k-1) cases: within the limit


def test_the_lp_work_budget_stops_a_search() -> None:
    premises, question = parse_item(might(6))
    with pytest.raises(BudgetExceeded) as caught:
        satisfiable([*premises, question.embedded], work=Work(limit=1_000))
    assert caught.value.limit == "modal_lp_work" and caught.value.value == 1_000
    assert judge(premises, question.embedded).verdict == "undetermined"  # the default budget decides it


def test_cli_validate_reports_budget_exceeded_and_goes_on(tmp_path: Path) -> None:
    items, out = tmp_path / "items.jsonl", tmp_path / "out.jsonl"
    items.write_text("".join(json.dumps({"id": i.id, "prompt": i.prompt, "gold": i.gold}) + "\n"
                             for i in (chain(2), chain(12), might(3))), "utf-8")
    r = CliRunner().invoke(modal, ["validate", str(items), "-f", "json", "-o", str(out)])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in out.read_text("utf-8").splitlines()]
    assert [x["id"] for x in lines] == ["chain2", "chain12", "might3"]
    assert [x.get("verdict") for x in lines] == ["entailed", "budget_exceeded", "undetermined"]
    assert "budget_exceeded" in r.stderr and "modal_atoms" in r.stderr


def test_modal_score_scores_an_item_over_a_limit_and_reports_it() -> None:
    from prontocheck.modal.score import score_records

    items = {i.id: i for i in (chain(12), chain(3))}
    out = list(score_records([{"id": "chain12", "answer": "Yes"}, {"id": "chain3", "answer": "No"}], items))
    scored = [x for x in out if not isinstance(x, ItemError)]
    [problem] = [x for x in out if isinstance(x, ItemError)]
    assert [s.id for s in scored] == ["chain12", "chain3"]  # both answers are scored
    assert problem.id == "chain12" and problem.to_json()["verdict"] == "budget_exceeded"
    assert "determinate" not in scored[0].metadata and scored[1].metadata["determinate"] is True
