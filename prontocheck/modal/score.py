"""Scoring model answers with the paper's metrics, overall and broken down.

Answers are JSON Lines records with ``id`` and ``answer`` (or ``response``/``output``/``prediction``):
the answer the reply commits to decides (its final answer, "Answer: yes", "So the answer is No.", a bolded
verdict, after any reasoning trace; else a Yes or No it opens with); anything else is *uncertain* and counts
as incorrect. Each answer is joined with its item by id (from an items file, or from the
generated grid), and the item is decided by the logic so that the figures can also be restricted to
*logically determinate* items (the logic licenses the item's gold answer under the semantics).

>>> read_answer(" **Yes**, it follows."), read_answer("no."), read_answer("It depends")
('Yes', 'No', None)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from prontocheck.common.stats import Rate
from prontocheck.common.streams import iter_lines, json_lines, open_text
from prontocheck.errors import BudgetExceeded, InputError, UnparseableSentence
from prontocheck.modal.arguments import read_argument
from prontocheck.modal.benchmark import generate, patterns
from prontocheck.modal.items import ItemError, ModalItem, ModalParseError, parse_item, read_items
from prontocheck.modal.metrics import (
    PairComparison,
    Scored,
    Summary,
    accuracy,
    by,
    compare_pairs,
    summarize,
    weightings,
)
from prontocheck.modal.questions import Answer, Form
from prontocheck.modal.semantics import DEFAULT, Semantics
from prontocheck.modal.validate import validate_item

ANSWER_FIELDS = ("answer", "response", "output", "prediction")
"""Where an answer record's text is looked for, in this order."""

CORE_PATTERNS = frozenset({"probably_might", "must_probably", "distribution_over_conjunction",
                           "chancy_disjunction_introduction", "conjunctivitis", "might_probably", "probably_certain"})
"""The paper's "conservative core": the three invalid patterns and the four most basic valid ones."""

# StrEnum members hash and compare as their values, so plain form strings look these up.
_PAIRED = {(Form.CORRECT, "prefix"): ("CORRECT", "prefix"), (Form.NOT_CORRECT, "not"): ("CORRECT", "not"),
           (Form.VALID, "prefix"): ("VALID", "prefix"), (Form.NOT_VALID, "not"): ("VALID", "not")}


def read_answer(text: object) -> Answer | None:
    """Read a model answer: the Yes or No it commits to (:func:`prontocheck.syntax.reading.reply_answer`: the final
    answer of a chain-of-thought reply, else a Yes or No it opens with), else ``None`` (uncertain).

    >>> read_answer("Mary was there, so Sue was. **Answer: yes**"), read_answer("No, it does not follow.")
    ('Yes', 'No')
    """
    from prontocheck.syntax.reading import reply_answer  # (the output reader: only when answers are scored)

    label = reply_answer(str(text)) if text is not None else None
    return None if label is None else "Yes" if label else "No"


@dataclass(frozen=True, slots=True)
class FormFigures:
    """One question form's figures.

    Attributes:
        summary: the paper's figures over the form's items.
        aff: accuracy on its affirmative questions.
        neg: accuracy on its negated questions.
        aff_minus_neg: affirmative − negated accuracy (the paper's Table 4 "PS" column).
    """

    summary: Summary
    aff: Rate
    neg: Rate
    aff_minus_neg: float | None

    def to_json(self) -> dict[str, Any]:
        """The summary plus ``aff``, ``neg``, ``aff_minus_neg``."""
        return {**self.summary.to_json(), "aff": self.aff.to_json(), "neg": self.neg.to_json(),
                "aff_minus_neg": self.aff_minus_neg}


