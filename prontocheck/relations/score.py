"""Scoring model answers to relational questions: accuracy per relation against ART's human
reference intervals (Table 3), reversal consistency, and the global consistency of the answers.

An answer record is ``{"model", "item", "answer"}`` (``answer`` a boolean or "yes"/"no"; free text in it, or
``raw``, is read as ``modal score`` reads replies: a reply that commits to neither Yes nor No is *uncertain*).
``item`` names an item of the items file; a record may instead carry the item itself (``question`` or ``atom``,
``category``, ``gold``) under ``id``.

>>> ref = art_reference()["necessary_quality"]
>>> ref.reference, ref.position(19, 20), ref.position(11, 20), ref.position(15, 20)
((13, 18), 'above', 'below', 'within')
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from prontocheck._resources import resource
from prontocheck.common.stats import Rate
from prontocheck.errors import UsageError
from prontocheck.relations.choices import REFERENCES as REFERENCES  # (ART's Table 3's blocks)
from prontocheck.relations.errors import ItemError, LabelError, quoted
from prontocheck.relations.items import TEXT_KEYS, Item, as_bool, item_from_record, read_records
from prontocheck.relations.loading import shipped_schema
from prontocheck.relations.schema import Schema, reverse
from prontocheck.relations.validate import Validation, validate


@dataclass(frozen=True, slots=True)
class Reference:
    """One row of ART's Table 3.

    Attributes:
        label: the measure as printed (``"Order of size"``).
        potential: the range of correct answers possible (``(0, 20)``).
        reference: the human reference interval: where 95% of the subjects' scores fall.
        models: the paper's scores of GPT-3 models and ChatGPT on the measure.
    """

    label: str
    potential: tuple[int, int]
    reference: tuple[int, int]
    models: Mapping[str, int]

    def position(self, correct: int, n: int) -> str:
        """``"within"``, ``"below"`` or ``"above"`` the reference interval (the paper's green and pink).

        With ``n`` equal to the potential maximum the counts are compared as printed; otherwise the
        accuracy is compared with the interval scaled to proportions of that maximum.
        """
        if n <= 0:
            raise UsageError(f"need answers to place a score, got n={n}")
        top = self.potential[1]
        low, high = (self.reference if n == top else (self.reference[0] * n / top, self.reference[1] * n / top))
        return "below" if correct < low else "above" if correct > high else "within"


@cache
def art_reference(block: str = "full") -> Mapping[str, Reference]:
    """The rows of ART's Table 3 for a block (``"full"`` or ``"common_sense"``), by category
    (``order_of_size``; ``art_a`` and ``art_b`` for the sections).
    """
    if block not in REFERENCES:
        raise UsageError(f"unknown reference block {quoted(block)}; expected one of {REFERENCES}")
    doc = json.loads(resource("ontologies", "relations/art_table3.json").read_text("utf-8"))
    return {key: Reference(row["label"], tuple(row["potential"]), tuple(row["reference"]), row["models"])
            for key, row in doc["blocks"][block].items()}


@dataclass(frozen=True, slots=True)
class Answer:
    """A model's answer to an item.

    Attributes:
        model: the model's name (``"model"`` when the record has none).
        item: the item's id.
        answer: ``True`` for Yes, ``False`` for No, ``None`` for an *uncertain* answer (a reply that commits to
            neither: counted incorrect, as ``modal score`` counts it).
        line: the record's line (JSONL) or number.
    """

    model: str
    item: str
    answer: bool | None
    line: int | None = None


def answer_value(record: Mapping[str, Any]) -> bool | None:
    """The answer of a record: ``answer`` (boolean, "yes"/"no"), else the Yes or No that ``raw`` (or a free-text
    ``answer``) commits to, read as ``modal score`` reads replies (:func:`prontocheck.syntax.reading.reply_answer`:
    a chain-of-thought reply's final answer, else a Yes or No it opens with); ``None`` when the reply commits to
    neither (*uncertain*, as ``modal score`` calls it: counted incorrect, never a bad record).

    Raises:
        LabelError: no answer at all, or an ``answer`` that is neither a boolean nor text.

    >>> answer_value({"raw": "Yes, it is."}), answer_value({"answer": False}), answer_value({"raw": "I think so."})
    (True, False, None)
    >>> answer_value({"raw": "A chair is bigger, so no. Final answer: **Yes**"})
    True
    """
    answer = record.get("answer")
    free_text = isinstance(answer, str) and answer.strip().lower() not in ("yes", "no", "true", "false")
    if answer is not None and not free_text:
        return as_bool(answer, "answer")
    raw = answer if free_text else record.get("raw")
    if isinstance(raw, str) and raw.strip():
        from prontocheck.syntax.reading import reply_answer  # (the output reader: only for free-text answers)

        return reply_answer(raw)
    raise LabelError(None, "no 'answer' (true/false) and no 'raw' text")


def read_answers(path: str | Path, schema: Schema | None = None) -> Iterator[Answer | Item | ItemError]:
    """Read an answers file; a self-contained record also yields its :class:`Item` (first).

    Raises:
        InputError: the file as a whole cannot be read.
    """
    schema = schema or shipped_schema()
    for number, record in read_records(path):
        if isinstance(record, ItemError):
            yield record.located(str(path))
            continue
        item_id = record.get("item", record.get("id"))
        try:
            if item_id is None:
                raise LabelError(None, "no 'item' id")
            if any(record.get(k) is not None for k in (*TEXT_KEYS, "atom")):
                yield item_from_record({**record, "id": item_id}, schema, line=number)
            yield Answer(str(record.get("model", "model")), str(item_id), answer_value(record), number)
        except LabelError as e:
            yield ItemError(None if item_id is None else str(item_id), number, str(e), str(path))
        except ItemError as e:
            yield e.located(str(path))


@dataclass(frozen=True, slots=True)
class CategoryScore:
    """Accuracy on one category, placed against the human reference interval when ART has one.

    Attributes:
        category: the category (``order_of_size``), or the relation for items without one.
        rate: correct answers out of answered items with a gold label.
        reference: the Table 3 row, if any.
        position: ``"within"``, ``"below"`` or ``"above"`` the reference interval, or ``None``.
    """

    category: str
    rate: Rate
    reference: Reference | None = None
    position: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Accuracy, counts, Wilson interval and the reference comparison."""
        ref = self.reference
        return {"category": self.category, **self.rate.to_json(),
                "reference": None if ref is None else {"label": ref.label, "interval": list(ref.reference),
                                                       "of": ref.potential[1]},
                "position": self.position}


@dataclass(frozen=True, slots=True)
class PairCheck:
    """Two answers that must agree (or not both be Yes) under the relation algebra.

    Attributes:
        kind: ``asymmetric_both_yes``, ``symmetric_mismatch`` or ``converse_mismatch``.
        items: the two item ids.
        atoms: their canonical atoms.
        answers: the truth values the answers give those atoms.
    """

    kind: str
    items: tuple[str, str]
    atoms: tuple[str, str]
    answers: tuple[bool, bool]

    @property
    def inconsistent(self) -> bool:
        """Whether the two answers break the relation's property."""
        if self.kind == "asymmetric_both_yes":
            return self.answers == (True, True)
        return self.answers[0] != self.answers[1]

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "items", "atoms", "answers", "inconsistent"}``."""
        return {"kind": self.kind, "items": list(self.items), "atoms": list(self.atoms),
                "answers": list(self.answers), "inconsistent": self.inconsistent}


PAIR_KINDS = ("asymmetric_both_yes", "symmetric_mismatch", "converse_mismatch")
"""Reversal checks: both Yes on an asymmetric relation and its reversal (ART's reversal test);
different answers on a symmetric relation and its reversal; different answers on the same atom
asked two ways (smaller/bigger, left/right)."""


def reversal_pairs(items: Iterable[Item], answers: Mapping[str, bool | None],
                   schema: Schema) -> tuple[PairCheck, ...]:
    """Every pair of answered items that the algebra relates: same atom, or reversed arguments of
    a symmetric or (strictly or softly) asymmetric relation (an uncertain answer claims nothing: it pairs with none).
    """
    by_atom: dict[Any, list[Item]] = defaultdict(list)
    order: dict[str, int] = {}
    for item in items:
        if answers.get(item.id) is not None:
            by_atom[item.atom].append(item)
            order[item.id] = len(order)
    pairs: list[PairCheck] = []

    def check(kind: str, a: Item, b: Item) -> None:
        a, b = sorted((a, b), key=lambda i: order[i.id])
        value = (bool(answers[a.id]) != a.negated, bool(answers[b.id]) != b.negated)
        pairs.append(PairCheck(kind, (a.id, b.id), (str(a.atom), str(b.atom)), value))

    for atom, group in by_atom.items():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                check("converse_mismatch", a, b)
        if len(atom.args) != 2 or atom.args[0] == atom.args[1]:
            continue
        others = by_atom.get(reverse(atom), [])
        spec = schema.spec(atom.predicate)
        kind = ("symmetric_mismatch" if spec.has("symmetric") else
                "asymmetric_both_yes" if spec.has("asymmetric") or spec.has("antisymmetric") else None)
        if kind is None or str(atom) > str(reverse(atom)):  # each unordered pair once
            continue
        for a in group:
            for b in others:
                check(kind, a, b)
    return tuple(sorted(pairs, key=lambda p: (order[p.items[0]], order[p.items[1]])))


@dataclass(frozen=True, slots=True)
class ModelScore:
    """One model's scores.

    Attributes:
        model: the model's name.
        accuracy: over all answered items with a gold label (an uncertain answer counts incorrect).
        uncertain: the share of those answers that commit to neither Yes nor No.
        categories: per category, with Table 3 positions.
        section_b: the composite over the 16 ART relations, against ART Section B (if any answered).
        pairs: every related pair of answers (see :data:`PAIR_KINDS`).
        consistency: the validation of the answers as labels (the model as the annotator).
    """

    model: str
    accuracy: Rate
    uncertain: Rate
    categories: tuple[CategoryScore, ...]
    section_b: CategoryScore | None
    pairs: tuple[PairCheck, ...]
    consistency: Validation

    def reversal_summary(self) -> dict[str, dict[str, Any]]:
        """Per pair kind: pairs, inconsistent ones, their rate; and both-No pairs of asymmetric relations."""
        out = {}
        for kind in PAIR_KINDS:
            mine = [p for p in self.pairs if p.kind == kind]
            bad = sum(p.inconsistent for p in mine)
            out[kind] = {"pairs": len(mine), "inconsistent": bad, "rate": bad / len(mine) if mine else None}
        both_no = sum(p.answers == (False, False) for p in self.pairs if p.kind == "asymmetric_both_yes")
        out["asymmetric_both_yes"]["both_no"] = both_no
        return out

    def to_json(self) -> dict[str, Any]:
        """The model's part of the ``--format json`` summary."""
        summary = self.consistency.summary()
        return {"model": self.model, "accuracy": self.accuracy.to_json(), "uncertain": self.uncertain.to_json(),
                "categories": [c.to_json() for c in self.categories],
                "section_b": None if self.section_b is None else self.section_b.to_json(),
                "reversal": self.reversal_summary(),
                "consistency": {k: summary[k] for k in ("n_items", "n_conflicts", "conflicts_by_severity",
                                                        "items_in_conflict", "consistent", "recheck",
                                                        "budget_exceeded")}}


def _category(item: Item, schema: Schema) -> str:
    if item.category:
        return item.category
    spec = schema.spec(item.atom.predicate)
    return spec.categories[0] if spec.categories else spec.name


def _placed(category: str, correct: int, n: int, reference: Mapping[str, Reference]) -> CategoryScore:
    ref = reference.get(category)
    return CategoryScore(category, Rate(correct, n), ref, ref.position(correct, n) if ref is not None and n else None)


def score_model(model: str, answers: Mapping[str, bool | None], items: Mapping[str, Item], schema: Schema, *,
                reference: str = "full") -> ModelScore:
    """Score one model's answers (item id → Yes/No) on the items they answer."""
    table = art_reference(reference)
    answered = [items[i] for i in answers if i in items]
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    art_b = [0, 0]
    unsure = 0
    for item in answered:
        if item.gold is None:
            continue
        unsure += answers[item.id] is None
        correct = int(answers[item.id] == item.gold)
        category = _category(item, schema)
        tally[category][0] += correct
        tally[category][1] += 1
        if category in table and category not in ("art_a", "art_b"):
            art_b[0] += correct
            art_b[1] += 1
    categories = tuple(_placed(c, k, n, table) for c, (k, n) in sorted(tally.items()))
    total = Rate(sum(k for k, _ in tally.values()), sum(n for _, n in tally.values()))
    section_b = _placed("art_b", art_b[0], art_b[1], table) if art_b[1] else None
    as_labels = [replace(item, gold=answers[item.id]) for item in answered]
    consistency = validate(as_labels, schema, implied=False, with_reversals=False)
    return ModelScore(model, total, Rate(unsure, total.n), categories, section_b,
                      reversal_pairs(answered, answers, schema), consistency)


@dataclass(frozen=True, slots=True)
class ScoreReport:
    """The result of :func:`score`.

    Attributes:
        models: one score per model, in the order the models first appear.
        errors: the records that could not be used, each naming its item.
        reference: the Table 3 block compared with.
        items: the items answered, with their gold labels.
    """

    models: tuple[ModelScore, ...]
    errors: tuple[ItemError, ...]
    reference: str = "full"
    items: Mapping[str, Item] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        """The ``--format json`` summary."""
        return {"reference": self.reference, "n_errors": len(self.errors),
                "models": [m.to_json() for m in self.models],
                "errors": [e.to_json() for e in self.errors]}

    def lines(self) -> Iterator[dict[str, Any]]:
        """One JSON-ready record per answer (its correctness and its conflicts), then the bad records."""
        for m in self.models:
            for r in m.consistency.results:
                gold = self.items[r.item.id].gold
                yield {"model": m.model, "item": r.item.id, "answer": r.item.gold, "gold": gold,
                       "correct": None if gold is None else gold == r.item.gold, "category": r.item.category,
                       "atom": str(r.item.atom), "status": r.status,
                       "severity": None if r.severity is None else r.severity.value,
                       "conflicts": [c.to_json(steps=False) for c in r.conflicts]}
        for e in self.errors:
            yield {"item": e.item, "file": e.file, "line": e.line, "status": "error", "error": e.reason}


def score(records: Iterable[Answer | Item | ItemError], items: Iterable[Item | ItemError] = (),
          schema: Schema | None = None, *, reference: str = "full") -> ScoreReport:
    """Score answers (from :func:`read_answers`) against items (from ``read_items``, or carried by the answers).

    An answer to an unknown item, or a second answer of a model to one item, is an error record.
    """
    schema = schema or shipped_schema()
    art_reference(reference)  # reject a bad block name before any work
    known: dict[str, Item] = {}
    errors: list[ItemError] = []
    per_model: dict[str, dict[str, bool | None]] = defaultdict(dict)
    for entry in (*items, *records):
        if isinstance(entry, ItemError):
            errors.append(entry)
        elif isinstance(entry, Item):
            known.setdefault(entry.id, entry)
        elif entry.item not in known:
            errors.append(ItemError(entry.item, entry.line, "the answer names no known item"))
        elif entry.item in per_model[entry.model]:
            errors.append(ItemError(entry.item, entry.line, f"a second answer of model {quoted(entry.model)}"))
        else:
            per_model[entry.model][entry.item] = entry.answer
    models = tuple(score_model(m, a, known, schema, reference=reference) for m, a in per_model.items())
    return ScoreReport(models, tuple(errors), reference, known)
