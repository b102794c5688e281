"""Scoring models on EWoK as its paper does: two comparisons per item, accuracy per domain and overall.

Each EWoK item makes two comparisons: Target1 should fit Context1 better than Context2, and Target2
Context2 better than Context1. A model's result for an item is a JSON record with the item's ``id``
(optionally ``model`` and ``domain``) and one of the paper's three measures:

* **LogProbs**: log p(Tj | Ci) of the four combinations, as ``logprobs: {"C1T1": …, "C1T2": …, "C2T1": …,
  "C2T2": …}`` or flat keys ``logp_C1_T1`` (also ``logprob_…``, ``lp_…``; separators optional). A comparison is
  right when the target is more probable under its own context, wrong when less; a tie is half right.
* **Likert**: plausibility ratings (1–5) of the four combinations, ``likert: {"C1T1": 4, …}`` or ``likert_C1_T1``.
  Scored as LogProbs, a tie half right (the paper's metric, which keeps a 50% floor for a context-insensitive
  rater; ``ties`` counts them).
* **Choice**: the context chosen for each target, ``choice: {"T1": 1, "T2": 2}`` or ``choice_T1`` (``1``, ``2``,
  ``"C1"``, ``"Context2"``): right when it is the target's own.

Accuracy is the share of right comparisons (ties counted half), with a Wilson 95% interval over the
comparisons, overall and per domain, per model. With the items (``analyze_pair`` results), a comparison in
which the model prefers a context that the relation schema says contradicts the target, or passes over one
that entails it while the preferred one does not, is listed with the derivation.

>>> r = score_ewok([{"id": "a", "domain": "spatial-relations", "logprobs": {"C1T1": -3, "C2T1": -5,
...                                                                           "C1T2": -4, "C2T2": -4}}])
>>> m = r.models["(model)"]
>>> m.overall.successes, m.overall.n, m.ties, m.by_domain["spatial-relations"].value
(1.5, 2, 1, 0.75)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from prontocheck.common.stats import Rate
from prontocheck.relations.errors import ItemError, LabelError
from prontocheck.relations.ewok import PairResult, Verdict

DEFAULT_MODEL = "(model)"
"""The model of records that do not name one."""


class Measure(StrEnum):
    """How a model's preference was measured (the EWoK paper's three)."""

    LOGPROBS = "logprobs"
    LIKERT = "likert"
    CHOICE = "choice"


_PREFIX = {Measure.LOGPROBS: r"(?:logp|logprob|logprobs|log_prob|log_probs|lp)", Measure.LIKERT: r"(?:likert|rating)"}
_SEP = r"[_\-. ]?"
_CELL = re.compile(rf"c(?:ontext)?{_SEP}([12]){_SEP}t(?:arget)?{_SEP}([12])", re.IGNORECASE)
_FLAT = {m: re.compile(rf"{p}{_SEP}c(?:ontext)?{_SEP}([12]){_SEP}t(?:arget)?{_SEP}([12])", re.IGNORECASE)
         for m, p in _PREFIX.items()}
_CHOICE_KEY = re.compile(rf"(?:choice{_SEP})?t(?:arget)?{_SEP}([12])", re.IGNORECASE)
_FLAT_CHOICE = re.compile(rf"choice{_SEP}t(?:arget)?{_SEP}([12])", re.IGNORECASE)
_CONTEXT = re.compile(r"(?:c|context)? ?([12])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Comparison:
    """One target compared across the two contexts.

    Attributes:
        item: the item's id.
        target: 1 or 2.
        score: 1 (the target's own context preferred), 0 (the other), 0.5 (a tie).
        preferred: the context preferred (``None`` for a tie).
    """

    item: str
    target: int
    score: float
    preferred: int | None


@dataclass(frozen=True, slots=True)
class Result:
    """A model's result on one item.

    Attributes:
        id: the item's id.
        model: the model.
        domain: the item's domain (from the record, else from the items), if known.
        measure: how the preferences were measured.
        comparisons: the two comparisons (Target1, then Target2).
    """

    id: str
    model: str
    domain: str | None
    measure: Measure
    comparisons: tuple[Comparison, Comparison]


def _cells(record: Mapping[str, Any], measure: Measure) -> dict[tuple[int, int], float] | None:
    """The four (context, target) values of a LogProbs or Likert record, or None when it has none."""
    found: dict[tuple[int, int], Any] = {}
    nested = next((record[k] for k in record if isinstance(k, str) and re.fullmatch(_PREFIX[measure], k, re.I)
                   and isinstance(record[k], Mapping)), None)
    if nested is not None:
        for key, value in nested.items():
            if (m := _CELL.fullmatch(str(key))) is not None:
                found[int(m.group(1)), int(m.group(2))] = value
    for key, value in record.items():
        if isinstance(key, str) and (m := _FLAT[measure].fullmatch(key)) is not None:
            found[int(m.group(1)), int(m.group(2))] = value
    if not found:
        return None
    missing = [f"C{c}T{t}" for c in (1, 2) for t in (1, 2) if (c, t) not in found]
    if missing:
        raise LabelError(record, f"{measure.value}: no value for {', '.join(missing)}")
    for (c, t), value in found.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            raise LabelError(value, f"{measure.value} C{c}T{t} must be a number, got {value!r}")
    return {k: float(v) for k, v in found.items()}


def _choices(record: Mapping[str, Any]) -> dict[int, int] | None:
    """The context chosen for each target, or None when the record has no choice."""
    raw: dict[int, Any] = {}
    nested = record.get("choice", record.get("choices"))
    if isinstance(nested, Mapping):
        for key, value in nested.items():
            if (m := _CHOICE_KEY.fullmatch(str(key))) is not None:
                raw[int(m.group(1))] = value
    for key, value in record.items():
        if isinstance(key, str) and (m := _FLAT_CHOICE.fullmatch(key)) is not None:
            raw[int(m.group(1))] = value
    if not raw:
        return None
    out: dict[int, int] = {}
    for target in (1, 2):
        if target not in raw:
            raise LabelError(record, f"choice: no context chosen for T{target}")
        value = raw[target]
        m = _CONTEXT.fullmatch(str(value).strip()) if not isinstance(value, bool) else None
        if m is None:
            raise LabelError(value, f"choice for T{target} must be 1 or 2 (or C1, Context2), got {value!r}")
        out[target] = int(m.group(1))
    return out


def result_of(record: Mapping[str, Any], domains: Mapping[str, str | None] | None = None) -> Result:
    """A model's result on one item, from its record (see the module doc).

    Raises:
        LabelError: no id, no measure or more than one, or a malformed value (named).
    """
    item = record.get("id", record.get("item"))
    if item is None:
        raise LabelError(record, "a result needs the item's 'id'")
    item = str(item)
    found: list[tuple[Measure, Any]] = []
    for measure in (Measure.LOGPROBS, Measure.LIKERT):
        cells = _cells(record, measure)
        if cells is not None:
            found.append((measure, cells))
    choices = _choices(record)
    if choices is not None:
        found.append((Measure.CHOICE, choices))
    if len(found) != 1:
        what = "no log-probabilities, Likert ratings or choices" if not found else \
            f"more than one measure ({', '.join(m.value for m, _ in found)})"
        raise LabelError(record, what)
    measure, values = found[0]
    comparisons = []
    for target in (1, 2):
        if measure is Measure.CHOICE:
            preferred: int | None = values[target]
        else:
            own, other = values[target, target], values[3 - target, target]
            preferred = target if own > other else 3 - target if own < other else None
        score = 0.5 if preferred is None else float(preferred == target)
        comparisons.append(Comparison(item, target, score, preferred))
    domain = record.get("domain")
    if not isinstance(domain, str):
        domain = (domains or {}).get(item)
    model = record.get("model")
    return Result(item, DEFAULT_MODEL if model is None else str(model), domain, measure,
                  (comparisons[0], comparisons[1]))


@dataclass(frozen=True, slots=True)
class Against:
    """A comparison in which a model's preference goes against what the schema derives.

    Attributes:
        model: the model.
        item: the item's id.
        target: 1 or 2.
        preferred: the context the model preferred.
        verdicts: what each context says about the target (context 1, context 2).
        derivation: the derivation behind the verdict the preference goes against, one line per step.
    """

    model: str
    item: str
    target: int
    preferred: int
    verdicts: tuple[str, str]
    derivation: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """All fields."""
        return {"model": self.model, "item": self.item, "target": self.target, "preferred": self.preferred,
                "verdicts": list(self.verdicts), "derivation": list(self.derivation)}


@dataclass(slots=True)
class ModelScore:
    """One model's figures.

    Attributes:
        overall: right comparisons (ties half) over all comparisons, with its Wilson interval.
        by_domain: the same per domain (items of unknown domain under ``(unknown)``).
        items: how many items; ``both_right``: of them, how many have both comparisons right.
        ties: comparisons with no preference.
        measures: how many items each measure scored.
    """

    overall: Rate = field(default_factory=lambda: Rate(0, 0))
    by_domain: dict[str, Rate] = field(default_factory=dict)
    items: int = 0
    both_right: int = 0
    ties: int = 0
    measures: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Rates as ``{"value", "ci95", "n", "successes"}`` (successes count a tie as half)."""
        return {"overall": self.overall.to_json(), "by_domain": {k: v.to_json() for k, v in self.by_domain.items()},
                "items": self.items, "both_right": self.both_right, "ties": self.ties, "measures": self.measures}


@dataclass(slots=True)
class EwokScore:
    """Every model's figures, the comparisons against a derivation, and the records that could not be scored.

    Attributes:
        models: per model, its figures.
        against: the comparisons in which a model's preference goes against a derivation.
        errors: the result records that could not be scored.
        unanalysed: how many items the relation schema could not read (no derivation to compare with).
    """

    models: dict[str, ModelScore] = field(default_factory=dict)
    against: list[Against] = field(default_factory=list)
    errors: list[ItemError] = field(default_factory=list)
    unanalysed: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"models": {…}, "against_derivation": […], "unanalysed_items", "errors": […]}``."""
        return {"models": {k: v.to_json() for k, v in self.models.items()},
                "against_derivation": [a.to_json() for a in self.against], "unanalysed_items": self.unanalysed,
                "errors": [e.to_json() for e in self.errors]}


UNKNOWN_DOMAIN = "(unknown)"


def _against(result: Result, pair: PairResult) -> Iterator[Against]:
    verdict = {(c.context, c.target): c for c in pair.cells}
    for comparison in result.comparisons:
        preferred = comparison.preferred
        if preferred is None:
            continue
        target, other = comparison.target, 3 - preferred
        chosen, passed = verdict[preferred, target], verdict[other, target]
        if chosen.verdict is Verdict.CONTRADICTED:
            cell = chosen
        elif passed.verdict is Verdict.ENTAILED and chosen.verdict is not Verdict.ENTAILED:
            cell = passed
        else:
            continue
        yield Against(result.model, result.id, target, preferred,
                      (verdict[1, target].verdict.value, verdict[2, target].verdict.value),
                      tuple(str(s) for s in cell.steps))


def score_ewok(records: Iterable[Mapping[str, Any] | ItemError], pairs: Mapping[str, PairResult] | None = None,
               domains: Mapping[str, str | None] | None = None) -> EwokScore:
    """Score model results (see the module doc); a bad record is an error in its place, never a stop.

    Args:
        records: the result records (or errors from reading them).
        pairs: the items' analyses (:func:`~prontocheck.relations.ewok.analyze_pair`) by id, for the comparisons
            against a derivation (and their domains).
        domains: item id → domain, for records that do not carry one.
    """
    domains = {**{k: p.domain for k, p in (pairs or {}).items()}, **(domains or {})}
    out = EwokScore()
    sums: dict[str, list[float]] = {}
    by_domain: dict[tuple[str, str], list[float]] = {}
    for number, record in enumerate(records, 1):
        if isinstance(record, ItemError):
            out.errors.append(record)
            continue
        try:
            result = result_of(record, domains)
        except LabelError as e:
            out.errors.append(ItemError(str(record.get("id", f"record {number}")), number, str(e)))
            continue
        model = out.models.setdefault(result.model, ModelScore())
        model.items += 1
        model.measures[result.measure.value] = model.measures.get(result.measure.value, 0) + 1
        scores = [c.score for c in result.comparisons]
        model.both_right += all(s == 1 for s in scores)
        model.ties += sum(s == 0.5 for s in scores)
        sums.setdefault(result.model, []).extend(scores)
        by_domain.setdefault((result.model, result.domain or UNKNOWN_DOMAIN), []).extend(scores)
        if pairs is not None and result.id in pairs:
            out.against.extend(_against(result, pairs[result.id]))
    for name, scores in sums.items():
        out.models[name].overall = Rate(sum(scores), len(scores))
    for (name, domain), scores in sorted(by_domain.items()):
        out.models[name].by_domain[domain] = Rate(sum(scores), len(scores))
    return out
