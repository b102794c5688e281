"""Access to the data shipped with the package: grammars, ontologies, fixtures.

In a built wheel the top-level ``grammars/``, ``ontologies/`` and ``fixtures/`` folders are
copied into the package (hatchling ``force-include``); in a source checkout or an editable
install they are read from beside the package.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

FOLDERS = ("grammars", "ontologies", "fixtures")


def resource(folder: str, name: str) -> Traversable:
    """Return the shipped file ``folder/name``, wherever this installation keeps it.

    >>> resource("grammars", "prontoqa.lark").name
    'prontoqa.lark'
    """
    if folder not in FOLDERS:
        raise ValueError(f"unknown resource folder {folder!r}; expected one of {FOLDERS}")
    packaged = files("prontocheck") / folder / name
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parent.parent / folder / name


def read_text(folder: str, name: str) -> str:
    """Return the text of a shipped file (UTF-8)."""
    return resource(folder, name).read_text("utf-8")
