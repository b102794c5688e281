"""Printing the originals' report, line for line: :func:`render_original`.

Numbers are printed as the original prints them: counts as integers, ratios as Python/numpy
print a float64 (shortest round-trip form: ``0.95``, ``1.0``, ``0.16842105263157894``). Where the
original divides numpy integers, a zero denominator prints ``nan``/``inf`` as numpy does; where it
divides Python integers, the original stops with ``ZeroDivisionError``, and so does the report
here (a last line says so).
"""

from __future__ import annotations

from prontocheck.compat.summary import OriginalFigures, OriginalSummary


class _Stop(Exception):
    """The original program stops here (the message is its error)."""


def _np(a: float, b: float) -> str:
    """A numpy float64 division, printed."""
    if b == 0:
        return "nan" if a == 0 else ("inf" if a > 0 else "-inf")
    return repr(a / b)


def _py(a: float, b: float) -> str:
    """A Python division, printed; a zero denominator stops the original."""
    if b == 0:
        raise _Stop("ZeroDivisionError: division by zero")
    return repr(a / b)


_CONTAINS = (  # (label, counter): the breakdown of correct / incorrect proofs, as printed
    ('contain a "useless branch":          ', "wrong_branch"),
    ('contain a "useful skip step":        ', "useful_skip"),
    ('contain a "useless skip step":       ', "wrong_skip"),
    ('contain a "useful non-atomic step":  ', "useful_non_atomic"),
    ('contain a "useless non-atomic step": ', "wrong_non_atomic"),
    ('contain an "invalid step":           ', "invalid"),
    ('contain a "useless branch" AND "useful non-atomic step": ', "wrong_branch+useful_non_atomic"),
    ('contain a "useless branch" AND "useless non-atomic step": ', "wrong_branch+wrong_non_atomic"),
    ('contain a "useless branch" AND "invalid step": ', "wrong_branch+invalid"),
    ('contain a "useless branch" AND "useful non-atomic step" AND "invalid step": ',
     "wrong_branch+useful_non_atomic+invalid"),
)
_FIRST = (("useless branch", "wrong_branch"), ("useful skip step", "useful_skip"), ("useless skip step", "wrong_skip"),
          ("useful non-atomic step", "useful_non_atomic"), ("useless non-atomic step", "wrong_non_atomic"),
          ("invalid step", "incorrect"))


def _breakdowns(f: OriginalFigures, out: list[str]) -> None:
    n, correct = f.examples, f.proof_counts["valid"]
    incorrect = n - correct
    for kind, offset, denominator, none in (("correct", 7, correct, "(there are no correct proofs)"),
                                            ("incorrect", 6, incorrect, "(there are no incorrect proofs)")):
        if denominator == 0:
            out.append(none)
            continue
        for label, name in _CONTAINS:
            out.append(f"Proportion of {kind} proofs that {label}{_np(f.count(name, offset), denominator)}")
        any_label = "with ANY OF THE ABOVE:                    "
        out.append(f"Proportion of {kind} proofs {any_label}{_np(f.count('any', offset), denominator)}")
    counts = f.proof_counts
    out.append("")
    out.append(f"Proportion of ALL proofs that are strictly correct: {_np(counts['strict'], n)}")
    out.append(f'Proportion of ALL proofs that would be correct if "skip steps" are considered correct: '
               f"{_np(counts['broad'], n)}")
    out.append(f'Proportion of ALL proofs that would be correct if "non-atomic steps" are considered correct: '
               f"{_np(counts['non_atomic'], n)}")
    out.append('Proportion of ALL proofs that would be correct if both "skip steps" and "non-atomic steps" are '
               f"considered correct: {_np(counts['valid'], n)}")
    for kind, offset, denominator, none in (("correct", 7, correct, "(there are no correct proofs)"),
                                            ("incorrect", 6, incorrect, "(there are no incorrect proofs)")):
        if denominator == 0:
            out.append(none)
            continue
        if kind == "correct":
            out.append("")
        for label, name in _FIRST:
            value = _np(f.count(f"first:{name}", offset), denominator)
            out.append(f'Proportion of {kind} proofs where the "{label}" is the first mistake: {value}')


