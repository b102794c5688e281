"""Testing PrOntoQA-style data and generators: soundness checks, Hypothesis strategies, a pytest helper.

The checks need nothing beyond prontocheck. :mod:`prontocheck.testing.strategies` and
:func:`generator_test` need Hypothesis (``pip install 'prontocheck[testing]'``); they are
imported on first use, so ``import prontocheck.testing`` works without it.

>>> from prontocheck.testing import CHECKS, lint_record
>>> "gold-proof" in CHECKS
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prontocheck.testing.checks import CHECKS, Finding, assert_sound, count_proofs, lint_problem, lint_record
from prontocheck.testing.dataset import DatasetRecord, LintReport, lint_file, read_dataset
from prontocheck.testing.perturb import PERTURBATIONS, Expected, ModelOutput, applicable, perturb

if TYPE_CHECKING:
    from prontocheck.testing import strategies
    from prontocheck.testing.pytest_helpers import generator_test

_LAZY = {"strategies": "prontocheck.testing.strategies",
         "generator_test": "prontocheck.testing.pytest_helpers"}


def __getattr__(name: str) -> Any:
    # Hypothesis is imported only when the strategies or the pytest helper are asked for.
    if name in _LAZY:
        import importlib

        try:
            module = importlib.import_module(_LAZY[name])
        except ImportError as e:
            raise ImportError(f"prontocheck.testing.{name} needs Hypothesis: pip install 'prontocheck[testing]' "
                              f"(or pip install hypothesis): {e}") from e
        return module if name == "strategies" else getattr(module, name)
    raise AttributeError(f"module 'prontocheck.testing' has no attribute {name!r}")


__all__ = [
    "CHECKS", "PERTURBATIONS", "DatasetRecord", "Expected", "Finding", "LintReport", "ModelOutput", "applicable",
    "assert_sound", "count_proofs", "generator_test", "lint_file", "lint_problem", "lint_record", "perturb",
    "read_dataset", "strategies",
]
