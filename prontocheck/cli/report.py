"""``prontocheck report``: summarize saved runs again (regrouped, in any format, as an HTML report) without checking.

A run is the file ``analyze --output`` wrote (or the directory ``analyze --output-dir`` made). The summary is made
by the builders ``analyze`` uses, from the records in file order, so it is the one ``analyze`` printed for them.

Exit codes: 0 done; 1 a ``--fail-under`` threshold was missed; 2 usage error or a file that is not a saved run.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click
from rich.console import Console

from prontocheck.cli.analyze import THRESHOLD_METRICS, _finish, _thresholds, print_summary
from prontocheck.cli.messages import fail
from prontocheck.cli.saving import write_html
from prontocheck.errors import InputError, UsageError
from prontocheck.report import FORMATS
from prontocheck.report.figures import require_matplotlib
from prontocheck.report.html import HtmlReportBuilder
from prontocheck.report.runs import SavedRecord, read_run, run_file, summarize_run


@click.command()
@click.argument("runs", nargs=-1, required=True, metavar="RUN...")
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS),
              help="Summary format on stdout [default: table on a terminal, else json].")
@click.option("-g", "--group-by", metavar="KEY",
              help="Break every figure down by a metadata key (e.g. model, hops) or 'file'.")
@click.option("--html", "html", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also write the HTML report to FILE (pip install 'prontocheck[report]').")
@click.option("--sample-key", metavar="KEY",
              help="Records with the same metadata value under KEY ('id': the same record id) are samples of one "
                   "problem [default: the same saved problem_key], as 'analyze --sample-key' groups them.")
@click.option("--sample-logprob", metavar="KEY",
              help="Metadata key of a sample's mean token log-probability (as 'analyze --sample-logprob').")
@click.option("--fail-under", "fail_under", multiple=True, metavar="METRIC=VALUE",
              help=f"Exit 1 if METRIC ({', '.join(THRESHOLD_METRICS)}) is under VALUE.")
def report(runs: tuple[str, ...], fmt: str | None, group_by: str | None, html: str | None,
           sample_key: str | None, sample_logprob: str | None, fail_under: tuple[str, ...]) -> None:
    """Summarize saved runs again, without checking anything.

    RUN is a file written by 'prontocheck analyze --output' (plain or compressed; '-' for standard input) or a
    directory made by 'analyze --output-dir'. Several runs are summarized together, in the order given; with
    --group-by they can be regrouped by any metadata key. The summary is the one 'analyze' printed for the same
    records, and --html writes the same report as 'analyze --html'.
    """
    thresholds = _thresholds(fail_under)
    err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
    if html is not None:
        try:
            require_matplotlib()
        except UsageError as e:
            raise click.UsageError(f"--html: {e}") from e
    pages = HtmlReportBuilder(group_by) if html is not None else None

    def records() -> Iterator[SavedRecord]:
        for path in runs:
            for saved in read_run(path):
                if pages is not None:
                    pages.add(saved)
                yield saved

    try:
        summary = summarize_run(records(), group_by=group_by, sample_key=sample_key, sample_logprob=sample_logprob)
    except InputError as e:
        hint = "" if e.line is None else (" (a RUN is the records file 'analyze --output' writes, one JSON object a "
                                          "line, or a directory 'analyze --output-dir' made)")
        fail(err, f"{e}{hint}")
    if html is not None and pages is not None:
        write_html(html, pages.build(summary), [run_file(path) for path in runs], err)
    print_summary(summary, fmt or ("table" if sys.stdout.isatty() else "json"))
    _finish(summary, thresholds, False, err, 0)
