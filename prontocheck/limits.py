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

RECORD_CHARS = 1_000_000
"""Longest input record read: a JSON Lines line, a log block, a line of a whole-file JSON. A longer one is skipped
in bounded memory and becomes that record's ``budget_exceeded`` error; the next record is read as usual."""

JSON_DEPTH = 100
"""Deepest nesting of arrays and objects in one JSON record; a deeper record is a ``budget_exceeded`` error."""

JSON_NUMBER_CHARS = 1_000
"""Longest number literal in a JSON record (e.g. a 5,000-digit integer); a longer one is a ``budget_exceeded``
error for its record."""

YAML_NODES = 100_000
"""Most YAML nodes a file may expand to, each alias counted as a copy of its anchor's nodes: a few hundred
bytes of nested aliases (a "billion laughs") would otherwise expand to gigabytes when printed or written."""

QUOTE_CHARS = 200
"""Most characters of an input value quoted in an error message; the rest is cut (with its length stated)."""

CLOSURE_FACTS = 100_000
"""Most facts and violations one relational closure may hold (``relations validate``: the whole file;
``relations score``: one model's answers; ``relations pairs``: one context, and each what-if question); a
transitive chain of n labels has n²/2 facts, so a chain of about 450 labels reaches it."""

CONFLICT_STEPS = 500_000
"""Most derivation steps walked to group a closure's violations into conflicts (each violation's support);
a cycle of n labels of an asymmetric relation has n²/2 violations each resting on all n labels."""

MODAL_ATOMS = 8
"""Most distinct atoms (names × predicates) in one modal item: the exact decision works over all 2**atoms
worlds, so an item with more is decided ``budget_exceeded`` (errors.BudgetExceeded) instead."""

MODAL_CASES = 256
"""Most alternatives (cases of the disjunctive normal form) one modal decision may split into; each is an LP."""

MODAL_ANTECEDENTS = 6
"""Most distinct antecedents whose ranking one case of a variably strict decision constrains (``-s vs``,
:mod:`prontocheck.modal.ranking`): the search tries every placement of them on the ranks, (n + 1)**n of them
(117,649 for 6)."""

MODAL_LP_WORK = 1_000_000
"""Most exact-arithmetic work of the simplex search for one modal item under one semantics: tableau entries
computed, summed over its LPs (a few seconds at most; the benchmark grid's items use under 1,000)."""

DERIVE_WORK = 250_000
"""Most derivation work spent on one output in the natural-deduction calculus, once for its steps and once for
the four proof accuracies together: shapes derived, rules and compounds tried, stated copies, open assumptions
and contradictions scanned (1 to 4 µs each: about 1 s at most; an output of 2,000 steps about a 20-rule chain
uses about 30,000 for its steps and 190,000 for its accuracies).
Beyond it the record's verdict is ``budget_exceeded``, an error naming the limit."""

LIMITS: dict[str, int] = {
    "sentence_chars": SENTENCE_CHARS,
    "record_chars": RECORD_CHARS,
    "json_depth": JSON_DEPTH,
    "json_number_chars": JSON_NUMBER_CHARS,
    "yaml_nodes": YAML_NODES,
    "quote_chars": QUOTE_CHARS,
    "closure_facts": CLOSURE_FACTS,
    "conflict_steps": CONFLICT_STEPS,
    "modal_atoms": MODAL_ATOMS,
    "modal_cases": MODAL_CASES,
    "modal_lp_work": MODAL_LP_WORK,
    "modal_antecedents": MODAL_ANTECEDENTS,
    "derive_work": DERIVE_WORK,
}
"""Every limit by name."""
