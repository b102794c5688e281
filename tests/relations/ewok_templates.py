"""A proxy of the held-out EWoK-core-1.0 measure, built from the compiler's templates of the development split.

EWoK-core-1.0 is every template row of ``templates/template-<domain>.csv`` instantiated with five filler sets, the
versions ``v0`` … ``v4``: an item id ``v{version}-{domain}-{MetaTemplateID}-{TemplateID}-{row}`` names its version,
its row (by the two ids) and the row's 0-based place in its domain's file (5 versions × 910 rows = 4,550 items;
the development split holds 904 of them). This module, read in memory from the password-protected zip (EWoK's
text is never written out, and none of it is in this file):

1. aligns each development item to its row and reads off the filler of each slot (``{agent1}``,
   ``{object1:large=true}``) as the item writes it mid-sentence ("the cup", "Kim", "a flat");
2. instantiates rows the compiler's way (:func:`instantiate`): fillers in, the first letter of each sentence
   capitalised, a final full stop added; a development item's own fillers give back its text exactly;
3. makes proxy items (:func:`proxy_items`): every (row, version) that is not a development item, with the filler
   the development split shows for that version, domain and slot (how EWoK assigns them: one filler set per
   version), and per row a few assignments *drawn* from the fillers seen for the same slot kind under the same
   or stricter constraints (other fillers of the same templates);
4. measures prontocheck's design check on them (:func:`measure`): read rate and agreement per domain, for the rows
   with no development item, and the failures grouped by cause (the message with fillers put back as slots).

Run ``PYTHONPATH=. python tests/relations/ewok_templates.py`` for the report (``--help`` for options).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import random
import re
import zipfile
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SHARED_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
ZIP = SHARED_DATA / "ewok-dev" / "ewok-dev.zip"
PASSWORD = b"ewok"
TEXTS = ("Context1", "Context2", "Target1", "Target2")
"""The four texts of an item (and columns of a template row)."""
OTHER_COLUMNS = ("ContextType", "ContextDiff", "TargetDiff", "ConceptA", "ConceptB")
VERSIONS = tuple(range(5))
"""EWoK-core-1.0's filler sets."""
ITEM_ID = re.compile(r"v(?P<version>\d+)-(?P<domain>[a-z-]+)-(?P<meta>\d+)-(?P<template>\d+)-(?P<row>\d+)")
SLOT = re.compile(r"\{([^{}]*)\}")
KEPT_CAPITAL = frozenset({"agent"})
"""Slot kinds whose fillers are names: capitalised wherever they stand (the others are lower case mid-sentence)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One slot of a template text, ``{object1:container=true:can_support=true}``.

    >>> s = Slot.of("object1:large=true")
    >>> (s.entity, s.kind, sorted(s.constraints))
    ('object1', 'object', ['large=true'])
    >>> Slot.of("item:material=fabric").entity  # no index: each occurrence its own thing
    'item:material=fabric'
    """

    text: str
    """What stands between the braces."""
    entity: str
    """What the slot refers to: its variable (``object1``) when numbered, else the whole slot."""
    kind: str
    """The variable without its index (``object``)."""
    constraints: frozenset[str]
    """``key=value`` constraints on the filler."""

    @classmethod
    def of(cls, text: str) -> Slot:
        """The slot written ``{text}``."""
        var, *constraints = text.split(":")
        kind = var.rstrip("0123456789")
        return cls(text, var if kind != var else text, kind, frozenset(constraints))


