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
    "record_chars": 1_000_000,
    "json_depth": 100,
    "json_number_chars": 1_000,
}
"""Every limit by name (helpers that add a limit add it here and in the README's "Limits" table)."""

RECORD_CHARS = LIMITS["record_chars"]
"""Longest input record read: a JSON Lines line, a log block, a line of a whole-file JSON. A longer one is skipped
in bounded memory and becomes that record's ``budget_exceeded`` error; the next record is read as usual."""

JSON_DEPTH = LIMITS["json_depth"]
"""Deepest nesting of arrays and objects in one JSON record; a deeper record is a ``budget_exceeded`` error."""

JSON_NUMBER_CHARS = LIMITS["json_number_chars"]
"""Longest number literal in a JSON record (e.g. a 5,000-digit integer); a longer one is a ``budget_exceeded``
error for its record."""
