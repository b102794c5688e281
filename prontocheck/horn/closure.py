"""Horn closure with strengths and derivation records, the engine under the relational checks.

A :class:`Rule` is a definite Horn clause ``B₁ ∧ … ∧ Bₙ → H``. With ``head=None`` it is a negative
constraint ``¬(B₁ ∧ … ∧ Bₙ)``. Its atoms are :class:`~prontocheck.logic.formulas.Atom` over
:class:`Const` and :class:`Var`, and each rule has a :class:`Strength`. A :class:`Closure`
saturates the given facts in layers: strict rules first, then soft ones, then defaults. So a
derived fact's level is the weakest link of its best derivation, and a violation's level is the
weakest of its constraint and its facts. Each derived fact records one :class:`Derivation` (the
rule and its premises). Each violated ground constraint becomes a :class:`Violation`. Ground
negative facts (gold "No" labels) are *denials*, indexed by atom.

A Horn theory has a least model, so the closure decides consistency. The facts, rules,
constraints and denials are consistent iff the closure violates nothing (sound and complete).

The work is bounded: a closure holds at most ``max_facts`` facts and violations (the limit
``closure_facts``), and so does a what-if on top of it; past that it raises
:class:`~prontocheck.errors.BudgetExceeded`, at once when the transitive closures of the given facts
alone (counted before saturating) are already too large.

>>> from prontocheck.logic.formulas import Atom, Const, Var
>>> X, Y, Z = Var("X"), Var("Y"), Var("Z")
>>> def r(x, y): return Atom("r", (x, y))
>>> a, b, c = Const("a"), Const("b"), Const("c")
>>> rules = [Rule("transitive(r)", (r(X, Y), r(Y, Z)), r(X, Z)), Rule("irreflexive(r)", (r(X, X),))]
>>> cl = Closure(rules, {r(a, b): ("i1",), r(b, c): ("i2",), r(c, a): ("i3",)})
>>> r(a, c) in cl, sorted({v.constraint for v in cl.violations})
(True, ['irreflexive(r)'])
>>> sorted(cl.support(cl.violations[0].facts).sources)
['i1', 'i2', 'i3']
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from prontocheck.errors import BudgetExceeded
from prontocheck.horn import _join
from prontocheck.horn._join import Compiled, View
from prontocheck.horn.orders import Orders
from prontocheck.horn.records import Derivation, Hypothesis, Retraction, Rule, Strength, Support, Violation
from prontocheck.limits import CLOSURE_FACTS
from prontocheck.logic.formulas import Atom, Const

__all__ = ["Closure", "Derivation", "Hypothesis", "Retraction", "Rule", "Strength", "Support", "Violation"]


@dataclass(frozen=True, slots=True)
class _Denier:
    """A denial's source as an index key (kept apart from the facts in the same index)."""

    source: Hashable


