"""No recursion where the input decides the depth: formulas nested 10⁵ deep print, hash, compare, pickle and
read back; the compatibility profiles take any number of "not"s and nested prefixes without a RecursionError."""

from __future__ import annotations

import copy
import json
import pickle
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck import parse_formula
from prontocheck.cli import main
from prontocheck.compat.forms import CLAUSE_LIMIT, RECURSION_LIMIT, to_tptp
from prontocheck.compat.sentences import parse_tokens, split_sentences
from prontocheck.logic import And, Atom, Const, Exists, ForAll, Formula, Implies, Not, Or, Var, replace_term
from prontocheck.logic.formulas import mentions
from prontocheck.logic.modal import ModalNot, Probably
from prontocheck.logic.negation import negate_inward

DEPTH = 100_000
A = Const("a")
"""Far past the interpreter's recursion limit (1,000 frames)."""


def _atom(i: int, term: Const | Var = A) -> Atom:
    return Atom(f"p{i % 5}", (term,))


def negations(depth: int = DEPTH, term: Const | Var = A) -> Formula:
    f: Formula = _atom(0, term)
    for _ in range(depth):
        f = Not(f)
    return f


def conjunctions(depth: int = DEPTH) -> Formula:
    f: Formula = _atom(0)
    for i in range(depth):
        f = And((_atom(i), f)) if i % 2 else Or((f, _atom(i)))
    return f


def implications(depth: int = DEPTH) -> Formula:
    f: Formula = _atom(0)
    for i in range(depth):
        f = Implies(_atom(i), f)
    return f


def quantified(depth: int = DEPTH) -> Formula:
    return ForAll("x", negations(depth, Var("x")))


DEEP: dict[str, Callable[[], Formula]] = {
    "negations": negations, "conjunctions": lambda: conjunctions(10_000), "implications": lambda: implications(10_000),
    "quantified": lambda: quantified(10_000),
}


@pytest.mark.parametrize("make", DEEP.values(), ids=DEEP.keys())
def test_deep_formulas_print_hash_compare_and_pickle(make: Callable[[], Formula]) -> None:
    f, g = make(), make()
    assert f is not g and hash(f) == hash(g) and f == g and not f != g
    text = str(f)
    assert text == str(g) and len(text) > 10_000
    assert repr(f).startswith(type(f).__name__ + "(") and repr(f) == repr(g)
    assert pickle.loads(pickle.dumps(f)) == f
    assert copy.deepcopy(f) == f


def test_deep_formulas_differ_deep_down() -> None:
    f = negations(10_000)
    g: Formula = _atom(1)
    for _ in range(10_000):
        g = Not(g)
    assert f != g and not f == g


def test_a_deep_negation_reads_back() -> None:
    f = negations(10_000)
    assert parse_formula(str(f)) == f
    q = quantified(10_000)
    assert parse_formula(str(q)) == q


def test_rewrites_of_deep_formulas() -> None:
    f = quantified(10_000)
    assert replace_term(f, Var("x"), Const("b")) is f  # bound: unchanged
    inner = f.body  # type: ignore[attr-defined]
    assert replace_term(inner, Var("x"), Const("b")) == negations(10_000, Const("b"))
    assert mentions(f) == {("p0", False)} and mentions(negations(10_001)) == {("p0", False)}
    assert negate_inward(negations(10_001)) == negations(10_000)


def test_deep_modal_statements() -> None:
    s = Probably(negations(10_000))
    for _ in range(10_000):
        s = ModalNot(s)  # type: ignore[assignment]
    t = Probably(negations(10_000))
    for _ in range(10_000):
        t = ModalNot(t)  # type: ignore[assignment]
    assert s == t and hash(s) == hash(t) and str(s).startswith("¬¬") and pickle.loads(pickle.dumps(s)) == s


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=3 * RECURSION_LIMIT))
def test_compat_parses_any_number_of_nots_without_recursion_error(nots: int) -> None:
    tokens = tuple(split_sentences("Fae is " + "not " * nots + "a wumpus.")[0])
    formula, error = parse_tokens(tokens, "main")
    if nots < RECURSION_LIMIT:
        assert error is None and formula is not None and to_tptp(formula).count("~") == nots
    else:
        assert formula is None and error == "the original exceeds the recursion limit on this sentence"


