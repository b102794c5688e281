"""v1's classification of the steps of one chain of thought (the ICLR 2023 ``evaluate_response``).

Simpler than main, and different in ways that change the figures (original-prontoqa-analyzer.md
§2.7): premises are looked for only among the correct and skip steps and the axioms (never among
non-atomic steps), and with no adjacency requirement; a repeat of an earlier step is
*redundant* (set aside, not classified); a broadly-valid rule is accepted whatever the length of
its path in the context, and is *also* counted incorrect (the code falls through); a step
instantiated from such a rule is a skip step, so the proof counts under "skip steps considered
correct". There are no hypotheses: ``Assume`` only records an assumption, and a ``CONTRADICTS``
step removes one and moves the index to the next step (which is then classified twice).
"""

from __future__ import annotations

from dataclasses import dataclass

from prontocheck.compat.evaluate_main import Lists, find_path_length, provability_graph
from prontocheck.compat.forms import Marker, Node, Steps, app_name, is_app, is_rule, substitute, unify
from prontocheck.logic.formulas import And, ForAll, Not, Or, Term, Var

Premise = int | Node | None
_Proof = tuple[int | None, bool, list[Premise], int]


@dataclass(slots=True)
class _Context:
    axioms: list[Node | None]
    proof: list[Node | None]
    correct: list[int]
    skip: list[int]

    def premises_before(self) -> list[Premise]:
        return [*self.correct, *self.skip, *self.axioms]

    def step_of(self, ref: Premise) -> tuple[Node | None, bool]:
        """The step a premise reference stands for, and whether it is an (unstated) axiom."""
        return (self.proof[ref], False) if isinstance(ref, int) else (ref, True)


def _antecedent(
    ctx: _Context, rule: ForAll, ref: Premise, constant: Term, missing: bool, i: int
) -> tuple[int | None, bool, bool, list[Premise]]:
    valid = with_skip = False
    size: int | None = None
    premises: list[Premise] = []
    antecedent = substitute(rule.body.antecedent, Var(rule.variable), constant)  # type: ignore[union-attr, arg-type]
    if antecedent in ctx.proof:
        first = ctx.proof.index(antecedent)  # the first occurrence, anywhere in the proof
        if first in ctx.correct:
            if ref in ctx.correct:
                return 1, True, False, [antecedent, rule]
            if ref in ctx.skip:
                premises, with_skip = [antecedent, rule], True
            elif missing:
                size = 2
        if first in ctx.skip:
            if missing:
                size = 2
            premises, with_skip = [antecedent, rule], True
    n, sub_valid, sub, _ = is_provable(ctx, antecedent, i)
    if sub_valid and n is not None and (size is None or n + 1 + int(missing) < size):
        size, premises = n + 1 + int(missing), [*sub, rule]
    return size, valid, with_skip, premises


def _find_premise(ctx: _Context, premise: Node, i: int) -> _Proof:
    for ref in ctx.premises_before():
        step, missing = ctx.step_of(ref)
        if step == premise:
            return int(missing), True, [ref], i
    n, valid, sub, _ = is_provable(ctx, premise, i)
    return (n, valid, sub, i) if n is not None else (None, False, [], i)


def is_provable(ctx: _Context, formula: Node, i: int, assumptions: list[Node] | None = None) -> _Proof:
    """v1's ``is_provable``: ``(size, valid, premises, next index)``; size 1 and not valid is a skip step."""
    if formula in ctx.axioms:
        return 1, True, [formula], i
    valid = with_skip = missing = False
    premises: list[Premise] = []
    size: int | None = None
    contradicts = isinstance(formula, Marker) and formula.kind == "CONTRADICTS"
    if contradicts and i + 1 < len(ctx.proof) and assumptions is not None:
        arg = formula.args[0]  # type: ignore[union-attr]
        n, sub_valid, sub, _ = _find_premise(ctx, arg.operand if isinstance(arg, Not) else Not(arg), i)  # type: ignore[arg-type]
        if n is None or not sub_valid:
            return None, True, [], i
        nxt = ctx.proof[i + 1]
        negation: Node = nxt.operand if isinstance(nxt, Not) else Not(nxt)  # type: ignore[arg-type]
        if negation not in assumptions:
            return None, True, [], i
        assumptions.remove(negation)
        return n + 1, sub_valid, [*sub, negation], i + 1

    if isinstance(formula, And | Or):
        # (v1 does not reset the size when a conjunct is missing: a conjunction is always "valid")
        size = 1 if isinstance(formula, And) else None
        for operand in formula.operands:
            n, sub_valid, sub, _ = _find_premise(ctx, operand, i)
            if n is None or not sub_valid:
                if isinstance(formula, And):
                    break
            elif isinstance(formula, Or):
                if size is None or n + 1 < size:
                    premises, size = sub, n + 1
            else:
                premises.extend(sub)
                size += n  # type: ignore[operator]

    for ref in ctx.premises_before():  # ∧-elimination
        if size == 1:
            break
        step, is_axiom = ctx.step_of(ref)
        missing = missing or is_axiom
        if isinstance(step, And):
            if formula in step.operands:
                premises, size = [step], 1
        elif is_rule(step) and isinstance(step.body.consequent, And):  # type: ignore[union-attr]
            m1: dict[str, Term] = {}
            m2: dict[str, Term] = {}
            for conjunct in step.body.consequent.operands:  # type: ignore[union-attr]
                if unify(formula, conjunct, m1, m2):
                    n, v, s, sub = _antecedent(ctx, step, ref, m2[step.variable], missing, i)  # type: ignore[union-attr, arg-type]
                    if n is not None and (size is None or n + 1 < size):
                        size, valid, with_skip, premises = n + 1, v, s, sub
                        if valid:
                            break

    for ref in ctx.premises_before():  # universal instantiation
        step, is_axiom = ctx.step_of(ref)
        missing = missing or is_axiom
        m1, m2 = {}, {}
        if is_rule(step) and unify(formula, step.body.consequent, m1, m2):  # type: ignore[union-attr]
            n, v, s, sub = _antecedent(ctx, step, ref, m2[step.variable], missing, i)  # type: ignore[union-attr, arg-type]
            if n is not None and (size is None or n < size):
                size, valid, with_skip, premises = n, v, s, sub
                if valid:
                    break

    if valid:
        return 1, True, premises, i
    if with_skip:
        return 1, False, premises, i
    return size, True, premises, i