class Closure:
    """The least model of given facts under rules, with derivations, levels and violations.

    Args:
        rules: definite rules and constraints (``head=None``).
        facts: each given fact with the sources that assert it (item ids, background records).
        denials: each fact asserted to be false, with the sources that deny it.
        max_facts: the most facts and violations the closure (or a what-if on it) may hold; ``None``: no limit.

    Raises:
        BudgetExceeded: the closure would hold more than ``max_facts`` facts and violations (``closure_facts``).
    """

    def __init__(self, rules: Iterable[Rule], facts: Mapping[Atom, Iterable[Hashable]],
                 denials: Mapping[Atom, Iterable[Hashable]] | None = None, *,
                 max_facts: int | None = CLOSURE_FACTS) -> None:
        self.rules = tuple(rules)
        self.max_facts = max_facts
        self.denials = {atom: tuple(s) for atom, s in (denials or {}).items()}
        self._triggers: dict[str, list[tuple[Compiled, int]]] = defaultdict(list)
        self._by_head: dict[str, list[Compiled]] = defaultdict(list)
        for c in map(Compiled, self.rules):
            for k, (predicate, _) in enumerate(c.body):
                self._triggers[predicate].append((c, k))
            if c.head is not None:
                self._by_head[c.head[0]].append(c)
        for triggers in self._triggers.values():  # constraints first: a what-if may stop at the first violation
            triggers.sort(key=lambda ck: ck[0].head is not None)
        self._facts: dict[Atom, Derivation] = {}
        self._by_pred: dict[str, list[Atom]] = defaultdict(list)
        self._by_arg: dict[tuple[str, int, Const], list[Atom]] = defaultdict(list)
        self._used_by: dict[Atom, list[Atom]] = defaultdict(list)
        self._given_by: dict[Hashable, list[Atom]] = defaultdict(list)
        # Successors and predecessors of binary facts (and of the given ones), for transitive rules.
        self._succ: dict[str, dict[Const, set[Const]]] = defaultdict(lambda: defaultdict(set))
        self._pred: dict[str, dict[Const, set[Const]]] = defaultdict(lambda: defaultdict(set))
        self._given_succ: dict[str, dict[Const, set[Const]]] = defaultdict(lambda: defaultdict(set))
        self._given_pred: dict[str, dict[Const, set[Const]]] = defaultdict(lambda: defaultdict(set))
        self.violations: list[Violation] = []
        """Every violated ground constraint instance (and denial), in the order found."""
        self._violation_keys: set[tuple[str, frozenset[Atom]]] = set()
        if max_facts is not None:
            self._precheck(facts, max_facts)
        self._saturate(facts)

    def _over(self, size: int) -> BudgetExceeded:
        assert self.max_facts is not None
        return BudgetExceeded("closure_facts", size, "the closure's size (facts and violations)")

    def _precheck(self, given: Mapping[Atom, Iterable[Hashable]], max_facts: int) -> None:
        """Refuse at once facts whose transitive closures alone hold more than ``max_facts`` facts.

        The count is a lower bound of the closure's size (other rules only add to it), found by a
        search from each node that stops at the budget, so a refusal here is the one the
        saturation would reach, minus its time and memory.
        """
        transitive = {c.head[0]: bool(c.distinct) for cs in self._by_head.values() for c in cs
                      if c.transitive and c.head is not None}
        edges: dict[str, dict[Const, list[Const]]] = {p: defaultdict(list) for p in transitive}
        count = 0
        for atom in given:
            if atom.predicate in transitive and len(atom.args) == 2:
                a, b = _join.pair(atom)
                edges[atom.predicate][a].append(b)
            else:
                count += 1
        work = 0
        for p, guarded in transitive.items():
            succ = edges[p]
            for start in list(succ):
                seen = {start} if guarded else set()
                stack = [start]
                while stack:
                    for z in succ.get(stack.pop(), ()):
                        work += 1
                        if z not in seen:
                            seen.add(z)
                            stack.append(z)
                count += len(seen) - guarded
                if count > max_facts:
                    raise self._over(max_facts)
                if work > 4 * max_facts:  # a dense graph: leave the count to the saturation
                    return

    def _view(self, removed: Callable[[Atom], bool] | None = None, removed_atoms: Iterable[Atom] | None = None,
              *, given_only: bool = False) -> View:
        """A view of the closure less ``removed`` (listed in ``removed_atoms`` for adjacency queries);
        ``given_only`` says that ``removed`` removes every derived fact, so the given facts' adjacency applies.
        """
        succ, pred = (self._given_succ, self._given_pred) if given_only else (self._succ, self._pred)
        return View(self._facts, self._by_pred, self._by_arg, removed, succ, pred, removed_atoms)

    # ------------------------------------------------------------------ saturation
    def _add(self, atom: Atom, derivation: Derivation) -> None:
        if self.max_facts is not None and len(self._facts) + len(self.violations) >= self.max_facts:
            raise self._over(self.max_facts)
        self._facts[atom] = derivation
        predicate, args = atom.predicate, atom.args
        self._by_pred[predicate].append(atom)
        by_arg = self._by_arg
        if derivation.premises:
            used_by = self._used_by
            for premise in derivation.premises:
                used_by[premise].append(atom)
        for source in derivation.sources:
            self._given_by[source].append(atom)
        if len(args) == 2:  # (most facts: the two positions written out)
            a, b = _join.pair(atom)
            by_arg[(predicate, 0, a)].append(atom)
            by_arg[(predicate, 1, b)].append(atom)
            self._succ[predicate][a].add(b)
            self._pred[predicate][b].add(a)
            if derivation.rule is None:
                self._given_succ[predicate][a].add(b)
                self._given_pred[predicate][b].add(a)
        else:
            for pos, value in enumerate(args):
                by_arg[(predicate, pos, value)].append(atom)  # type: ignore[index]
        denied = self.denials.get(atom)
        if denied:
            self._violate(None, (atom,), derivation.level, denied)

    def _violate(self, rule: Rule | None, facts: tuple[Atom, ...], level: Strength,
                 denied_by: tuple[Hashable, ...] = ()) -> None:
        key = (rule.name if rule is not None else "", frozenset(facts))
        if key not in self._violation_keys:
            if self.max_facts is not None and len(self._facts) + len(self.violations) >= self.max_facts:
                raise self._over(self.max_facts)
            self._violation_keys.add(key)
            self.violations.append(Violation(rule, facts, level, denied_by))

    def _saturate(self, given: Mapping[Atom, Iterable[Hashable]]) -> None:
        """Forward chaining, one layer per strength: each layer first applies its new rules and
        constraints to every fact so far, then runs all active rules from each new fact.
        """
        view = self._view()
        queue: deque[Atom] = deque()
        for atom, sources in given.items():
            self._add(atom, Derivation(None, (), tuple(dict.fromkeys(sources)), Strength.STRICT))
            queue.append(atom)
        strengths = {c.strength for triggers in self._triggers.values() for c, _ in triggers}
        for level in Strength:
            if level > Strength.STRICT and level in strengths:  # a layer with rules of its own
                for atom in list(self._facts):
                    for c, k in self._triggers.get(atom.predicate, ()):
                        if c.strength == level:
                            self._fire(c, k, atom, level, queue, view)
            triggers, fire, fire_transitive = self._triggers, self._fire, self._fire_transitive
            while queue:
                atom = queue.popleft()
                for c, k in triggers.get(atom.predicate, ()):
                    if c.strength <= level:
                        if c.transitive:  # (most firings, in a closure of orders: one call fewer each)
                            fire_transitive(c, k, atom, level, queue, view)
                        elif not (c.converse and k == 1):  # (found from position 0 already: see _fire)
                            fire(c, k, atom, level, queue, view)

    def _fire(self, c: Compiled, k: int, atom: Atom, level: Strength, queue: deque[Atom], view: View) -> None:
        if c.transitive:
            self._fire_transitive(c, k, atom, level, queue, view)
            return
        if c.irreflexive:  # the generic join's one instance: the two arguments are equal
            args = atom.args
            if len(args) == 2 and args[0].name == args[1].name:  # (ground: constants, equal by name)
                self._violate(c.rule, (atom,), level)
            return
        if c.converse:  # the generic join's one instance, found by a look-up
            if k == 1:  # the instance found from position 0 just before (the same violation)
                return
            a, b = _join.pair(atom)
            other = Atom(atom.predicate, (b, a))
            if not (c.distinct and a == b) and other in self._facts:
                self._violate(c.rule, (atom, other) if k == 0 else (other, atom), level)
            return
        by_pred = self._by_pred
        for predicate in c.others[k]:
            if not by_pred.get(predicate):
                return
        for binding, premises in list(_join.triggered(c, k, atom, view)):
            if c.head is None:
                self._violate(c.rule, premises, level)
                continue
            head = _join.instantiate(c.head, binding)
            if head not in self._facts:
                self._add(head, Derivation(c.rule, premises, (), level))
                queue.append(head)

    def _fire_transitive(self, c: Compiled, k: int, atom: Atom, level: Strength, queue: deque[Atom],
                         view: View) -> None:
        """:func:`~prontocheck.horn._join.transitive_instances` on the closure's own adjacency sets."""
        if len(atom.args) != 2:
            return
        p, (a, b) = atom.predicate, _join.pair(atom)
        empty: set[Const] = set()
        facts, rule, distinct = self._facts, c.rule, bool(c.distinct)
        # Sorted, because set order follows the string-hash seed (see transitive_instances). The
        # arguments are constants, equal iff their names are.
        if k == 0:  # atom is p(X, Y): each Z with p(b, Z) and no p(a, Z) yet
            succ = self._succ[p]
            for z in sorted(succ.get(b, empty) - succ.get(a, empty), key=_join.name_of):
                head = Atom(p, (a, z))
                if head not in facts and not (distinct and a.name == z.name):
                    self._add(head, Derivation(rule, (atom, Atom(p, (b, z))), (), level))
                    queue.append(head)
        else:  # atom is p(Y, Z): each X with p(X, a) and no p(X, b) yet
            pred = self._pred[p]
            for x in sorted(pred.get(a, empty) - pred.get(b, empty), key=_join.name_of):
                head = Atom(p, (x, b))
                if head not in facts and not (distinct and x.name == b.name):
                    self._add(head, Derivation(rule, (Atom(p, (x, a)), atom), (), level))
                    queue.append(head)

    # ------------------------------------------------------------------ queries
    def __contains__(self, atom: object) -> bool:
        return atom in self._facts

    def __len__(self) -> int:
        return len(self._facts)

    def __iter__(self) -> Iterator[Atom]:
        return iter(self._facts)

    def derivation(self, atom: Atom) -> Derivation:
        """The recorded derivation of a fact of the closure (``KeyError`` for a non-fact)."""
        return self._facts[atom]

    def _derivation(self, atom: Atom, derivations: Mapping[Atom, Derivation] | None) -> Derivation:
        found = derivations.get(atom) if derivations else None
        return found if found is not None else self._facts[atom]

    def support(self, atoms: Iterable[Atom], derivations: Mapping[Atom, Derivation] | None = None) -> Support:
        """The sources and rules that the recorded derivations of ``atoms`` rest on.

        Args:
            atoms: facts of the closure (or of ``derivations``).
            derivations: derivations that take precedence over the recorded ones (from a
                :class:`Hypothesis` or a :class:`Retraction`).
        """
        sources: set[Hashable] = set()
        rules: set[str] = set()
        seen: set[Atom] = set()
        stack = list(atoms)
        while stack:
            atom = stack.pop()
            if atom in seen:
                continue
            seen.add(atom)
            d = self._derivation(atom, derivations)
            if d.rule is None:
                sources.update(d.sources)
            else:
                rules.add(d.rule.name)
                stack.extend(d.premises)
        return Support(frozenset(sources), frozenset(rules), len(seen))

    def explain(self, atoms: Iterable[Atom],
                derivations: Mapping[Atom, Derivation] | None = None) -> tuple[tuple[Atom, Derivation], ...]:
        """The derivation steps behind ``atoms``, premises before conclusions (each fact once)."""
        steps: list[tuple[Atom, Derivation]] = []
        done: set[Atom] = set()
        for root in atoms:
            stack: list[tuple[Atom, bool]] = [(root, False)]
            while stack:
                atom, expanded = stack.pop()
                if atom in done:
                    continue
                d = self._derivation(atom, derivations)
                if expanded or not d.premises:
                    done.add(atom)
                    steps.append((atom, d))
                else:
                    stack.append((atom, True))
                    stack.extend((p, False) for p in reversed(d.premises) if p not in done)
        return tuple(steps)

    # ------------------------------------------------------------------ what-if and leave-one-out
    def _propagate(self, view: View, queue: deque[Atom], accept: Callable[[Atom], bool],
                   denied: Callable[[Atom], tuple[Hashable, ...]] | None = None,
                   limit: int | None = None, done: Callable[[Atom], bool] | None = None,
                   grows: bool = False) -> list[Violation]:
        """Run all rules forward from ``queue`` over ``view``, adding the heads that ``accept`` allows;
        return the violations met on the way (at most ``limit``), with ``denied`` giving each
        added fact's denials. Stop early when ``done`` says so of an added fact. ``grows``: the
        added facts are new ones (a what-if), so they count towards ``max_facts``.
        """
        found: list[Violation] = []
        keys: set[tuple[str, frozenset[Atom]]] = set()
        room = None if self.max_facts is None or not grows else self.max_facts - len(self._facts) - len(self.violations)

        def level(c: Compiled, premises: tuple[Atom, ...]) -> Strength:
            """The weakest of the rule and its premises (``max``, without the generator)."""
            weakest = c.strength
            for p in premises:
                found = view.get(p).level
                if found > weakest:
                    weakest = found
            return weakest

        while queue and (limit is None or len(found) < limit):
            atom = queue.popleft()
            for c, k in self._triggers.get(atom.predicate, ()):
                if limit is not None and len(found) >= limit:
                    break
                instances: list[tuple[Atom | None, tuple[Atom, ...]]]
                if c.irreflexive:  # the generic join's one instance, if the two arguments are equal
                    args = atom.args
                    instances = [(None, (atom,))] if len(args) == 2 and args[0] == args[1] else []
                elif c.converse:  # the generic join's one instance, found by a look-up
                    instances = []
                    if len(atom.args) == 2:
                        a, b = _join.pair(atom)
                        other = Atom(atom.predicate, (b, a))
                        if not (c.distinct and a == b) and view.has(other):
                            instances = [(None, (atom, other) if k == 0 else (other, atom))]
                elif c.transitive and view.adjacent:
                    instances = list(_join.transitive_instances(c, k, atom, view))
                else:
                    instances = [(None if c.head is None else _join.instantiate(c.head, binding), premises)
                                 for binding, premises in _join.triggered(c, k, atom, view)]
                for head, premises in instances:
                    if head is None:
                        key = (c.rule.name, frozenset(premises))
                        if key not in keys:
                            keys.add(key)
                            found.append(Violation(c.rule, premises, level(c, premises)))
                        continue
                    if not view.has(head) and accept(head):
                        if room is not None and self.max_facts is not None and len(view.added) + len(found) >= room:
                            raise self._over(self.max_facts)
                        derivation = Derivation(c.rule, premises, (), level(c, premises))
                        view.add(head, derivation)
                        queue.append(head)
                        by = denied(head) if denied is not None else ()
                        if by:
                            found.append(Violation(None, (head,), derivation.level, by))
                        if done is not None and done(head):
                            queue.clear()
                            return found
        return found

    def what_if(self, atom: Atom, *, ignoring: Iterable[Hashable] = (), limit: int | None = None) -> Hypothesis:
        """What adding ``atom`` as a fact would derive and violate (the closure is not changed).

        Raises:
            BudgetExceeded: the closure and what the addition derives hold more than ``max_facts``.

        Args:
            atom: the hypothetical fact.
            ignoring: sources whose denials do not count (leave-one-out of a "No" label).
            limit: stop after this many violations (``1`` answers "would it be inconsistent?").

        >>> from prontocheck.logic.formulas import Atom, Const, Var
        >>> X, Y = Var("X"), Var("Y")
        >>> sym = Rule("symmetric(s)", (Atom("s", (X, Y)),), Atom("s", (Y, X)))
        >>> ab, ba = Atom("s", (Const("a"), Const("b"))), Atom("s", (Const("b"), Const("a")))
        >>> cl = Closure([sym], {}, denials={ba: ("no-item",)})
        >>> [v.constraint for v in cl.what_if(ab).violations], cl.what_if(ab, ignoring=["no-item"]).violations
        (['denied'], ())
        """
        if atom in self._facts:
            return Hypothesis(atom, True, (), {})
        ignored = set(ignoring)

        def denied(fact: Atom) -> tuple[Hashable, ...]:
            sources = self.denials.get(fact)
            return tuple(s for s in sources if s not in ignored) if sources else ()

        view = self._view()
        view.add(atom, Derivation(None, (), (), Strength.STRICT))
        found = [Violation(None, (atom,), Strength.STRICT, denied(atom))] if denied(atom) else []
        if limit is None or len(found) < limit:
            found += self._propagate(view, deque([atom]), lambda _: True, denied,
                                     None if limit is None else limit - len(found), grows=True)
        return Hypothesis(atom, False, tuple(found), dict(view.added))

    def without(self, source: Hashable, *, budget: int | None = None, seeds: list[Atom] | None = None,
                denials: tuple[Violation, ...] | None = None) -> Retraction:
        """The closure without ``source`` (its given facts and its denials), by delete and re-derive.

        First, cheaply: if each fact that only ``source`` gives follows in one step from facts that
        other sources give, the rest has the same closure and nothing is lost. Otherwise only the
        facts whose recorded derivation rests on ``source`` are re-examined, each re-derived from
        the facts that survive if it can be; this stops as soon as all the facts that only
        ``source`` gives follow again (then nothing is lost, and ``derivations`` holds only what was
        re-derived until then).

        Args:
            source: the source to retract.
            budget: give up (``complete=False``, nothing computed) when more than this many facts
                rest on ``source``; ``None`` for no limit.
            seeds: :meth:`seeds` of ``source``, when the caller has it.
            denials: :meth:`lost_denials` of ``source``, when the caller has it.
        """
        seeds = self.seeds(source) if seeds is None else seeds
        denials = self.lost_denials(source) if denials is None else denials
        quick = self.quick_retraction(source, seeds, denials)
        if quick is not None:
            return quick
        # An ordered dict, not a set: re-derivation then tries facts in closure order, and the
        # explanations it records do not depend on the string-hash seed.
        dependent: dict[Atom, None] = {}
        stack = list(seeds)
        used_by = self._used_by
        while stack:
            atom = stack.pop()
            if atom not in dependent:
                dependent[atom] = None
                if budget is not None and len(dependent) > budget:
                    return Retraction(source, frozenset(), {}, (), complete=False)
                more = used_by.get(atom)
                if more:  # only derived facts use premises
                    stack.extend(more)
        view = self._view(dependent.__contains__, dependent)
        queue: deque[Atom] = deque()
        missing = set(seeds)

        def all_back(atom: Atom) -> bool:
            missing.discard(atom)
            return not missing

        for atom in dependent:
            if view.has(atom):  # re-derived already, by the propagation from an earlier one
                continue
            derivation = self._derive_one(atom, view)
            if derivation is None:
                continue
            view.add(atom, derivation)
            if not all_back(atom):
                queue.append(atom)
                self._propagate(view, queue, dependent.__contains__, done=all_back)
            if not missing:
                # The source's facts all follow from the rest, so the rest has the same closure.
                return Retraction(source, frozenset(), dict(view.added), denials)
        lost = frozenset(dependent.keys() - view.added.keys())
        gone = {id(v): v for f in lost for v in self._violation_index.get(f, ())}
        gone.update((id(v), v) for v in denials)
        # In the closure's order, not the lost set's (which follows the string-hash seed).
        rank = self._violation_rank
        return Retraction(source, lost, dict(view.added), tuple(sorted(gone.values(), key=lambda v: rank[id(v)])))

    @cached_property
    def orders(self) -> Orders:
        """The closure's order predicates, with the shortcuts of :mod:`prontocheck.horn.orders`."""
        return Orders(self)

    def seeds(self, source: Hashable) -> list[Atom]:
        """The facts that only ``source`` gives."""
        return [a for a in self._given_by.get(source, ()) if set(self._facts[a].sources) <= {source}]

    def quick_retraction(self, source: Hashable, seeds: list[Atom],
                         denials: tuple[Violation, ...]) -> Retraction | None:
        """:meth:`without`'s first, cheap try: each of ``seeds`` (the facts only ``source`` gives)
        follows in one step from facts that other sources give; ``None`` if one does not.
        """

        def not_given_by_others(atom: Atom) -> bool:
            d = self._facts[atom]
            return d.rule is not None or set(d.sources) <= {source}

        quick = self._view(not_given_by_others, seeds, given_only=True)
        found: dict[Atom, Derivation] = {}
        for seed in seeds:
            derivation = self._derive_one(seed, quick)
            if derivation is None:
                return None
            found[seed] = derivation
        return Retraction(source, frozenset(), found, denials)

    def lost_denials(self, source: Hashable) -> tuple[Violation, ...]:
        """The denial violations that only ``source`` denies."""
        return tuple(v for v in self._violation_index.get(_Denier(source), ()) if set(v.denied_by) <= {source})

    @cached_property
    def _violation_rank(self) -> dict[int, int]:
        """Each violation's position in :attr:`violations`, by ``id``."""
        return {id(v): n for n, v in enumerate(self.violations)}

    @cached_property
    def _violation_index(self) -> dict[Hashable, list[Violation]]:
        """Violations by each fact of their body, and denials by each denier (wrapped in :class:`_Denier`)."""
        index: dict[Hashable, list[Violation]] = defaultdict(list)
        for v in self.violations:
            for f in v.facts:
                index[f].append(v)
            for s in v.denied_by:
                index[_Denier(s)].append(v)
        return index

    def _derive_one(self, atom: Atom, view: View) -> Derivation | None:
        for c in self._by_head.get(atom.predicate, ()):
            if c.transitive and view.adjacent:
                found = _join.transitive_premises(c, atom, view)
                if found is not None:
                    return Derivation(c.rule, found, (), max(c.strength, *(view.get(p).level for p in found)))
                continue
            if not all(view.may_have(q) for q in c.others[-1]) or not view.may_have(c.body[-1][0]):
                continue  # a body predicate without facts: no instance
            for _, premises in _join.deriving(c, atom, view):
                return Derivation(c.rule, premises, (), max(c.strength, *(view.get(p).level for p in premises)))
        return None
