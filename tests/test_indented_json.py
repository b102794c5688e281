"""prontocheck.io.indented writes exactly the text of json.dumps(value, indent=…), for arbitrary values."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.io.indented import dumps_indented
from prontocheck.io.writing import _SURROGATE, _finite, dumps

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
KEYS = st.text() | st.integers() | st.floats() | st.booleans() | st.none()
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner)
                      | st.dictionaries(KEYS, inner, max_size=5), max_leaves=40)


def both(value: Any, indent: int, ensure_ascii: bool, allow_nan: bool) -> tuple[str, str]:
    def one(f: Any) -> str:
        try:
            return str(f(value, indent=indent, ensure_ascii=ensure_ascii, allow_nan=allow_nan))
        except ValueError as e:
            return f"ValueError: {e}"
    return one(json.dumps), one(dumps_indented)


@settings(max_examples=500, deadline=None)
@given(VALUES, st.integers(min_value=0, max_value=4), st.booleans(), st.booleans())
def test_the_same_text_as_json_dumps(value: Any, indent: int, ensure_ascii: bool, allow_nan: bool) -> None:
    expected, found = both(value, indent, ensure_ascii, allow_nan)
    assert found == expected


@pytest.mark.parametrize("value", [
    {}, [], (), "", 0, -1, 1.0, -0.0, 1e300, 2**70, True, None, {"a": {}}, [[]], [[], {}, ()],
    {"é\u2028": ["\ud800", "\x00\"\\"]}, {1: 2, 2.5: None, False: True, None: 0}, [math.nan], {"x": math.inf},
    [1, [2, [3, {"k": (4, 5)}]]],
])
def test_edge_values(value: Any) -> None:
    for indent in (0, 1, 2):
        for ensure_ascii in (True, False):
            for allow_nan in (True, False):
                expected, found = both(value, indent, ensure_ascii, allow_nan)
                assert found == expected


def test_the_fallbacks() -> None:
    class Text(str):
        pass

    value: list[Any] = [Text("x"), {"k": Text("y")}]
    assert dumps_indented(value, 2) == json.dumps(value, indent=2)
    cycle: list[Any] = []
    cycle.append(cycle)
    with pytest.raises(ValueError, match="Circular"):
        dumps_indented(cycle, 2)
    with pytest.raises(TypeError):
        dumps_indented({"s": {1, 2}}, 2)


@settings(max_examples=300, deadline=None)
@given(VALUES, st.sampled_from([None, 1, 2]))
def test_writing_dumps_is_unchanged(value: Any, indent: int | None) -> None:
    """The strict writer (non-finite numbers as null, lone surrogates escaped), as it was with json.dumps alone
    (a non-finite number as a key was and is a ValueError)."""
    def before() -> str:
        try:
            text = json.dumps(value, ensure_ascii=False, allow_nan=False, indent=indent)
        except ValueError:
            text = json.dumps(_finite(value), ensure_ascii=False, allow_nan=False, indent=indent)
        return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)

    def outcome(f: Any) -> str:
        try:
            return str(f())
        except ValueError as e:
            return f"ValueError: {e}"
    assert outcome(lambda: dumps(value, indent=indent)) == outcome(before)
