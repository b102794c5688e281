"""The ``generate`` and ``lint-dataset`` commands: thin click wrappers over the library.

Register them on the main group with ``main.add_command(generate_command)`` and
``main.add_command(lint_command)``. Exit codes follow ``prontocheck.cli``: 0 done (lint: no
findings); 1 lint findings; 2 usage error or unreadable input.
"""

from __future__ import annotations

import sys
import time

import click

from prontocheck.cli.progress import tracked, wanted
from prontocheck.errors import InputError, UsageError
from prontocheck.generate.config import (
    DISTRACTORS,
    MAX_RULE_TYPES,
    MAX_WIDTH,
    ONTOLOGIES,
    QUERIES,
    TRAVERSALS,
    GenerationError,
    GeneratorConfig,
)
from prontocheck.generate.example import DEFAULT_SEED, check_config, generate
from prontocheck.generate.rules import RULES
from prontocheck.generate.vocabulary import VocabularyError, default_vocabulary, load_vocabulary
from prontocheck.generate.writers import FORMATS, OUTPUT_TEXTS, write_jsonl, write_original_json
from prontocheck.io.writing import OutputError, check_not_input, optional_output, output_file

MAX_SHOWN = 50
"""Findings printed by ``lint-dataset`` before it only counts them (all go to ``--output``)."""


def _hops(_ctx: click.Context, _param: click.Parameter, value: str) -> int | tuple[int, int]:
    low, sep, high = value.partition("-")
    try:
        return (int(low), int(high)) if sep else int(low)
    except ValueError:
        raise click.BadParameter(f"expected a number or a range LOW-HIGH, got {value!r}") from None


def _rule(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    if value in RULES:
        return value
    raise click.BadParameter(f"unknown rule {value!r}; supported: {', '.join(sorted(RULES))}")


@click.command("generate")
@click.option("-n", "--num", "n", type=click.IntRange(min=0), default=10, show_default=True,
              help="Number of examples.")
@click.option("--hops", callback=_hops, default="3", show_default=True, metavar="N|LOW-HIGH",
              help="Proof length (modus ponens steps; for the OOD rules see docs/generate.md), or a range drawn "
                   "from per example.")
@click.option("--ontology", type=click.Choice(ONTOLOGIES), default="fictional", show_default=True,
              help="Invented concept names, real names in a false hierarchy, or a true hierarchy.")
@click.option("--traversal", type=click.Choice(TRAVERSALS), default="bottom-up", show_default=True,
              help="Order of the context sentences.")
@click.option("--distractors", type=click.Choice(DISTRACTORS), default="v1", show_default=True,
              help="none, the paper's single sentence (v1), or the OOD paper's relevant/irrelevant kinds.")
@click.option("--query", type=click.Choice(QUERIES), default="true-or-false", show_default=True,
              help="'True or false:' (label, negated half the time) or 'Prove:' (no label).")
@click.option("--rule", callback=_rule, default="modus-ponens", show_default=True,
              help=f"Deduction rule: {', '.join(sorted(RULES))}.")
@click.option("--width", type=click.IntRange(2, MAX_WIDTH), default=2, show_default=True,
              help="OOD rules: conjuncts, disjuncts or cases of each rule step (the original's --proof-width).")
@click.option("--rule-types", "rule_types", type=click.IntRange(1, MAX_RULE_TYPES), default=3, show_default=True,
              help="composed: the fewest distinct deduction rules in a proof (the original's --rule-types).")
@click.option("--few-shot", "few_shot", type=click.IntRange(min=0), default=0, show_default=True, metavar="K",
              help="Add a 'prompt' with K in-context examples and the test question, ready to send.")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True,
              help="Seed; example i depends only on (seed, i).")
@click.option("--vocabulary", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
              help="JSON file replacing lists of ontologies/prontoqa/vocabulary.json (see docs/generate.md).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-", metavar="FILE",
              help="Write here instead of standard output (replaced when all is written).")
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS), default="jsonl", show_default=True,
              help="Native JSON Lines, or the original PrOntoQA JSON.")
