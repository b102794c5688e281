"""main's search for a derivation of one step (``is_provable`` and its helpers, @ 0a6412b), emulated.

A step is looked for, in this order, as a restated axiom, a contradiction (``CONTRADICTS``),
∧/∨-introduction, ∧-elimination (also through a rule with a conjunctive consequent), proof by
cases, universal instantiation with modus ponens or modus tollens, and finally as a repeat of an
earlier step. The answer is ``(size, valid, valid_with_non_atomic, valid_with_skip, premises,
discharged)``: size 1 is one rule application, larger sizes are non-atomic.

The emulation keeps the original's decisions exactly, its bugs included:

* B1: :func:`antecedent_provable` returns ``(size, valid, skip, non_atomic, premises)`` but every
  caller reads ``(size, valid, non_atomic, skip, premises)``;
* B2: ``missing_axiom`` is set while the ∧-elimination loop reaches the axioms and never reset,
  so every later rule counts as an unstated axiom (an extra step);
* the adjacency requirement: a conclusion needs its rule or one of its premises right before it;
* premises are step indices (``int``) or axioms (formulas), mixed in one list, as in the original.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from prontocheck.compat.forms import Marker, Node, is_rule, negate_dm, rule_body, substitute, unify
from prontocheck.logic.formulas import And, ForAll, Implies, Not, Or, Term, Var

Premise: TypeAlias = "int | Node | None"
Proof: TypeAlias = tuple[int | None, bool, bool, bool, list[Premise], list[Node]]
_NO: Proof = (None, False, False, False, [], [])


@dataclass(slots=True)
class Context:
    """The state one step is checked against (shared, and mutated by the caller between steps).

    Attributes:
        axioms: the parsed context (``None`` for whitelisted unparseable sentences), after B3.
        proof: the parsed chain of thought (``ASSUME`` steps are unwrapped in place when reached).
        correct: indices of correct steps so far.
        non_atomic: indices of non-atomic steps so far.
        skip: indices of the code's "skip" (broadly valid) steps so far.
    """

    axioms: list[Node | None]
    proof: list[Node | None]
    correct: list[int]
    non_atomic: list[int]
    skip: list[int]


def rindex(items: list[Node | None], element: object) -> int:
    """The last index of ``element``; ``ValueError`` if absent."""
    return len(items) - 1 - items[::-1].index(element)  # type: ignore[arg-type]


def _earlier_then_axioms(ctx: Context, proof_index: int) -> list[Premise]:
    return [*range(proof_index - 1, -1, -1), *ctx.axioms]


def antecedent_provable(
    ctx: Context, rule: ForAll, rule_ref: Premise, constant: Term, missing_axiom: bool, proof_index: int,
    prev: list[Node],
) -> tuple[int | None, bool, bool, bool, list[Premise]]:
    """Whether the instantiated antecedent of ``rule`` is available; note the return order (B1)."""
    valid = with_non_atomic = with_skip = False
    antecedent = substitute(rule.body.antecedent, Var(rule.variable), constant)  # type: ignore[union-attr, arg-type]
    try:
        index = rindex(ctx.proof[:proof_index], antecedent)
    except ValueError:
        pass
    else:
        premises: list[Premise] = [index, rule_ref]
        if index in ctx.correct:
            if rule_ref in ctx.correct:
                return 1, True, False, False, premises
            if rule_ref in ctx.non_atomic or rule_ref in ctx.axioms:
                with_non_atomic = True
            elif rule_ref in ctx.skip:
                with_skip = True
        if index in ctx.non_atomic:
            with_non_atomic = True
        if index in ctx.skip:
            with_skip = True
        return 1 + int(missing_axiom), valid, with_skip, with_non_atomic, premises
    size, _, _, _, sub_premises, _ = is_provable(ctx, antecedent, proof_index, prev)
    if size is None:
        return None, valid, with_skip, with_non_atomic, []
    return size + 1 + int(missing_axiom), valid, with_skip, True, [*sub_premises, rule_ref]


def find_premise(ctx: Context, premise: Node, proof_index: int, prev: list[Node]) -> Proof:
    """An earlier step or axiom equal to ``premise``, else a derivation of it."""
    for ref in _earlier_then_axioms(ctx, proof_index):
        missing = not isinstance(ref, int)
        step = ref if missing else ctx.proof[ref]  # type: ignore[index]
        if step == premise:
            with_na = ref in ctx.non_atomic or ref in ctx.axioms
            return int(missing), ref in ctx.correct, with_na, ref in ctx.skip, [ref], []
    found = is_provable(ctx, premise, proof_index, prev)
    return found if found[0] is not None else _NO


def _contradiction(ctx: Context, formula: Marker, i: int, prev: list[Node], hypotheses: list[set[Node]]) -> Proof:
    next_step = ctx.proof[i + 1]
    negation: Node = next_step.operand if isinstance(next_step, Not) else Not(next_step)  # type: ignore[arg-type]
    if not formula.args:
        if i == 0 or negation not in hypotheses[i - 1]:
            return _NO
        return 1, True, False, False, [ctx.proof[i - 1], negation], [negation]
    arg = formula.args[0]
    wanted: Node = arg.operand if isinstance(arg, Not) else Not(arg)  # type: ignore[arg-type]
    size, valid, na, skip, premises, _ = find_premise(ctx, wanted, i, [*prev, formula])
    if size is None or not (valid or na or skip):
        return _NO
    possible: list[Node] = []
    for premise in premises:
        step = ctx.proof[premise] if isinstance(premise, int) else premise
        for j in range(i):
            if ctx.proof[j] == step:
                possible.extend(hypotheses[j])
    if negation not in possible:
        return _NO
    return size + 1, valid, na, skip, [*premises, negation], [negation]


def _introduction(ctx: Context, formula: And | Or, i: int, prev: list[Node]) -> tuple[int | None, bool, list[Premise]]:
    size: int | None = 1 if isinstance(formula, And) else None
    valid, premises = False, []
    for operand in formula.operands:
        n, v, na, skip, sub, _ = find_premise(ctx, operand, i, [*prev, formula])
        if n is None or not (v or na or skip):
            if isinstance(formula, And):
                return None, valid, []
        elif isinstance(formula, Or):
            if size is None or n + 1 < size:
                premises, size, valid = sub, n + 1, True
        else:
            premises.extend(sub)
            size += n  # type: ignore[operator]
            valid = True
    return size, valid, premises


def _expected_premises(ctx: Context, formula: Node, i: int, ref: Premise, step: Node | None) -> tuple[list[int], int]:
    """The adjacency requirement: where a premise must be, and the index to look for it before."""
    expected = [j - 1 for j in range(i + 1) if ctx.proof[j] == formula
                or (isinstance(ctx.proof[j], And) and formula in ctx.proof[j].operands)]  # type: ignore[union-attr]
    if not expected:
        expected = [i - 1]
    if isinstance(ref, int):
        if isinstance(step, And):
            expected.append(ref)
        return expected, (i - 1 if ref == i - 1 else i)
    return expected, i


def _adjacent(ref: Premise, expected: list[int], premises: list[Premise]) -> bool:
    """The adjacency requirement: the rule, or one of the antecedent's premises, is where expected."""
    return ref in expected or any(e in premises for e in expected)


