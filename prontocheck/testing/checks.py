"""Soundness checks of PrOntoQA-style examples from any generator (``prontocheck lint-dataset``).

Each check has a name (:data:`CHECKS`); a failed check is a :class:`Finding` that names the
example and says why. The gold chain of thought is judged by prontocheck's own checker under the
paper profile: every gold step must be canonical (strict, atomic, useful) and all four proof
accuracies true.

The checks were written for modus ponens (PrOntoQA v1) and extend to the OOD rules (compound
facts and rules, "Assume …", "This contradicts with …", "Since …, …"): a record whose context
and query stay within the v1 calculus is checked exactly as before; otherwise provability is
semantic entailment (:mod:`prontocheck.testing.entail`), the proof's uniqueness is that no premise
of the gold can be done without, the distractor heuristic looks at every mention of the query's
predicates, and hops are counted as the record's ``rule`` defines them (:data:`HOP_COUNTS`).

>>> record = {"context": "Every cat is a feline. Every feline is not herbivorous. Every cow is herbivorous. "
...                      "Fae is a cat.",
...           "query": "True or false: Fae is herbivorous.",
...           "gold_cot": ["Fae is a cat.", "Every cat is a feline.", "Fae is a feline.",
...                        "Every feline is not herbivorous.", "Fae is not herbivorous."],
...           "gold_label": False, "hops": 2, "distractors": "v1", "id": "cat-1"}
>>> lint_record(record)
()
>>> [str(f) for f in lint_record({**record, "gold_label": True})]
['cat-1: label: gold label True, but the gold chain proves the negation of the query (expected False)']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from prontocheck.engine.shapes import Lit, ground_shape, rule_shapes
from prontocheck.engine.theory import Key, Theory, as_ground_literal, as_simple_rule
from prontocheck.errors import UnparseableSentence, UnreadableQuery, UsageError
from prontocheck.logic.formulas import Formula, mentions, negate
from prontocheck.logic.negation import negate_inward
from prontocheck.prontoqa.check import check
from prontocheck.prontoqa.problem import Problem, derive_gold
from prontocheck.prontoqa.results import METRICS, ExampleResult
from prontocheck.syntax.forms import Assumption, Contradiction, Since, Statements
from prontocheck.syntax.sentences import parse_query, parse_sentence, parse_statement
from prontocheck.syntax.text import answer_of, split_sentences
from prontocheck.syntax.transform import Query
from prontocheck.testing.entail import Entailment

CHECKS = ("record", "context-parses", "query-parses", "gold-parses", "gold-proof", "label", "decidable",
          "unique-proof", "distractor", "hops")
"""The checks, in the order they run. ``record``: the fields have the right types."""

MAX_PROOFS = 100
"""Proof counting stops here ("more than 100 proofs")."""

NO_DISTRACTORS = (None, False, "", "none")
"""Values of a record's ``distractors`` that promise none."""

_NOT_APPLICATIONS = ("Ax", "Assume", "Repeat")

HOP_COUNTS = {
    "modus-ponens": "rules of the gold chain (each is one modus ponens step)",
    "and-intro": "and-introduction steps",
    "and-elim": "and-elimination steps",
    "or-intro": "or-introduction steps",
    "or-elim": "or-elimination steps (proofs by cases)",
    "proof-by-contradiction": "modus ponens steps up to the first contradiction",
    "composed": "rule applications outside assumptions (not restatements)",
}
"""What the ``hops`` check counts in the gold chain, by the record's ``rule`` (the original's
names ``AndIntro``, ``ProofByContra``, … are accepted too); a record without ``rule`` counts as
modus ponens when its gold is a modus ponens chain, and as ``composed`` otherwise."""