@click.option("--output-text", type=click.Choice(OUTPUT_TEXTS), default="empty", show_default=True,
              help="What native records hold in 'output': nothing yet, or the gold answer.")
@click.option("--id-prefix", default="ex", show_default=True, help="Record ids are PREFIX-INDEX.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar on stderr.")
def generate_command(n: int, hops: int | tuple[int, int], ontology: str, traversal: str, distractors: str,
                     query: str, rule: str, width: int, rule_types: int, few_shot: int, seed: int,
                     vocabulary: str | None, output: str, fmt: str, output_text: str, id_prefix: str,
                     quiet: bool = False) -> None:
    """Generate PrOntoQA questions with gold chains of thought (native JSONL by default).

    \b
    Examples:
      prontocheck generate --hops 5 -n 400 -o 5hop.jsonl
      prontocheck generate --hops 1-3 --ontology true --distractors none --few-shot 8
      prontocheck generate --query prove --format prontoqa-json -o set.json
      prontocheck generate --rule or-elim --hops 1 --distractors none --query prove
      prontocheck generate --rule composed --hops 4 --rule-types 3
    """
    try:
        words = load_vocabulary(vocabulary) if vocabulary else default_vocabulary()
        config = GeneratorConfig(hops, ontology, traversal, distractors, query, rule, few_shot, words, width,
                                 rule_types)
        check_config(config)
    except (GenerationError, VocabularyError, UsageError) as e:
        raise click.UsageError(str(e)) from e
    examples = tracked(generate(config, n, seed=seed, id_prefix=id_prefix), "examples", n, wanted(quiet))
    try:
        with output_file(output, inputs=[vocabulary] if vocabulary else []) as out:
            if fmt == "jsonl":
                write_jsonl(examples, out, output=output_text)
            else:
                write_original_json(examples, out)
    except OutputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except GenerationError as e:  # a sentence that does not read back: a vocabulary/grammar mismatch
        raise click.ClickException(str(e)) from e


@click.command("lint-dataset")
@click.argument("inputs", nargs=-1, required=True, metavar="FILE...")
@click.option("--ignore", "ignore", multiple=True, metavar="CHECK",
              help="Skip a check (repeatable): record, context-parses, query-parses, gold-parses, gold-proof, "
                   "label, decidable, unique-proof, distractor, hops.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write every finding as a JSON line to this file.")
@click.option("-q", "--quiet", is_flag=True, help="Only the summary line.")
def lint_command(inputs: tuple[str, ...], ignore: tuple[str, ...], output: str | None, quiet: bool) -> None:
    """Check that every question of a data set is sound.

    FILE is native JSONL (context, query, gold_cot, gold_label, and optionally hops, distractors,
    unprovable), the original PrOntoQA JSON, or the original experiment log (its questions and
    expected answers), optionally compressed; '-' reads standard input.
    Each finding names the file, line, example id and check. Exit code 1 if there is any finding.
    """
    from prontocheck.testing.dataset import LintReport, lint_file

    report, unreadable, started = LintReport(), False, time.perf_counter()
    try:
        if output is not None:
            check_not_input(output, inputs)  # before the work
    except OutputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    for path in inputs:
        try:
            lint_file(path, ignore=ignore, report=report)
        except UsageError as e:
            raise click.UsageError(str(e)) from e
        except InputError as e:
            click.echo(f"error: {e}", err=True)
            unreadable = True
    try:
        with optional_output(output, inputs=inputs) as out:
            if out is not None:
                out.write_lines(finding.to_json() for finding in report.findings)
    except OutputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    if not quiet:
        for finding in report.findings[:MAX_SHOWN]:
            click.echo(str(finding))
    if not quiet and len(report.findings) > MAX_SHOWN:
        click.echo(f"… and {len(report.findings) - MAX_SHOWN} more findings")
    counts = ", ".join(f"{check}: {k}" for check, k in sorted(report.counts().items()))
    click.echo(f"{report.records} examples, {len(report.findings)} findings{f' ({counts})' if counts else ''} "
               f"in {time.perf_counter() - started:.1f} s")
    if unreadable:
        sys.exit(2)
    if report.findings:
        sys.exit(1)
