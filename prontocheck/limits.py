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

MODAL_ATOMS = 8
"""Most distinct atoms (names × predicates) in one modal item: the exact decision works over all 2**atoms
worlds, so an item with more is decided ``budget_exceeded`` (errors.BudgetExceeded) instead."""

MODAL_CASES = 256
"""Most alternatives (cases of the disjunctive normal form) one modal decision may split into; each is an LP."""

MODAL_LP_WORK = 1_000_000
"""Most exact-arithmetic work of the simplex search for one modal item under one semantics: tableau entries
computed, summed over its LPs (a few seconds at most; the benchmark grid's items use under 1,000)."""

LIMITS.update(modal_atoms=MODAL_ATOMS, modal_cases=MODAL_CASES, modal_lp_work=MODAL_LP_WORK)
