"""main's classification of the steps of one chain of thought (``evaluate_response`` @ 0a6412b).

Every step gets the original's lists (correct, useful, wrong-branch, non-atomic, skip, invalid,
incorrect, unparseable) and the example its three ``found_conclusion`` flags. Reproduced here,
besides the search of :mod:`.provable_main`:

* hypotheses: an ``Assume`` step is correct and opens its assumption; a step depends on the
  assumptions of its premises minus those it discharges; a conclusion counts only when none is
  open;
* a provable ``CONTRADICTS`` step consumes the next step, which is classified in its place (the
  ``CONTRADICTS`` index itself gets no category);
* the narrow wrong branch: a context rule, not in the gold proof, whose atomic antecedent has the
  predicate of the last correct step, itself a gold atom;
* broadly-valid ("skip") rules: an unprovable ``∀x(A → C)`` counts when the provability graph of
  the context has, for every disjunct of ``A`` and conjunct of ``C``, a path found by the
  original's depth-first search of length 1 or 2 (the first path found, not the shortest);
* B3: building that graph appends to the context rules' own consequent lists, so a context rule
  with a conjunctive consequent can end up longer than the sentence that states it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from prontocheck.compat.forms import (
    Marker,
    Node,
    Steps,
    app_name,
    conjuncts,
    disjuncts,
    is_app,
    is_rule,
    rule_body,
    substitute,
    unify,
)
from prontocheck.compat.provable_main import Context, is_provable, rindex
from prontocheck.logic.formulas import And, Atom, ForAll, Implies, Not, Or, Term, Var


@dataclass(slots=True)
class Lists:
    """The original's per-example step lists (0-based indices into the parsed steps) and flags."""

    correct: list[int] = field(default_factory=list)
    correct_and_useful: list[int] = field(default_factory=list)
    redundant: list[int] = field(default_factory=list)
    unparseable: list[int] = field(default_factory=list)
    wrong_branch: list[int] = field(default_factory=list)
    skip: list[int] = field(default_factory=list)
    useful_skip: list[int] = field(default_factory=list)
    wrong_skip: list[int] = field(default_factory=list)
    non_atomic: list[int] = field(default_factory=list)
    useful_non_atomic: list[int] = field(default_factory=list)
    wrong_non_atomic: list[int] = field(default_factory=list)
    invalid: list[int] = field(default_factory=list)
    incorrect: list[int] = field(default_factory=list)
    found: bool = False
    found_with_skip: bool = False
    found_with_non_atomic: bool = False


def split_since(formulas: list[Node | None]) -> list[Node | None]:
    """``split_since_formulas``: ``SINCE(a, b)`` -> ``a, b``; unwrap ``THEREFORE``/``HOWEVER``; De Morgan.

    Like the original, one pass left to right: the conclusion ``b`` of a ``SINCE`` is processed as
    a step of its own (split, unwrapped), its premise ``a`` only unwrapped once.
    """
    result = list(formulas)
    i = 0
    while i < len(result):
        f = result[i]
        if isinstance(f, Marker) and f.kind == "SINCE":
            result.insert(i + 1, f.args[1])
            f = f.args[0]
        if isinstance(f, Marker) and f.kind in ("HOWEVER", "THEREFORE"):
            f = f.args[0]
        result[i] = _de_morgan(f)
        i += 1
    return result


def _de_morgan(f: Node | None) -> Node | None:
    if isinstance(f, Not) and isinstance(f.operand, And | Or):
        flipped = tuple(o.operand if isinstance(o, Not) else Not(o) for o in f.operand.operands)
        return Or(flipped) if isinstance(f.operand, And) else And(flipped)
    return f


def provability_graph(axioms: list[Node | None]) -> tuple[dict[Node, list[Node]], list[Node | None]]:
    """The graph antecedent atom -> consequent atoms, and the axioms as the building left them (B3)."""
    graph: dict[Node, list[Node]] = {}
    owned: dict[int, list[Node]] = {}
    for k, step in enumerate(axioms):
        if not is_rule(step):
            continue
        body = rule_body(step)
        antecedents = disjuncts(body.antecedent)
        if isinstance(body.consequent, And):
            consequents = owned[k] = list(body.consequent.operands)  # the rule's own operand list
        else:
            consequents = [body.consequent]  # shared by every disjunct of the antecedent
        for antecedent in antecedents:
            if antecedent not in graph:
                graph[antecedent] = consequents
            else:
                graph[antecedent].extend(consequents)
    effective = list(axioms)
    for k, operands in owned.items():
        rule = cast(ForAll, axioms[k])
        effective[k] = ForAll(rule.variable, Implies(rule_body(rule).antecedent, And(tuple(operands))))  # type: ignore[arg-type]
    return graph, effective


def find_path_length(graph: dict[Node, list[Node]], src: Node, dst: Node) -> int:
    """Length of the first path the original's depth-first search finds (``-1``: none)."""
    stack, visited = [(src, 0)], set()
    while stack:
        current, length = stack.pop()
        if current not in graph:
            continue
        for nxt in graph[current]:
            if nxt in visited:
                continue
            if nxt == dst:
                return length + 1
            stack.append((nxt, length + 1))
            visited.add(nxt)
    return -1


