"""``prontocheck analyze`` and ``prontocheck demo``: check model chains of thought and report the accuracies.

Exit codes: 0 done; 1 a ``--fail-under`` threshold was missed; 2 usage error or unreadable input.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack, closing
from itertools import islice
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from prontocheck.analyze import (
    AUTO_JOBS_BYTES,
    DEMO_NAME,
    Analysis,
    analyze_file_batches,
    collect_less_often,
    demo_input,
)
from prontocheck.cli.compare import print_comparison
from prontocheck.cli.interrupts import graceful
from prontocheck.cli.messages import fail, labelled
from prontocheck.cli.progress import optional_progress, wanted
from prontocheck.cli.saving import HTML_NAME, RECORDS_NAME, SUMMARY_NAME, SavedRun, summary_json
from prontocheck.compat import PROFILES, OriginalSummary, load_bad_patterns, render_original
from prontocheck.errors import InputError, UsageError
from prontocheck.integrations import ray as on_ray
from prontocheck.io import FORMATS as INPUT_FORMATS
from prontocheck.io import read_records
from prontocheck.io.detect import count_records
from prontocheck.io.native import FIELDS as FIELD_NAMES
from prontocheck.io.presets import PRESETS
from prontocheck.io.writing import OutputError, dumps, optional_output
from prontocheck.prontoqa.results import METRICS
from prontocheck.report import (
    DEFAULT_LIMIT,
    GroupedSummary,
    GroupedSummaryBuilder,
    Report,
    SummaryBuilder,
    render,
    render_errors,
    render_unparseable,
    render_warnings,
)
from prontocheck.report import (
    FORMATS as OUTPUT_FORMATS,
)
from prontocheck.report.compare import Comparison, compare, outcomes_of

THRESHOLD_METRICS = ("label_accuracy", *METRICS)
MAX_MESSAGES = 20


def _pairs(values: Sequence[str], what: str) -> dict[str, str]:
    pairs = {}
    for value in values:
        name, sep, rest = value.partition("=")
        if not sep or not name or not rest:
            raise click.BadParameter(f"expected NAME=VALUE, got {value!r}", param_hint=what)
        pairs[name.strip()] = rest.strip()
    return pairs


def _thresholds(values: Sequence[str]) -> dict[str, float]:
    out = {}
    for name, text in _pairs(values, "--fail-under").items():
        if name not in THRESHOLD_METRICS:
            raise click.BadParameter(f"unknown metric {name!r}; expected one of {', '.join(THRESHOLD_METRICS)}",
                                     param_hint="--fail-under")
        try:
            value = float(text)
        except ValueError:
            raise click.BadParameter(f"{text!r} is not a number", param_hint="--fail-under") from None
        if not 0 <= value <= 1:  # NaN too: a threshold that could never be missed, or never be met
            raise click.BadParameter(f"{text!r} is not a number from 0 to 1", param_hint="--fail-under")
        out[name] = value
    return out


def _missed(report: Report, thresholds: dict[str, float]) -> list[str]:
    total = report.to_json()
    total = total.get("total", total)
    missed = []
    for name, minimum in thresholds.items():
        figure = total["label_accuracy"] if name == "label_accuracy" else total["proof_accuracy"][name]
        value = figure["value"]
        if value is None or value < minimum:
            missed.append(f"{name} = {value if value is None else f'{value:.4f}'} is under {minimum}")
    return missed


class _Jobs(click.ParamType):
    """``--jobs``: a number of worker processes (0: one per CPU), or ``auto`` (``None``)."""

    name = "jobs"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | None:
        if value is None or str(value).strip().lower() == "auto":
            return None
        try:
            jobs = int(value)
        except (TypeError, ValueError):
            jobs = -1
        if jobs < 0:
            self.fail(f"{value!r} is not 'auto' or a number of processes (0 or more)", param, ctx)
        return jobs


def _ray_address(value: str | None) -> str | None:
    """``--ray``'s value checked: ``None`` (no Ray), ``""`` (``ray.init()``'s default) or an address."""
    if value is None or value in ("", "auto", "local") or ":" in value:
        return value
    raise click.BadParameter(f"{value!r} is not a Ray address (auto, local, HOST:PORT or ray://HOST:PORT); to "
                             "use the default cluster, put --ray after the inputs", param_hint="--ray")


@click.command()
@click.argument("inputs", nargs=-1, metavar="[INPUT]...")
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write one JSON line per input record (its analysis, or its error) to this file (replaced "
                   "when the run ends; never one of the inputs).")
@click.option("-f", "--format", "fmt", type=click.Choice((*OUTPUT_FORMATS, "original")),
              help="Summary format on stdout [default: table on a terminal, else json; original under a "
                   "compatibility profile].")
@click.option("-g", "--group-by", metavar="KEY",
              help="Break every figure down by a metadata key (e.g. model, hops) or 'file'.")
@click.option("--field", "fields", multiple=True, metavar="NAME=KEY",
              help=f"Read field NAME ({', '.join(FIELD_NAMES)}) from KEY (dotted for nested) in native JSONL.")
@click.option("--input-format", type=click.Choice(("auto", *INPUT_FORMATS)), default="auto", show_default=True,
              help="Input format; 'auto' detects it from the content (a folder: a saved Hugging Face dataset).")
@click.option("--preset", type=click.Choice(tuple(PRESETS)), default=None,
              help="The field mapping of a known tool's dump (lm-eval --log_samples, inspect samples, verl rollouts); "
                   "--field entries go over it. Detected from the first record when neither is given.")
@click.option("--batch-input", type=click.Path(dir_okay=False), metavar="FILE",
              help="The OpenAI (or vLLM) batch input file: batch output records are joined to its requests on "
                   "custom_id (the prompts are only there).")
@click.option("--limit", type=click.IntRange(min=1), metavar="N",
              help="Read only the first N records of each input (a bad record counts).")
@click.option("--fail-under", "fail_under", multiple=True, metavar="METRIC=VALUE",
              help=f"Exit 1 if METRIC ({', '.join(THRESHOLD_METRICS)}) is under VALUE.")
@click.option("-p", "--profile", type=click.Choice(("paper", *PROFILES)), default="paper", show_default=True,
              help="paper: the paper's definitions; prontoqa-v1 / prontoqa-ood: reproduce the original analyzers.")
@click.option("--bad-patterns", type=click.Path(dir_okay=False), metavar="FILE",
              help="The original repository's bad_patterns.txt (whitelisted unparseable sentences; compat profiles).")
@click.option("-j", "--jobs", type=_Jobs(), default="auto", show_default=True, metavar="N|auto",
              help="Worker processes (0: one per CPU). auto: one per CPU for an input file of "
                   f"{AUTO_JOBS_BYTES >> 20} MiB or more, else 1, with no worker process (standard input, smaller "
                   "files, the demo). The output is the same, in input order, whatever N. With --ray: the Ray "
                   "workers (auto, 0: one per CPU of the cluster).")
@click.option("--ray", "ray_address", is_flag=False, flag_value="", default=None, metavar="[ADDRESS]",
              help="Check the records on a Ray cluster (pip install 'prontocheck[ray]'): ADDRESS is auto, local, "
                   "HOST:PORT or ray://HOST:PORT; alone (after the inputs), the cluster RAY_ADDRESS names, else the "
                   "last one started here, else a new local Ray. Records are read and written here, the output is "
                   "the same as without --ray.")
@click.option("--html", "html", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also write the HTML report (figures and a browser of records; one self-contained file) to FILE "
                   "(pip install 'prontocheck[report]').")
@click.option("--output-dir", "output_dir", type=click.Path(file_okay=False), metavar="DIR",
              help=f"Save the run under DIR/<its UTC time>/: {SUMMARY_NAME}, {RECORDS_NAME} (as --output writes "
                   f"them) and {HTML_NAME} (when matplotlib is installed).")
@click.option("--sample-key", metavar="KEY",
              help="Records with the same metadata value under KEY ('id': the same record id) are samples of one "
                   "problem [default: the same context, query and options].")
@click.option("--sample-logprob", metavar="KEY",
              help="Metadata key of a sample's mean token log-probability: the paper's selection of the samples' "
                   "logical forms weighs each sample by exp(KEY) instead of 1.")
@click.option("--paired", is_flag=True,
              help="With --group-by KEY of exactly two values: compare them example by example (McNemar's test; "
                   "table, json or markdown).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no per-record messages on stderr.")
@click.option("--demo", "use_demo", is_flag=True, hidden=True)
def analyze(inputs: tuple[str, ...], output: str | None, fmt: str | None, group_by: str | None,
            fields: tuple[str, ...], input_format: str, preset: str | None, batch_input: str | None,
            limit: int | None, fail_under: tuple[str, ...], profile: str, bad_patterns: str | None,
            jobs: int | None, ray_address: str | None, sample_key: str | None, sample_logprob: str | None,
            paired: bool, quiet: bool, use_demo: bool = False, html: str | None = None,
            output_dir: str | None = None) -> None:
    """Check model chains of thought and report proof and label accuracies.

    INPUT is a native JSONL file, a JSON array of records, an original PrOntoQA log or JSON file
    (optionally gzip, bz2 or xz compressed), an inspect .eval log, OpenAI batch output (with
    --batch-input), a Parquet file, a saved Hugging Face dataset (a folder), or '-' for standard
    input. Without INPUT, standard input is read when it is a pipe or a file; otherwise (a terminal)
    the embedded demo is analysed, and stderr says so ('prontocheck demo' always analyses it).

    Under --profile prontoqa-v1 or prontoqa-ood, each --output record also gets the original
    analyzer's verdict ("compat"), and --format original prints the original's report per input.
    """
    collect_less_often()
    if profile == "paper" and (fmt == "original" or bad_patterns):
        raise click.UsageError("--format original and --bad-patterns need --profile prontoqa-v1 or prontoqa-ood")
    if profile != "paper" and fmt not in (None, "original", "json"):
        raise click.UsageError(f"--profile {profile} reports in --format original or json, not {fmt}")
    whitelist = None
    if bad_patterns is not None:
        try:
            whitelist = load_bad_patterns(bad_patterns)
        except InputError as e:
            raise click.UsageError(str(e)) from e
    if paired and (group_by is None or profile != "paper" or fmt == "csv"):
        raise click.UsageError("--paired needs --group-by KEY (with two values), the paper profile, and the table, "
                               "json or markdown format")
    thresholds = _thresholds(fail_under)
    ray_address = _ray_address(ray_address)
    if ray_address is not None:
        try:
            on_ray.require()
        except UsageError as e:
            raise click.UsageError(f"--ray: {e}") from e
    field_map = _pairs(fields, "--field")
    err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
    if not inputs and not use_demo and _stdin_is_data():
        inputs = ("-",)
    elif not inputs and not quiet and not use_demo:
        err.print(labelled("note", "yellow", "no INPUT given and standard input is a terminal: analysing the "
                                             "embedded demo (give files, or '-' or a pipe for standard input)"))
    run = SavedRun.start(output, html, output_dir, group_by, err, quiet)
    output = run.records or output
    analysis = Analysis(group_by=group_by, profile=profile, bad_patterns=whitelist, sample_key=sample_key,
                        sample_logprob=sample_logprob, lines=output is not None or run.builder is not None)
    builder = analysis.summary_builder(limit=DEFAULT_LIMIT)
    originals: list[OriginalSummary] = []
    unreadable = False
    messages = records = 0
    try:
        with ExitStack() as stack:
            paths = list(inputs) or [str(stack.enter_context(demo_input()))]
            out = stack.enter_context(optional_output(output, inputs=paths))
            if ray_address is not None:  # before graceful(): ray.init sets a SIGTERM handler of its own
                try:
                    stack.enter_context(on_ray.session(ray_address or None))
                except UsageError as e:
                    fail(err, e)
            stop = stack.enter_context(graceful())
            progress = stack.enter_context(optional_progress(wanted(quiet)))
            overall = progress.add_task("inputs", total=len(paths)) if progress and len(paths) > 1 else None
            for path in paths:
                if stop:
                    break
                name = DEMO_NAME if not inputs else path
                task = None
                if progress is not None:
                    known = [k for k in (count_records(path, input_format), limit) if k is not None]
                    task = progress.add_task(f"{name} (records)", total=min(known) if known else None)
                original = None
                if profile != "paper":
                    original = OriginalSummary(profile, source=Path(name).name.removesuffix(".gz"))
                    originals.append(original)
                try:
                    if ray_address is None:
                        source = analyze_file_batches(path, analysis, input_format=input_format, fields=field_map,
                                                      preset=preset, batch_input=batch_input, limit=limit, jobs=jobs)
                    else:
                        items = read_records(path, input_format=input_format, fields=field_map, preset=preset,
                                             batch_input=batch_input)
                        source = on_ray.analyze_records(items if limit is None else islice(items, limit), analysis,
                                                        workers=jobs)
                    with closing(source) as batches:
                        for batch in batches:  # the work is done: write, count, and stop between batches
                            if out is not None:
                                out.write(batch.text)
                            builder.merge(batch.summary)
                            run.add(batch.text, name)
                            if original is not None:
                                for verdict in batch.compat:
                                    original.add(verdict)
                            for error in batch.errors:
                                messages += 1
                                if not quiet and messages <= MAX_MESSAGES:
                                    err.print(labelled("error", "red", error))
                            records += batch.count
                            if progress is not None and task is not None:
                                progress.advance(task, batch.count)
                            if stop:
                                break
                except UsageError as e:
                    raise click.UsageError(str(e)) from e
                except InputError as e:
                    err.print(labelled("error", "red", e))
                    unreadable = True
                except (BrokenProcessPool, on_ray.WorkerDied):
                    if not stop:  # not the signal that also reached the workers: one died (out of memory?)
                        err.print(labelled("error", "red", f"{name}: a worker process died; the records "
                                                          "after the last one written were not checked"))
                        unreadable = True
                if progress is not None and task is not None:
                    progress.remove_task(task)
                if progress is not None and overall is not None:
                    progress.advance(overall)
    except OutputError as e:
        fail(err, e)
    if messages > MAX_MESSAGES and not quiet:
        err.print(f"… and {messages - MAX_MESSAGES} more bad records (all are in the summary and in --output)")
    if stop:
        err.print(labelled("interrupted", "yellow", f"by {stop.name} after {records} records: the summary and "
                                                    "--output cover only these"))

    report = builder.build()
    run.save(report, stop.name, paths)
    if profile != "paper":
        _print_originals(originals, fmt or "original", err, stop.name)
        _finish(report, thresholds, unreadable, err, stop.exit_code)
        return
    comparison = _paired(builder, err) if paired else None
    print_summary(report, fmt or ("table" if sys.stdout.isatty() else "json"), stop.name, comparison)
    _finish(report, thresholds, unreadable, err, stop.exit_code)


def print_summary(report: Report, fmt: str, interrupted: str | None = None,
                  comparison: Comparison | None = None) -> None:
    """The summary on standard output in ``fmt`` (``table``, ``json``, ``markdown`` or ``csv``): what ``analyze``
    prints, and ``report`` for the same records; with ``comparison`` (``--paired``), the paired comparison after it
    (in the JSON, under ``paired``).
    """
    if fmt == "json":
        click.echo(summary_json(report, interrupted, None if comparison is None else comparison.to_json()))
    elif fmt != "table":
        click.echo(str(render(report, fmt)).rstrip("\n"))
    else:
        console = Console(highlight=False, soft_wrap=False, markup=False)
        console.print(render(report, fmt))
        for title, lines in (("Unparseable sentences ({} distinct)", render_unparseable(report)),
                             ("Bad input records ({})", render_errors(report)),
                             ("Warnings ({})", render_warnings(report))):
            if lines:
                console.print(Text("\n" + title.format(len(lines)), style="bold"))
                for text in lines:
                    console.print(f"  {text}")
    if comparison is not None and fmt != "json":
        click.echo()
        print_comparison(comparison, fmt)


def _paired(builder: SummaryBuilder | GroupedSummaryBuilder, err: Console) -> Comparison:
    """``--paired``: the two groups compared, the first seen as A; exit 2 unless there are exactly two."""
    groups = builder.groups if isinstance(builder, GroupedSummaryBuilder) else {}
    if len(groups) != 2:
        names = ", ".join(map(repr, groups))
        fail(err, UsageError(f"--paired needs exactly two groups, found {len(groups)}: {names}"))
    (name_a, a), (name_b, b) = groups.items()
    return compare(outcomes_of(a, name_a), outcomes_of(b, name_b))


def _print_originals(originals: list[OriginalSummary], fmt: str, err: Console, interrupted: str | None) -> None:
    """The compatibility report: the original analyzer's text per input, or its figures as JSON."""
    figures = [o.build() for o in originals]
    for f in figures:
        if (notice := f.abort_notice()) is not None:
            err.print(labelled("note", "yellow", notice))
    if fmt == "json":
        summaries = [f.to_json() for f in figures]
        if interrupted:
            for summary in summaries:
                summary["interrupted"] = interrupted
        click.echo(dumps(summaries if len(summaries) != 1 else summaries[0], indent=2))
        return
    for original, f in zip(originals, figures):
        if len(figures) > 1:
            click.echo(f"==> {original.source} <==")
        click.echo(render_original(f), nl=False)


