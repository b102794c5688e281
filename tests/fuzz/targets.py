"""The fuzz targets: what each feeds the library and what it may answer.

A target makes an input from a chooser and the corpus (:meth:`Target.make`) and runs it
(:meth:`Target.run`), returning an :class:`Outcome` (records in, records lost). An exception whose type
is not in :attr:`Target.allowed` (the documented errors) is a crash.

================ ====================================================== ==========================================
target           input                                                  may raise
================ ====================================================== ==========================================
parser           a mutated sentence, query or formula, to parse_sentence UnparseableSentence (SentenceParseError),
                 / parse_statement / parse_query / parse_formula        BudgetExceeded
reading          a mutated output, to syntax.reading.read_output        nothing
check            a mutated output (sometimes a mutated problem), check  UnreadableQuery (the query cannot be read)
rewards          a mutated or junk spec and completion, to score and    nothing
                 the verl, TRL, OpenRLHF and reasoning-gym adapters
records          a generated file, to io.read_records                   InputError for the whole file (undetectable
                                                                        format, unsupported or broken compression)
modal            a file of mutated items, to modal read_items and       InputError (whole file), ModalParseError,
                 parse_item                                             BudgetExceeded (in parse_item)
relations        a file (JSONL, JSON, YAML) of mutated items, to        InputError (whole file)
                 relations read_items
================ ====================================================== ==========================================

Records lost: an input record that yields neither a record nor an error naming it (file and line).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from prontocheck.errors import BudgetExceeded, InputError, SentenceParseError, UnreadableQuery
from prontocheck.prontoqa.problem import Problem
from tests.fuzz.corpus import Corpus
from tests.fuzz.files import InputFile, make_file
from tests.fuzz.mutate import Chooser, chance, mutate_bytes, mutate_text


@dataclass
class Outcome:
    """What one input gave: the input records it held, those lost (with why), whether the file was refused."""

    records: int = 0
    lost: list[str] = field(default_factory=list)
    refused: bool = False


@dataclass(frozen=True)
class Target:
    name: str
    make: Callable[[Chooser, Corpus], Any]
    run: Callable[[Any], Outcome]
    allowed: tuple[type[BaseException], ...]


_TMP = tempfile.mkdtemp(prefix="prontocheck-fuzz-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)


def _path(suffix: str) -> str:
    return os.path.join(_TMP, f"input-{os.getpid()}{suffix}")  # one per process (--jobs forks after import)


def _write(data: bytes, suffix: str = "") -> str:
    path = _path(suffix)
    with open(path, "wb") as f:
        f.write(data)
    return path


# --- parser -------------------------------------------------------------------------------------------------

PARSERS = ("sentence", "statement", "query", "formula")


@lru_cache(maxsize=4)
def _formulas(corpus: Corpus) -> tuple[str, ...]:
    from prontocheck.syntax import parse_statement

    out = []
    for s in corpus.sentences[:800]:
        try:
            out.append(str(parse_statement(s)))
        except SentenceParseError:
            pass
    return tuple(out) or ("∀x(cat(x) → ¬herbivorous(x))",)


def _queries(corpus: Corpus) -> tuple[str, ...]:
    return tuple(dict.fromkeys(p.query for p, _ in corpus.pairs))


def make_parser(c: Chooser, corpus: Corpus) -> tuple[str, str]:
    which = c.choice(PARSERS)
    pool = _formulas(corpus) if which == "formula" else _queries(corpus) if which == "query" else corpus.sentences
    return which, mutate_text(c.choice(pool), c, pool)


def run_parser(inp: tuple[str, str]) -> Outcome:
    from prontocheck import syntax

    which, text = inp
    getattr(syntax, f"parse_{which}")(text)
    return Outcome()


# --- reading and check --------------------------------------------------------------------------------------


def make_reading(c: Chooser, corpus: Corpus) -> tuple[int, str]:
    i = c.randint(0, len(corpus.pairs) - 1)
    return i, mutate_text(corpus.pairs[i][1], c, corpus.outputs)


_CORPUS: list[Corpus] = []


def run_reading(inp: tuple[int, str]) -> Outcome:
    from prontocheck.prontoqa.problem import prepare
    from prontocheck.syntax.reading import read_output

    i, text = inp
    read_output(text, prepare(_CORPUS[0].pairs[i][0]).reading)
    return Outcome()


def make_check(c: Chooser, corpus: Corpus) -> tuple[Problem, str]:
    problem, output = c.choice(corpus.pairs)
    if chance(c, 0.15):
        field_ = c.choice(("context", "query", "gold_cot"))
        value = getattr(problem, field_)
        text = " ".join(value) if isinstance(value, tuple) else (value or "")
        text = mutate_text(text, c, corpus.sentences)
        problem = Problem(**{**{f: getattr(problem, f) for f in ("context", "query", "gold_cot", "gold_label",
                                                                   "options")}, field_: text})
    return problem, mutate_text(output, c, corpus.outputs)


def run_check(inp: tuple[Problem, str]) -> Outcome:
    from prontocheck import check

    problem, output = inp
    check(problem, output)
    return Outcome()


# --- rewards ------------------------------------------------------------------------------------------------

ADAPTERS = ("score", "verl", "trl", "openrlhf", "reasoning_gym")
JUNK_SPECS: tuple[object, ...] = (None, 0, 1.5, True, "", "True", "false", "{", "[]", "null", [], {}, [[[[]]]],
                                  {"context": 5, "query": None}, {"context": ["a", 1], "query": "Prove: x."},
                                  {"query": "True or false: Fae is a cat."}, {"gold_label": "maybe"},
                                  float("nan"), b"bytes", {"context": {"a": [1]}, "query": ["q"]})


def _spec(c: Chooser, corpus: Corpus) -> tuple[object, str]:
    problem, output = c.choice(corpus.pairs)
    spec: dict[str, Any] = {"context": problem.context, "query": problem.query}
    if problem.gold_label is not None:
        spec["gold_label"] = problem.gold_label
    if problem.gold_cot:
        spec["gold_cot"] = list(problem.gold_cot) if isinstance(problem.gold_cot, tuple) else problem.gold_cot
    if chance(c, 0.2):
        key = c.choice(list(spec))
        spec[key] = mutate_text(json.dumps(spec[key]) if not isinstance(spec[key], str) else spec[key], c,
                                corpus.sentences) if chance(c, 0.7) else c.choice(JUNK_SPECS)
    form = c.randint(0, 9)
    value: object = spec
    if form < 2:
        value = json.dumps(spec, default=repr)
        if chance(c, 0.3):
            value = mutate_text(value, c, corpus.sentences)
    elif form == 2:
        value = c.choice(JUNK_SPECS)
    return value, output


def make_rewards(c: Chooser, corpus: Corpus) -> tuple[str, object, str, str, str]:
    spec, output = _spec(c, corpus)
    completion = mutate_text(output, c, corpus.outputs) if chance(c, 0.8) else output
    return c.choice(ADAPTERS), spec, completion, c.choice(("both", "answer", "proof", "partial")), \
        c.choice(("strict", "non_atomic", "broad", "valid"))


def run_rewards(inp: tuple[str, object, str, str, str]) -> Outcome:
    from prontocheck.rewards import score
    from prontocheck.rewards.openrlhf import reward_func
    from prontocheck.rewards.reasoning_gym import score_answer
    from prontocheck.rewards.trl import ProofReward
    from prontocheck.rewards.verl import compute_score

    adapter, spec, completion, mode, metric = inp
    if adapter == "score":
        value: Any = score(spec, completion, mode=mode, metric=metric).score
    elif adapter == "verl":
        value = compute_score("prontoqa", completion, spec, {"prontoqa": spec}, mode=mode, metric=metric)["score"]
    elif adapter == "trl":
        value = ProofReward(mode, metric)([""], [[{"role": "assistant", "content": completion}]], problem=[spec])[0]
    elif adapter == "openrlhf":
        prompt = spec if isinstance(spec, str) else "Q: " + json.dumps(spec, default=str)
        value = reward_func([prompt + completion], [prompt], [spec], mode=mode, metric=metric)["rewards"][0]
    else:
        value = score_answer(completion, {"question": "", "answer": "True", "metadata": {"prontoqa": spec}},
                             mode=mode, metric=metric)
    if value is not None and not 0.0 <= float(value) <= 1.0:
        raise AssertionError(f"reward {value!r} outside [0, 1]")
    return Outcome()


# --- record readers -----------------------------------------------------------------------------------------


def make_records(c: Chooser, corpus: Corpus) -> InputFile:
    return make_file(c, corpus.native_lines, corpus.log_blocks)


def _block_ends(lines: list[str], start: int) -> bool:
    """Whether the log block at ``lines[start]`` ends inside ``lines`` (a stream cut short leaves the last open):
    the output runs to ``Expected answer:`` (or a new ``Predicted answer:``), the gold answer to ``n:``
    (or a new ``Q:`` or ``Predicted answer:``)."""
    expected = False
    for s in lines[start + 1:]:
        if s.startswith("Predicted answer:") or (expected and s.startswith(("n: ", "Q: "))):
            return True
        expected = expected or s.startswith("Expected answer:")
    return False


def _named(path: str, results: list[Any], lines: list[str], whole: bool, fmt: str) -> list[str]:
    """The input records no result names: by line (JSON Lines: every non-blank line; logs: each block's
    ``Predicted answer:`` line whose block ends in the readable text), or by count (whole-file JSON)."""
    named = {r.line for r in results}
    if any(r.file != path for r in results):
        return [f"a result names file {results[0].file!r}, not {path!r}"]
    if fmt == "json-whole":
        return []
    if fmt == "prontoqa-log":
        expected = []
        for i, line in enumerate(lines):
            if line.startswith("Predicted answer:") and (whole or _block_ends(lines, i)):
                expected.append(i + 1)
    else:
        expected = [i + 1 for i, line in enumerate(lines) if line.strip()]
    return [f"line {n}: {lines[n - 1][:80]!r} gave no record and no error" for n in expected if n not in named]


def run_records(f: InputFile) -> Outcome:
    from prontocheck.io import read_records
    from prontocheck.io.detect import detect_format

    path = _write(f.data)
    lines, whole = f.lines()
    try:
        fmt = detect_format(path)
    except InputError:
        return Outcome(refused=True)
    results: list[Any] = []
    stopped = None
    try:
        for r in read_records(path):
            results.append(r)
    except InputError as e:
        if e.line is not None or e.file != path:
            raise
        stopped = e
    if stopped is not None and whole:
        raise AssertionError(f"a whole, readable file stopped with {stopped}")
    if fmt == "prontoqa-json":  # whole-file JSON unless its first non-blank line is a JSON value
        first = next((s for s in lines if s.strip()), "")
        try:
            json.loads(first)
        except (ValueError, RecursionError):
            fmt = "json-whole"
    lost = _named(path, results, lines, whole, fmt)
    if fmt == "json-whole" and not results and stopped is None and any(s.strip() for s in lines):
        lost = ["a whole-file JSON input gave no record and no error"]
    return Outcome(records=len(results), lost=lost, refused=stopped is not None and not results)


# --- modal and relational items -----------------------------------------------------------------------------


def _item_lines(c: Chooser, pool: tuple[str, ...]) -> list[str]:
    lines = []
    for _ in range(c.randint(1, 6)):
        line = c.choice(pool)
        if chance(c, 0.6):
            try:
                obj = json.loads(line)
                keys = [k for k, v in obj.items() if isinstance(v, str) and k != "id"]
                key = c.choice(keys)
                obj[key] = mutate_text(obj[key], c, [v for v in obj.values() if isinstance(v, str)])
                line = json.dumps(obj, ensure_ascii=bool(c.randint(0, 1)))
            except (ValueError, RecursionError, IndexError):
                pass
        if chance(c, 0.1):
            line = mutate_text(line, c, pool)
        if chance(c, 0.05):
            line = c.choice(('{"id": 1}', "{}", "[]", "null", "oops", '{"id": "x", "gold": [1]}',
                             '{"id": "x", "prompt": 5}', '{"id": "x", "premises": [1], "question": "Q?"}'))
        lines.append(line)
    return lines


def make_modal(c: Chooser, corpus: Corpus) -> bytes:
    data = ("\n".join(_item_lines(c, corpus.modal_lines)) + "\n").encode("utf-8", "surrogatepass")
    return mutate_bytes(data, c) if chance(c, 0.1) else data


def run_modal(data: bytes) -> Outcome:
    from prontocheck.modal.items import ItemError, ModalParseError, parse_item, read_items

    path = _write(data)
    lines, _ = InputFile(data, "native", "none", False).lines()
    expected = sum(1 for line in lines if line.strip())
    got = 0
    for item in read_items(path):
        got += 1
        if isinstance(item, ItemError):
            continue
        try:
            parse_item(item)
        except (ModalParseError, BudgetExceeded):
            pass
    lost = [f"{expected} non-blank lines, {got} items and errors"] if got < expected else []
    return Outcome(records=expected, lost=lost)


def make_relations(c: Chooser, corpus: Corpus) -> tuple[str, bytes, int | None]:
    """(suffix, bytes, the number of records in a JSON or YAML list, or ``None``)."""
    lines = _item_lines(c, corpus.relation_lines)
    suffix = c.choice((".jsonl", ".jsonl", ".json", ".yaml"))
    if suffix == ".jsonl":
        text = "\n".join(lines) + "\n"
    else:
        objs = []
        for line in lines:
            try:
                objs.append(json.loads(line))
            except (ValueError, RecursionError):
                objs.append(line)
        if suffix == ".json":
            text = json.dumps(objs, indent=1)
        else:
            text = "".join(f"- {json.dumps(o)}\n" for o in objs)
    data = text.encode("utf-8", "surrogatepass")
    if chance(c, 0.1):
        return suffix, mutate_bytes(data, c), None
    return suffix, data, None if suffix == ".jsonl" else len(lines)


@lru_cache(maxsize=1)
def _schema() -> Any:
    from prontocheck.relations.loading import shipped_schema

    return shipped_schema()


def run_relations(inp: tuple[str, bytes, int | None]) -> Outcome:
    from prontocheck.relations.items import read_items

    suffix, data, listed = inp
    path = _write(data, suffix)
    try:
        results = list(read_items(path, _schema()))
    except InputError as e:
        if e.file != path:
            raise
        return Outcome(refused=True)
    if suffix == ".jsonl":
        # JSON Lines end at line feeds (and \r\n, \r), not at the other breaks str.splitlines knows (U+2028, …),
        # which may stand inside a JSON string
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
        expected = sum(1 for line in text.split("\n") if line.strip())
    else:
        expected = len(results) if listed is None else listed  # a list: one result per element
    lost = [f"{expected} non-blank lines, {len(results)} items and errors"] if len(results) < expected else []
    return Outcome(records=expected, lost=lost)


TARGETS: dict[str, Target] = {t.name: t for t in (
    Target("parser", make_parser, run_parser, (SentenceParseError, BudgetExceeded)),
    Target("reading", make_reading, run_reading, ()),
    Target("check", make_check, run_check, (UnreadableQuery, BudgetExceeded)),
    Target("rewards", make_rewards, run_rewards, ()),
    Target("records", make_records, run_records, ()),
    Target("modal", make_modal, run_modal, ()),
    Target("relations", make_relations, run_relations, ()),
)}
"""Every target by name."""


def bind(corpus: Corpus) -> None:
    """Make ``corpus`` the one the targets that refer to it by index read."""
    _CORPUS[:] = [corpus]
