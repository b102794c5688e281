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

YAML_NODES = 100_000
"""Most YAML nodes a file may expand to, each alias counted as a copy of its anchor's nodes: a few hundred
bytes of nested aliases (a "billion laughs") would otherwise expand to gigabytes when printed or written."""
LIMITS["yaml_nodes"] = YAML_NODES

QUOTE_CHARS = 200
"""Most characters of an input value quoted in an error message; the rest is cut (with its length stated)."""
LIMITS["quote_chars"] = QUOTE_CHARS

CLOSURE_FACTS = 100_000
"""Most facts and violations one relational closure may hold (``relations validate``: the whole file;
``relations score``: one model's answers; ``relations pairs``: one context, and each what-if question); a
transitive chain of n labels has n²/2 facts, so a chain of about 450 labels reaches it."""
LIMITS["closure_facts"] = CLOSURE_FACTS

CONFLICT_STEPS = 500_000
"""Most derivation steps walked to group a closure's violations into conflicts (each violation's support);
a cycle of n labels of an asymmetric relation has n²/2 violations each resting on all n labels."""
LIMITS["conflict_steps"] = CONFLICT_STEPS
