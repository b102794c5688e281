"""PrOntoQA chain-of-thought checking under the paper profile."""

from prontocheck.prontoqa.accuracy import proof_accuracies
from prontocheck.prontoqa.check import check, check_batch
from prontocheck.prontoqa.problem import PreparedProblem, Problem, derive_gold, prepare
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

__all__ = [
    "METRICS", "ExampleResult", "FirstError", "GoldInfo", "LabelResult", "PreparedProblem", "Problem",
    "ProofResult", "StepInput", "StepResult", "Utility", "Validity", "check", "check_batch", "classify_steps",
    "derive_gold", "prepare", "proof_accuracies",
]
