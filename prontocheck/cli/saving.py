"""What ``analyze`` saves besides its records: the HTML report (``--html``) and a run directory (``--output-dir``).

:class:`SavedRun` is set up before the run (it checks the options and that matplotlib can be imported, and makes
the run's directory), takes each batch of records' lines as they are written (:meth:`SavedRun.add`: the HTML report
is made from the very lines ``--output`` holds, as ``prontocheck report`` makes it from the saved file), and writes
its files when the run ends (:meth:`SavedRun.save`), each replaced whole or not at all.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import click
from rich.console import Console

from prontocheck.cli.messages import fail, labelled
from prontocheck.errors import UsageError
from prontocheck.io.writing import OutputError, dumps, output_file
from prontocheck.report import Report
from prontocheck.report.figures import require_matplotlib
from prontocheck.report.html import HtmlReportBuilder
from prontocheck.report.runs import HTML_NAME, RECORDS_NAME, SUMMARY_NAME, new_run_directory, parse_run

__all__ = ["HTML_NAME", "RECORDS_NAME", "SUMMARY_NAME", "SavedRun", "summary_json", "write_html"]


def summary_json(report: Report, interrupted: str | None = None, paired: dict[str, Any] | None = None) -> str:
    """The summary as ``--format json`` prints it (and ``--output-dir`` saves it), with the ``--paired``
    comparison's JSON under ``paired`` when there is one.
    """
    summary = report.to_json()
    if interrupted:
        summary["interrupted"] = interrupted
    if paired is not None:
        summary["paired"] = paired
    return dumps(summary, indent=2)


def write_html(path: str, text: str, inputs: list[str], err: Console) -> None:
    """Write the HTML report to ``path`` (replaced whole); a failure is one line on stderr and exit 2."""
    try:
        with output_file(path, inputs=inputs) as out:
            out.write(text)
    except OutputError as e:
        fail(err, e)


@dataclass
class SavedRun:
    """The files an ``analyze`` run saves besides ``--output`` (see the module doc).

    Attributes:
        html: the paths the HTML report goes to (``--html``, and the run directory's).
        directory: the run directory (``--output-dir``), or ``None``.
        records: the records file in the run directory, or ``None``.
        builder: what collects the records for the HTML report (``None`` when none is written).
        err: standard error.
        quiet: no note on standard error about where the run was saved.
    """

    html: list[str]
    directory: str | None
    records: str | None
    builder: HtmlReportBuilder | None
    err: Console
    quiet: bool

    @classmethod
    def start(cls, output: str | None, html: str | None, output_dir: str | None, group_by: str | None,
              err: Console, quiet: bool) -> SavedRun:
        """Check the options and set the run up: matplotlib imported for ``--html`` (else a usage error naming the
        extra), the run directory made for ``--output-dir`` (its report only where matplotlib is installed).
        """
        if output is not None and output_dir is not None:
            raise click.UsageError(f"--output and --output-dir both name the records file; --output-dir writes it as "
                                   f"DIR/<time>/{RECORDS_NAME}")
        can_draw = html is not None or output_dir is not None
        if can_draw:  # matplotlib takes a while to import: only when a report may be written
            try:
                require_matplotlib()
            except UsageError as e:
                if html is not None:
                    raise click.UsageError(f"--html: {e}") from e
                can_draw = False
        paths = [] if html is None else [html]
        directory = records = None
        if output_dir is not None:
            try:
                directory = new_run_directory(output_dir)
            except OSError as e:
                fail(err, OutputError(output_dir, f"cannot make the run's directory: {e.strerror or e}"))
            assert directory is not None
            records = os.path.join(directory, RECORDS_NAME)
            if can_draw:
                paths.append(os.path.join(directory, HTML_NAME))
            elif not quiet:
                err.print(labelled("note", "yellow", f"no {HTML_NAME} in the run directory: matplotlib is not "
                                                     "installed (pip install 'prontocheck[report]')"))
        return cls(paths, directory, records, HtmlReportBuilder(group_by) if paths else None, err, quiet)

    def add(self, text: str, name: str) -> None:
        """Take a batch of records' lines (as ``--output`` gets them) from the input ``name``."""
        if self.builder is not None:
            for record in parse_run(text.split("\n"), name):
                self.builder.add(record)

    def save(self, report: Report, interrupted: str | None, inputs: list[str]) -> None:
        """Write the HTML report and the run directory's summary for the run's summary ``report``."""
        if self.builder is not None:
            page = self.builder.build(report, interrupted=interrupted)
            for path in self.html:
                write_html(path, page, inputs, self.err)
        if self.directory is not None:
            try:
                with output_file(os.path.join(self.directory, SUMMARY_NAME)) as out:
                    out.write(summary_json(report, interrupted) + "\n")
            except OutputError as e:
                fail(self.err, e)
            if not self.quiet:
                self.err.print(labelled("saved", "green", f"the run is in {self.directory}"))
