"""Per-record limits: each bounds the work one record can cause, so that no input hangs a run.

A record that reaches a limit is not an error of the run: it ends in the stated verdict ``budget_exceeded``
(:class:`~prontocheck.errors.BudgetExceeded`, naming the limit) and the run goes on with the next record.
Every limit is a plain module constant, listed in :data:`LIMITS` and documented in the README ("Limits").

>>> LIMITS["sentence_chars"] == SENTENCE_CHARS
True
"""

from __future__ import annotations

SENTENCE_CHARS = 2_000
"""Longest sentence read; a longer one is an unparseable sentence with a ``budget_exceeded`` reason."""

LIMITS: dict[str, int] = {
    "sentence_chars": SENTENCE_CHARS,
}
"""Every limit by name (helpers that add a limit add it here and in the README's "Limits" table)."""