def _flexible_unify(formula: Node, consequent: Node, m1: dict[str, Term], m2: dict[str, Term], var: str) -> bool:
    """Unify, letting a conjunction or disjunction match in any operand order (as the original)."""
    if isinstance(formula, And | Or) and type(consequent) is type(formula):
        for operand in consequent.operands:  # type: ignore[union-attr]
            if unify(formula.operands[0], operand, m1, m2):
                instance = substitute(consequent, Var(var), m2[var])
                if frozenset(instance.operands) == frozenset(formula.operands):  # type: ignore[union-attr]
                    return True
        return False
    return unify(formula, consequent, m1, m2)


_Cases: TypeAlias = tuple[list[Premise], list[Node], bool, bool, bool]


def _cases(ctx: Context, formula: Node, i: int, hypotheses: list[set[Node]]) -> _Cases | None:
    """Proof by cases: ``formula`` was reached under each disjunct of an earlier correct disjunction."""
    reached = [(hypotheses[j], j, j in ctx.correct, j in ctx.non_atomic, j in ctx.skip)
               for j in range(i) if ctx.proof[j] == formula]
    for ref in reversed(ctx.correct):
        disjunction = ctx.proof[ref]
        if not isinstance(disjunction, Or):
            continue
        premises: list[Premise] = []
        valid, with_na, with_skip = True, False, False
        for disjunct in disjunction.operands:
            for assumed, j, v, na, skip in reached:
                if (v or na or skip) and disjunct in assumed:
                    premises.append(j)
                    valid, with_na, with_skip = valid and v, with_na or na, with_skip or skip
                    break
            else:
                break
        else:
            return [*premises, ref], list(disjunction.operands), valid, with_na, with_skip
    return None


