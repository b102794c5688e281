"""Proportions and their Wilson score intervals (the paper reports every accuracy with a 95% one).

These are small pure functions. An empty sample (``n == 0``) never raises: its proportion is
``None`` (there is nothing to estimate) and its Wilson interval is the whole range ``(0.0, 1.0)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from prontocheck.errors import UsageError

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile, Φ⁻¹(0.975)."""


def _check_counts(successes: float, n: int) -> None:
    if n < 0 or not 0 <= successes <= n:
        raise UsageError(f"need 0 <= successes <= n, got successes={successes!r}, n={n!r}")


def proportion(successes: float, n: int) -> float | None:
    """The fraction ``successes / n``, or ``None`` when ``n == 0``.

    Args:
        successes: how many of the ``n`` trials succeeded.
        n: the number of trials.

    Raises:
        UsageError: when not ``0 <= successes <= n``.

    >>> proportion(8, 10), proportion(0, 0)
    (0.8, None)

    """
    _check_counts(successes, n)
    return successes / n if n else None


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion.

    With ``p = successes / n`` the interval is
    ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``; it is 0 at the bottom when
    ``successes == 0`` and 1 at the top when ``successes == n``.
    When ``n == 0`` no proportion is excluded and the interval is ``(0.0, 1.0)``.

    Args:
        successes: how many of the ``n`` trials succeeded.
        n: the number of trials.
        z: the normal quantile; the default gives a 95% interval.

    Raises:
        UsageError: when not ``0 <= successes <= n``.

    >>> lo, hi = wilson_interval(8, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.4902, 0.9433)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)

    """
    _check_counts(successes, n)
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # The bounds at 0 and n are exactly 0 and 1; clip so that rounding never crosses them.
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


@dataclass(frozen=True, slots=True)
class Rate:
    """A count of successes out of ``n``: an accuracy with its Wilson 95% interval.

    Attributes:
        successes: how many of the ``n`` examples succeeded (a float where a tie counts half, as in EWoK's
            scoring).
        n: how many examples the rate is over (for label accuracy, the examples with a gold label;
            for proof accuracy, those with a gold proof).

    >>> r = Rate(8, 10)
    >>> r.value, [round(x, 4) for x in r.ci95]
    (0.8, [0.4902, 0.9433])
    >>> Rate(0, 0).to_json()
    {'value': None, 'ci95': None, 'n': 0, 'successes': 0}

    """

    successes: float
    n: int

    def __post_init__(self) -> None:
        _check_counts(self.successes, self.n)

    @property
    def value(self) -> float | None:
        """The proportion, or ``None`` when ``n == 0``."""
        return proportion(self.successes, self.n)

    @property
    def ci95(self) -> list[float] | None:
        """The Wilson 95% interval ``[low, high]``, or ``None`` when ``n == 0`` (no estimate)."""
        return list(wilson_interval(self.successes, self.n)) if self.n else None

    def to_json(self) -> dict[str, Any]:
        """``{"value", "ci95": [low, high], "n", "successes"}``; value and ci95 are ``None`` when ``n == 0``."""
        return {"value": self.value, "ci95": self.ci95, "n": self.n, "successes": self.successes}
