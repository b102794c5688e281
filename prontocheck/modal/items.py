"""Input items: JSON Lines records with a prompt (or premises and a question) and optional labels.

A record holds ``id`` and either ``prompt`` (premises and question as one text, as the benchmark
shows them) or ``premises`` (a list of sentences, or one text) and ``question``; optionally
``gold`` (``"Yes"``/``"No"``), ``pattern``, ``form``, ``polarity`` and any other fields (kept as
metadata: ``template``, ``origin``, ``activity``, … as ``modal generate`` writes them).

>>> item = ModalItem.from_json({"id": "q1", "prompt": "X must be there. Is it true that X might be there?",
...                             "gold": "Yes"})
>>> premises, question = parse_item(item)
>>> [str(p) for p in premises], str(question.embedded)
(['□there(X)'], '◇there(X)')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

from prontocheck.common.decode import JSONBudgetError
from prontocheck.common.streams import iter_lines, json_lines, open_text
from prontocheck.errors import BudgetExceeded, InputError, UnparseableSentence
from prontocheck.logic.modal import ModalFormula
from prontocheck.modal.arguments import quoted, read_argument
from prontocheck.modal.parse import parse_argument, parse_prompt, parse_question, parse_statement, split_sentences
from prontocheck.modal.questions import Answer, Question

_KNOWN = frozenset({"id", "prompt", "premises", "question", "gold", "pattern", "form", "polarity"})
_ANSWERS: dict[str, Answer] = {"yes": "Yes", "no": "No"}


class ModalParseError(UnparseableSentence):
    """An item whose text is not in the grammar.

    Attributes:
        item_id: the item's id.
        field: where the text came from: ``prompt``, ``premises[2]`` (1-based) or ``question``.
        sentence: that field's text; ``pos`` (0-based) and ``column`` (1-based) locate the problem in it.
        reason: why it was rejected.
    """

    def __init__(self, item_id: str, field: str, error: UnparseableSentence) -> None:
        super().__init__(error.sentence, error.reason, pos=error.pos)
        self.item_id = item_id
        self.field = field
        where = "" if error.pos is None else f" at column {error.pos + 1}"
        self.args = (f"item {item_id!r}, {field}{where}: cannot parse {error.sentence!r}: {error.reason}",)


@dataclass(frozen=True, slots=True)
class ModalItem:
    """One input item.

    Attributes:
        id: the item's id.
        prompt: premises and question as one text, or ``None`` when given separately.
        premises: the premise sentences, or ``None`` when a prompt is given.
        question: the question sentence, or ``None`` when a prompt is given.
        gold: the gold answer, if any.
        pattern: the pattern id, if known.
        form: the question form, if known (else the parsed one is used).
        polarity: ``aff`` or ``neg``, if known (else the parsed one is used).
        metadata: the record's other fields.
        source: where the record was read (``file:line``), if known; not part of the item's identity.
    """

    id: str
    prompt: str | None = None
    premises: tuple[str, ...] | None = None
    question: str | None = None
    gold: Answer | None = None
    pattern: str | None = None
    form: str | None = None
    polarity: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    source: str | None = field(default=None, compare=False)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any], *, file: str = "<item>", line: int | None = None) -> ModalItem:
        """Build an item from a decoded JSON object.

        Raises:
            InputError: a missing or malformed field (named, with the offending value).
        """
        if not isinstance(obj, Mapping):
            raise InputError(file, line, f"expected a JSON object, got {type(obj).__name__}")
        item_id = obj["id"] if "id" in obj else f"{file}:{line}" if line is not None else None
        if item_id is None:
            raise InputError(file, line, "the item has no 'id'")
        prompt, premises, question = obj.get("prompt"), obj.get("premises"), obj.get("question")
        if prompt is None and (premises is None or question is None):
            raise InputError(file, line, f"item {item_id!r} needs 'prompt', or 'premises' and 'question'")
        if prompt is not None and not isinstance(prompt, str):
            raise InputError(file, line, f"item {item_id!r}: 'prompt' must be a string, got {prompt!r}")
        if isinstance(premises, str):
            premises = [s.text for s in split_sentences(premises)]
        if premises is not None and not (isinstance(premises, list) and all(map(isinstance, premises, repeat(str)))):
            raise InputError(file, line, f"item {item_id!r}: 'premises' must be a list of strings, got {premises!r}")
        gold: Answer | None = None
        if obj.get("gold") is not None:
            gold = _ANSWERS.get(str(obj["gold"]).strip().lower())
            if gold is None:
                raise InputError(file, line, f"item {item_id!r}: 'gold' must be Yes or No, got {obj['gold']!r}")
        return cls(str(item_id), prompt, None if prompt is not None else tuple(premises or ()),
                   None if prompt is not None else question, gold, obj.get("pattern"), obj.get("form"),
                   obj.get("polarity"), {k: v for k, v in obj.items() if k not in _KNOWN},
                   f"{file}:{line}" if line is not None else None)


@dataclass(frozen=True, slots=True)
class ItemError:
    """An item that could not be read, parsed or decided within the limits; reported and counted, never dropped.

    Attributes:
        id: the item's id (``None`` when the record itself is unreadable).
        error: the exception (:class:`ModalParseError`, :class:`~prontocheck.errors.InputError`, or
            :class:`~prontocheck.errors.BudgetExceeded` for an item over a per-item limit).
        item: the item, when it could be read.
    """

    id: str | None
    error: InputError | ModalParseError | BudgetExceeded
    item: ModalItem | None = None

    def __str__(self) -> str:
        if isinstance(self.error, BudgetExceeded):
            return f"item {self.id!r}: {self.error}"
        return str(self.error)

    @property
    def where(self) -> str | None:
        """Where the bad record is, ``file:line`` (``None``: not known).

        >>> ItemError(None, InputError("items.jsonl", 3, "not JSON")).where
        'items.jsonl:3'
        """
        e = self.error
        if isinstance(e, InputError):
            return e.file if e.line is None else f"{e.file}:{e.line}"
        return None if self.item is None else self.item.source

    def to_json(self) -> dict[str, Any]:
        """``{"id", "error": {"reason", "field", "column"} or {"file", "line", "reason"}}``; an item over a limit:
        ``{"id", "verdict": "budget_exceeded", "error": {"limit", "value", "reason"}}``.
        """
        e = self.error
        if isinstance(e, BudgetExceeded):
            return {"id": self.id, "verdict": "budget_exceeded", "where": self.where,
                    "error": {"limit": e.limit, "value": e.value, "reason": str(e)}}
        if isinstance(e, ModalParseError):
            return {"id": self.id, "where": self.where, "error": {"field": e.field, "column": e.column,
                                                                  "reason": e.reason, "text": e.sentence}}
        return {"id": self.id, "error": {"file": e.file, "line": e.line, "reason": e.reason}}


def read_prompt(item: ModalItem) -> tuple[tuple[ModalFormula, ...], Question, bool]:
    """Parse an item's prompt: as the probability-operator benchmark asks ("… Is it true that C?"), else as an
    argument (:mod:`prontocheck.modal.arguments`: "From 'A', can we infer 'C'?"); the premises, the question, and
    whether it was read the first way.

    Raises:
        ModalParseError: neither way reads it; the error is the argument reader's for a prompt that quotes its
            statements or asks an inference question it knows, else the benchmark grammar's.
    """
    prompt = item.prompt or ""
    try:
        return (*parse_prompt(prompt), True)
    except UnparseableSentence as e:
        first = e
    try:
        argument = read_argument(prompt)
    except UnparseableSentence as e:
        raise ModalParseError(item.id, "prompt", e if quoted(prompt) else first) from None
    try:
        return (*parse_argument(prompt, argument), False)
    except UnparseableSentence as e:
        raise ModalParseError(item.id, "prompt", e) from None


def parse_item(item: ModalItem) -> tuple[tuple[ModalFormula, ...], Question]:
    """Parse an item's premises and question.

    Raises:
        ModalParseError: a sentence is not in the grammar; the error names the item, the field and
            the column.
    """
    if item.prompt is not None:
        read, asked, _ = read_prompt(item)
        return read, asked
    premises = []
    for i, sentence in enumerate(item.premises or (), start=1):
        try:
            premises.append(parse_statement(sentence))
        except UnparseableSentence as e:
            raise ModalParseError(item.id, f"premises[{i}]", e) from None
    try:
        return tuple(premises), parse_question(item.question or "")
    except UnparseableSentence as e:
        raise ModalParseError(item.id, "question", e) from None


def read_items(path: str) -> Iterator[ModalItem | ItemError]:
    """Stream the items of a JSON Lines file (``-``: standard input; gzip, bzip2 and xz are read too).

    Bad records come out as :class:`ItemError` in their place; blank lines are skipped.

    Raises:
        InputError: the file cannot be opened or read at all.
    """
    with open_text(path) as stream:
        for line_no, _, obj, error in json_lines(enumerate(iter_lines(stream, path), start=1)):
            if error is not None:
                reason = str(error.budget) if isinstance(error, JSONBudgetError) else \
                    f"not JSON ({error.msg} at column {error.colno})"
                yield ItemError(None, InputError(path, line_no, reason))
                continue
            try:
                yield ModalItem.from_json(obj, file=path, line=line_no)
            except InputError as e:
                item_id = obj.get("id") if isinstance(obj, dict) else None
                yield ItemError(None if item_id is None else str(item_id), e)
