"""prontocheck: a symbolic proof checker for chain-of-thought analysis.

>>> from prontocheck import Problem, check
>>> r = check(Problem("Every cat is a carnivore. Fae is a cat.", "True or false: Fae is a carnivore."),
...           "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True")
>>> r.proof.strict, [s.kind for s in r.steps]
(True, ['strict-atomic-useful', 'strict-atomic-useful', 'strict-atomic-useful'])
"""

import typing

from prontocheck.common import lazy
from prontocheck.errors import (
    InputError,
    ProntocheckError,
    SentenceParseError,
    UnparseableSentence,
    UnreadableQuery,
    UsageError,
)

if typing.TYPE_CHECKING:
    from prontocheck.prontoqa import (
        METRICS,
        ExampleResult,
        Problem,
        ProofResult,
        StepResult,
        Utility,
        Validity,
        check,
        check_batch,
    )
    from prontocheck.syntax import parse_formula, parse_query, parse_statement

# The checker's names are imported on first use: ``import prontocheck.modal`` (or ``prontocheck modal …``) does
# not import the PrOntoQA checker (prontocheck.common.lazy).
lazy.export_lazily("prontocheck", {
    "prontocheck.prontoqa": "METRICS ExampleResult Problem ProofResult StepResult Utility Validity "
        "check check_batch",
    "prontocheck.syntax": "parse_formula parse_query parse_statement",
})

__version__ = "0.1.0"

__all__ = [
    "METRICS", "ExampleResult", "InputError", "Problem", "ProntocheckError", "ProofResult", "SentenceParseError",
    "StepResult", "UnparseableSentence", "UnreadableQuery", "UsageError", "Utility", "Validity", "__version__",
    "check", "check_batch", "parse_formula", "parse_query", "parse_statement",
]
