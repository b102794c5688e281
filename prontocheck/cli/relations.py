"""The ``relations`` click group: ``validate``, ``score``, ``pairs`` and ``ewok-score``; thin commands over the
library.

Exit codes: 0 done; 1 a conflict at or above ``--fail-on``; 2 a usage error, a bad schema or an
unreadable input file. A bad record is reported and counted, and never stops a command.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any

import click

from prontocheck.cli.messages import fail, labelled
from prontocheck.cli.progress import reporting, wanted
from prontocheck.common.collector import collector_paused, frozen_at_exit
from prontocheck.errors import ProntocheckError
from prontocheck.io.writing import check_not_input, dumps, optional_output
from prontocheck.relations.choices import REFERENCES, ROLES
from prontocheck.relations.errors import ItemError
from prontocheck.relations.items import read_items, read_records, record_id
from prontocheck.relations.loading import load_schema
from prontocheck.relations.validate import IMPLIED_BUDGET, Validation, validate

if TYPE_CHECKING:
    from rich.console import RenderableType

    from prontocheck.relations.schema import Schema

# The other commands' modules (scoring, EWoK, the tables) and rich are imported where they are used: `validate -f json`
# imports only what it runs.
FORMATS = ("table", "json")
EWOK_SCHEMAS = ("ewok",)
"""Shipped schemas that ``pairs`` and ``ewok-score`` load after the defaults: EWoK's world knowledge."""
MAX_MESSAGES = 20


def _schema_options(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--no-default-schema", is_flag=True,
                     help="Do not load the shipped schemas (art, spatial); use only --schema files.")(f)
    return click.option("--schema", "schemas", multiple=True, metavar="FILE",
                        help="A relation schema file (JSON, or YAML with PyYAML) or a shipped name; repeatable.")(f)


def _output_options(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
                     help="Write one JSON line per record to this file.")(f)
    f = click.option("-f", "--format", "fmt", type=click.Choice(FORMATS),
                     help="Summary format on stdout [default: table on a terminal, else json].")(f)
    return click.option("-q", "--quiet", is_flag=True, help="No progress bar and no per-record messages on stderr.")(f)


@contextmanager
def _guard() -> Iterator[None]:
    """Turn library errors about whole inputs (and outputs) into a one-line message and exit code 2."""
    try:
        yield
    except ProntocheckError as e:
        from rich.console import Console

        fail(Console(stderr=True, highlight=False, markup=False), e)


def _schema(schemas: tuple[str, ...], no_default: bool, extra: tuple[str, ...] = ()) -> Schema:
    """The schemas asked for; ``extra`` shipped names load after the defaults (not with --no-default-schema)."""
    if no_default and not schemas:
        raise click.UsageError("--no-default-schema needs at least one --schema file")
    return load_schema(schemas if no_default else (*extra, *schemas), defaults=not no_default)


def _emit(fmt: str | None, summary: dict[str, Any], table: Callable[[], RenderableType]) -> None:
    fmt = fmt or ("table" if sys.stdout.isatty() else "json")
    if fmt == "json":
        click.echo(dumps(summary, indent=2))
    else:
        from rich.console import Console

        Console(highlight=False, markup=False).print(table())


def _validation_table(report: Validation) -> RenderableType:
    """``validate``'s table (its module, and rich's tables, imported only when one is printed)."""
    from prontocheck.relations.render import render_validation

    return render_validation(report)


def _write_lines(output: str | None, lines: Iterable[dict[str, Any]], inputs: Iterable[str]) -> None:
    with _guard(), optional_output(output, inputs=inputs) as out:
        if out is not None:
            out.write_lines(lines)


def _report_errors(errors: Iterable[ItemError], quiet: bool) -> None:
    if quiet:
        return
    from rich.console import Console

    err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
    errors = list(errors)
    for e in errors[:MAX_MESSAGES]:
        err.print(labelled("bad record", "red", e))
    if len(errors) > MAX_MESSAGES:
        err.print(f"… and {len(errors) - MAX_MESSAGES} more (all are in the summary and in --output)")


@click.group(name="relations", context_settings={"help_option_names": ["-h", "--help"]})
def relations() -> None:
    """Relational gold labels (ART, EWoK): validate labels, score model answers, check EWoK pairs."""


