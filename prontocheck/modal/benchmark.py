"""The benchmark as data: patterns, templates, question forms, names and activities, and the grid.

Everything lives in ``ontologies/modal/*.json``; this module only loads it and multiplies it out:
15 templates × 12 question variants (five forms in both polarities, NOT-CORRECT, NOT-VALID) ×
16 name groups × 5 activities = 14,400 prompts. (The paper reports 14,320 = 14,400 − 80: one
template × question-variant cell of 80 prompts is missing there; the paper does not say which.)

>>> item = next(generate(templates=["chancy_modus_ponens"], groups=["indian-m"], activities=["party"]))
>>> for sentence in item.premises:
...     print(sentence)
If Savir is going to be at the party, then Ashwin is going to be at the party.
Savir is probably going to be at the party.
>>> item.question
'Is it true that Ashwin is probably going to be at the party?'
>>> item.gold, item.id
('Yes', 'chancy_modus_ponens/TRUTH-aff/indian-m/party')
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

from prontocheck._resources import read_text
from prontocheck.errors import UsageError
from prontocheck.logic.modal import ModalFormula
from prontocheck.modal.parse import parse_modal_formula
from prontocheck.modal.questions import Answer, Form, Negation, Polarity


@dataclass(frozen=True, slots=True)
class Pattern:
    """An inference pattern of the benchmark.

    Attributes:
        id: a short identifier (``chancy_modus_ponens``).
        name: the paper's name ("Chancy Modus Ponens").
        valid: the paper's gold validity.
        semantics_sensitive: whether the verdict changes across the design study's six semantics.
        schema: the paper's schema, as printed there.
        premises: the premises with atoms ``a(x)``, ``b(x)``, … in order of first occurrence.
        conclusion: the conclusion, over the same atoms.
    """

    id: str
    name: str
    valid: bool
    semantics_sensitive: bool
    schema: str
    premises: tuple[ModalFormula, ...]
    conclusion: ModalFormula


@dataclass(frozen=True, slots=True)
class Template:
    """A surface template: premise sentences and a conclusion with slots ``{A}``, ``{B}``, ``{be}``, …"""

    id: str
    pattern: str
    premises: tuple[str, ...]
    conclusion: str
    direct: dict[str, str]


@dataclass(frozen=True, slots=True)
class NameGroup:
    """Names of one origin and gender (or a letter-variable control)."""

    id: str
    origin: str
    gender: str
    names: tuple[str, ...]

    def pair(self, k: int) -> tuple[str, str]:
        """The names ``{A}``, ``{B}`` used with the k-th activity."""
        n = len(self.names)
        return self.names[(2 * k) % n], self.names[(2 * k + 1) % n]


@dataclass(frozen=True, slots=True)
class Activity:
    """An activity scenario: its verb phrases."""

    id: str
    be: str
    attend: str
    second: str


@dataclass(frozen=True, slots=True)
class FormSpec:
    """One question variant: form, polarity, how the negation is written, and the wrapper (None: DIRECT)."""

    form: Form
    polarity: Polarity
    negation: Negation
    question: str | None


def _data(name: str, key: str) -> list[dict[str, Any]]:
    return json.loads(read_text("ontologies", f"modal/{name}.json"))[key]  # type: ignore[no-any-return]


@cache
def patterns() -> dict[str, Pattern]:
    """The 13 patterns by id (``ontologies/modal/patterns.json``)."""
    return {p["id"]: Pattern(p["id"], p["name"], p["valid"], p["semantics_sensitive"], p["schema"],
                             tuple(parse_modal_formula(s) for s in p["premises"]), parse_modal_formula(p["conclusion"]))
            for p in _data("patterns", "patterns")}


@cache
def templates() -> tuple[Template, ...]:
    """The 15 templates (``ontologies/modal/templates.json``)."""
    return tuple(Template(t["id"], t["pattern"], tuple(t["premises"]), t["conclusion"], dict(t["direct"]))
                 for t in _data("templates", "templates"))


@cache
def forms() -> tuple[FormSpec, ...]:
    """The 12 question variants (``ontologies/modal/forms.json``)."""
    return tuple(FormSpec(Form(f["form"]), f["polarity"], f["negation"], f["question"])
                 for f in _data("forms", "forms"))


@cache
def name_groups() -> tuple[NameGroup, ...]:
    """The 16 name groups (``ontologies/modal/names.json``)."""
    return tuple(NameGroup(g["id"], g["origin"], g["gender"], tuple(g["names"])) for g in _data("names", "groups"))


@cache
def activities() -> tuple[Activity, ...]:
    """The 5 activities (``ontologies/modal/activities.json``)."""
    return tuple(Activity(a["id"], a["be"], a["attend"], a["second"]) for a in _data("activities", "activities"))


@dataclass(frozen=True, slots=True)
class GridItem:
    """One generated prompt with its gold label and everything it was made from.

    Attributes:
        id: ``template/FORM-polarity/group/activity``.
        prompt: the premises and the question, as one text.
        premises: the premise sentences.
        question: the question sentence.
        gold: the gold answer: Yes when the pattern is valid and the question affirmative, or
            invalid and negated; No otherwise.
        pattern: the pattern id.
        template: the template id.
        form: the question form.
        polarity: ``aff`` or ``neg``.
        negation: how the negation is written (``none`` when affirmative).
        valid: the pattern's gold validity.
        semantics_sensitive: whether the pattern's verdict depends on the semantics.
        origin: the names' origin (``letters`` for the X/Y control).
        gender: ``female``, ``male`` or ``none``.
        group: the name group id.
        names: the names used, ``{A}`` then ``{B}``.
        activity: the activity id.
    """

    id: str
    prompt: str
    premises: tuple[str, ...]
    question: str
    gold: Answer
    pattern: str
    template: str
    form: str
    polarity: Polarity
    negation: Negation
    valid: bool
    semantics_sensitive: bool
    origin: str
    gender: str
    group: str
    names: tuple[str, str]
    activity: str

    def to_json(self) -> dict[str, Any]:
        """The JSONL record (tuples as lists)."""
        out = asdict(self)
        out["premises"], out["names"] = list(self.premises), list(self.names)
        return out


def _select(items: Sequence[Any], wanted: Sequence[str] | None, what: str, key: str = "id") -> list[Any]:
    if wanted is None:
        return list(items)
    names = [str(getattr(x, key)) for x in items]
    unknown = [w for w in wanted if w not in names]
    if unknown:
        raise UsageError(f"unknown {what} {', '.join(map(repr, unknown))}; "
                         f"expected one of {', '.join(dict.fromkeys(names))}")
    return [x for x, name in zip(items, names) if name in set(wanted)]


def generate(*, templates: Sequence[str] | None = None, forms: Sequence[str] | None = None,
             groups: Sequence[str] | None = None, activities: Sequence[str] | None = None) -> Iterator[GridItem]:
    """The benchmark grid: templates × question variants × name groups × activities.

    Args:
        templates: template ids to keep (default: all 15).
        forms: question forms to keep (``TRUTH``, …, ``NOT-VALID``; default: all).
        groups: name group ids (``indian-f``, …, ``letters-xy``) or origins (``indian``) to keep.
        activities: activity ids to keep.

    Raises:
        UsageError: an unknown template, form, group or activity (named in the message).
    """
    chosen_templates = _select(_templates_data(), templates, "template")
    chosen_forms = _select(_forms_data(), forms, "question form", key="form")
    all_groups = name_groups()
    if groups is not None:
        by_origin = [g.id for g in all_groups if g.origin in groups]
        groups = [*[g for g in groups if g not in {x.origin for x in all_groups}], *by_origin]
    chosen_groups = _select(all_groups, groups, "name group")
    all_activities = _activities_data()
    chosen_activities = _select(all_activities, activities, "activity")
    registry = patterns()
    for t in chosen_templates:
        pattern = registry[t.pattern]
        for spec in chosen_forms:
            for g in chosen_groups:
                for act in chosen_activities:
                    a, b = g.pair(all_activities.index(act))
                    slots = {"A": a, "B": b, "be": act.be, "attend": act.attend, "second": act.second}
                    premises = tuple(p.format(**slots) for p in t.premises)
                    if spec.question is None:
                        question = t.direct[spec.polarity].format(**slots)
                    else:
                        question = spec.question.format(C=t.conclusion.format(**slots))
                    gold: Answer = "Yes" if pattern.valid == (spec.polarity == "aff") else "No"
                    yield GridItem(
                        id=f"{t.id}/{spec.form}-{spec.polarity}/{g.id}/{act.id}",
                        prompt=" ".join((*premises, question)), premises=premises, question=question, gold=gold,
                        pattern=pattern.id, template=t.id, form=str(spec.form), polarity=spec.polarity,
                        negation=spec.negation, valid=pattern.valid, semantics_sensitive=pattern.semantics_sensitive,
                        origin=g.origin, gender=g.gender, group=g.id, names=(a, b), activity=act.id)


# The loaders are cached functions; these aliases keep the generator's keyword names free.
_templates_data = templates
_forms_data = forms
_activities_data = activities