def _stdin_is_data() -> bool:
    """Whether standard input is a pipe, a socket or a file (data to read), not a terminal or ``/dev/null``."""
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError, AttributeError):  # closed, or replaced by an object without a descriptor
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISREG(mode) or stat.S_ISSOCK(mode)


def _finish(report: Report, thresholds: dict[str, float], unreadable: bool, err: Console, interrupted: int) -> None:
    missed = _missed(report, thresholds)
    for text in missed:
        err.print(labelled("fail-under", "red", text))
    if interrupted:
        sys.exit(interrupted)
    total = report.total if isinstance(report, GroupedSummary) else report
    if not total.n and not unreadable:
        bad = f" ({total.n_errors} bad records)" if total.n_errors else " (the inputs are empty)"
        fail(err, f"no record could be read{bad}")
    if unreadable:
        sys.exit(2)
    if missed:
        sys.exit(1)


@click.command()
@click.option("-f", "--format", "fmt", type=click.Choice(OUTPUT_FORMATS), help="Summary format on stdout.")
@click.pass_context
def demo(ctx: click.Context, fmt: str | None) -> None:
    """Analyse the embedded demo (the same as 'prontocheck analyze' with no input)."""
    ctx.invoke(analyze, fmt=fmt or "table", use_demo=True)
