"""Relational items: reading records (JSONL, JSON, YAML) and turning each into an :class:`Item`.

A record has an ``id``, a ``question`` (or ``statement``, or ``text``) and/or an ``atom``, an
optional ``category``, a ``gold`` label, and an optional ``reverse_of`` (the id of the item whose
arguments it reverses). An explicit ``atom`` overrides the parse of the question. A bad record
becomes an :class:`~.errors.ItemError` naming it; the next record is read as usual.

>>> from prontocheck.relations.loading import shipped_schema
>>> item = item_from_record({"id": "s1", "question": "Is a town smaller than a country?", "gold": "yes"},
...                         shipped_schema())
>>> str(item.atom), item.value
('more[size](country, town)', True)
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from prontocheck.common.decode import loads
from prontocheck.common.slots import slot_init
from prontocheck.common.streams import json_lines
from prontocheck.errors import InputError, SentenceParseError
from prontocheck.logic.formulas import Atom, Var
from prontocheck.relations._yaml import BareWord, load_yaml
from prontocheck.relations.errors import ItemError, LabelError, RelationsError, quoted
from prontocheck.relations.grammar import category_name, parse_atom, parse_sentence
from prontocheck.relations.schema import Schema

TEXT_KEYS = ("question", "statement", "text")
"""Record keys that may hold the item's sentence, in order of preference."""


@slot_init
@dataclass(frozen=True, slots=True)
class Item:
    """A relational item with its canonical atom.

    Attributes:
        id: the record's id (``#N``, the record number, when it has none).
        atom: the canonical relation atom the question asks about.
        gold: the label as given: ``True`` (Yes), ``False`` (No) or ``None`` (unlabelled).
        negated: the sentence asserts the atom's negation ("The cup is not left of the plate.").
        category: the item's category, normalised (``order_of_size``), if any.
        text: the question or statement, if the record had one.
        reverse_of: the id of the item whose arguments this one reverses, if declared.
        line: the line (JSONL) or record number (JSON, YAML) it came from.
    """

    id: str
    atom: Atom
    gold: bool | None
    negated: bool = False
    category: str | None = None
    text: str | None = None
    reverse_of: str | None = None
    line: int | None = None

    @property
    def value(self) -> bool | None:
        """The truth value the gold label gives the canonical atom (``None`` when unlabelled)."""
        return None if self.gold is None else self.gold != self.negated


def as_written(text: str, name: str) -> str | None:
    """The noun phrase that denotes the constant ``name`` in ``text``, as the text writes it, with its article
    (lower-cased: the phrase is to stand inside another sentence); ``None`` when the text does not have it.

    A reversed question is asked in the words of the question it reverses ("Is a leg opening joined to a trouser
    waist belt?", not "Is leg opening joined to trouser waist belt?").

    >>> as_written("Is a trouser waist belt joined to a leg opening?", "trouser_waist_belt")
    'a trouser waist belt'
    >>> as_written("The Cup is left of Napoleon's hat.", "cup"), as_written("Is coal shiny?", "foil")
    ('the Cup', None)
    """
    wanted = tuple(name.split("_"))
    spans, lowered = _words(text)
    n, i = len(wanted), -1
    while True:
        try:  # each place the phrase's first word is written, left to right
            i = lowered.index(wanted[0], i + 1)
        except ValueError:
            return None
        if lowered[i:i + n] == wanted:
            phrase = text[spans[i][0]:spans[i + n - 1][1]]
            if i and lowered[i - 1] in _ARTICLES:
                return f"{lowered[i - 1]} {phrase}"
            return phrase


_ARTICLES = frozenset({"a", "an", "the"})
_WORD = re.compile(r"[\w'’-]+")


@lru_cache(maxsize=256)
def _words(text: str) -> tuple[tuple[tuple[int, int], ...], tuple[str, ...]]:
    """The spans of a text's words and the words lower-cased (a text is looked at once per constant it names)."""
    found = list(_WORD.finditer(text))
    return tuple([m.span() for m in found]), tuple([m.group().lower() for m in found])


def as_bool(value: object, what: str = "gold") -> bool:
    """Read a label: a boolean, or the strings ``yes``/``no``/``true``/``false`` (any case).

    Raises:
        LabelError: anything else, including a bare YAML ``yes``/``no``/``on``/``off``.

    >>> as_bool(True), as_bool("No."), as_bool("yes")
    (True, False, True)
    """
    if isinstance(value, BareWord):
        raise LabelError(value, f"{what} is a bare YAML {quoted(str(value))}, which YAML 1.1 reads as a boolean and "
                                f"YAML 1.2 as a string; write true or false (or quote it)")
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower().rstrip(".!")
        if word in ("yes", "true"):
            return True
        if word in ("no", "false"):
            return False
    raise LabelError(value, f"{what} must be true or false (or \"yes\"/\"no\"), got {quoted(value)}")


