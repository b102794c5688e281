"""Hypothesis strategies of the fuzz targets' inputs: the long run's mutations, drawn by Hypothesis (so a
failing input shrinks to few, small mutations).

>>> from hypothesis import given, settings
>>> from tests.fuzz.corpus import load
>>> @settings(max_examples=3, database=None)
... @given(inputs("parser", load(shared=False)))
... def test_kind(inp):
...     assert inp[0] in ("sentence", "statement", "query", "formula")
>>> test_kind()
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.fuzz.corpus import Corpus
from tests.fuzz.mutate import DrawChooser
from tests.fuzz.targets import TARGETS


def inputs(target: str, corpus: Corpus) -> st.SearchStrategy[Any]:
    """Inputs of the named target (:data:`~tests.fuzz.targets.TARGETS`) built from ``corpus``."""
    make = TARGETS[target].make

    @st.composite
    def build(draw: Any) -> Any:
        return make(DrawChooser(draw), corpus)

    return build()


def records(corpus: Corpus) -> st.SearchStrategy[Any]:
    """Generated input files (:class:`~tests.fuzz.files.InputFile`)."""
    return inputs("records", corpus)


def sentences(corpus: Corpus) -> st.SearchStrategy[str]:
    """Mutated real sentences."""
    return inputs("parser", corpus).map(lambda inp: inp[1])
