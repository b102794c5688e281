"""Errors of :mod:`prontocheck.relations`; all are :class:`~prontocheck.errors.ProntocheckError`.

Library functions raise them and never print. Readers of item files do not raise for a bad item:
they turn its error into an :class:`ItemError` and go on with the next one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from prontocheck.errors import ProntocheckError
from prontocheck.limits import QUOTE_CHARS


def quoted(value: object, limit: int = QUOTE_CHARS) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters (with the length it had), so that no
    input value, however large (a YAML alias expansion, a 10⁵-character question), is printed in full.

    >>> quoted("cheese"), quoted("x" * 1000, 12)
    ("'cheese'", "'xxxxxxxxxx… (1002 characters)")
    """
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit - 1]}… ({len(text)} characters)"


class RelationsError(ProntocheckError, ValueError):
    """Root of the errors of :mod:`prontocheck.relations`."""


class SchemaError(RelationsError):
    """A relation schema file that cannot be used.

    Attributes:
        source: the file (or shipped schema name).
        where: the place in the document (``relations.synonym.props[1]``), or ``""``.
        reason: what is wrong, quoting the offending value.
    """

    def __init__(self, source: str, where: str, reason: str) -> None:
        self.source, self.where, self.reason = source, where, reason
        super().__init__(f"{source}: {where + ': ' if where else ''}{reason}")


class UnknownRelation(RelationsError):
    """A relation name that no loaded schema declares (or a family member without its parameter).

    Attributes:
        name: the offending name.
    """

    def __init__(self, name: str, known: Iterable[str] = (), reason: str = "") -> None:
        self.name = name
        hint = reason or f"known relations: {', '.join(sorted(known))}"
        super().__init__(f"unknown relation {quoted(name)} ({hint})")


class AmbiguousForm(RelationsError):
    """A question form that several relations share, with no category (or a category that fits none).

    Attributes:
        form: the surface form (``type_of``).
        candidates: the relations it may express, each with the categories that select it.
        category: the item's category, if it had one.
    """

    def __init__(self, form: str, candidates: dict[str, tuple[str, ...]], category: str | None) -> None:
        self.form, self.candidates, self.category = form, candidates, category
        options = "; ".join(f"{rel} for {', '.join(cats) or '(no category)'}" for rel, cats in candidates.items())
        if category is None:
            msg = f"the form {quoted(form)} does not determine the relation; give the item a category ({options})"
        else:
            msg = f"category {quoted(category)} does not fit the form {quoted(form)} ({options})"
        super().__init__(msg)


class LabelError(RelationsError):
    """A gold label or answer that is not a boolean (including YAML's bare ``yes``/``no`` trap).

    Attributes:
        value: the offending value.
    """

    def __init__(self, value: object, reason: str) -> None:
        self.value = value
        super().__init__(reason)


class ItemError(RelationsError):
    """A bad item (or answer) record; it names the item and, when known, its file and line.

    Attributes:
        item: the record's id, if it has one.
        line: the 1-based line (JSONL) or record number (JSON, YAML) of the record.
        reason: what is wrong.
        file: the file the record was read from, when known (the readers set it: :meth:`located`).

    >>> str(ItemError("t1", 3, "no gold label").located("items.jsonl"))
    "items.jsonl: item 't1' line 3: no gold label"
    """

    def __init__(self, item: str | None, line: int | None, reason: str, file: str | None = None) -> None:
        self.item, self.line, self.reason, self.file = item, line, reason, file
        super().__init__(reason)

    def located(self, file: str) -> ItemError:
        """This error, naming ``file`` as where its record is (unless it names one already)."""
        if self.file is None:
            self.file = file
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"id", "file", "line", "error"}``: the record of a bad record in summaries and ``--output``."""
        return {"id": self.item, "file": self.file, "line": self.line, "error": self.reason}

    def __str__(self) -> str:
        parts = (f"item {quoted(self.item)}" if self.item is not None else "", f"line {self.line}" if self.line else "")
        where = " ".join(p for p in parts if p) or "item"
        return f"{self.file}: {where}: {self.reason}" if self.file else f"{where}: {self.reason}"