def _is_conclusion(step: Node | None, goal: Node | None) -> bool:
    if isinstance(step, And | Or) and type(goal) is type(step):
        return frozenset(step.operands) == frozenset(goal.operands)  # type: ignore[union-attr]
    return step == goal


def _wrong_branch(step: Node, last: Node | None, gold: Steps, axioms: Steps, useful: bool) -> bool:
    if useful or step not in axioms or not is_rule(step) or last is None or last not in gold or not is_app(last):
        return False
    antecedent = rule_body(step).antecedent
    return isinstance(antecedent, Atom) and antecedent.predicate == app_name(last)  # type: ignore[arg-type]


def evaluate(proof: Steps, gold: Steps, context: Steps, out: Lists | None = None) -> Lists:
    """Classify the (already SINCE-split) steps of a chain of thought against the gold proof.

    Args:
        proof: the parsed steps (``None`` for whitelisted unparseable sentences); mutated, as in
            the original (``ASSUME`` steps are unwrapped when reached).
        gold: the parsed, SINCE-split gold chain of thought.
        context: the parsed context sentences.
        out: the lists to fill (so that a caller keeps what was classified before a crash).

    Raises:
        IndexError, KeyError, RuntimeError: where the original itself crashes (e.g. a provable
            ``CONTRADICTS`` as the last step); the caller reports it.
    """
    graph, axioms = provability_graph(context)
    out = Lists() if out is None else out
    ctx = Context(axioms, proof, out.correct, out.non_atomic, out.skip)
    hypotheses: list[set[Node]] = []
    i = 0
    while i < len(proof):
        step = proof[i]
        current: set[Node] = set()
        if step is None:
            out.unparseable.append(i)
            out.incorrect.append(i)
            hypotheses.append(current)
            i += 1
            continue
        assumption = isinstance(step, Marker) and step.kind == "ASSUME"
        if assumption:
            step = proof[i] = cast(Marker, step).args[0]
            current.add(step)
        elif isinstance(step, Marker) and step.kind in ("BACKTRACK", "START_OVER"):
            hypotheses.append(current)
            i += 1
            continue
        useful = step in gold
        conclusion = _is_conclusion(step, gold[-1])  # (an empty gold proof crashes the original here)
        last = proof[out.correct[-1]] if out.correct else None
        if _wrong_branch(step, last, gold, axioms, useful):
            out.wrong_branch.append(i)
        if assumption:
            out.correct.append(i)
            hypotheses.append(current)
            i += 1
            continue

        size, valid, with_na, with_skip, premises, discharged = is_provable(ctx, step, i, [], hypotheses)
        if any(p in out.incorrect for p in premises):
            size = None
        if size is not None and isinstance(step, Marker) and step.kind == "CONTRADICTS":
            hypotheses.append(current)
            i += 1
            conclusion = proof[i] == gold[-1]
        for premise in premises:
            if isinstance(premise, int):
                current = current | hypotheses[premise]
            elif premise in proof[:i]:
                current = current | hypotheses[rindex(proof[:i], premise)]
        current -= set(discharged)
        closed = not current
        if size in (0, 1):
            if valid:
                out.correct.append(i)
                if useful:
                    out.correct_and_useful.append(i)
                out.found |= conclusion and closed
            elif with_na:
                out.non_atomic.append(i)
                out.found_with_non_atomic |= conclusion and closed
            elif with_skip:
                out.skip.append(i)
                out.found_with_skip |= conclusion and closed
            else:
                raise RuntimeError("is_provable returned invalid values.")
            hypotheses.append(current)
            i += 1
            continue
        if size is not None:
            premise_steps = [proof[p] if isinstance(p, int) else p for p in premises]
            if all(p in gold for p in premise_steps) and not useful:
                out.wrong_non_atomic.append(i)
            else:
                out.useful_non_atomic.append(i)
            out.found_with_non_atomic |= conclusion and closed
            out.non_atomic.append(i)
            hypotheses.append(current)
            i += 1
            continue
        if is_rule(step):
            if _broadly_valid(graph, step):
                (out.wrong_skip if _skip_is_wrong(step, proof, out, gold) else out.useful_skip).append(i)
                out.skip.append(i)
                hypotheses.append(current)
                i += 1
                continue
            out.invalid.append(i)
        hypotheses.append(current)
        out.incorrect.append(i)
        i += 1
    return out


def _broadly_valid(graph: dict[Node, list[Node]], rule: ForAll) -> bool:
    body = rule_body(rule)
    for a in disjuncts(body.antecedent):
        for c in conjuncts(body.consequent):
            length = find_path_length(graph, a, c)
            if length == -1 or length > 2:
                return False
    return True


def _skip_is_wrong(rule: ForAll, proof: list[Node | None], out: Lists, gold: list[Node | None]) -> bool:
    """A broadly-valid rule is "wrong" when it applies to a gold step but leads off the gold proof."""
    m1: dict[str, Term] = {}
    m2: dict[str, Term] = {}
    antecedent_useful = consequent_useful = False
    body = rule_body(rule)
    for k in out.correct + out.skip:
        if unify(proof[k], body.antecedent, m1, m2):
            antecedent_useful = proof[k] in gold
            instance = substitute(body.consequent, Var(rule.variable), m2[rule.variable])
            consequent_useful = instance in gold
            break
    return antecedent_useful and not consequent_useful