@pytest.mark.parametrize("version", ["main", "v1"])
@pytest.mark.parametrize("prefix", ["Assume ", "However , ", "this proves "])
def test_compat_nesting_verdict_depends_on_the_sentence_alone(version: str, prefix: str) -> None:
    """The same sentence gets the same verdict at any depth of the caller's own stack."""

    def at_depth(frames: int, tokens: tuple[str, ...]) -> tuple[object, str | None]:
        if frames:
            return at_depth(frames - 1, tokens)
        parse_tokens.cache_clear()
        return parse_tokens(tokens, version)  # type: ignore[arg-type]

    for n in (CLAUSE_LIMIT - 1, CLAUSE_LIMIT, 2 * CLAUSE_LIMIT, 4 * CLAUSE_LIMIT, 10 * CLAUSE_LIMIT):
        tokens = tuple(split_sentences(prefix * n + "Fae is a cat.")[0])
        shallow, deep = at_depth(0, tokens), at_depth(sys.getrecursionlimit() // 4, tokens)
        assert shallow == deep


def test_a_thousand_nots_under_the_compat_profiles(tmp_path: Path) -> None:
    record = {"id": "1", "context": "Every wumpus is a yumpus. Fae is a wumpus.", "query": "Prove: Fae is a yumpus.",
              "output": "Fae is " + "not " * 1000 + "a yumpus. Fae is a yumpus.",
              "gold_cot": "Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus."}
    path = tmp_path / "nots.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    for profile in ("prontoqa-ood", "prontoqa-v1", "paper"):
        out = tmp_path / f"{profile}.jsonl"
        result = CliRunner().invoke(main, ["analyze", str(path), "-q", "-f", "json", "-p", profile, "-o", str(out)])
        assert result.exit_code == 0, result.output
        line = json.loads(out.read_text("utf-8"))
        assert "error" not in line
        if profile == "prontoqa-ood":
            assert [d["reason"] for d in line["compat"]["dropped"]] == [
                "the original exceeds the recursion limit on this sentence"]


def test_negate_inward_of_long_conjunctions_and_exists() -> None:
    f = And(tuple(_atom(i) for i in range(10_000)))
    assert negate_inward(f) == Or(tuple(Not(_atom(i)) for i in range(10_000)))
    e = Exists("x", negations(10_000, Var("x")))
    assert str(parse_formula(str(e))) == str(e)


def _chain(n: int, compound: bool) -> tuple[str, list[str]]:
    names = [f"w{i}x" for i in range(n + 1)]
    context = " ".join(f"Every {a} is a {b}." for a, b in zip(names, names[1:])) + f" Fae is a {names[0]}."
    if compound:  # a rule with a disjunction: the natural-deduction calculus, not the v1 fast path
        context += " Everything that is a qx or a rx is a sx."
    return context, names


@pytest.mark.parametrize("compound", [False, True], ids=["v1-calculus", "natural-deduction"])
def test_a_step_at_the_end_of_a_long_rule_chain(compound: bool) -> None:
    """Deriving a step searches back through the rule chain: 1,500 rules deep, without Python's recursion."""
    from prontocheck.prontoqa.check import check
    from prontocheck.prontoqa.problem import Problem

    context, names = _chain(1_500, compound)
    result = check(Problem(context, f"Prove: Fae is a {names[-1]}."), f"Fae is a {names[-1]}.")
    assert result.proof.valid and not result.proof.strict and result.steps[-1].validity == "strict"


def test_natural_deduction_is_linear_in_the_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """A proof twice as long costs about twice the derivation work (it once cost four times: each step's
    derivation, under every proof accuracy, walked the whole chain again)."""
    from prontocheck.engine import calculus
    from prontocheck.prontoqa.check import check
    from prontocheck.prontoqa.problem import Problem

    calls = 0
    original = calculus.View._derive

    def counted(self: calculus.View, *args: object) -> object:
        nonlocal calls
        calls += 1
        return original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(calculus.View, "_derive", counted)

    def work(n: int) -> int:
        nonlocal calls
        context, names = _chain(n, compound=True)
        calls = 0
        check(Problem(context, f"Prove: Fae is a {names[-1]}."), " ".join(f"Fae is a {b}." for b in names[1:]))
        return calls

    small, large = work(100), work(200)
    assert large <= 2.5 * small, (small, large)


def test_negate_inward_of_deeply_alternating_conjunctions() -> None:
    f: Formula = _atom(0)
    for i in range(1, 10_000):
        f = And((_atom(i), f)) if i % 2 else Or((_atom(i), f))
    g = negate_inward(f)
    assert isinstance(g, Or) and g.operands[0] == Not(_atom(9_999)) and negate_inward(g) == f


def test_the_gold_proof_of_a_long_rule_chain() -> None:
    """The derived gold proof (no gold chain of thought given) searches back 1,500 rules without recursion."""
    from prontocheck.prontoqa.derive import derive_natural
    from prontocheck.prontoqa.problem import Problem, prepare
    from prontocheck.syntax import parse_statement

    context, names = _chain(1_500, compound=True)
    prepared = prepare(Problem(context, f"Prove: Fae is a {names[-1]}."))
    proof = derive_natural(prepared.theory, parse_statement(f"Fae is a {names[-1]}."))
    assert proof is not None and len(proof) == 2 * 1_500 + 1 and str(proof[-1].formula) == f"{names[-1]}(Fae)"
