"""``prontocheck compare RUN_A RUN_B``: two saved runs compared example by example (McNemar's paired test).

Exit codes: 0 done; 2 usage error or an unreadable run.
"""

from __future__ import annotations

import sys

import click
from rich.console import Console

from prontocheck.cli.messages import fail
from prontocheck.errors import InputError
from prontocheck.report.compare import Comparison, compare, read_outcomes
from prontocheck.report.render_compare import FORMATS, comparison_notes, render_comparison


def print_comparison(c: Comparison, fmt: str) -> None:
    """Print a comparison in ``fmt`` on standard output (the table followed by its notes)."""
    if fmt == "table":
        console = Console(highlight=False, soft_wrap=False, markup=False)
        console.print(render_comparison(c, fmt))
        for line in comparison_notes(c):
            console.print(line)
    else:
        click.echo(str(render_comparison(c, fmt)).rstrip("\n"))


@click.command()
@click.argument("run_a", metavar="RUN_A")
@click.argument("run_b", metavar="RUN_B")
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS),
              help="Output format [default: table on a terminal, else json].")
def compare_command(run_a: str, run_b: str, fmt: str | None) -> None:
    """Compare two saved runs ('prontocheck analyze -o FILE') on the examples both have.

    Examples are matched on their record id, else on their problem (the records' problem_key). Per
    figure (label accuracy and the four proof accuracies): each run's accuracy on the pairs, the difference B − A,
    McNemar's test (exact below 25 discordant pairs, else chi-square with continuity correction), and the examples
    that flip. Examples only one run has are counted and listed.
    """
    err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
    try:
        a, b = read_outcomes(run_a), read_outcomes(run_b)
    except InputError as e:
        fail(err, e)
    print_comparison(compare(a, b), fmt or ("table" if sys.stdout.isatty() else "json"))
