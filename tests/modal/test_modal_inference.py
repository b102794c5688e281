"""Conditional and modal inference items as benchmarks write them (issue 14): read through the argument wrappers
and the statement reader, decided under several readings, each verdict with its certificates.

The prompts are this project's own, in the patterns of Holliday, Mandelkern & Zhang (2024); the readings are
those of prontocheck.modal.semantics: the certain (domain) conditional and the conditional-probability one, a
plain statement read as known, a modal consequent restricted to its antecedent, and the flat or bounded
"either p or must q".
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from prontocheck.modal.items import ItemError, ModalItem, read_items
from prontocheck.modal.semantics import Semantics
from prontocheck.modal.validate import validate_items

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT.parent / "shared" / "data" / "modal-holliday-dev" / "items.jsonl"

CERT, BOUNDED, CPROB = Semantics(), Semantics(disjunction="bounded"), Semantics(conditional="conditional_probability")
E, U, X = "entailed", "undetermined", "inconsistent"


def _from(*statements: str) -> str:
    *premises, conclusion = statements
    return "From " + " together with ".join(f"'{p}'" for p in premises) + f", can we infer '{conclusion}'?"


@pytest.mark.parametrize(("prompt", "verdicts"), [
    # modus ponens holds for the certain conditional, not for conditional probability; under conditional
    # probability (p(antecedent) > 0 presupposed) a known false consequent or antecedent contradicts the premise
    (_from("If Ana was at the fair, then Ben was at the fair", "Ana was at the fair", "Ben was at the fair"),
     (E, E, U)),
    (_from("If Ana was at the fair, then Ben was at the fair", "Ben was not at the fair", "Ana was not at the fair"),
     (E, E, X)),
    # affirming the consequent and denying the antecedent hold under none
    (_from("If Ana was at the fair, then Ben was at the fair", "Ben was at the fair", "Ana was at the fair"),
     (U, U, U)),
    (_from("If Ana was at the fair, then Ben was at the fair", "Ana was not at the fair", "Ben was not at the fair"),
     (U, U, X)),
    # contraposition and antecedent strengthening: the certain conditional's, not conditional probability's
    (_from("If the kettle was on, then the tea was hot", "If the tea was not hot, then the kettle was not on"),
     (E, E, U)),
    (_from("If the match is struck, then it will light",
           "If the match is struck and it has been soaked in water, then it will light"), (E, E, U)),
    # disjunctive syllogism; with "must" in a disjunct it holds only on the flat reading of the disjunction
    (_from("Either the lamp is on or the lamp is broken", "The lamp is not broken", "The lamp is on"), (E, E, E)),
    (_from("Either the lamp is on or the lamp must be broken", "The lamp might not be broken", "The lamp is on"),
     (E, U, E)),
    (_from("Either the lamp must be broken or it is on", "It's not the case that the lamp must be broken",
           "The lamp is on"), (E, U, E)),
    # a modal consequent is restricted to its antecedent: "might not" defeats modus tollens
    (_from("If Ana was at the fair, then Ben must have been at the fair", "Ben might not have been at the fair",
           "Ana was not at the fair"), (U, U, U)),
    (_from("If Ana was at the fair, then Ben must have been at the fair", "Ben was not at the fair",
           "Ana was not at the fair"), (E, E, E)),
    # duality, monotonicity and aggregation of the modals
    (_from("Ana might not have been at the fair", "It's not the case that Ana must have been at the fair"),
     (E, E, E)),
    (_from("The key might be upstairs and the key might be under a rug", "The key might be upstairs under a rug"),
     (U, U, U)),
    (_from("The key must be upstairs and it must be under a rug", "The key must be upstairs and under a rug"),
     (E, E, E)),
    (_from("The key might be under a rug", "The key might be under a rug or upstairs"), (E, E, E)),
    (_from("The key must have been upstairs or under a rug",
           "The key must have been upstairs or it must have been under a rug"), (U, U, U)),
])
def test_readings(prompt: str, verdicts: tuple[str, str, str]) -> None:
    [results] = list(validate_items([ModalItem("x", prompt=prompt, gold="No")], (CERT, BOUNDED, CPROB)))
    assert not isinstance(results, ItemError), results
    assert tuple(r.judgement.verdict if r.judgement.consistent else X for r in results) == verdicts
    for r in results:  # the certificates are about this item's own statements
        assert r.judgement.premises == r.premises


def test_inconsistent_premises_are_flagged_not_licensed() -> None:
    item = ModalItem("i", prompt=_from("The lamp is on", "The lamp is not on", "The key is upstairs"), gold="Yes")
    [[r]] = list(validate_items([item]))
    assert r.judgement.verdict == "entailed" and not r.judgement.consistent
    assert r.gold_status == "inconsistent" and r.to_json()["gold_status"] == "inconsistent"


@pytest.mark.shared
def test_the_real_development_items() -> None:
    """Issue 14's measure on the development split: most items read as written, and the gold labels
    contradicted under every offered reading are few (the source's own errors: a "might not" premise
    written as a plain negation)."""
    items = [i for i in read_items(str(REAL))]
    assert len(items) == 749
    readings = (CERT, BOUNDED, CPROB)
    read, against_all, statuses = 0, [], Counter()
    for results in validate_items(items, readings):
        if isinstance(results, ItemError):
            continue
        read += 1
        statuses.update(r.gold_status for r in results)
        if all(r.gold_status == "contradicted" for r in results):
            against_all.append(results[0].item.id)
    assert read >= 0.95 * len(items), read
    assert len(against_all) <= 0.01 * read, against_all
    assert {i.rsplit("-", 1)[0] for i in against_all} <= {"DSmif"}
    patterns = {json.loads(line)["pattern"] for line in REAL.read_text().splitlines()}
    assert len(patterns) == 150


BLIND = ROOT / "tests" / "data" / "modal-blind" / "items.jsonl"


def _measured(path: Path, n: int) -> tuple[int, list[str], list[str]]:
    """Items read, ids contradicted under every reading (certain, bounded, conditional probability), ids unread."""
    items = list(read_items(str(path)))
    assert len(items) == n
    assert len({json.loads(line)["pattern"] for line in path.read_text().splitlines()}) == 150
    read, against_all, unread = 0, [], []
    for results in validate_items(items, (CERT, BOUNDED, CPROB)):
        if isinstance(results, ItemError):
            unread.append(str(results.id))
            continue
        read += 1
        if all(r.gold_status == "contradicted" for r in results):
            against_all.append(results[0].item.id)
    return read, against_all, unread


def test_the_blind_items() -> None:
    """Issue 14's measure on a blind proxy of the held-out items (tests/data/modal-blind: 3 new items per pattern,
    written before the reader was read): the items left unread are the multi-sentence CMP narratives and an "it"
    that may mean an object ("If I water the fern, then it will grow"), and no gold is contradicted under every
    reading.
    """
    read, against_all, unread = _measured(BLIND, 450)
    assert read >= 441, unread
    assert against_all == []
    assert {i.rsplit("-", 1)[0] for i in unread} <= {"CMP", "CMPx", "ASd", "uASd", "vASd"}, unread


BLIND2 = ROOT / "tests" / "data" / "modal-blind2" / "items.jsonl"


def test_the_second_blind_items() -> None:
    """Issue 14's measure on a second blind proxy (tests/data/modal-blind2: 2 new items per pattern, written before
    the reader was read). First measured: 296 of 300 read (the four CMP narratives are not), and two golds
    contradicted under every reading because a verb was lemmatised two ways within one item ("sproked" ->
    sproke_mib but "did not sprok" -> sprok_mib; "have contained peanuts" -> contained_peanuts but "must have
    contained peanuts" -> contain_peanuts), a misreading four more items had without changing their verdict. Mended
    (one atom per verb within an item), so the set no longer measures generalisation: a fresh one is needed for that.
    """
    read, against_all, unread = _measured(BLIND2, 300)
    assert read == 296, unread
    assert sorted(unread) == ["CMP-c1", "CMP-c2", "CMPx-c1", "CMPx-c2"]
    assert against_all == []


def test_gold_contradicted_under_every_reading_is_listed_with_certificates() -> None:
    from prontocheck.modal.render import render
    from prontocheck.modal.validate import summarize_validation

    mp = _from("If Ana was at the fair, then Ben was at the fair", "Ana was at the fair", "Ben was at the fair")
    items = [ModalItem("wrong", prompt=mp, gold="No", pattern="MP"), ModalItem("right", prompt=mp, gold="Yes",
                                                                             pattern="MP")]
    report = summarize_validation(validate_items(items, (CERT, BOUNDED)), (CERT, BOUNDED))
    assert [rs[0].item.id for rs in report.against_every_reading] == ["wrong"]
    [entry] = report.to_json()["against_every_reading"]
    assert entry["id"] == "wrong" and [r["semantics"] for r in entry["results"]] == [">1/2 cert", ">1/2 cert,bounded"]
    assert all(r["gold_status"] == "contradicted" and r["certificates"]["premises_and_not_conclusion"]
               for r in entry["results"])
    # Under conditional probability modus ponens is undetermined: that reading does not contradict the gold.
    mixed = summarize_validation(validate_items(items[:1], (CERT, CPROB)), (CERT, CPROB))
    assert mixed.against_every_reading == []
    text = render(report, "markdown")
    assert isinstance(text, str) and "contradicted under every reading" in text and "| wrong | MP | No |" in text


def test_the_documented_item() -> None:
    """docs/modal.md shows this item under two readings, with these certificates."""
    prompt = ("From 'Either the book is on the shelf or it must be resting on the table' together with 'The book "
              "might not be resting on the table', can we infer 'The book is on the shelf'?")
    [(flat, bounded)] = list(validate_items([ModalItem("DSmi-2", prompt=prompt, gold="No")], (CERT, BOUNDED)))
    assert [str(p) for p in flat.premises] == ["on_shelf(the_book) ∨ □resting_on_table(the_book)",
                                               "◇¬resting_on_table(the_book)"]
    assert (flat.judgement.verdict, flat.gold_status) == ("entailed", "contradicted")
    assert (bounded.judgement.verdict, bounded.gold_status) == ("undetermined", "licensed")
    assert bounded.judgement.without_conclusion.text() == ("on_shelf(the_book) ∧ ¬resting_on_table(the_book): 1/2; "
                                                           "¬on_shelf(the_book) ∧ resting_on_table(the_book): 1/2")
    docs = (ROOT / "docs" / "modal.md").read_text(encoding="utf-8")
    assert "1·[p(resting_on_table(the_book)) = 1] + 1·[p(¬resting_on_table(the_book)) > 0] − 1·[Σ_w p(w) = 1]" in docs
    assert flat.judgement.without_conclusion.text().split(" | ")[1] in docs


def test_intended_readings_per_pattern(tmp_path: Path) -> None:
    """A benchmark states the readings each pattern intends: an item is a likely gold error when every intended
    reading contradicts its gold (the other readings do not excuse it)."""
    from click.testing import CliRunner

    from prontocheck.cli.modal import modal

    ct = _from("If the kettle was on, then the tea was hot", "If the tea was not hot, then the kettle was not on")
    items = tmp_path / "items.jsonl"
    items.write_text("".join(json.dumps(x) + "\n" for x in [
        {"id": "ct", "pattern": "CT", "prompt": ct, "gold": "No"},
        {"id": "ct-yes", "pattern": "CTy", "prompt": ct, "gold": "Yes"}]))
    runner = CliRunner()
    plain = json.loads(runner.invoke(modal, ["validate", str(items), "-s", "default", "-s", "cprob",
                                             "-f", "json"]).stdout)
    assert plain["against_every_reading"] == []  # cprob licenses CT's No, cert licenses CTy's Yes
    intended = tmp_path / "intended.json"
    intended.write_text(json.dumps({"CT": "default", "CTy": ["cprob"]}))
    r = runner.invoke(modal, ["validate", str(items), "-s", "default", "--intended", str(intended), "-f", "json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert [s["semantics"]["label"] for s in report["semantics"]] == [">1/2 cert", ">1/2 cprob"]
    assert report["intended"] == {"CT": [">1/2 cert"], "CTy": [">1/2 cprob"]}
    # Each pattern's intended reading contradicts its gold (CT's No under cert; CTy's Yes under cprob, where
    # contraposition fails), although the other reading would license it.
    assert [x["id"] for x in report["against_every_reading"]] == ["ct", "ct-yes"]
    intended.write_text(json.dumps({"CT": ["sometimes"]}))
    bad = runner.invoke(modal, ["validate", str(items), "--intended", str(intended)])
    assert bad.exit_code == 2 and "pattern 'CT'" in bad.output


def test_meaning_postulates(tmp_path: Path) -> None:
    """"If Ann exercised, then she did not exercise strenuously" and "if she exercised strenuously, she did not
    exercise": with the postulate that exercising strenuously is exercising, the certain conditional makes strenuous
    exercise impossible (the conclusion holds vacuously), and conditional probability refutes the conclusion."""
    from click.testing import CliRunner

    from prontocheck.cli.modal import modal
    from prontocheck.modal.postulates import read_postulates

    prompt = _from("If Ann exercised, then Ann did not exercise strenuously",
                   "If Ann exercised strenuously, then Ann did not exercise")
    item = ModalItem("ctnd", prompt=prompt, gold="No", pattern="CTnd")
    [[alone]] = list(validate_items([item]))
    postulates = read_postulates('["exercise_strenuously(x) → exercise(x)"]')
    [[meant]] = list(validate_items([item], postulates=postulates))
    assert alone.judgement.verdict == "entailed" and alone.postulates == ()  # contraposition, certain conditional
    assert [str(p) for p in meant.postulates] == ["exercise_strenuously(Ann) → exercise(Ann)"]
    assert meant.judgement.premises[-1] == meant.postulates[0] and meant.to_json()["postulates"]
    assert meant.judgement.verdict == "entailed"  # still: strenuous exercise is now impossible
    # Under conditional probability the postulate decides it: "if strenuously, then not" is refuted.
    [[alone_cp]] = list(validate_items([item], (CPROB,)))
    [[meant_cp]] = list(validate_items([item], (CPROB,), postulates=postulates))
    assert (alone_cp.judgement.verdict, meant_cp.judgement.verdict) == ("undetermined", "refuted")
    for bad, reason in (('["Pr(a(x))"]', "plain statement"), ('["a(x) → b(y)"]', "about x"), ('{"a": 1}', "list"),
                        ("[", "not JSON")):
        with pytest.raises(Exception, match=reason):
            read_postulates(bad)
    items, file = tmp_path / "items.jsonl", tmp_path / "postulates.json"
    items.write_text(json.dumps({"id": "ctnd", "prompt": prompt, "gold": "No"}) + "\n")
    file.write_text('["exercise_strenuously(x) → exercise(x)"]')
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(modal, ["validate", str(items), "--postulates", str(file), "-f", "json", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert json.loads(out.read_text())["postulates"] == ["exercise_strenuously(Ann) → exercise(Ann)"]
