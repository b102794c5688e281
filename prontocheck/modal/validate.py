"""Validating gold labels: parse each item, decide it under each semantics, compare with its gold.

An item's gold label is *licensed* when the logic gives the same definite answer, *contradicted*
when it gives the other one, and *undetermined* when a proposition-level question's proposition
is neither entailed nor refuted (see :mod:`prontocheck.modal.questions`).

>>> from prontocheck.modal.items import ModalItem
>>> item = ModalItem("q", prompt="X might be there. Is it false that it is probable that X will be there?", gold="Yes")
>>> [r] = validate_item(item)
>>> r.judgement.verdict, r.answer, r.gold_status
('undetermined', None, 'undetermined')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from prontocheck.common.decode import option_document
from prontocheck.errors import BudgetExceeded, UsageError
from prontocheck.logic.modal import ModalFormula
from prontocheck.modal.decide import Judgement, abstract, decide, judge
from prontocheck.modal.items import ItemError, ModalItem, ModalParseError, read_items
from prontocheck.modal.postulates import Postulate, instances
from prontocheck.modal.questions import Answer, Question
from prontocheck.modal.reading import Reading, read_item
from prontocheck.modal.semantics import DEFAULT, Semantics

GoldStatus = Literal["licensed", "contradicted", "undetermined", "inconsistent"]
"""How the logic stands to a gold label (``inconsistent``: the premises have no model, so they entail anything and
license no label)."""

STATUSES: tuple[GoldStatus, ...] = ("licensed", "contradicted", "undetermined", "inconsistent")

UNKNOWN = "(unknown)"
"""The pattern of an item that does not name one."""


def _status(consistent: bool, answer: Answer | None, gold: Answer) -> GoldStatus:
    """How a decision stands to a gold label: on premises without a model, ``inconsistent``; else as its licensed
    answer (``None``: undetermined) does.
    """
    if not consistent:
        return "inconsistent"
    return "undetermined" if answer is None else "licensed" if answer == gold else "contradicted"


@dataclass(frozen=True, slots=True)
class ItemResult:
    """One item decided under one semantics.

    Attributes:
        item: the input item.
        reading: the item's premises and question (see :mod:`prontocheck.modal.reading`).
        decision: the judgement of the item's abstract form (atoms ``a(x)``, ``b(x)``, …), with both verified
            certificates: the verdict, and the answer, are its.
        postulates: the meaning postulates' instances added to the premises (:mod:`prontocheck.modal.postulates`).
    """

    item: ModalItem
    reading: Reading
    decision: Judgement
    postulates: tuple[ModalFormula, ...] = ()

    @property
    def premises(self) -> tuple[ModalFormula, ...]:
        """The parsed premises (and the postulates' instances, after them)."""
        return (*self.reading.premises, *self.postulates) if self.postulates else self.reading.premises

    @property
    def question(self) -> Question:
        """The parsed question."""
        return self.reading.question

    @property
    def judgement(self) -> Judgement:
        """What the premises license about the question's embedded statement, with both certificates restated
        over the item's own atoms and verified again (made on first use, cached per problem).
        """
        return judge(self.premises, self.question.embedded, self.decision.semantics)

    @property
    def answer(self) -> Answer | None:
        """The answer the logic licenses (``None``: undetermined)."""
        return self.reading.template.question.answer(self.decision)  # the form and polarity are the item's

    @property
    def pattern(self) -> str:
        """The item's pattern id, or ``(unknown)``."""
        return self.item.pattern or UNKNOWN

    @property
    def form(self) -> str:
        """The item's question form (as labelled, else as parsed)."""
        return self.item.form or str(self.reading.template.question.form)

    @property
    def polarity(self) -> str:
        """The item's polarity (as labelled, else as parsed)."""
        return self.item.polarity or self.reading.template.question.polarity

    @property
    def gold_status(self) -> GoldStatus | None:
        """``licensed``, ``contradicted``, ``undetermined`` or ``inconsistent`` (the premises have no model: flagged,
        never licensed); ``None`` without a gold label.
        """
        if self.item.gold is None:
            return None
        return _status(self.decision.consistent, self.answer, self.item.gold)

    def to_json(self) -> dict[str, Any]:
        """The per-item output line (see docs/modal.md for the fields)."""
        j = self.judgement
        return {
            "id": self.item.id, "pattern": self.item.pattern, "template": self.item.metadata.get("template"),
            "form": self.form, "polarity": self.polarity, "negation": self.question.negation,
            "level": self.question.level, "premises": [str(p) for p in self.premises],
            "conclusion": str(self.question.embedded), "asked": str(self.question.asked),
            "verdict": j.verdict, "answer": self.answer, "gold": self.item.gold, "gold_status": self.gold_status,
            "semantics": j.semantics.label,
            "certificates": {"premises_and_not_conclusion": j.without_conclusion.to_json(),
                             "premises_and_conclusion": j.with_conclusion.to_json()},
            **({"postulates": [str(p) for p in self.postulates]} if self.postulates else {}),
        }


def validate_item(item: ModalItem, semantics: Sequence[Semantics] = (DEFAULT,), *,
                  reuse: bool = True, postulates: Sequence[Postulate] = ()) -> list[ItemResult]:
    """Parse an item once and decide it under each semantics.

    ``reuse=False`` reads the item on its own instead of as a renaming of an earlier prompt of its skeleton
    (:mod:`prontocheck.modal.reading`); the results are the same. ``postulates``: meaning postulates, whose
    instances for the item's constants are added to its premises (:mod:`prontocheck.modal.postulates`).

    Raises:
        ModalParseError: the item's text is not in the grammar (names the item, field and column).
        CertificateError: a certificate failed its check.
        BudgetExceeded: the item is over a per-item limit (``modal_atoms``, ``modal_cases``, ``modal_lp_work``,
            ``modal_antecedents``).
    """
    reading = read_item(item, reuse)
    extra = instances(postulates, (*reading.premises, reading.question.embedded)) if postulates else ()
    if not extra:
        forms = reading.template.forms
        return [ItemResult(item, reading, decide(forms, s)) for s in semantics]
    forms, _ = abstract([*reading.premises, *extra, reading.question.embedded])
    return [ItemResult(item, reading, decide(forms, s), extra) for s in semantics]


def validate_items(items: Iterable[ModalItem | ItemError], semantics: Sequence[Semantics] = (DEFAULT,), *,
                   reuse: bool = True, postulates: Sequence[Postulate] = ()) -> Iterator[list[ItemResult] | ItemError]:
    """Validate a stream of items; unparseable items, and items over a per-item limit (verdict
    ``budget_exceeded``), come out as :class:`ItemError` in their place. (``reuse``, ``postulates``: see
    :func:`validate_item`.)
    """
    for item in items:
        if isinstance(item, ItemError):
            yield item
            continue
        try:
            yield validate_item(item, semantics, reuse=reuse, postulates=postulates)
        except (ModalParseError, BudgetExceeded) as e:
            yield ItemError(item.id, e, item)


def read_intended(text: str, *, source: str = "readings") -> dict[str, tuple[Semantics, ...]]:
    """The readings each pattern intends, from JSON text: an object mapping a pattern to a
    semantics spec or a list of them (``{"MP": "default", "CT": ["cprob", ">=1/2,cprob"]}``).

    Raises:
        UsageError: not such an object, or a malformed spec (named with its pattern).

    >>> {p: [s.label for s in ss] for p, ss in read_intended('{"CT": ["cprob", "default"], "DSmi": "bounded"}').items()}
    {'CT': ['>1/2 cprob', '>1/2 cert'], 'DSmi': ['>1/2 cert,bounded']}
    """
    data = option_document(text, source)
    if not isinstance(data, dict):
        raise UsageError(f"{source}: expected an object mapping each pattern to its readings")
    out = {}
    for pattern, specs in data.items():
        specs = [specs] if isinstance(specs, str) else specs
        if not isinstance(specs, list) or not specs or not all(isinstance(x, str) for x in specs):
            raise UsageError(f"{source}: pattern {pattern!r}: expected a semantics spec or a list of them")
        try:
            out[str(pattern)] = tuple(Semantics.parse(x) for x in specs)
        except UsageError as e:
            raise UsageError(f"{source}: pattern {pattern!r}: {e}") from None
    return out


def validate_file(path: str, semantics: Sequence[Semantics] = (DEFAULT,), *,
                  postulates: Sequence[Postulate] = ()) -> Iterator[list[ItemResult] | ItemError]:
    """Read and validate a JSON Lines file of items (see :mod:`prontocheck.modal.items`).

    Raises:
        InputError: the file cannot be read at all.
    """
    return validate_items(read_items(path), semantics, postulates=postulates)


GroupKey = tuple[str, str, str]
"""(pattern, form, polarity)."""


@dataclass(slots=True)
class GroupCounts:
    """The items of one (pattern, form, polarity) group under one semantics.

    Attributes:
        n: how many items.
        status: how many gold labels are licensed, contradicted, undetermined (items without gold are
            not counted here).
        gold: the gold labels seen.
        answers: the answers the logic licenses (``None`` for undetermined).
        example: the first item whose gold label is not licensed, if any.
    """

    n: int = 0
    status: Counter[str] = field(default_factory=Counter)
    gold: Counter[str] = field(default_factory=Counter)
    answers: Counter[str | None] = field(default_factory=Counter)
    example: ItemResult | None = None


@dataclass(slots=True)
class SemanticsReport:
    """Validation figures under one semantics.

    Attributes:
        semantics: the semantics.
        groups: per (pattern, form, polarity), in order of first appearance.
        total: licensed / contradicted / undetermined / inconsistent counts over all items with a gold label.
    """

    semantics: Semantics
    groups: dict[GroupKey, GroupCounts] = field(default_factory=dict)
    total: Counter[str] = field(default_factory=Counter)

    def not_licensed(self) -> list[tuple[GroupKey, GroupCounts]]:
        """The groups with a gold label that is contradicted, undetermined, or on inconsistent premises."""
        return [(k, g) for k, g in self.groups.items() if any(g.status[s] for s in STATUSES[1:])]

    def to_json(self) -> dict[str, Any]:
        """Totals, one entry per group, and the not-licensed groups with an example and its certificates."""
        def group(key: GroupKey, g: GroupCounts) -> dict[str, Any]:
            out: dict[str, Any] = {"pattern": key[0], "form": key[1], "polarity": key[2], "n": g.n,
                                   **{s: g.status[s] for s in STATUSES}, "gold": sorted(g.gold),
                                   "answers": sorted("undetermined" if a is None else a for a in g.answers)}
            return out

        findings = []
        for key, g in self.not_licensed():
            entry = group(key, g)
            if g.example is not None:
                entry["example"] = g.example.to_json()
            findings.append(entry)
        return {"semantics": self.semantics.to_json(), "total": {s: self.total[s] for s in STATUSES},
                "items": sum(g.n for g in self.groups.values()),
                "groups": [group(k, g) for k, g in self.groups.items()], "not_licensed": findings}


@dataclass(slots=True)
class ValidationReport:
    """Validation under one or more semantics, plus the items that could not be read or parsed.

    Attributes:
        reports: one report per semantics, in the order given.
        errors: the unreadable or unparseable items.
        against_every_reading: the items whose gold label is contradicted under every semantics given, or under
            every reading their pattern intends (likely errors of the gold), each with its result under each
            semantics (and so its certificates).
        intended: pattern → the labels of the readings it intends (empty: every reading given counts).
    """

    reports: list[SemanticsReport]
    errors: list[ItemError] = field(default_factory=list)
    against_every_reading: list[Sequence[ItemResult]] = field(default_factory=list)
    intended: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"semantics": [per-semantics reports], "against_every_reading": [...], "errors": [...]}``; an item
        contradicted under every reading is ``{"id", "pattern", "gold", "results": [its per-semantics lines]}``.
        """
        against = [{"id": rs[0].item.id, "pattern": rs[0].item.pattern, "gold": rs[0].item.gold,
                    "results": [r.to_json() for r in rs]} for rs in self.against_every_reading]
        return {"semantics": [r.to_json() for r in self.reports], "intended": self.intended,
                "against_every_reading": against, "errors": [e.to_json() for e in self.errors]}


class ValidationBuilder:
    """Accumulate :func:`validate_items` output into a :class:`ValidationReport`.

    ``intended`` maps a pattern to the readings its benchmark intends (a subset of ``semantics``): an item of such
    a pattern is listed in :attr:`ValidationReport.against_every_reading` when its gold is contradicted under
    every *intended* reading; an item of another pattern, under every reading given.
    """

    def __init__(self, semantics: Sequence[Semantics] = (DEFAULT,),
                 intended: Mapping[str, Sequence[Semantics]] | None = None) -> None:
        self.report = ValidationReport([SemanticsReport(s) for s in semantics])
        self.intended = {p: frozenset(ss) for p, ss in (intended or {}).items()}
        self.report.intended = {p: [s.label for s in ss] for p, ss in (intended or {}).items()}
        unknown = {s.label for ss in self.intended.values() for s in ss} - {s.label for s in semantics}
        if unknown:
            raise UsageError(f"intended readings not decided: {', '.join(sorted(unknown))}")

    def add(self, results: Sequence[ItemResult] | ItemError) -> None:
        """Count one item (its results under each semantics) or one error."""
        if isinstance(results, ItemError):
            self.report.errors.append(results)
            return
        contradicted, asked = 0, len(results)
        wanted = self.intended.get(results[0].pattern) if results else None
        if wanted is not None:
            asked = sum(r.decision.semantics in wanted for r in results)
        for report, r in zip(self.report.reports, results, strict=True):
            key = (r.pattern, r.form, r.polarity)
            g = report.groups.get(key)
            if g is None:
                g = report.groups[key] = GroupCounts()
            g.n += 1
            answer = r.answer
            g.answers[answer] += 1
            gold = r.item.gold
            if gold is not None:
                status = _status(r.decision.consistent, answer, gold)
                g.gold[gold] += 1
                g.status[status] += 1
                report.total[status] += 1
                contradicted += status == "contradicted" and (wanted is None or r.decision.semantics in wanted)
                if status != "licensed" and g.example is None:
                    g.example = r
        if asked and contradicted == asked:
            self.report.against_every_reading.append(results)

    def build(self) -> ValidationReport:
        """The report so far."""
        return self.report


def summarize_validation(items: Iterable[Sequence[ItemResult] | ItemError],
                         semantics: Sequence[Semantics] = (DEFAULT,),
                         intended: Mapping[str, Sequence[Semantics]] | None = None) -> ValidationReport:
    """Validate-and-count in one call (see :class:`ValidationBuilder`)."""
    builder = ValidationBuilder(semantics, intended)
    for results in items:
        builder.add(results)
    return builder.build()
