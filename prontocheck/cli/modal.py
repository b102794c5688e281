"""The ``prontocheck modal`` command group: thin click commands over the library.

Exit codes: 0 done; 1 ``--fail-on-contradicted`` found a contradicted gold label; 2 usage error or
unreadable input.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn, TypeVar

import click

from prontocheck.cli.messages import fail, labelled
from prontocheck.cli.progress import count_lines, tracked, wanted
from prontocheck.errors import InputError, ProntocheckError, UsageError
from prontocheck.io.writing import OutputError, dumps, optional_output, output_file
from prontocheck.modal.items import ItemError
from prontocheck.modal.postulates import read_postulates
from prontocheck.modal.render import FORMATS, render
from prontocheck.modal.semantics import DEFAULT, READINGS, Semantics
from prontocheck.modal.validate import ValidationBuilder, ValidationReport, read_intended, validate_file

if TYPE_CHECKING:
    from rich.console import Console

    from prontocheck.modal.score import ScoreReport

MAX_MESSAGES = 20
T = TypeVar("T")


def _semantics(values: tuple[str, ...], all_columns: bool) -> list[Semantics]:
    try:
        chosen = [Semantics.parse(v) for v in values] or [DEFAULT]
    except UsageError as e:
        raise click.BadParameter(str(e), param_hint="--semantics") from e
    if all_columns:
        chosen += [s for s in READINGS if s not in chosen]
    return chosen


def _data_file(path: str, read: Callable[..., T], option: str) -> T:
    """A data file given to an option, read by ``read(text, source=path)``; a bad one is a usage error."""
    try:
        with open(path, encoding="utf-8") as f:
            return read(f.read(), source=path)
    except (OSError, UsageError) as e:
        raise click.BadParameter(str(e), param_hint=option) from e


def _show(report: ValidationReport | ScoreReport, fmt: str | None) -> None:
    fmt = fmt or ("table" if sys.stdout.isatty() else "json")
    if fmt == "json":  # strict JSON (no NaN), whatever the report holds
        click.echo(dumps(report.to_json(), indent=2))
        return
    rendered = render(report, fmt)
    if isinstance(rendered, str):
        click.echo(rendered.rstrip("\n"))
    else:
        # The tables are wide: on a terminal rich fits them to its width; piped, they are not squeezed to 80.
        from rich.console import Console

        Console(highlight=False, soft_wrap=False, markup=False,
                width=None if sys.stdout.isatty() else 200).print(rendered)


def _err() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True, markup=False)


def _fail(error: ProntocheckError) -> NoReturn:
    """A one-line error and exit code 2."""
    fail(_err(), error)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def modal() -> None:
    """Probability operators: generate the benchmark grid, validate gold labels, score model answers."""


@modal.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-", metavar="FILE",
              help="Write the prompts here (JSON Lines) [default: standard output].")
@click.option("--template", "templates", multiple=True, metavar="ID", help="Only this template (repeatable).")
@click.option("--form", "forms", multiple=True, metavar="FORM",
              help="Only this question form: TRUTH, CORRECT, VALID, FOLLOW, DIRECT, NOT-CORRECT, NOT-VALID.")
@click.option("--names", "groups", multiple=True, metavar="GROUP",
              help="Only this name group (indian-f, letters-xy, …) or origin (indian, letters, …).")
@click.option("--activity", "activities", multiple=True, metavar="ID", help="Only this activity (party, event, …).")
def generate(output: str, templates: tuple[str, ...], forms: tuple[str, ...], groups: tuple[str, ...],
             activities: tuple[str, ...]) -> None:
    """Write the benchmark grid (14,400 prompts with gold labels) as JSON Lines."""
    from prontocheck.modal.benchmark import generate as generate_grid

    count = 0
    try:
        with output_file(output) as out:
            for item in generate_grid(templates=templates or None, forms=forms or None, groups=groups or None,
                                      activities=activities or None):
                out.write_json(item.to_json())
                count += 1
    except UsageError as e:
        raise click.UsageError(str(e)) from e
    except OutputError as e:
        _fail(e)
    click.echo(f"{count} prompts", err=True)


@modal.command()
@click.argument("file", metavar="FILE")
@click.option("-s", "--semantics", "semantics", multiple=True, metavar="SPEC",
              help="Semantics to decide under (repeatable): 'default', or settings such as '>=1/2,cprob', "
                   "'theta=2/3,nonstrict,pr', 'cprob,vacuous', 'vs' (variably strict). The first one is used for "
                   "--output.")
@click.option("--all-semantics", is_flag=True,
              help="Also decide under every reading offered: the six columns of the validity table, 'bounded' "
                   "and 'vs'.")
@click.option("--intended", "intended_path", type=click.Path(dir_okay=False, exists=True), metavar="FILE",
              help="The readings each pattern intends (JSON: pattern → spec or list of specs); they are "
                   "decided too, and an item of such a pattern is listed as a likely gold error when every "
                   "intended reading contradicts its gold.")
@click.option("--postulates", "postulates_path", type=click.Path(dir_okay=False, exists=True), metavar="FILE",
              help="Meaning postulates (JSON: a list of statements about x, e.g. 'raining_hard(x) → raining(x)'), "
                   "added as known premises for each individual they speak of.")
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS),
              help="Report format on stdout [default: table on a terminal, else json].")
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write one JSON line per item (forms, verdict, answer, gold status, certificates).")
@click.option("--fail-on-contradicted", is_flag=True, help="Exit 1 if a gold label is contradicted (first semantics).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no per-item error messages on stderr.")
def validate(file: str, semantics: tuple[str, ...], all_semantics: bool, intended_path: str | None,
             postulates_path: str | None, fmt: str | None, output: str | None, fail_on_contradicted: bool,
             quiet: bool) -> None:
    """Decide every item of FILE (JSON Lines; '-' for stdin) and check its gold label.

    Each gold label is licensed, contradicted or left undetermined by the logic; the report lists
    every (pattern, form, polarity) whose gold label is not licensed, with certificates.
    """
    chosen = _semantics(semantics, all_semantics)
    intended = None if intended_path is None else _data_file(intended_path, read_intended, "--intended")
    if intended is not None:
        chosen += [s for ss in intended.values() for s in ss if s not in chosen]
    postulates = () if postulates_path is None else _data_file(postulates_path, read_postulates, "--postulates")
    builder = ValidationBuilder(chosen, intended)
    messages = 0
    try:
        with optional_output(output, inputs=[file]) as out:
            items = validate_file(file, chosen, postulates=postulates)
            shown = wanted(quiet)  # the file is counted only for a bar that shows the total
            for results in tracked(items, "items", count_lines(file) if shown else None, shown):
                builder.add(results)
                if isinstance(results, ItemError):
                    messages += 1
                    if not quiet and messages <= MAX_MESSAGES:
                        _err().print(labelled("error", "red", results))
                if out is None:
                    continue
                if isinstance(results, ItemError):
                    line = results.to_json()
                else:
                    line = results[0].to_json()
                    if len(results) > 1:
                        line["by_semantics"] = {r.decision.semantics.label: {
                            "verdict": r.decision.verdict, "answer": r.answer, "gold_status": r.gold_status}
                            for r in results}
                out.write_json(line)
    except (InputError, OutputError) as e:
        _fail(e)
    report = builder.build()
    _show(report, fmt)
    if fail_on_contradicted and report.reports[0].total["contradicted"]:
        sys.exit(1)


@modal.command()
@click.argument("answers", metavar="ANSWERS")
@click.option("--items", "items_path", metavar="FILE",
              help="The items the answers are to (JSON Lines) [default: the generated grid, joined by id].")
@click.option("-s", "--semantics", "semantics", default="default", show_default=True, metavar="SPEC",
              help="Semantics that decides which items are logically determinate.")
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS),
              help="Report format on stdout [default: table on a terminal, else json].")
def score(answers: str, items_path: str | None, semantics: str, fmt: str | None) -> None:
    """Score model answers (JSON Lines with 'id' and 'answer') with the paper's metrics.

    Accuracy, the cells V.AFF V.NEG I.AFF I.NEG, Acc(Yes), Acc(No), Bias, polarity sensitivity and
    the competence floor; per question form; prefix vs 'not' negation with McNemar's exact test; by
    name origin, gender, activity and pattern; and the same on semantics-insensitive patterns, on
    logically determinate items and on the paper's conservative core.
    """
    [chosen] = _semantics((semantics,), False)
    try:
        from prontocheck.modal.score import score_file

        report = score_file(answers, items_path, chosen)
    except InputError as e:
        _fail(e)
    _show(report, fmt)
