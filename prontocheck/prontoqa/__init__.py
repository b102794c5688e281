"""PrOntoQA chain-of-thought checking under the paper profile."""

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

__all__ = [
    "METRICS", "ExampleResult", "FirstError", "GoldInfo", "LabelResult", "PreparedProblem", "Problem",
    "ProofLine", "ProofResult", "StepInput", "StepResult", "Utility", "Validity", "check", "check_batch",
    "classify_steps", "derive_gold", "derive_natural", "prepare", "proof_accuracies",
]