@dataclass(frozen=True, slots=True)
class ScoreReport:
    """Everything ``modal score`` reports.

    Attributes:
        total: the paper's figures over all answers.
        by_form: per question form.
        negation: prefix vs *not* negation on matched pairs (CORRECT, VALID, both).
        by_origin: per name origin; ``origin_minus_letters`` gives accuracy minus the X/Y control's.
        origin_minus_letters: per origin, accuracy − letter-variable accuracy (``None`` without letters).
        by_gender: per gender of the names.
        by_activity: per activity.
        by_pattern: per pattern.
        by_template: per template.
        weightings: overall accuracy under the paper's five pooling schemes and their spread
            (:func:`~prontocheck.modal.metrics.weightings`).
        subsets: the same figures (without further subsets) on ``semantics_insensitive`` patterns,
            ``determinate`` items and the paper's ``core`` patterns.
        errors: answers that could not be scored, or items that could not be decided.
    """

    total: Summary
    by_form: dict[str, FormFigures]
    negation: list[PairComparison]
    by_origin: dict[str, Summary]
    origin_minus_letters: dict[str, float | None]
    by_gender: dict[str, Summary]
    by_activity: dict[str, Summary]
    by_pattern: dict[str, Summary]
    by_template: dict[str, Summary]
    weightings: dict[str, float | None] = field(default_factory=dict)
    subsets: dict[str, ScoreReport] = field(default_factory=dict)
    errors: list[ItemError] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Every figure, JSON-ready."""
        def table(d: Mapping[str, Summary]) -> dict[str, Any]:
            return {k: v.to_json() for k, v in d.items()}

        return {"total": self.total.to_json(), "by_form": {k: v.to_json() for k, v in self.by_form.items()},
                "negation": [p.to_json() for p in self.negation], "by_origin": table(self.by_origin),
                "origin_minus_letters": self.origin_minus_letters, "by_gender": table(self.by_gender),
                "by_activity": table(self.by_activity), "by_pattern": table(self.by_pattern),
                "by_template": table(self.by_template), "weightings": self.weightings,
                "subsets": {k: v.to_json() for k, v in self.subsets.items()},
                "errors": [e.to_json() for e in self.errors]}


def _pairs(items: Iterable[Scored]) -> list[PairComparison]:
    slots: dict[tuple[str, ...], dict[str, Scored]] = {}
    for x in items:
        paired = _PAIRED.get((x.form, x.negation))  # type: ignore[arg-type]
        key = (x.metadata.get("template"), x.metadata.get("group"), x.metadata.get("activity"))
        if paired is None or None in key:
            continue
        family, style = paired
        slots.setdefault((family, *map(str, key)), {})[style] = x
    pairs: dict[str, list[tuple[Scored, Scored]]] = {"CORRECT": [], "VALID": []}
    for (family, *_), pair in slots.items():
        if "prefix" in pair and "not" in pair:
            pairs[family].append((pair["prefix"], pair["not"]))
    return [compare_pairs("CORRECT", pairs["CORRECT"]), compare_pairs("VALID", pairs["VALID"]),
            compare_pairs("all", pairs["CORRECT"] + pairs["VALID"])]


def score(items: Iterable[Scored], *, subsets: bool = True, errors: Iterable[ItemError] = ()) -> ScoreReport:
    """All the figures over scored answers (any number, including none).

    Args:
        items: the scored answers.
        subsets: also compute the ``semantics_insensitive``, ``determinate`` and ``core`` subsets.
        errors: problems to carry into the report.
    """
    items = list(items)
    forms: dict[str, FormFigures] = {}
    for form, summary in by(items, lambda x: x.form or None).items():
        aff = accuracy(x for x in items if x.form == form and x.polarity == "aff")
        neg = accuracy(x for x in items if x.form == form and x.polarity == "neg")
        diff = None if aff.value is None or neg.value is None else aff.value - neg.value
        forms[form] = FormFigures(summary, aff, neg, diff)
    origins = by(items, lambda x: x.metadata.get("origin"))
    letters = origins.get("letters")
    base = None if letters is None else letters.accuracy.value
    minus = {k: (None if base is None or v.accuracy.value is None else v.accuracy.value - base)
             for k, v in origins.items() if k != "letters"}
    report = ScoreReport(
        summarize(items), forms, _pairs(items), origins, minus, by(items, lambda x: x.metadata.get("gender")),
        by(items, lambda x: x.metadata.get("activity")), by(items, lambda x: x.metadata.get("pattern")),
        by(items, lambda x: x.metadata.get("template")), weightings(items), errors=list(errors))
    if subsets:
        chosen = {
            "semantics_insensitive": [x for x in items if x.metadata.get("semantics_sensitive") is False],
            "determinate": [x for x in items if x.metadata.get("determinate") is True],
            "core": [x for x in items if x.metadata.get("pattern") in CORE_PATTERNS],
        }
        report.subsets.update({k: score(v, subsets=False) for k, v in chosen.items()})
    return report


def _scored(record: Mapping[str, Any], item: ModalItem, semantics: Semantics) -> tuple[Scored, ItemError | None]:
    if item.gold is None:
        raise InputError("answers", None, f"item {item.id!r} has no gold answer")
    text = next((record[k] for k in ANSWER_FIELDS if k in record), None)
    meta = dict(item.metadata)
    meta["pattern"] = item.pattern
    registered = patterns().get(item.pattern or "")
    if "semantics_sensitive" not in meta and registered is not None:
        meta["semantics_sensitive"] = registered.semantics_sensitive
    problem = None
    form, polarity, negation = item.form, item.polarity, meta.get("negation")
    try:
        _, question = parse_item(item)
        form = form or str(question.form)
        polarity = polarity or question.polarity
        negation = negation or question.negation
        [result] = validate_item(item, [semantics])
        meta["determinate"] = result.gold_status == "licensed"
    except (ModalParseError, BudgetExceeded) as e:  # scored all the same, reported with its reason
        problem = ItemError(item.id, e, item)
        if item.prompt is not None and polarity is None:
            with suppress(UnparseableSentence):  # an argument's wrapper says what is asked, read or not
                form, polarity = form or str(read_argument(item.prompt).form), "aff"
    if polarity is None:
        raise InputError("answers", None, f"item {item.id!r}: no polarity (and its question does not parse)")
    valid = meta.get("valid")
    if not isinstance(valid, bool):
        valid = registered.valid if registered is not None else (item.gold == "Yes") == (polarity == "aff")
    return Scored(item.id, read_answer(text), item.gold, valid, polarity, form or "", negation or "none", meta), problem


def grid_items() -> dict[str, ModalItem]:
    """The generated grid's items by id (what answers are joined with by default)."""
    return {g.id: ModalItem.from_json(g.to_json()) for g in generate()}


