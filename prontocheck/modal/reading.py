"""Reading items once per skeleton: a prompt of a skeleton seen before is its first prompt's reading renamed.

:func:`read_item` cuts a prompt into sentences as :func:`~prontocheck.modal.parse.parse_prompt` does and
looks up their :mod:`skeleton <prontocheck.modal.skeleton>`. The first prompt of a skeleton is parsed
in full (:func:`~prontocheck.modal.items.parse_item`, which raises its own errors) and kept as a
:class:`Template` when every run of its sentences is one whole token; a later prompt of the skeleton
is a :class:`Reading` of that template with its own words, whose premises and question are the
template's renamed (made on first use: counting verdicts needs only the question's form and the
abstract form). Items that do not fit (given as premises and question, odd words, a skeleton whose
first prompt did not parse) are read on their own, exactly as before.

The abstract form (atoms renamed ``a(x)``, ``b(x)``, … in order of occurrence,
:func:`~prontocheck.modal.decide.abstract`) is the same for every prompt of a skeleton: the renaming maps
atoms one to one and keeps their order, so the decision (:func:`~prontocheck.modal.decide.decide`) is made,
and its certificates checked, once per abstract form.

>>> from prontocheck.modal.items import ModalItem
>>> first = read_item(ModalItem("1", prompt="Savir might be at the party. Is it true that Savir must be at the party?"))
>>> second = read_item(ModalItem("2", prompt="Ann might be at the event. Is it true that Ann must be at the event?"))
>>> second.template is first.template, [str(p) for p in second.premises], str(second.question.embedded)
(True, ['◇at_event(Ann)'], '□at_event(Ann)')
>>> [str(f) for f in second.template.forms]
['◇a(x)', '□a(x)']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from prontocheck.errors import UnparseableSentence
from prontocheck.logic.modal import ModalFormula
from prontocheck.modal.decide import abstract
from prontocheck.modal.items import ModalItem, parse_item, read_prompt
from prontocheck.modal.parse import prepared_sentences
from prontocheck.modal.questions import Question
from prontocheck.modal.skeleton import (
    PromptShape,
    Skeleton,
    prompt_shape,
    rename_question,
    rename_statement,
    skeleton,
    whole_tokens,
    word_plan,
)

CACHE_SIZE = 1 << 14
"""How many skeletons are remembered (all are forgotten when the store is full)."""


@dataclass(frozen=True, slots=True)
class Template:
    """The reading of the first prompt of a skeleton (or of an item read on its own).

    Attributes:
        premises: the parsed premises.
        question: the parsed question.
        words: the prompt's open words (empty for an item read on its own).
        forms: the abstract form: the premises, then the question's embedded statement, with atoms renamed
            ``a(x)``, ``b(x)``, … in order of occurrence.
    """

    premises: tuple[ModalFormula, ...]
    question: Question
    words: tuple[str, ...]
    forms: tuple[ModalFormula, ...]

    @classmethod
    def of(cls, premises: tuple[ModalFormula, ...], question: Question, words: tuple[str, ...] = ()) -> Template:
        """The template of a parsed item (its abstract form computed here)."""
        forms, _ = abstract([*premises, question.embedded])
        if len(_FORMS) >= CACHE_SIZE:
            _FORMS.clear()
        # One object per abstract form: the decisions are cached on it, and found by identity.
        return cls(premises, question, words, _FORMS.setdefault(forms, forms))


@dataclass(frozen=True, slots=True)
class Reading:
    """An item's premises and question: a template's, with the item's own words.

    Attributes:
        template: the skeleton's first reading.
        words: this item's open words, in the order of ``template.words``.
    """

    template: Template
    words: tuple[str, ...]
    _renamed: tuple[tuple[ModalFormula, ...], Question] | None = field(default=None, init=False, repr=False,
                                                                         compare=False)

    def _parsed(self) -> tuple[tuple[ModalFormula, ...], Question]:
        t = self.template
        if self.words == t.words:
            return t.premises, t.question
        if self._renamed is None:
            mapping = dict(zip(t.words, self.words, strict=True))
            premises = tuple(rename_statement(p, mapping) for p in t.premises)
            object.__setattr__(self, "_renamed", (premises, rename_question(t.question, mapping)))
        assert self._renamed is not None
        return self._renamed

    @property
    def premises(self) -> tuple[ModalFormula, ...]:
        """The item's parsed premises."""
        return self._parsed()[0]

    @property
    def question(self) -> Question:
        """The item's parsed question."""
        return self._parsed()[1]


_TEMPLATES: dict[Skeleton, Template | None] = {}
_FORMS: dict[tuple[ModalFormula, ...], tuple[ModalFormula, ...]] = {}
_PROMPTS: dict[PromptShape, tuple[Skeleton, tuple[int | str, ...]] | None] = {}


def _sentences(prompt: str) -> list[tuple[str, str, int]] | None:
    """The prompt's sentences as the parser reads them, with their start rules and offsets; None when it cannot be
    cut.
    """
    try:
        return prepared_sentences(prompt)
    except UnparseableSentence:
        return None


def _own_skeleton(cut: list[tuple[str, str, int]] | None) -> tuple[Skeleton, tuple[str, ...]] | None:
    return skeleton([text for text, _, _ in cut]) if cut is not None else None


def _skeleton(prompt: str) -> tuple[Skeleton, tuple[str, ...]] | None:
    """The skeleton and open words of a prompt's sentences, through its prompt shape when it has one (see
    :mod:`prontocheck.modal.skeleton`); None when it cannot be cut or a sentence has no shape.
    """
    found = prompt_shape(prompt)
    if found is None:
        return _own_skeleton(_sentences(prompt))
    key, words = found
    entry = _PROMPTS.get(key, ...)
    if entry is ...:
        cut = _sentences(prompt)
        own = _own_skeleton(cut)
        plan = word_plan(prompt, [(text, start) for text, _, start in cut], own[1]) if own and cut else None
        entry = None if own is None or plan is None else (own[0], plan)
        if len(_PROMPTS) >= CACHE_SIZE:
            _PROMPTS.clear()
        _PROMPTS[key] = entry
        if entry is None:
            return own
    if entry is None:
        return _own_skeleton(_sentences(prompt))
    skeleton_, plan = entry
    return skeleton_, tuple([words[p] if type(p) is int else p for p in plan])  # type: ignore[misc]


def read_item(item: ModalItem, reuse: bool = True) -> Reading:
    """Read an item's premises and question, reusing the reading of an earlier prompt of its skeleton.

    Args:
        item: the item.
        reuse: False reads every item on its own (the reference the reuse is tested against).

    Raises:
        ModalParseError: the item's text is not in the grammar (names the item, field and column).
    """
    found = _skeleton(item.prompt) if reuse and item.prompt is not None else None
    if found is None:
        return Reading(Template.of(*parse_item(item)), ())
    key, words = found
    template = _TEMPLATES.get(key, ...)
    if template is ...:
        # Kept for the skeleton only when the benchmark grammar read the prompt (an argument's wrapper reads words
        # by value: prontocheck.modal.arguments) and every run of it is one whole token.
        premises, question, by_grammar = read_prompt(item)
        cut = _sentences(item.prompt or "") or []
        template = Template.of(premises, question, words) \
            if by_grammar and all(whole_tokens(t, s) for t, s, _ in cut) else None
        if len(_TEMPLATES) >= CACHE_SIZE:
            _TEMPLATES.clear()
        _TEMPLATES[key] = template
        if template is None:
            return Reading(Template.of(premises, question), ())
    if template is None:
        return Reading(Template.of(*parse_item(item)), ())
    return Reading(template, words)
