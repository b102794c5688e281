"""The ``prontocheck`` command line: thin click commands over the library; the only package that prints.

The root group is here; each command is in its own module, imported only when it runs (so that
``prontocheck modal …`` does not import the PrOntoQA checker): ``analyze`` and ``demo`` in
:mod:`.analyze`, the command groups of the other analyses in :mod:`.modal`, :mod:`.relations` and
:mod:`.generate` (``generate``, ``lint-dataset``), ``report`` (saved runs summarized again) in :mod:`.report`
(what ``analyze`` saves besides its records in :mod:`.saving`), signal handling in :mod:`.interrupts`.
``python -m prontocheck`` (or ``python -m prontocheck.cli``) runs :func:`main`.

Exit codes: 0 done; 1 a ``--fail-under`` threshold was missed; 2 usage error or unreadable input.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys
from contextlib import suppress
from typing import Any

import click

from prontocheck import __version__
from prontocheck.cli.interrupts import exit_on_signal

COMMANDS = {
    "analyze": ("prontocheck.cli.analyze", "analyze"),
    "compare": ("prontocheck.cli.compare", "compare_command"),
    "demo": ("prontocheck.cli.analyze", "demo"),
    "generate": ("prontocheck.cli.generate", "generate_command"),
    "lint-dataset": ("prontocheck.cli.generate", "lint_command"),
    "modal": ("prontocheck.cli.modal", "modal"),
    "relations": ("prontocheck.cli.relations", "relations"),
    "report": ("prontocheck.cli.report", "report"),
}
"""Each command: the module that defines it and its name there (imported when the command is asked for)."""


class _Main(click.Group):
    """The command group: commands loaded when asked for; a failed write to standard output (a full disk, a
    closed pipe) is one line, exit 2, as is any other error of the system (its file named where it has one).
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute = COMMANDS[name]
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as e:  # files are InputError or OutputError: this is standard output, or the system
            if e.filename is None and (isinstance(e, BrokenPipeError) or e.errno in _OUTPUT_ERRNOS):
                try:  # nothing more can reach standard output, not even the flush at exit
                    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                except (OSError, ValueError, AttributeError):
                    pass
                message = f"cannot write standard output: {e.strerror or e}"
            elif e.filename is not None:  # a file of the command's own (a temporary file, a worker's pipe)
                message = f"{e.filename}: {e.strerror or e}"
            else:  # the system refused something else (no memory for a worker process, too many open files)
                message = f"{e.strerror or e}"
            with suppress(OSError):
                click.echo(f"error: {message}", err=True)
            sys.exit(2)


_OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF})
"""How a write to standard output fails (a closed pipe, a full disk, a file too large, a lost terminal)."""


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="prontocheck")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Symbolic proof checking of chains of thought (PrOntoQA)."""
    # SIGINT and SIGTERM exit 130 and 143 through normal unwinding (temporary outputs are removed);
    # analyze handles them itself, stopping after the current batch of records.
    ctx.with_resource(exit_on_signal())
    # A lone surrogate read from a record (a "\\ud800" escape) is printed as that escape, not a crash.
    with suppress(AttributeError, ValueError):
        sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