def score_records(answers: Iterable[Mapping[str, Any]], items: Mapping[str, ModalItem] | None = None,
                  semantics: Semantics = DEFAULT) -> Iterator[Scored | ItemError]:
    """Join answer records with their items and score them; problems come out as :class:`ItemError`.

    An answer whose id is not among ``items`` is scored as its own item when it carries one
    (``prompt`` or ``premises`` + ``question``, and ``gold``).
    """
    for record in answers:
        item_id = str(record.get("id"))
        try:
            item = items.get(item_id) if items is not None else None
            if item is None:
                if "gold" not in record:
                    raise InputError("answers", None, f"unknown item id {item_id!r} (and no gold label given)")
                item = ModalItem.from_json(record, file="answers")
            scored, problem = _scored(record, item, semantics)
        except InputError as e:
            yield ItemError(item_id, e)
            continue
        yield scored
        if problem is not None:
            yield problem


def read_answers(path: str) -> Iterator[dict[str, Any] | ItemError]:
    """Stream the records of an answers file (JSON Lines; ``-`` is standard input)."""
    with open_text(path) as stream:
        for line_no, line, obj, error in json_lines(enumerate(iter_lines(stream, path), start=1)):
            if error is not None:
                yield ItemError(None, InputError(path, line_no, f"not JSON ({error.msg} at column {error.colno})"))
                continue
            if not isinstance(obj, dict) or "id" not in obj:
                reason = f"expected an object with an 'id', got {line.strip()!r}"
                yield ItemError(None, InputError(path, line_no, reason))
                continue
            yield obj


def score_file(answers_path: str, items_path: str | None = None, semantics: Semantics = DEFAULT) -> ScoreReport:
    """Score an answers file against an items file (default: the generated grid).

    Raises:
        InputError: a file cannot be read at all.
    """
    errors: list[ItemError] = []
    items: dict[str, ModalItem] = {}
    for x in read_items(items_path) if items_path is not None else grid_items().values():
        if isinstance(x, ItemError):
            errors.append(x)
        else:
            items[x.id] = x
    records = []
    for r in read_answers(answers_path):
        if isinstance(r, ItemError):
            errors.append(r)
        else:
            records.append(r)
    scored = []
    for s in score_records(records, items, semantics):
        if isinstance(s, ItemError):
            errors.append(s)
        else:
            scored.append(s)
    return score(scored, errors=errors)
