"""Cached parse failures are raised as fresh copies, so no caller's frames stay pinned to the cache."""

from __future__ import annotations

import pytest

from prontocheck.errors import UnparseableSentence
from prontocheck.modal import parse as modal_parse
from prontocheck.syntax import frontend


def test_cached_failure_keeps_no_traceback() -> None:
    for _ in range(2):
        with pytest.raises(UnparseableSentence) as raised:
            modal_parse.parse_statement("Savir blorps the party.")
    cached = frontend.read(modal_parse.MODAL, raised.value.sentence, "statement")
    assert isinstance(cached, UnparseableSentence) and cached is not raised.value
    assert cached.__traceback__ is None