@relations.command("validate")
@click.argument("items")
@_schema_options
@_output_options
@click.option("--reversals", "reversals_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the argument-reversed questions missing from the set as items, their gold the "
                   "implied label (null if unknown or resting on a conflict).")
@click.option("--no-implied", is_flag=True, help="Skip the leave-one-out implied labels.")
@click.option("--implied-budget", type=click.IntRange(min=1), default=IMPLIED_BUDGET, show_default=True,
              help="Skip an item's leave-one-out when more derived facts than this rest on it.")
@click.option("--fail-on", type=click.Choice(("error", "warning", "exception", "never")), default="never",
              show_default=True, help="Exit 1 if a conflict of this severity or worse is found.")
def validate_command(items: str, schemas: tuple[str, ...], no_default_schema: bool, fmt: str | None,
                     output: str | None, quiet: bool, reversals_out: str | None, no_implied: bool,
                     implied_budget: int, fail_on: str) -> None:
    """Check the gold labels of ITEMS (JSONL, JSON or YAML; '-' for stdin) for logical consistency.

    Each record has an id, a question (or statement, or atom), a category where the question form
    is ambiguous, a gold label (true/false, "yes"/"no", or null) and optionally reverse_of.
    """
    inputs = [items, *schemas]
    frozen_at_exit()
    # The report is read out of the large heap the validation built: the collector stays paused to the end
    # (prontocheck.common.collector), so that writing the report does not walk that heap again and again.
    with collector_paused():
        with _guard():
            for path in (output, reversals_out):
                if path is not None:
                    check_not_input(path, inputs)
            schema = _schema(schemas, no_default_schema)
            with reporting("items", wanted(quiet)) as progress:
                report = validate(read_items(items, schema), schema, implied=not no_implied,
                                  implied_budget=implied_budget, progress=progress)
        _report_errors(report.errors, quiet)
        _write_lines(output, report.lines(), inputs)
        if reversals_out is not None:
            category = {r.item.id: r.item.category for r in report.results}
            _write_lines(reversals_out, ({"id": f"{r.of[0]}-reversed", "question": r.question, "atom": str(r.atom),
                                          "category": category.get(r.of[0]),
                                          "gold": None if r.in_conflict else r.implied.value,
                                          "reverse_of": r.of[0]} for r in report.reversals), inputs)
        _emit(fmt, report.summary(), partial(_validation_table, report))
        if fail_on != "never":
            from prontocheck.relations.conflicts import Severity

            worst = Severity(fail_on).rank
            if any(c.severity.rank <= worst for c in report.conflicts):
                sys.exit(1)
        del report  # (freed now, it is not walked by the collector's first pass when the pause ends)


@relations.command("score")
@click.argument("answers")
@click.option("--items", "items_path", metavar="ITEMS",
              help="The items the answers refer to (else each answer record carries its item).")
@click.option("--reference", type=click.Choice(REFERENCES), default="full", show_default=True,
              help="Which block of ART's Table 3 gives the human reference intervals.")
@_schema_options
@_output_options
def score_command(answers: str, items_path: str | None, reference: str, schemas: tuple[str, ...],
                  no_default_schema: bool, fmt: str | None, output: str | None, quiet: bool) -> None:
    """Score model yes/no ANSWERS: accuracy per relation against ART's human reference intervals,
    reversal consistency, and the consistency of each model's answers as a set.
    """
    from prontocheck.relations.render import render_score
    from prontocheck.relations.score import read_answers, score

    inputs = [answers, *([items_path] if items_path else []), *schemas]
    with _guard():
        if output is not None:
            check_not_input(output, inputs)
        schema = _schema(schemas, no_default_schema)
        items = list(read_items(items_path, schema)) if items_path else []
        report = score(read_answers(answers, schema), items, schema, reference=reference)
    _report_errors(report.errors, quiet)
    _write_lines(output, report.lines(), inputs)
    _emit(fmt, report.summary(), lambda: render_score(report))


def _columns(values: tuple[str, ...]) -> dict[str, str]:
    columns = {}
    for value in values:
        role, sep, key = value.partition("=")
        if not sep or role not in ROLES or not key:
            raise click.BadParameter(f"expected ROLE=KEY with ROLE one of {', '.join(ROLES)}, got {value!r}",
                                     param_hint="--column")
        columns[role] = key
    return columns


