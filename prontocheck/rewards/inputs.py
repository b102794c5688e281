"""Reading what an RL framework hands a reward function, whatever it is: text, batches, options.

A reward function is called with values it does not control (a ``None`` completion, bytes, a numpy
array of specs, a label whose ``__str__`` raises). These helpers read such values without raising:
each returns the value in the form the scorer needs, or ``None`` when there is none, and
:func:`shown` names any value in a short, safe way for the logged reason.

>>> text_of("Fae is a cat."), text_of(None), text_of(b"True")
('Fae is a cat.', None, None)
>>> rows_of(["a", "b"]), rows_of("ab"), rows_of(None)
(['a', 'b'], None, None)
>>> shown(None), shown("x" * 100)[-5:]
('None', "xxx…'")
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sized
from typing import Any

SHOWN_CHARS = 60
"""How much of a value a logged reason quotes."""


def shown(value: object) -> str:
    """A short repr of any value for a log line: cut to :data:`SHOWN_CHARS`, never raising
    (an object whose ``__repr__`` raises is shown by its type).
    """
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ is data, not a bug of ours
        return f"<{kind(value)} object>"
    if not isinstance(text, str):
        return f"<{kind(value)} object>"
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 2] + "…" + text[-1]


def kind(value: object) -> str:
    """The name of a value's type (``NoneType``, ``int``, …)."""
    return type(value).__name__


def text_of(value: object) -> str | None:
    """A plain ``str`` copy of a string (a subclass's overrides are bypassed); else ``None``."""
    return str.__str__(value) if isinstance(value, str) else None


def rows_of(value: object) -> list[Any] | None:
    """A batch argument as a list: a list, tuple or other sized iterable (a numpy array); ``None`` for
    anything else (``None``, a string, a mapping, a scalar, an iterable that fails while read).
    """
    if value is None or isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Sized):
        return None
    if not isinstance(value, Iterable):
        return None
    try:
        return list(value)
    except Exception:  # noqa: BLE001 - a 0-d array or a broken container: no rows
        return None


def safe_str(value: object) -> str | None:
    """``str(value)``, or ``None`` when its ``__str__`` raises or returns no string."""
    if isinstance(value, str):
        return text_of(value)
    try:
        text = str(value)
    except Exception:  # noqa: BLE001 - a broken __str__ is data, not a bug of ours
        return None
    return text_of(text)


def why(error: BaseException) -> str:
    """An exception in words for a logged reason (``TypeError: …``), never raising."""
    return f"{kind(error)}: {safe_str(error) or '?'}"[:200]


def option_of(value: object, choices: tuple[str, ...]) -> str | None:
    """``value`` if it is one of ``choices`` (a ``mode`` or ``metric``), else ``None``."""
    text = text_of(value)
    return text if text is not None and text in choices else None