@dataclass(frozen=True, slots=True)
class Row:
    """A template row of one domain."""

    domain: str
    meta: int
    template: int
    index: int
    """0-based place among its domain's rows (the item id's last number)."""
    texts: Mapping[str, str]
    """Context1, Context2, Target1, Target2 with their slots."""
    columns: Mapping[str, str]
    """The row's other columns (ContextType, ContextDiff, TargetDiff, ConceptA, ConceptB)."""

    @property
    def key(self) -> tuple[str, int, int]:
        """``(domain, MetaTemplateID, TemplateID)``."""
        return (self.domain, self.meta, self.template)

    @property
    def name(self) -> str:
        """``domain-meta-template``."""
        return f"{self.domain}-{self.meta}-{self.template}"

    def item_id(self, version: int | str) -> str:
        """The id EWoK gives the row's item of a version (a drawn assignment's tag in place of the number)."""
        return f"v{version}-{self.domain}-{self.meta}-{self.template}-{self.index}"

    def slots(self) -> dict[str, Slot]:
        """Entity → its slot, with the constraints of all its occurrences (``object1`` is ``object1:large=true``
        wherever one occurrence says so)."""
        found: dict[str, set[str]] = defaultdict(set)
        kinds: dict[str, str] = {}
        for text in self.texts.values():
            for m in SLOT.finditer(text):
                slot = Slot.of(m.group(1))
                found[slot.entity] |= slot.constraints
                kinds[slot.entity] = slot.kind
        return {e: Slot(":".join([e, *sorted(c)]) if ":" not in e else e, e, kinds[e], frozenset(c))
                for e, c in found.items()}


def read_dev(path: Path = ZIP) -> tuple[list[Row], list[dict[str, Any]]]:
    """The template rows of every domain and the development items, read in memory from the zip."""
    rows = []
    with zipfile.ZipFile(path) as z:
        items = [json.loads(line) for line in z.read("items.jsonl", pwd=PASSWORD).decode("utf-8").splitlines()]
        for name in sorted(n for n in z.namelist() if n.startswith("templates/") and n.endswith(".csv")):
            lines = z.read(name, pwd=PASSWORD).decode("utf-8").splitlines()
            body = [line for line in lines if not line.startswith("#")]  # the canary line
            for index, r in enumerate(csv.DictReader(io.StringIO("\n".join(body)))):
                rows.append(Row(r["Domain"], int(r["MetaTemplateID"]), int(r["TemplateID"]), index,
                                {t: r[t] for t in TEXTS},
                                {k: r[k] for k in OTHER_COLUMNS}))
    return rows, items


def item_key(item_id: str) -> tuple[int, tuple[str, int, int], int]:
    """``(version, row key, row index)`` of an item id.

    >>> item_key("v3-social-relations-30-4-66")
    (3, ('social-relations', 30, 4), 66)
    """
    m = ITEM_ID.fullmatch(item_id)
    if m is None:
        raise ValueError(f"not an EWoK item id: {item_id!r}")
    return int(m["version"]), (m["domain"], int(m["meta"]), int(m["template"])), int(m["row"])


