"""PrOntoQA chain-of-thought checking under the paper profile."""

import typing

from prontocheck.common import lazy

if typing.TYPE_CHECKING:
    from prontocheck.prontoqa.accuracy import proof_accuracies
    from prontocheck.prontoqa.check import check, check_batch
    from prontocheck.prontoqa.derive import derive_gold, derive_natural
    from prontocheck.prontoqa.problem import PreparedProblem, Problem, prepare
    from prontocheck.prontoqa.results import (
        METRICS,
        ExampleResult,
        FirstError,
        GoldInfo,
        LabelResult,
        ProofResult,
        StepResult,
        Utility,
        Validity,
    )
    from prontocheck.prontoqa.steps import StepInput, classify_steps
    from prontocheck.syntax.forms import ProofLine

# Imported on first use (prontocheck.common.lazy): importing one module of the package does not import the rest.
lazy.export_lazily("prontocheck.prontoqa", {
    "prontocheck.prontoqa.accuracy": "proof_accuracies",
    "prontocheck.prontoqa.check": "check check_batch",
    "prontocheck.prontoqa.derive": "derive_gold derive_natural",
    "prontocheck.prontoqa.problem": "PreparedProblem Problem prepare",
    "prontocheck.prontoqa.results": "METRICS ExampleResult FirstError GoldInfo LabelResult "
        "ProofResult StepResult Utility Validity",
    "prontocheck.prontoqa.steps": "StepInput classify_steps",
    "prontocheck.syntax.forms": "ProofLine",
})

__all__ = [
    "METRICS", "ExampleResult", "FirstError", "GoldInfo", "LabelResult", "PreparedProblem", "Problem",
    "ProofLine", "ProofResult", "StepInput", "StepResult", "Utility", "Validity", "check", "check_batch",
    "classify_steps", "derive_gold", "derive_natural", "prepare", "proof_accuracies",
]