_RULE_NAMES = {
    "ModusPonens": "modus-ponens", "ProofsOnly": "modus-ponens", "AndIntro": "and-intro", "AndElim": "and-elim",
    "OrIntro": "or-intro", "OrElim": "or-elim", "ProofByContra": "proof-by-contradiction", "Composed": "composed",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One failed check on one example.

    Attributes:
        check: which check failed (one of :data:`CHECKS`).
        message: why, quoting the offending sentence or value.
        id: the example's id, if known.
        file: the file it came from, if any.
        line: its 1-based line in that file, if known.
    """

    check: str
    message: str
    id: str | None = None
    file: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = [] if self.file is None else [self.file if self.line is None else f"{self.file}:{self.line}"]
        name = [] if self.id is None else [self.id]
        return ": ".join([*where, *name, self.check, self.message])

    def to_json(self) -> dict[str, Any]:
        """The finding as a JSON object."""
        return {"check": self.check, "message": self.message, "id": self.id, "file": self.file, "line": self.line}


def check_names(ignore: Collection[str]) -> frozenset[str]:
    """Validate a collection of check names.

    Raises:
        UsageError: a name that is not one of :data:`CHECKS`.
    """
    unknown = sorted(set(ignore) - set(CHECKS))
    if unknown:
        raise UsageError(f"unknown check(s) {', '.join(map(repr, unknown))}; the checks are {', '.join(CHECKS)}")
    return frozenset(ignore)


def count_proofs(theory: Theory, goal: Formula, cap: int = MAX_PROOFS) -> int:
    """The number of strict proofs of a ground literal: rule paths from the entity's facts to it.

    Stops counting past ``cap`` (returns ``cap + 1``).

    >>> t = Theory.from_axioms([parse_statement(s) for s in
    ...     ["Every cat is a feline.", "Every cat is a pet.", "Every pet is kind.", "Every feline is kind.",
    ...      "Fae is a cat."]])
    >>> count_proofs(t, parse_statement("Fae is kind.")), count_proofs(t, parse_statement("Fae is a pet."))
    (2, 1)
    """
    lit = as_ground_literal(goal)
    if lit is None:
        return int(goal in theory)
    target, constant = lit
    # Only nodes that can reach the target are explored, so every branch ends in a proof.
    useful = {target}
    if target in theory.graph:
        useful |= {k for k in theory.graph.nodes if theory.reachable(k, target)}
    count = 0
    for source in sorted(theory.facts.get(constant, ())):
        stack: list[tuple[Key, frozenset[Key]]] = [(source, frozenset([source]))] if source in useful else []
        while stack:
            node, seen = stack.pop()
            if node == target:
                count += 1
                if count > cap:
                    return count
                continue
            for edge in theory.rules_from.get(node, ()):
                if edge.consequent in useful and edge.consequent not in seen:
                    stack.append((edge.consequent, seen | {edge.consequent}))
    return count


def _hops(chain: Sequence[Formula]) -> int:
    return sum(1 for f in chain if as_simple_rule(f) is not None)


def gold_hops(rule: str | None, chain: Sequence[Formula], result: ExampleResult) -> int:
    """The hops of a gold chain as the rule counts them (see :data:`HOP_COUNTS`).

    Args:
        rule: the record's ``rule`` (``None``: modus ponens for a modus ponens chain, else composed).
        chain: the gold chain's formulas.
        result: the checker's result on the gold chain (its steps' rules and assumptions).
    """
    name = _RULE_NAMES.get(rule, rule) if rule is not None else None
    steps = result.steps
    if name is None:
        simple = all(as_ground_literal(f) is not None or as_simple_rule(f) is not None for f in chain)
        name = "modus-ponens" if simple else "composed"
    if name == "modus-ponens":
        return _hops(chain)
    counted = {"and-intro": "AndIntro", "and-elim": "AndElim", "or-intro": "OrIntro", "or-elim": "OrElim"}
    if name in counted:
        return sum(1 for s in steps if s.rule == counted[name])
    if name == "proof-by-contradiction":
        first = next((s.index for s in steps if s.formula is not None and s.formula.startswith("⊥")), len(steps))
        return sum(1 for s in steps[:first] if s.rule == "Hop")
    return sum(1 for s in steps if s.rule is not None and s.rule not in _NOT_APPLICATIONS and not s.assumptions
               and not (s.formula or "").startswith("⊥"))


def _same(a: Formula, b: Formula) -> bool:
    """Equal, conjunctions and disjunctions compared as sets (as the checker compares them)."""
    if a == b:
        return True
    sa, sb = ground_shape(a), ground_shape(b)
    if sa is not None:
        return sa == sb
    ra = rule_shapes(a)
    return ra is not None and ra == rule_shapes(b)


class _Linter:
    def __init__(self, ignore: frozenset[str]) -> None:
        self.ignore = ignore
        self.findings: list[Finding] = []
        self.result: ExampleResult | None = None
        self.contradicted: list[Formula] = []  # the formulas of the gold's "This contradicts with χ."
        self.assumed = False  # whether the gold makes assumptions
        self._entailment: Entailment | None = None
        self.axioms: tuple[Formula, ...] = ()

    def add(self, name: str, message: str) -> None:
        if name not in self.ignore:
            self.findings.append(Finding(name, message))

    def context(self, text: str) -> Theory:
        axioms = []
        for span in split_sentences(text):
            try:
                axioms.append(parse_statement(span.text))
            except UnparseableSentence as e:
                self.add("context-parses", f"context sentence {span.text!r} does not parse: {e.reason}")
        self.axioms = tuple(axioms)
        return Theory.from_axioms(axioms)

    @property
    def entailment(self) -> Entailment:
        if self._entailment is None:
            self._entailment = Entailment(self.axioms)
        return self._entailment

    def query(self, text: str) -> Query | None:
        try:
            return parse_query(text)
        except UnparseableSentence as e:
            self.add("query-parses", f"query {text!r} does not parse: {e.reason}")
            return None

    def gold(self, gold_cot: str | Sequence[str] | None, label: bool | None) -> tuple[list[str], bool | None] | None:
        if gold_cot is None:
            self.add("gold-proof", "no gold chain of thought")
            return None
        texts = [s.text for s in split_sentences(gold_cot)] if isinstance(gold_cot, str) else list(gold_cot)
        if texts and (answer := answer_of(texts[-1])) is not None:
            texts, label = texts[:-1], label if label is not None else answer
        if not texts:
            self.add("gold-proof", "the gold chain of thought is empty")
            return None
        return texts, label

    def gold_proof(self, problem: Problem, texts: list[str], label: bool | None) -> list[Formula] | None:
        chain: list[Formula] = []
        parsed = 0
        for i, text in enumerate(texts, start=1):
            try:
                sentence = parse_sentence(text)
            except UnparseableSentence as e:
                self.add("gold-parses", f"gold step {i} {text!r} does not parse: {e.reason}")
                continue
            parsed += 1
            if isinstance(sentence, Since | Statements):
                chain += sentence.statements()
            elif isinstance(sentence, Contradiction):
                self.assumed = True  # a contradiction needs an assumption
                if sentence.formula is not None:
                    self.contradicted.append(sentence.formula)
            elif isinstance(sentence, Assumption):
                self.assumed = True
            else:
                chain.append(sentence)
        if parsed != len(texts):
            return None
        if not chain:
            self.add("gold-proof", "the gold chain of thought states nothing")
            return None
        answer = "" if label is None else f" {label}"
        try:
            result = check(Problem(problem.context, problem.query, tuple(texts), label), " ".join(texts) + answer)
        except UnreadableQuery:  # reported by the query check; the gold chain is checked on the context alone
            result = check(Problem(problem.context, "", tuple(texts), label), " ".join(texts) + answer)
        self.result = result
        bad = [s for s in result.steps if not s.canonical]
        for s in bad:
            self.add("gold-proof", f"gold step {s.index + 1} {s.text!r} is {s.kind}, not canonical")
        failed = [m for m in METRICS if not getattr(result.proof, m)]
        if failed and not bad:
            self.add("gold-proof", f"the gold chain does not prove its goal {chain[-1]} under {', '.join(failed)}")
        return chain

    def label(self, query: Query, goal: Formula, label: bool | None) -> None:
        q = query.formula
        if query.kind == "prove":
            if not _same(goal, q):
                self.add("label", f"the gold chain ends in {goal}, not in the statement to prove {q}")
            return
        expected = True if _same(goal, q) else False if _same(goal, negate_inward(q)) else None
        if expected is None:
            self.add("label", f"the gold chain ends in {goal}, which is neither the query's statement {q} "
                              "nor its negation")
        elif label is None:
            self.add("label", f"no gold label for a True-or-false query (the gold chain says {expected})")
        elif label != expected:
            self.add("label", f"gold label {label}, but the gold chain proves "
                              f"{'the query' if expected else 'the negation of the query'} (expected {expected})")

    def v1(self, theory: Theory, query: Query | None, chain: list[Formula] | None) -> bool:
        """Whether the record stays within the v1 calculus (literals, simple rules, a modus ponens gold)."""
        return (theory.simple and (query is None or as_ground_literal(query.formula) is not None)
                and not self.contradicted and not self.assumed
                and all(as_ground_literal(f) is not None or as_simple_rule(f) is not None for f in chain or ()))

    def decidable(self, theory: Theory, query: Query, unprovable: bool, v1: bool) -> None:
        q = query.formula
        if v1:  # the v1 calculus: modus ponens paths
            yes, no = bool(derive_gold(theory, q)), bool(derive_gold(theory, negate(q)))
        else:  # the OOD rules: what the context entails
            try:
                yes, no = self.entailment.entails(q), self.entailment.entails(negate_inward(q))
            except ValueError as e:
                self.add("decidable", f"cannot decide the query: {e}")
                return
        neg = negate_inward(q)
        if yes and no:
            self.add("decidable", f"the context proves both {q} and {neg}")
        elif unprovable and (yes or no):
            self.add("decidable", f"declared unprovable, but the context proves {q if yes else neg}")
        elif not (yes or no or unprovable):
            self.add("decidable", f"the context proves neither {q} nor {neg}")
        elif query.kind == "prove" and not yes and not unprovable:
            self.add("decidable", f"the statement to prove, {q}, is not provable (its negation is)")

    def unique(self, theory: Theory, chain: list[Formula], gold_hops: int, v1: bool) -> None:
        goal = chain[-1]
        if v1:
            n = count_proofs(theory, goal)
            shortest = derive_gold(theory, goal)
            if n > 1:
                many = f"more than {MAX_PROOFS}" if n > MAX_PROOFS else str(n)
                self.add("unique-proof", f"{many} proofs of the goal {goal} from the context "
                                         f"(shortest: {_hops(shortest or ())} hops; the gold: {gold_hops})")
            elif shortest and _hops(shortest) < gold_hops:
                self.add("unique-proof", f"the gold chain has {gold_hops} hops but a {_hops(shortest)}-hop proof "
                                         "exists")
            return
        # The OOD rules: the gold's premises are the only minimal set of context sentences that entails
        # the goal iff the goal is not entailed once any one of them is left out.
        used = [*chain, *self.contradicted]
        premises = [i for i, a in enumerate(self.axioms) if any(_same(a, f) for f in used)]
        for i in premises:
            try:
                alternative = self.entailment.entails(goal, without=i)
            except ValueError:
                return
            if alternative:
                self.add("unique-proof", f"the goal {goal} is provable without the gold's premise {self.axioms[i]}: "
                                         "the gold is not the only proof")
                return

    def distractor(self, theory: Theory, query: Query, promised: object, v1: bool) -> None:
        lit = as_ground_literal(query.formula)
        if lit is not None and v1:
            predicate = lit[0][0]
            signs = [sign for sign in (True, False) if theory.rules_into.get(Lit(predicate, sign))]
            if len(signs) < 2:
                how = "nowhere" if not signs else "only positively" if signs == [True] else "only negatively"
                self.add("distractor", f"distractors {promised!r} promised, but the queried property {predicate!r} "
                                       f"is stated {how} in the context's rules; the appendix A.2 distractor states "
                                       "it with the other polarity too, so that its mere mention gives nothing away")
            return
        # OOD contexts: some predicate of the query must be mentioned with both polarities somewhere.
        mentioned: set[tuple[str, bool]] = set().union(*(mentions(a) for a in self.axioms))
        predicates = sorted({p for p, _ in mentions(query.formula)})
        if not any((p, True) in mentioned and (p, False) in mentioned for p in predicates):
            self.add("distractor", f"distractors {promised!r} promised, but none of the query's predicates "
                                   f"({', '.join(map(repr, predicates))}) is mentioned in the context with both "
                                   "polarities; the appendix A.2 distractor states one with the other polarity, so "
                                   "that the polarity of its mentions gives nothing away")


def lint_problem(problem: Problem, *, hops: int | None = None, distractors: object = None, unprovable: bool = False,
                 rule: str | None = None, ignore: Collection[str] = ()) -> tuple[Finding, ...]:
    """Run every check on one example.

    Args:
        problem: context, query, gold chain of thought and gold label.
        hops: the declared hop count (checked against the gold chain), if any.
        distractors: the declared distractor setting; anything but ``None``/``"none"`` promises the
            appendix A.2 distractor.
        unprovable: the generator declares that neither the query nor its negation is provable.
        rule: the declared deduction rule (``modus-ponens``, ``and-intro``, …; see
            :data:`HOP_COUNTS`), which says how hops are counted.
        ignore: names of checks to skip.

    Returns:
        The findings, without id or file (see :func:`lint_record`).
    """
    lint = _Linter(check_names(ignore))
    theory = lint.context(problem.context)
    query = lint.query(problem.query)
    gold = lint.gold(problem.gold_cot, problem.gold_label)
    chain = lint.gold_proof(problem, *gold) if gold is not None else None
    v1 = lint.v1(theory, query, chain)
    if query is not None:
        lint.decidable(theory, query, unprovable, v1)
        if distractors not in NO_DISTRACTORS:
            lint.distractor(theory, query, distractors, v1)
    if chain:
        if query is not None:
            lint.label(query, chain[-1], gold[1] if gold else None)
        counted = gold_hops(rule, chain, lint.result) if lint.result is not None else _hops(chain)
        lint.unique(theory, chain, counted, v1)
        if hops is not None and hops != counted:
            name = _RULE_NAMES.get(rule, rule) if rule else None
            what = f" ({HOP_COUNTS[name]})" if name in HOP_COUNTS else ""
            lint.add("hops", f"declared hops={hops}, but the gold chain has {counted} hops{what}")
    return tuple(lint.findings)


def assert_sound(example: Mapping[str, Any] | Any, *, ignore: Collection[str] = ()) -> None:
    """Assert that an example passes every check (for tests); the message lists the findings.

    Args:
        example: a native-schema record (a dict), a :class:`~prontocheck.Problem`, or a generated
            :class:`~prontocheck.generate.Example`.
        ignore: names of checks to skip.

    Raises:
        AssertionError: some check failed.

    >>> assert_sound({"context": "Fae is a cat.", "query": "True or false: Fae is not a cat.",
    ...               "gold_cot": ["Fae is a cat."], "gold_label": True})
    Traceback (most recent call last):
    ...
    AssertionError: 1 finding(s):
      label: gold label True, but the gold chain proves the negation of the query (expected False)
    """
    if isinstance(example, Problem):
        found = lint_problem(example, ignore=ignore)
    elif isinstance(example, Mapping):
        found = lint_record(example, ignore=ignore)
    else:
        from prontocheck.generate.writers import native_record

        found = lint_record(native_record(example), ignore=ignore)
    if found:
        raise AssertionError(f"{len(found)} finding(s):\n" + "\n".join(f"  {f}" for f in found))


def _field(record: Mapping[str, Any], name: str, kinds: type | tuple[type, ...]) -> Any:
    value = record.get(name)
    if value is not None and not isinstance(value, kinds):
        raise TypeError(f"field {name!r} has the wrong type: {value!r}")
    return value


def lint_record(record: Mapping[str, Any], *, ignore: Collection[str] = (), file: str | None = None,
                line: int | None = None) -> tuple[Finding, ...]:
    """Run every check on one record of the native schema.

    Reads ``context``, ``query``, ``gold_cot`` (a string or a list of sentences), ``gold_label``
    (boolean or true/false), and the declarations ``hops``, ``distractors``, ``unprovable`` and
    ``rule``.
    Each finding carries the record's ``id`` and the given file and line.
    """
    rid = None if record.get("id") is None else str(record["id"])
    try:
        context = _field(record, "context", str)
        query = _field(record, "query", str)
        gold = _field(record, "gold_cot", (str, list))
        label = _field(record, "gold_label", (bool, str))
        hops = _field(record, "hops", int)
        rule = _field(record, "rule", str)
        if context is None or query is None:
            raise TypeError(f"missing field {'context' if context is None else 'query'!r}")
        if isinstance(label, str):
            label = {"true": True, "false": False}.get(label.strip().lower(), label)
            if isinstance(label, str):
                raise TypeError(f"gold_label must be true or false, got {label!r}")
        if isinstance(gold, list) and not all(isinstance(s, str) for s in gold):
            raise TypeError("gold_cot must be a string or a list of strings")
    except TypeError as e:
        return (Finding("record", str(e), rid, file, line),) if "record" not in ignore else ()
    problem = Problem(context, query, tuple(gold) if isinstance(gold, list) else gold, label)
    found = lint_problem(problem, hops=hops, distractors=record.get("distractors"),
                         unprovable=bool(record.get("unprovable")), rule=rule, ignore=ignore)
    return tuple(Finding(f.check, f.message, rid, file, line) for f in found)
