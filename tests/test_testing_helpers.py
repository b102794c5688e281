"""The testing helpers work as written, outside this project's test setup.

The README's ``generator_test`` example and a test built on the strategies are run as printed, in a fresh
process, from a temporary folder (so without ``tests/conftest.py``, its Hypothesis profile without a deadline
and its warm parser cache), with an empty parser cache (the first parse builds the parser: the cold start
that met Hypothesis' 200 ms deadline) and Hypothesis warnings turned into errors (the "overly large repr"
warning the ``examples()`` strategy gave).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

STRATEGY_TEST = '''\
from hypothesis import HealthCheck, given, settings
from prontocheck import check, parse_statement
from prontocheck.testing.strategies import examples, model_outputs, sentences


# Hypothesis' default deadline (200 ms) applies; "too slow" is its check of how long drawing takes (a generated
# example and its perturbation), which a loaded machine can fail whatever the strategy: it is not the subject here.
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(model_outputs(examples(max_hops=3), perturbations=("skip-rule",)))
def test_skipping_a_rule_is_non_atomic(out):
    assert check(out.example.problem, out.text).proof.to_json() == out.expected.proof


@given(sentences())
def test_sentences_parse(s):
    assert parse_statement(s.text) == s.formula
'''


def readme_generator_example() -> str:
    """The README's Python block that uses ``generator_test``, exactly as printed."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    [block] = [b for b in blocks if "generator_test(" in b]
    return block


def run_pytest(folder: Path, test_file: str, text: str) -> subprocess.CompletedProcess[str]:
    """Run one test file with pytest in a fresh process, from ``folder``, with a cold parser cache."""
    (folder / test_file).write_text(text, encoding="utf-8")
    cache = folder / "parser-cache"
    cache.mkdir(exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PRONTOCHECK_CACHE_DIR": str(cache)}
    env.pop("HYPOTHESIS_PROFILE", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(folder),
         "-W", "error::hypothesis.errors.HypothesisWarning", test_file],
        cwd=folder, env=env, capture_output=True, text=True, timeout=600, check=False,
    )


def test_the_readme_generator_test_example_runs_as_printed(tmp_path: Path) -> None:
    example = readme_generator_example()
    assert example.count("\n") <= 14  # the README's "ten lines" (and the imports)
    done = run_pytest(tmp_path, "test_readme_example.py", example)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    assert "HypothesisWarning" not in done.stdout + done.stderr


def test_the_strategies_need_no_settings_of_the_user(tmp_path: Path) -> None:
    done = run_pytest(tmp_path, "test_with_strategies.py", STRATEGY_TEST)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout


def test_generator_test_has_no_deadline_and_keeps_max_examples() -> None:
    from prontocheck.testing import generator_test

    test = generator_test(lambda rng: {}, max_examples=3)
    settings = test._hypothesis_internal_use_settings  # type: ignore[attr-defined]
    assert settings.deadline is None
    assert settings.max_examples == 3


def test_the_examples_strategy_has_a_short_repr() -> None:
    from prontocheck.testing.strategies import examples

    assert len(repr(examples(max_hops=2))) < 2000