def _labels(f: OriginalFigures, out: list[str]) -> None:
    if f.correct_labels is None:
        return
    true = f.counters["expected_label_true"]
    accuracy = _py(f.count("expected_label_true", 7), true[0] + true[1])
    out.append(f"Proof accuracy of examples with label `True`: {accuracy}")
    rest = f.proof_counts["valid"] - f.count("expected_label_true", 7)
    out.append(f"Proof accuracy of examples with label `False`: {_np(rest, f.examples - true[0] - true[1])}")


def _main(f: OriginalFigures, out: list[str]) -> None:
    t, n = f.totals, f.examples
    if f.refused:
        out.append(f"There were errors during semantic parsing for file {f.source}:")
    if n == 0:
        raise _Stop("ValueError: max() arg is an empty sequence")
    total = sum(f.proof_lengths)
    out.append(f"Correct steps: {t['correct']}")
    out.append(f"Total steps: {total}")
    for label, key in (("Correct", "correct"), ("Non-atomic", "non_atomic"), ("Skip", "skip"),
                       ("Invalid", "incorrect"), ("Correct and useful", "correct_and_useful"),
                       ("Unparseable", "unparseable"), ("Incorrect", "incorrect")):
        out.append(f"{label} steps ratio: {_np(t[key], total)}")
    out.append("Perplexity sample mean: nan")
    out.append("Perplexity sample std dev: nan")
    correct = f.proof_counts["valid"]
    out.append(f"Number of examples: {n}")
    out.append(f"Number of correct proof: {correct}")
    out.append(f"Proportion of proofs that contain the correct proof: {_np(correct, n)}")
    fully = _py(t["fully_correct"], n)
    out.append(f"Proportion of proofs that only contain correct, non-atomic, or skip steps: {fully}")
    _labels(f, out)
    _breakdowns(f, out)
    with_skip, with_either, diff = [], [], []
    for k, (found, fs, fna) in enumerate(f.per_example, start=1):
        if not found and not fs:
            with_skip.append(k)
            if fs or fna:
                diff.append(k)
        if not found and not (fs or fna):
            with_either.append(k)
    out.append(f"incorrect_proof_ids_with_skip_steps: {with_skip}")
    out.append(f"incorrect_proof_ids_with_skip_or_non_atomic_steps: {with_either}")
    out.append(f"incorrect_proof_ids_with_skip_or_non_atomic_steps \\ incorrect_proof_ids_with_skip_steps: {diff}")
    if f.correct_labels is not None:
        out.append(f"Proportion of correct labels: {_py(f.correct_labels, n)}")


def _v1(f: OriginalFigures, out: list[str]) -> None:
    t, n = f.totals, f.examples
    if n == 0:
        raise _Stop("ValueError: max() arg is an empty sequence")
    total = sum(f.proof_lengths)
    for label, key in (("Correct", "correct"), ("Non-atomic", "non_atomic"), ("Skip", "skip"),
                       ("Invalid", "incorrect"), ("Correct and useful", "correct_and_useful"),
                       ("Redundant", "redundant"), ("Unparseable", "unparseable"), ("Incorrect", "incorrect")):
        out.append(f"{label} steps: {_np(t[key], total)}")
    out.append(f"Proportion of proofs that contain the correct proof: {_np(f.proof_counts['valid'], n)}")
    _labels(f, out)
    _breakdowns(f, out)
    if f.correct_labels is not None:
        out.append(f"Proportion of correct labels: {_py(f.correct_labels, n)}")


def render_original(figures: OriginalFigures | OriginalSummary, *, notice: bool = False) -> str:
    """The text the original analyzer prints for these figures (``prontoqa-ood``: as the ``.out`` files).

    Args:
        figures: from :meth:`OriginalSummary.build <prontocheck.compat.summary.OriginalSummary.build>`
            (or the summary itself, built here).
        notice: append a line saying that the original would have stopped on this input, when it
            would have (the default keeps the text identical to the original's).
    """
    if isinstance(figures, OriginalSummary):
        figures = figures.build()
    out: list[str] = []
    try:
        (_main if figures.profile == "prontoqa-ood" else _v1)(figures, out)
    except _Stop as stop:
        out.append(f"(the original analyzer stops here: {stop})")
    if notice and (message := figures.abort_notice()) is not None:
        out.append(f"# {message}")
    return "\n".join(out) + "\n"