@relations.command("pairs")
@click.argument("items")
@click.option("--column", "columns", multiple=True, metavar="ROLE=KEY",
              help=f"Read ROLE ({', '.join(ROLES)}) from KEY; default keys: Context1/C1, Target1/T1, ….")
@_schema_options
@_output_options
def pairs_command(items: str, columns: tuple[str, ...], schemas: tuple[str, ...], no_default_schema: bool,
                  fmt: str | None, output: str | None, quiet: bool) -> None:
    """Check EWoK-style ITEMS (two contexts, two targets): is each target entailed, contradicted or
    left open by each context, and does each target match its own context only?
    """
    from prontocheck.relations.ewok import analyze_pairs, pairs_summary
    from prontocheck.relations.render import render_pairs

    mapping = _columns(columns)
    inputs = [items, *schemas]
    with _guard():
        if output is not None:
            check_not_input(output, inputs)
        schema = _schema(schemas, no_default_schema, EWOK_SCHEMAS)
        results = list(analyze_pairs(read_records(items), schema, columns=mapping))
    errors = [r.located(items) for r in results if isinstance(r, ItemError)]
    _report_errors(errors, quiet)
    lines = (r.to_json() if not isinstance(r, ItemError) else {**r.to_json(), "status": "error"} for r in results)
    _write_lines(output, lines, inputs)
    _emit(fmt, pairs_summary(results), lambda: render_pairs(results))


@relations.command("ewok-score")
@click.argument("results")
@click.option("--items", "items_path", metavar="FILE",
              help="The EWoK items (for their domains, and to list preferences that go against a derivation).")
@click.option("--column", "columns", multiple=True, metavar="ROLE=KEY",
              help=f"Read the items' ROLE ({', '.join(ROLES)}) from KEY (as in `pairs`).")
@_schema_options
@_output_options
def ewok_score_command(results: str, items_path: str | None, columns: tuple[str, ...], schemas: tuple[str, ...],
                       no_default_schema: bool, fmt: str | None, output: str | None, quiet: bool) -> None:
    """Score model RESULTS on EWoK as its paper does: per item, log-probabilities or Likert ratings of both
    targets under both contexts, or the context chosen for each target; accuracy over the two comparisons of
    every item (a tie counts half), per model, overall and per domain, with 95% intervals.
    """
    from prontocheck.relations.ewok import PairResult, analyze_pairs
    from prontocheck.relations.ewok_score import score_ewok
    from prontocheck.relations.render import render_ewok_score

    mapping = _columns(columns)
    inputs = [results, *([items_path] if items_path else []), *schemas]
    with _guard():
        if output is not None:
            check_not_input(output, inputs)
        pairs: dict[str, PairResult] | None = None
        domains: dict[str, str | None] | None = None
        unanalysed = 0
        if items_path is not None:
            records = list(read_records(items_path))  # (read once: for the analyses and for the domains)
            pairs = {}
            for r in analyze_pairs(records, _schema(schemas, no_default_schema, EWOK_SCHEMAS), columns=mapping):
                if isinstance(r, ItemError):
                    unanalysed += 1  # not read: no derivation to compare with; its domain still counts
                else:
                    pairs[r.id] = r
            domains = _domains(records, mapping)
        report = score_ewok((record.located(results) if isinstance(record, ItemError) else record
                             for _, record in read_records(results)), pairs, domains)
        report.unanalysed = unanalysed
        for error in report.errors:  # (the bad records of RESULTS)
            error.located(results)
    _report_errors(report.errors, quiet)
    _write_lines(output, (a.to_json() for a in report.against), inputs)
    _emit(fmt, report.to_json(), lambda: render_ewok_score(report))


def _domains(records: Iterable[tuple[int, dict[str, Any] | ItemError]], columns: dict[str, str]
             ) -> dict[str, str | None]:
    """Item id → domain, for every readable record of the items file (read or not by the grammar)."""
    from prontocheck.relations.ewok import item_field

    out: dict[str, str | None] = {}
    for number, record in records:
        if isinstance(record, dict):
            item_id, domain = item_field(record, "id", columns), item_field(record, "domain", columns)
            out[str(item_id or record_id(record, number))] = domain if isinstance(domain, str) else None
    return out