def evaluate(proof: Steps, gold: Steps, context: Steps, out: Lists | None = None) -> Lists:
    """Classify the steps of a chain of thought as v1 does (see the module docstring).

    Raises:
        IndexError, KeyError: where the original itself crashes; the caller reports it.
    """
    graph, axioms = provability_graph(context)  # the same graph as main, with the same aliasing (B3)
    out = Lists() if out is None else out
    ctx = _Context(axioms, proof, out.correct, out.skip)
    assumptions: list[Node] = []
    for k in range(len(proof)):
        step = proof[k]
        if step is None:
            out.unparseable.append(k)
            out.incorrect.append(k)
            continue
        if isinstance(step, Marker) and step.kind == "ASSUME":
            step = step.args[0]
            assumptions.append(step)
        useful, conclusion = step in gold, step == gold[-1]  # (an empty gold proof crashes the original here)
        last = proof[out.correct[-1]] if out.correct else None
        if (not useful and step in axioms and is_rule(step) and is_app(step.body.antecedent)  # type: ignore[union-attr]
                and last is not None and last in gold and is_app(last)
                and app_name(step.body.antecedent) == app_name(last)):  # type: ignore[union-attr, arg-type]
            out.wrong_branch.append(k)
        if step in proof[:k]:
            out.redundant.append(k)
            continue
        size, valid, premises, i = is_provable(ctx, step, k, assumptions)
        if size == 1:
            if valid:
                out.correct.append(i)
                if useful:
                    out.correct_and_useful.append(i)
                out.found |= conclusion
            else:
                out.skip.append(i)
                out.found_with_skip |= conclusion
            continue
        if size is not None:
            if all(p in gold for p in premises) and not useful:
                out.wrong_non_atomic.append(i)
            else:
                out.useful_non_atomic.append(i)
            out.found_with_non_atomic |= conclusion
            continue
        if is_rule(step):
            _broadly_valid_v1(graph, step, proof, out, gold, i)  # type: ignore[arg-type]
        out.incorrect.append(i)  # (a broadly-valid rule falls through to here too)
    return out


def _broadly_valid_v1(graph: dict[Node, list[Node]], rule: ForAll, proof: list[Node | None], out: Lists,
                      gold: list[Node | None], i: int) -> None:
    body = rule.body
    antecedents = body.antecedent.operands if isinstance(body.antecedent, Or) else (body.antecedent,)  # type: ignore[union-attr]
    consequents = body.consequent.operands if isinstance(body.consequent, And) else (body.consequent,)  # type: ignore[union-attr]
    if any(find_path_length(graph, a, c) == -1 for a in antecedents for c in consequents):
        out.invalid.append(i)
        return
    out.skip.append(i)
    m1: dict[str, Term] = {}
    m2: dict[str, Term] = {}
    antecedent_useful = consequent_useful = False
    for k in out.correct + out.skip:
        if unify(proof[k], body.antecedent, m1, m2):  # type: ignore[union-attr]
            antecedent_useful = proof[k] in gold
            consequent_useful = substitute(body.consequent, Var(rule.variable), m2[rule.variable]) in gold  # type: ignore[union-attr]
            break
    (out.wrong_skip if antecedent_useful and not consequent_useful else out.useful_skip).append(i)
