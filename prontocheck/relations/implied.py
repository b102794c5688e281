"""Implied labels: what the other items say about an item (leave-one-out), about an unlabelled
question, and about argument-reversed questions that are not in the set.

For an atom q and a set of items O:

* implied **Yes** iff q is in the closure of O;
* implied **No** iff adding q as a Yes creates a violation that O alone does not have;
* otherwise unknown (``None``).

For a Yes item, O lacks the item's own fact, which :meth:`~prontocheck.horn.closure.Closure.without`
computes by delete and re-derive. For a No or unlabelled item, O has the same facts (a No label
is only a constraint), and :meth:`~prontocheck.horn.closure.Closure.what_if` tries q without the
item's own denial. Each answer costs work proportional to the part of the closure it touches,
not to the whole item set.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from prontocheck.common.slots import slot_init
from prontocheck.errors import BudgetExceeded
from prontocheck.horn.closure import Closure
from prontocheck.logic.formulas import Atom
from prontocheck.relations.conflicts import item_ids
from prontocheck.relations.items import Item, as_written
from prontocheck.relations.schema import Schema, reverse


@slot_init
@dataclass(frozen=True, slots=True)
class Implied:
    """A label implied by other items.

    Attributes:
        value: ``True`` (Yes), ``False`` (No) or ``None`` (the others do not decide it).
        by: the ids of the items the implication rests on, in input order.
        skipped: not computed, because more facts rested on the item than the work budget allows.
    """

    value: bool | None
    by: tuple[str, ...] = ()
    skipped: bool = False

    def flipped(self, negated: bool) -> Implied:
        """The same implication about the negated question when ``negated``."""
        if not negated or self.value is None:
            return self
        return Implied(not self.value, self.by, self.skipped)


@slot_init
@dataclass(frozen=True, slots=True)
class Reversal:
    """An argument-reversed question that the set does not contain, with the label the set implies.

    Attributes:
        atom: the reversed canonical atom.
        of: the ids of the items whose atom it reverses.
        question: the question, from the relation's template (``None`` without one).
        implied: the label all the items imply for it.
        in_conflict: the implication rests on an item in an error or warning conflict, so it is
            not to be trusted until the conflict is resolved.
    """

    atom: Atom
    of: tuple[str, ...]
    question: str | None
    implied: Implied
    in_conflict: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"atom", "reverse_of", "question", "implied", "implied_by", "in_conflict"}``."""
        return {"atom": str(self.atom), "reverse_of": list(self.of), "question": self.question,
                "implied": self.implied.value, "implied_by": list(self.implied.by), "in_conflict": self.in_conflict}


def _ids(sources: Iterable[Hashable], order: Mapping[str, int], exclude: str | None = None) -> tuple[str, ...]:
    return tuple(i for i in item_ids(sources, order) if i != exclude)


def _fact_ids(closure: Closure, fact: Atom, order: Mapping[str, int], exclude: str | None = None) -> tuple[str, ...]:
    """``_ids(closure.support([fact]).sources, order, exclude)``; for a given fact with one item among its
    sources (most answers rest on one), the item itself, without the walk and the sort.
    """
    d = closure.derivation(fact)
    if d.rule is None:
        found = [s for s in d.sources if isinstance(s, str)]
        if len(found) <= 1:
            return tuple(i for i in found if i != exclude)
    return _ids(closure.support([fact]).sources, order, exclude)


def implied_atom(closure: Closure, atom: Atom, order: Mapping[str, int], *, ignoring: str | None = None,
                 shortcuts: bool = True) -> Implied:
    """What the closure implies about ``atom``, disregarding the denial by ``ignoring`` (if any);
    ``skipped`` when trying ``atom`` would grow the closure past its budget.

    ``shortcuts``: decide by a look-up or on reachability where :mod:`prontocheck.horn.orders` can (the same
    answers).
    """
    if atom in closure:
        return Implied(True, _fact_ids(closure, atom, order, ignoring))
    if shortcuts:
        ignored = () if ignoring is None else (ignoring,)
        v = closure.orders.converse_violation(atom, ignored)
        if v is not None:  # what the what-if finds first: atom's converse holds (atom adds no source)
            converse = v.facts[1] if v.facts[0] is atom else v.facts[0]  # (the other of the two facts)
            return Implied(False, _fact_ids(closure, converse, order, ignoring))
        if closure.orders.harmless(atom, ignored):
            return Implied(None)
    try:
        h = closure.what_if(atom, ignoring=() if ignoring is None else (ignoring,), limit=1)
    except BudgetExceeded:
        return Implied(None, skipped=True)
    if not h.violations:
        return Implied(None)
    v = h.violations[0]
    return Implied(False, _ids(closure.support(v.facts, h.derivations).sources | set(v.denied_by), order, ignoring))


