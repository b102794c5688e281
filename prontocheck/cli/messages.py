"""Messages on the terminal (the commands' only way of printing a label)."""

from __future__ import annotations

from rich.text import Text


def labelled(label: str, style: str, message: object) -> Text:
    """A message for the terminal: a styled label, then ``message`` as plain text, never read as markup
    (a bad record's value can hold ``[/red]``).

    >>> labelled("error", "red", "x.jsonl:3: bad id '[/red]'").plain
    "error x.jsonl:3: bad id '[/red]'"
    """
    return Text.assemble((label, style), " ", str(message))
