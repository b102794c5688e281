"""Turning a user's generator into a property test of the soundness checks (needs Hypothesis).

>>> import random
>>> def one_hop(rng: random.Random) -> dict:
...     a, b = rng.sample(["wumpus", "yumpus", "zumpus"], 2)
...     return {"context": f"Every {a} is a {b}. Fae is a {a}.", "query": f"Prove: Fae is a {b}.",
...             "gold_cot": [f"Fae is a {a}.", f"Every {a} is a {b}.", f"Fae is a {b}."], "hops": 1}
>>> test = generator_test(one_hop, max_examples=10)
>>> test.__name__
'test_one_hop_is_sound'
>>> test()  # passes: every example it draws is sound
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from prontocheck.errors import UsageError
from prontocheck.testing.checks import assert_sound, check_names


def generator_test(generator: Callable[[random.Random], Mapping[str, Any] | Any], *, ignore: Collection[str] = (),
                   max_examples: int | None = None) -> Callable[[], None]:
    """Wrap a generator into a pytest test that every example it makes passes the soundness checks.

    Bind the result to a ``test_*`` name in a test module and pytest runs it as a Hypothesis test:
    the random stream handed to the generator is Hypothesis', so a failing example shrinks and is
    replayed from the example database.

    Args:
        generator: takes a ``random.Random`` and returns one example: a native-schema record
            (``context``, ``query``, ``gold_cot``, ``gold_label``, and optionally ``hops``,
            ``distractors``, ``unprovable``, ``id``), a ``Problem`` or a generated ``Example``.
            A generator driven by a seed can be wrapped: ``lambda rng: make(seed=rng.getrandbits(32))``.
        ignore: names of checks to skip (see :data:`prontocheck.testing.CHECKS`).
        max_examples: examples per run; default: the active Hypothesis profile's.

    Returns:
        A test function without arguments, named ``test_<generator>_is_sound``. It runs with no
        Hypothesis deadline (the first example builds the sentence parser, which takes longer than the
        default 200 ms; a user's generator may be slow too); the active profile gives the other settings.
    """
    if not callable(generator):
        raise InvalidArgument(f"generator={generator!r} must be a function of a random.Random")
    try:
        ignored = check_names(ignore)
    except UsageError as e:
        raise InvalidArgument(str(e)) from None

    @given(st.randoms(use_true_random=False))
    def test(rng: random.Random) -> None:
        assert_sound(generator(rng), ignore=ignored)

    name = getattr(generator, "__name__", "generator").strip("<>")
    test.__name__ = test.__qualname__ = f"test_{name}_is_sound"
    own: dict[str, Any] = {"deadline": None}
    if max_examples is not None:
        own["max_examples"] = max_examples
    test = settings(**own)(test)
    return test