def _sentence_case(text: str) -> str:
    """Capitalise the first letter of each sentence, and end with a full stop."""
    text = re.sub(r"(^|[.?!]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
    return text if text.endswith((".", "?", "!")) else text + "."


def _truncated(template: str) -> Slot | None:
    """The compiler's quirk: a text opening with a slot of two or more constraints comes out as that slot's filler
    alone, "The cup." (the dev items of rows physical-relations-6-*)."""
    m = SLOT.match(template)
    if m is None:
        return None
    slot = Slot.of(m.group(1))
    return slot if len(slot.constraints) >= 2 else None


def instantiate_text(template: str, fillers: Mapping[str, str]) -> str:
    """One template text with its fillers (entity → filler as written mid-sentence).

    >>> instantiate_text("{object1} is under {agent1}. {agent1} is calm", {"object1": "the cup", "agent1": "Kim"})
    'The cup is under Kim. Kim is calm.'
    >>> instantiate_text("{object1:a=true:b=true} is bigger than {object2}", {"object1": "the cup", "object2": "x"})
    'The cup.'
    """
    quirk = _truncated(template)
    if quirk is not None:
        template = "{" + quirk.text + "}"
    return _sentence_case(SLOT.sub(lambda m: fillers[Slot.of(m.group(1)).entity], template))


def _templates(row: Row, reversed_by_flag: bool) -> dict[str, str]:
    """The row's texts as its items use them: a row the compiler's config flags has its targets swapped (the
    item's ``reversed_by_flag``; dev rows physical-relations-15-4 to 15-7)."""
    texts = dict(row.texts)
    if reversed_by_flag:
        texts["Target1"], texts["Target2"] = texts["Target2"], texts["Target1"]
    return texts


def instantiate(row: Row, fillers: Mapping[str, str], version: int | str, *,
                reversed_by_flag: bool = False) -> dict[str, Any]:
    """The item of ``row`` with ``fillers``, as EWoK's records are written."""
    record: dict[str, Any] = {"id": row.item_id(version), "domain": row.domain}
    templates = _templates(row, reversed_by_flag)
    record |= {t: instantiate_text(templates[t], fillers) for t in TEXTS}
    return record | dict(row.columns) | {"reversed_by_flag": reversed_by_flag}


def _pattern(template: str) -> tuple[re.Pattern[str], list[Slot]]:
    quirk = _truncated(template)
    if quirk is not None:
        template = "{" + quirk.text + "}"
    parts, slots, pos = [], [], 0
    for m in SLOT.finditer(template):
        parts += [re.escape(template[pos:m.start()]), "(.+?)"]
        slots.append(Slot.of(m.group(1)))
        pos = m.end()
    parts.append(re.escape(template[pos:]))
    return re.compile("".join(parts) + r"[.?!]?", re.IGNORECASE | re.DOTALL), slots


def align(item: Mapping[str, Any], row: Row) -> dict[str, str]:
    """Entity → filler (as written mid-sentence) of a development item of ``row``.

    Raises:
        ValueError: a text that does not match its template, or an entity filled two ways.
    """
    fillers: dict[str, set[str]] = defaultdict(set)
    templates = _templates(row, bool(item.get("reversed_by_flag")))
    for t in TEXTS:
        pattern, slots = _pattern(templates[t])
        m = pattern.fullmatch(item[t])
        if m is None:
            raise ValueError(f"{item['id']} {t}: {item[t]!r} does not match {templates[t]!r}")
        for n, slot in enumerate(slots, 1):
            text, start = m.group(n), m.start(n)
            sentence_start = start == 0 or re.search(r"[.?!]\s+$", item[t][:start]) is not None
            if sentence_start and slot.kind not in KEPT_CAPITAL:
                text = text[:1].lower() + text[1:]
            fillers[slot.entity].add(text)
    twice = {e: sorted(f) for e, f in fillers.items() if len(f) > 1}
    if twice:
        raise ValueError(f"{item['id']}: entities filled two ways: {twice}")
    return {e: next(iter(f)) for e, f in fillers.items()}


@dataclass
class Fillers:
    """The fillers the development split shows: per (version, domain, slot), and pooled per slot kind."""

    by_version: dict[tuple[int, str, str], Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    """``(version, domain, slot text)`` → fillers (the slot text with all of its entity's constraints)."""
    satisfies: dict[tuple[str, str], set[str]] = field(default_factory=lambda: defaultdict(set))
    """``(kind, filler)`` → the constraints of the slots it was seen in (a filler seen as ``{object1:large=true}``
    and as ``{object2:container=true}`` fits ``{object:container=true:large=true}``)."""

    @classmethod
    def of(cls, rows: Iterable[Row], items: Iterable[Mapping[str, Any]]) -> Fillers:
        """The fillers of the development items."""
        by_key = {r.key: r for r in rows}
        out = cls()
        for item in items:
            version, key, _ = item_key(item["id"])
            row = by_key[key]
            slots = row.slots()
            for entity, filler in align(item, row).items():
                slot = slots[entity]
                out.by_version[(version, row.domain, slot.text)][filler] += 1
                out.satisfies[(slot.kind, filler)] |= slot.constraints
        return out

    def pool(self, slot: Slot, *, relaxed: bool = False) -> list[str]:
        """Fillers that fit ``slot``: seen for its kind, and seen under each of its constraints (``relaxed``:
        any filler of its kind)."""
        return sorted(f for (kind, f), constraints in self.satisfies.items()
                      if kind == slot.kind and (relaxed or constraints >= slot.constraints))

    def of_version(self, version: int, domain: str, slot: Slot) -> str | None:
        """The filler the version gives the slot in the domain (else in any domain), if the split shows one."""
        here = self.by_version.get((version, domain, slot.text))
        if here:
            return here.most_common(1)[0][0]
        anywhere: Counter[str] = Counter()
        for (v, _, text), fs in self.by_version.items():
            if v == version and text == slot.text:
                anywhere.update(fs)
        return anywhere.most_common(1)[0][0] if anywhere else None


def _complete(row: Row, chosen: dict[str, str], fillers: Fillers, rng: random.Random,
              relaxed: list[str]) -> dict[str, str]:
    """``chosen`` with a drawn filler for each entity left, entities of one kind kept apart; a slot whose
    constraints no seen filler meets gets any filler of its kind, and is noted in ``relaxed``."""
    out = dict(chosen)
    for entity, slot in sorted(row.slots().items()):
        taken = {f for e, f in out.items() if e != entity}
        if entity in out and out[entity] not in taken:
            continue
        options = [f for f in fillers.pool(slot) if f not in taken]
        if not options:
            relaxed.append(f"{row.name}: no filler seen for {{{slot.text}}}: any {slot.kind}")
            options = [f for f in fillers.pool(slot, relaxed=True) if f not in taken]
        out[entity] = rng.choice(options)
    return out


@dataclass(frozen=True, slots=True)
class ProxyItem:
    """An instantiated item and how it was made."""

    record: dict[str, Any]
    row: Row
    fillers: Mapping[str, str]
    mode: str
    """``"version"`` (a held-out (row, version) with that version's fillers) or ``"drawn"``."""
    dev_row: bool
    """Whether the row has a development item."""


def proxy_items(rows: Sequence[Row], items: Sequence[Mapping[str, Any]], *, draws: int = 3,
                seed: int = 0) -> tuple[list[ProxyItem], list[tuple[str, int]]]:
    """The proxy items, and the slots filled without their constraints (no seen filler meets them), with how
    many items each."""
    fillers = Fillers.of(rows, items)
    dev = {(item_key(i["id"])[0], item_key(i["id"])[1]) for i in items}
    dev_rows = {key for _, key in dev}
    flagged = {item_key(i["id"])[1] for i in items if i.get("reversed_by_flag")}  # unknown for rows not in dev
    out: list[ProxyItem] = []
    relaxed: list[str] = []
    for row in rows:
        rng = random.Random(f"{seed}-{row.name}")
        plans: list[tuple[str, int | str, dict[str, str]]] = []
        for version in VERSIONS:
            if (version, row.key) in dev:
                continue
            known = {e: fillers.of_version(version, row.domain, s) for e, s in row.slots().items()}
            plans.append(("version", version, {e: f for e, f in known.items() if f is not None}))
        plans += [("drawn", f"d{n}", {}) for n in range(draws)]
        for mode, tag, chosen in plans:
            assignment = _complete(row, chosen, fillers, rng, relaxed)
            record = instantiate(row, assignment, tag, reversed_by_flag=row.key in flagged)
            out.append(ProxyItem(record, row, assignment, mode, row.key in dev_rows))
    return out, sorted(Counter(relaxed).items())


def _cause(message: str, fillers: Mapping[str, str]) -> str:
    """The message with the item's fillers put back as their slots, and without its column (so one cause groups
    its items)."""
    message = re.sub(r" at column \d+", "", message)
    for entity, filler in sorted(fillers.items(), key=lambda kv: -len(kv[1])):
        message = re.sub(rf"(?i)\b{re.escape(filler)}\b", "{" + entity + "}", message)
        bare = filler.split(" ", 1)[-1] if filler.startswith(("the ", "a ", "an ")) else None
        if bare:
            message = re.sub(rf"(?i)\b{re.escape(bare.replace(' ', '_'))}\b", "{" + entity + "}", message)
    return message


@dataclass
class Tally:
    """Items, read, agreeing."""

    items: int = 0
    read: int = 0
    agree: int = 0

    def add(self, read: bool, agree: bool) -> None:
        """Count one item."""
        self.items, self.read, self.agree = self.items + 1, self.read + read, self.agree + agree

    def __str__(self) -> str:
        read = self.read / self.items if self.items else 0.0
        agree = self.agree / self.read if self.read else 0.0
        return f"{self.items:5d} items  read {self.read:5d} ({read:6.1%})  agree {self.agree:5d} ({agree:6.1%})"


@dataclass
class Report:
    """The proxy's figures."""

    tallies: dict[tuple[str, str], Tally] = field(default_factory=lambda: defaultdict(Tally))
    """``(mode, domain)`` → tally; domain ``"all"`` and mode ``"version-new-rows"`` (rows with no dev item)
    included."""
    rows: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    """Per row with no development item (both modes)."""
    unread: Counter[str] = field(default_factory=Counter)
    """Cause → items not read."""
    disagree: Counter[str] = field(default_factory=Counter)
    """``category row`` → read items whose design does not agree."""
    examples: dict[str, str] = field(default_factory=dict)
    """Cause → one item id."""
    relaxed: list[tuple[str, int]] = field(default_factory=list)
    """Slots filled without their constraints, with how many items each."""

    def rate(self, mode: str, domain: str = "all") -> tuple[float, float]:
        """(read rate, agreement of read items)."""
        t = self.tallies[(mode, domain)]
        return (t.read / t.items if t.items else 0.0, t.agree / t.read if t.read else 0.0)


def measure(proxies: Iterable[ProxyItem], analyze: Any = None) -> Report:
    """Run the design check on each proxy item."""
    from prontocheck.relations import ItemError, analyze_pair
    from prontocheck.relations.loading import ewok_schema

    schema = ewok_schema()
    report = Report()
    for p in proxies:
        try:
            result = (analyze or analyze_pair)(p.record, schema)
            read, agree = True, bool(result.agrees)
        except ItemError as e:
            read, agree = False, False
            cause = _cause(e.reason, p.fillers)
            report.unread[cause] += 1
            report.examples.setdefault(cause, p.record["id"])
        if read and not agree:
            cause = f"{result.category.value} {p.row.name}"
            report.disagree[cause] += 1
            report.examples.setdefault(cause, p.record["id"])
        modes = [p.mode] + (["version-new-rows"] if p.mode == "version" and not p.dev_row else [])
        for mode in modes:
            for domain in (p.row.domain, "all"):
                report.tallies[(mode, domain)].add(read, agree)
        if not p.dev_row:
            report.rows[p.row.name].add(read, agree)
    return report


def dev_figures(items: Iterable[Mapping[str, Any]]) -> dict[str, Tally]:
    """The development items' read and agreement per domain (and ``"all"``)."""
    from prontocheck.relations import ItemError, analyze_pair
    from prontocheck.relations.loading import ewok_schema

    out: dict[str, Tally] = defaultdict(Tally)
    for item in items:
        try:
            read, agree = True, analyze_pair(item, ewok_schema()).agrees
        except ItemError:
            read, agree = False, False
        for domain in (item["domain"], "all"):
            out[domain].add(read, agree)
    return out


def _lines(report: Report, dev: Mapping[str, Tally] | None, top: int) -> Iterator[str]:
    domains = sorted({d for _, d in report.tallies} - {"all"}) + ["all"]
    for mode in ("version", "version-new-rows", "drawn"):
        yield f"== {mode}"
        for d in domains:
            if (mode, d) in report.tallies:
                yield f"  {d:24s} {report.tallies[(mode, d)]}"
    if dev is not None:
        yield "== dev split"
        for d in domains:
            if d in dev:
                yield f"  {d:24s} {dev[d]}"
    yield "== rows with no dev item, below 100% read or agreeing"
    for name, t in sorted(report.rows.items()):
        if t.read < t.items or t.agree < t.read:
            yield f"  {name:32s} {t}"
    yield f"== not read, by cause (top {top})"
    for cause, n in report.unread.most_common(top):
        yield f"  {n:4d}  {cause}   [{report.examples[cause]}]"
    yield f"== read, not agreeing, by category and row (top {top})"
    for cause, n in report.disagree.most_common(top):
        yield f"  {n:4d}  {cause}   [{report.examples[cause]}]"
    yield "== slots filled without their constraints (no dev filler meets them)"
    for line, n in report.relaxed:
        yield f"  {n:4d}  {line}"


def main(argv: Sequence[str] | None = None) -> None:
    """Print the proxy's report."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--zip", type=Path, default=ZIP)
    ap.add_argument("--draws", type=int, default=3, help="drawn assignments per row")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--top", type=int, default=40, help="causes listed")
    ap.add_argument("--dev", action="store_true", help="also the development items' figures")
    args = ap.parse_args(argv)
    rows, items = read_dev(args.zip)
    proxies, relaxed = proxy_items(rows, items, draws=args.draws, seed=args.seed)
    report = measure(proxies)
    report.relaxed = relaxed
    for line in _lines(report, dev_figures(items) if args.dev else None, args.top):
        print(line)


if __name__ == "__main__":
    main()
