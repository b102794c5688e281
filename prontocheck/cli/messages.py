"""Messages on the terminal (the commands' only way of printing a label)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text


def labelled(label: str, style: str, message: object) -> Text:
    """A message for the terminal: a styled label, then ``message`` as plain text, never read as markup
    (a bad record's value can hold ``[/red]``).

    >>> labelled("error", "red", "x.jsonl:3: bad id '[/red]'").plain
    "error x.jsonl:3: bad id '[/red]'"
    """
    from rich.text import Text  # on first use: a command that prints no message does not import rich

    return Text.assemble((label, style), " ", str(message))


def fail(err: Console, error: object) -> NoReturn:
    """Print a one-line error on ``err`` (standard error) and exit with code 2 (a usage error, an unreadable
    input or output): the commands' one way of stopping on an error.
    """
    err.print(labelled("error", "red", error))
    sys.exit(2)