def read_records(path: str | Path) -> Iterator[tuple[int, dict[str, Any] | ItemError]]:
    """Yield ``(number, record)`` from a JSONL file (``-``: standard input), a JSON array or a YAML list.

    A line that is not a JSON object comes out as an :class:`ItemError` in place of its record.

    Raises:
        InputError: the file cannot be read, or a JSON/YAML file is not a list of records.
    """
    name = str(path)
    try:
        stdin = getattr(sys.stdin, "buffer", None)
        data = (stdin.read() if stdin is not None else sys.stdin.read().encode("utf-8", "surrogatepass")) \
            if name == "-" else Path(path).read_bytes()
    except OSError as e:
        raise InputError(name, None, f"cannot read: {e.strerror or e}") from e
    suffix = Path(name).suffix.lower()
    if suffix in (".json", ".yaml", ".yml"):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise InputError(name, data.count(b"\n", 0, e.start) + 1, f"not UTF-8: {e.reason}") from e
        if suffix == ".json":
            try:
                parsed = loads(text, max_chars=None)  # within the depth and number limits
            except json.JSONDecodeError as e:
                raise InputError(name, e.lineno, f"not JSON: {e.msg}") from e
        else:
            parsed = load_yaml(text, name)
        if not isinstance(parsed, list):
            raise InputError(name, None, f"expected a list of records, got {type(parsed).__name__}")
        for number, record in enumerate(parsed, 1):
            yield number, record if isinstance(record, dict) else ItemError(None, number, "not an object")
        return
    undecodable: dict[int, str] = {}
    for number, _, record, error in json_lines(_decoded_lines(data, undecodable)):
        if number in undecodable:
            yield number, ItemError(None, number, undecodable[number])
        elif error is not None:
            yield number, ItemError(None, number, f"not JSON: {error.msg}")
        else:
            yield number, record if isinstance(record, dict) else ItemError(None, number, "not a JSON object")


def _decoded_lines(data: bytes, undecodable: dict[int, str]) -> Iterator[tuple[int, str]]:
    """The lines of a JSON Lines file, decoded one by one: a line that is not UTF-8 is noted in ``undecodable``
    (its number → the reason) and passed on as a placeholder, so one bad byte costs one record, not the file.
    """
    for number, raw in enumerate(data.removeprefix(b"\xef\xbb\xbf").splitlines(), 1):
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as e:
            undecodable[number] = f"not UTF-8: {e.reason} at byte {e.start + 1}"
            yield number, "?"


def record_id(record: Mapping[str, Any], number: int | None) -> str:
    """The record's ``id`` as a string, or ``#N`` from its number."""
    value = record.get("id")
    return f"#{number}" if value is None else str(value)


def item_from_record(record: Mapping[str, Any], schema: Schema, *, line: int | None = None) -> Item:
    """Build an :class:`Item`; any problem is an :class:`ItemError` naming the record.

    Raises:
        ItemError: no question or atom, an unparseable question, an unknown relation, an ambiguous
            form without a category, a non-boolean gold label, a bad ``reverse_of``.
    """
    item_id = record_id(record, line)
    try:
        text = next((record[k] for k in TEXT_KEYS if record.get(k) is not None), None)
        if text is not None and not isinstance(text, str):
            raise LabelError(text, f"the question must be a string, got {quoted(text)}")
        category = record.get("category")
        if category is not None and not isinstance(category, str):
            raise LabelError(category, f"category must be a string, got {quoted(category)}")
        category = category_name(category) if category else None
        negated = False
        if record.get("atom") is not None:
            atom_text = record["atom"]
            if not isinstance(atom_text, str):
                raise LabelError(atom_text, f"atom must be a string such as 'part_of(core, apple)', "
                                            f"got {quoted(atom_text)}")
            parsed = parse_atom(atom_text)
            if any(isinstance(t, Var) for t in parsed.args):
                raise LabelError(atom_text, f"an item's atom has no variables (write constants in lower case): "
                                            f"{quoted(atom_text)}")
            atom = schema.canonical(parsed)
        elif text is not None:
            surface = parse_sentence(text)
            if category and surface.category and surface.category != category:
                raise LabelError(category, f"category {quoted(category)} disagrees with the question's "
                                           f"'In terms of {surface.category}'")
            category = category or surface.category
            atom = schema.resolve(surface, category)
            negated = surface.negated
        else:
            raise LabelError(None, f"no question or atom (expected one of {', '.join((*TEXT_KEYS, 'atom'))})")
        if "gold" not in record:
            raise LabelError(None, "no 'gold' label (use null for an unlabelled item)")
        gold = None if record["gold"] is None else as_bool(record["gold"])
        reverse_of = record.get("reverse_of")
        if reverse_of is not None and not isinstance(reverse_of, str | int):
            raise LabelError(reverse_of, f"reverse_of must be an item id, got {quoted(reverse_of)}")
    except (RelationsError, SentenceParseError) as e:
        raise ItemError(item_id, line, str(e)) from e
    return Item(item_id, atom, gold, negated, category, text, None if reverse_of is None else str(reverse_of), line)


def read_items(path: str | Path, schema: Schema) -> Iterator[Item | ItemError]:
    """Read and resolve every record of an item file; bad records come out as :class:`ItemError`.

    Raises:
        InputError: the file as a whole cannot be read.
    """
    for number, record in read_records(path):
        if isinstance(record, ItemError):
            yield record.located(str(path))
            continue
        try:
            yield item_from_record(record, schema, line=number)
        except ItemError as e:
            yield e.located(str(path))