def implied_item(closure: Closure, item: Item, order: Mapping[str, int], *, budget: int | None = None,
                 shortcuts: bool = True) -> Implied:
    """The label the *other* items imply for ``item``'s question (leave-one-out).

    Args:
        closure: the closure of all the items.
        item: the item left out.
        order: each item id's position in the input.
        budget: for a Yes item, the most derived facts to re-examine (see
            :meth:`~prontocheck.horn.closure.Closure.without`); over it, the result is ``skipped``.
        shortcuts: decide on reachability where :mod:`prontocheck.horn.orders` can (the same answers).
    """
    if item.value is not True:
        return implied_atom(closure, item.atom, order, ignoring=item.id, shortcuts=shortcuts).flipped(item.negated)
    seeds, denials = closure.seeds(item.id), closure.lost_denials(item.id)  # (once, for the three tries below)
    lost = closure.orders.lost(item.id, budget, seeds=seeds, denials=denials) if shortcuts else None
    if lost is not None:  # the item's fact no longer follows
        v = lost.violation
        if v is None:
            return Implied(None)
        return Implied(False, _ids(closure.support(v.facts).sources | set(v.denied_by), order, item.id)).flipped(
            item.negated)
    r = closure.orders.rederived(item.id, budget, seeds=seeds, denials=denials) if shortcuts else None
    if r is None:
        r = closure.without(item.id, budget=budget, seeds=seeds, denials=denials)
    if not r.complete:
        return Implied(None, skipped=True)
    if item.atom not in r.lost:
        found = Implied(True, _ids(closure.support([item.atom], r.derivations).sources, order, item.id))
    elif r.lost_violations:
        v = r.lost_violations[0]
        found = Implied(False, _ids(closure.support(v.facts).sources | set(v.denied_by), order, item.id))
    else:
        found = Implied(None)
    return found.flipped(item.negated)


def reversals(closure: Closure, schema: Schema, items: Iterable[Item], order: Mapping[str, int], *,
              shortcuts: bool = True) -> tuple[Reversal, ...]:
    """The argument-reversed questions of the items' binary atoms that no item asks, with their implied labels
    (``shortcuts``: as in :func:`implied_atom`).

    Relations declared ``"reversible": false`` (``must_be(rope, bendy)``) are skipped.
    """
    items = list(items)
    asked = {i.atom for i in items}
    wanted: dict[Atom, list[str]] = {}
    reversible: dict[str, bool] = {}  # by predicate (a few), not looked up item by item
    for item in items:
        if len(item.atom.args) != 2 or item.atom.args[0] == item.atom.args[1]:
            continue
        predicate = item.atom.predicate
        if predicate not in reversible:
            reversible[predicate] = schema.spec(predicate).reversible
        if not reversible[predicate]:
            continue
        r = reverse(item.atom)
        if r not in asked:
            wanted.setdefault(r, []).append(item.id)
    by_id = {i.id: i for i in items}
    out = []
    for atom, ids in wanted.items():
        phrases = {}  # each constant in the words of the first item that asks about it
        texts = [text for i in ids if (text := by_id[i].text)]
        for name in {a.name for a in atom.args}:  # (a term prints as its name)
            for text in texts:
                phrase = as_written(text, name)
                if phrase:
                    phrases[name] = phrase
                    break
        question = schema.question(atom, phrases)
        out.append(Reversal(atom, tuple(ids), question, implied_atom(closure, atom, order, shortcuts=shortcuts)))
    return tuple(out)