def is_provable(
    ctx: Context, formula: Node, i: int, prev: list[Node], hypotheses: list[set[Node]] | None = None
) -> Proof:
    """The original ``is_provable`` for the step (or sub-formula) ``formula`` at index ``i``.

    ``hypotheses`` (the open assumptions of each earlier step) is given for a top-level step only;
    contradiction, proof by cases and repeats are recognised only then.
    """
    if formula in ctx.axioms:
        return 1, True, False, False, [], []
    valid = with_na = with_skip = missing_axiom = False
    premises: list[Premise] = []
    size: int | None = None

    contradicts = isinstance(formula, Marker) and formula.kind == "CONTRADICTS"
    if contradicts and i + 1 < len(ctx.proof) and hypotheses is not None:
        return _contradiction(ctx, formula, i, prev, hypotheses)  # type: ignore[arg-type]

    if isinstance(formula, And | Or):
        size, valid, premises = _introduction(ctx, formula, i, prev)

    # ∧-elimination: from an earlier conjunction, or from a rule with a conjunctive consequent
    for ref in _earlier_then_axioms(ctx, i):
        if size == 1:
            break
        if isinstance(ref, int):
            step = ctx.proof[ref]
        else:
            missing_axiom, step = True, ref  # B2: never reset
        if isinstance(step, And):
            if formula in step.operands:
                premises, size = [ref], 1 + int(missing_axiom)
                if ref in ctx.correct:
                    valid = True
                elif ref in ctx.non_atomic or ref in ctx.axioms:
                    with_na = True
                elif ref in ctx.skip:
                    with_skip = True
        elif is_rule(step) and isinstance(consequent := rule_body(step).consequent, And):
            m1: dict[str, Term] = {}
            m2: dict[str, Term] = {}
            var, body = step.variable, rule_body(step)
            for conjunct in consequent.operands:
                if not unify(formula, conjunct, m1, m2):
                    continue
                if substitute(body.antecedent, Var(var), m2[var]) in [*prev, formula]:
                    continue  # would recurse on itself
                expected, new_i = _expected_premises(ctx, formula, i, ref, step)
                # B1: read as (size, valid, non_atomic, skip, premises)
                n, v, na, skip, sub = antecedent_provable(
                    ctx, step, ref, m2[var], missing_axiom, new_i, [*prev, formula])  # type: ignore[arg-type]
                if n is not None and (size is None or n + 1 < size) and _adjacent(ref, expected, sub):
                    size, valid, with_na, with_skip, premises = n + 1, v, na, skip, sub
                    if valid:
                        break

    if hypotheses is not None and (size is None or size > 1) and i > 0:
        cases = _cases(ctx, formula, i, hypotheses)
        if cases is not None:
            case_premises, discharged, v, na, skip = cases
            return 1, valid or v, with_na or na, with_skip or skip, case_premises, discharged

    # universal instantiation (modus ponens), then modus tollens through the contrapositive
    for ref in _earlier_then_axioms(ctx, i):
        if isinstance(ref, int):
            step = ctx.proof[ref]
        else:
            missing_axiom, step = True, ref
        for rule in step.operands if isinstance(step, And) else (step,):
            if not is_rule(rule):
                continue
            var, body = rule.variable, rule_body(rule)
            m1, m2 = {}, {}
            if _flexible_unify(formula, body.consequent, m1, m2, var):
                if substitute(body.antecedent, Var(var), m2[var]) in [*prev, formula]:
                    continue  # (skips modus tollens for this rule too, as the original does)
                expected, new_i = _expected_premises(ctx, formula, i, ref, step)
                n, v, na, skip, sub = antecedent_provable(
                    ctx, rule, ref, m2[var], missing_axiom, new_i, [*prev, formula])  # type: ignore[arg-type]
                if n is not None and (size is None or n < size) and _adjacent(ref, expected, sub):
                    size, premises = n, sub
                    valid = ref in ctx.correct and v and rule == step
                    with_na = ref in ctx.non_atomic or na or (ref in ctx.correct and v and rule != step)
                    with_skip = ref in ctx.skip or skip
                    if valid:
                        break
            converse = Implies(negate_dm(body.consequent), negate_dm(body.antecedent))  # type: ignore[arg-type]
            contrapositive = ForAll(var, converse)
            target = negate_dm(formula.operand) if isinstance(formula, Not) else formula
            if isinstance(formula, And | Or):
                unifies = _flexible_unify(formula, converse.consequent, m1, m2, var)
            else:
                unifies = unify(target, converse.consequent, m1, m2)
            if not unifies:
                continue
            if substitute(converse.antecedent, Var(var), m2[var]) in [*prev, formula]:
                continue
            expected, new_i = _expected_premises(ctx, formula, i, ref, step)
            n, v, na, skip, sub = antecedent_provable(
                ctx, contrapositive, ref, m2[var], missing_axiom, new_i, [*prev, formula])
            if n is not None and (size is None or n < size) and _adjacent(ref, expected, sub):
                size, premises, valid = n, sub, False
                with_na = ref in ctx.non_atomic or na or (ref in ctx.correct and v)
                with_skip = ref in ctx.skip or skip

    if hypotheses is not None and size is None and formula in ctx.proof[:i]:
        return 0, True, with_na, with_skip, [rindex(ctx.proof[:i], formula)], []
    return size, valid, with_na, with_skip, premises, []
