"""The PrOntoQA-OOD rules of the generator: every setting lints clean and its gold is all canonical,
1 hop has the shapes of the original's data, and each rule's knobs do what they say."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from prontocheck import Problem, check
from prontocheck.cli.generate import generate_command, lint_command
from prontocheck.generate import (
    DISTRACTORS,
    GeneratorConfig,
    check_config,
    generate,
    native_record,
    write_original_json,
)
from prontocheck.generate.rules import OOD_RULES, rule_module
from prontocheck.generate.rules.composed import RULE_TYPES, STARTS, _feasible
from prontocheck.io import read_records
from prontocheck.logic.negation import negate_inward
from prontocheck.syntax import parse_statement
from prontocheck.syntax.forms import Assumption, Contradiction, Since
from prontocheck.syntax.sentences import parse_query, parse_sentence
from prontocheck.syntax.text import split_sentences
from prontocheck.testing import lint_record

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "prontoqa-ood-onehop"
SINGLE = [r for r in OOD_RULES if r != "composed"]
ALL_TRUE = {"strict": True, "non_atomic": True, "broad": True, "valid": True}


def assert_gold_is_perfect(ex: object) -> None:
    result = check(ex.problem, ex.answer_text)  # type: ignore[attr-defined]
    assert [s.kind for s in result.steps if not s.canonical] == [], ex
    assert result.proof.to_json() == ALL_TRUE, ex
    assert result.label.correct is (None if ex.gold_label is None else True), ex  # type: ignore[attr-defined]
    assert lint_record(native_record(ex)) == (), ex  # type: ignore[arg-type]


@pytest.mark.parametrize("rule", OOD_RULES)
@pytest.mark.parametrize("distractors", DISTRACTORS)
def test_every_rule_and_distractor_setting_is_sound(rule: str, distractors: str) -> None:
    hops = (2, 3) if rule == "composed" else (1, 3)
    for query in ("prove", "true-or-false"):
        config = GeneratorConfig(hops, "fictional", "random", distractors, query, rule)
        for ex in generate(config, 3, seed=5):
            assert_gold_is_perfect(ex)
            assert ex.metadata["rule"] == rule and ex.metadata["width"] == 2


@pytest.mark.parametrize("rule", OOD_RULES)
def test_wider_proofs_false_ontologies_and_top_down_order(rule: str) -> None:
    hops = 3 if rule == "composed" else 2
    for width in (3, 4):
        config = GeneratorConfig(hops, "false", "top-down", "relevant", "true-or-false", rule, width=width)
        for ex in generate(config, 2, seed=8):
            assert_gold_is_perfect(ex)


@pytest.mark.parametrize("rule", SINGLE)
def test_many_hops(rule: str) -> None:
    most, _ = rule_module(rule).max_hops(GeneratorConfig(rule=rule, distractors="none"))
    assert most >= 5
    ex = next(generate(GeneratorConfig(most, rule=rule, distractors="none"), 1))
    assert ex.metadata["hops"] == most
    assert_gold_is_perfect(ex)


def _abstract(context: str, query: str, gold: str) -> tuple[object, ...]:
    """A question with its names replaced by P0, P1, … in order of appearance in the gold."""
    names: dict[str, str] = {}

    def ab(formula: object) -> str:
        return re.sub(r"\b([a-z_]+)\(", lambda m: names.setdefault(m.group(1), f"P{len(names)}") + "(", str(formula))

    steps = []
    for span in split_sentences(gold):
        s = parse_sentence(span.text)
        if isinstance(s, Since):
            steps.append(f"since {ab(s.premise)}, {ab(s.conclusion)}")
        elif isinstance(s, Assumption | Contradiction):
            steps.append(f"{type(s).__name__} {ab(s.formula)}")
        else:
            steps.append(ab(s))
    context_forms = sorted(ab(parse_statement(s.text)) for s in split_sentences(context))
    return tuple(context_forms), ab(parse_query(query).formula), tuple(steps)


def _entity_free(shape: tuple[object, ...]) -> str:
    return re.sub(r"\([A-Z][a-z]+\)", "(E)", repr(shape))


@pytest.mark.shared
@pytest.mark.parametrize("rule,name", [("and-intro", "andintro"), ("and-elim", "andelim"), ("or-intro", "orintro"),
                                       ("or-elim", "orelim"), ("proof-by-contradiction", "proofbycontra")])
def test_one_hop_has_the_shapes_of_the_original_data(rule: str, name: str) -> None:
    files = sorted(DATA.glob(f"*/*_{name}_*.log.gz"))
    if not files:
        pytest.skip("what this test reads is missing from ../shared/data")
    real = Counter(_entity_free(_abstract(r.problem.context, r.problem.query, str(r.problem.gold_cot)))
                   for r in read_records(str(files[0])))
    config = GeneratorConfig(1, rule=rule, distractors="none", query="prove")
    ours = Counter(_entity_free(_abstract(ex.context_text, ex.query, ex.answer_text))
                   for ex in generate(config, 30, seed=1))
    assert set(ours) == set(real), (set(ours) ^ set(real))


def test_one_hop_wording_follows_the_original() -> None:
    def first(rule: str) -> object:
        return next(generate(GeneratorConfig(1, rule=rule, distractors="none", query="prove"), 1, seed=4))

    ai = first("and-intro")
    assert re.fullmatch(r"(\w+) is an? \w+\. \1 is \w+\. \1 is an? \w+ \w+\.", " ".join(ai.gold_cot))  # type: ignore
    assert re.fullmatch(r"Prove: \w+ is an? \w+ \w+\.", ai.query)  # type: ignore[attr-defined]
    oi = first("or-intro")
    assert re.fullmatch(r"Prove: \w+ is \w+ or an? \w+\.", oi.query)  # type: ignore[attr-defined]
    oe = first("or-elim")
    assert oe.answer_text.count("\n\n") == 2 and oe.gold_cot[-1].startswith("Since ")  # type: ignore[attr-defined]
    pbc = first("proof-by-contradiction")
    assert re.fullmatch(r"Prove: (\w+) is not an? \w+ and \1 is not an? \w+\.", pbc.query)  # type: ignore
    assert pbc.gold_cot[4].startswith("This contradicts with ")  # type: ignore[attr-defined]
    wide = next(generate(GeneratorConfig(1, rule="proof-by-contradiction", distractors="none", query="prove",
                                         width=3), 1, seed=4))
    assert re.fullmatch(r"Prove: (\w+) is not an? \w+, \1 is not an? \w+, and \1 is not an? \w+\.", wide.query)


def test_negated_compound_queries_read_as_the_negation() -> None:
    for rule in SINGLE:
        labels = set()
        for ex in generate(GeneratorConfig(2, rule=rule, distractors="none"), 12, seed=3):
            asked = parse_query(ex.query).formula
            goal = parse_statement(ex.gold_cot[-1].split(", ", 1)[-1] if ex.gold_cot[-1].startswith("Since") else
                                   ex.gold_cot[-1])
            assert Problem(ex.context_text, ex.query).query  # parses
            assert str(asked) == str(goal if ex.gold_label else negate_inward(goal))
            labels.add(ex.gold_label)
        assert labels == {True, False}


def test_composed_proofs_use_enough_distinct_rules() -> None:
    names = {"Hop": "modus-ponens", "AndIntro": "and-intro", "AndElim": "and-elim", "OrIntro": "or-intro",
             "OrElim": "or-elim", "Contradiction": "proof-by-contradiction"}
    seen: set[str] = set()
    for wanted in (1, 3, 4):
        for ex in generate(GeneratorConfig((3, 5), rule="composed", distractors="none", rule_types=wanted), 15):
            used = {names[s.rule] for s in check(ex.problem, ex.answer_text).steps if s.rule in names}
            assert len(used) >= wanted, (ex.metadata["composition"], used)
            seen |= set(ex.metadata["composition"])
            assert ex.metadata["rule_types"] == wanted
    assert seen == set(RULE_TYPES)


def test_composed_hop_minimum_follows_the_rule_types() -> None:
    assert rule_module("composed").min_hops(GeneratorConfig(rule="composed", rule_types=1))[0] == 1
    assert rule_module("composed").min_hops(GeneratorConfig(rule="composed", rule_types=3))[0] == 2
    fewest = [next(h for h in range(1, 20) if any(_feasible(s, h, frozenset(), k, 2) for s in STARTS))
              for k in range(1, 7)]
    assert fewest == sorted(fewest) and fewest == [1, 1, 2, 3, 5, 7]


def test_true_ontologies_and_too_many_hops_are_refused() -> None:
    from prontocheck.generate import GenerationError

    with pytest.raises(GenerationError, match="at most 0"):
        check_config(GeneratorConfig(rule="or-intro", ontology="true"))
    with pytest.raises(GenerationError, match=r"at most \d+ .*need"):
        check_config(GeneratorConfig(hops=30, rule="or-elim"))


def test_few_shot_prompts_and_original_json() -> None:
    [ex] = generate(GeneratorConfig(1, rule="or-elim", few_shot=2, query="prove"), 1)
    assert ex.prompt is not None and ex.prompt.count("Q: ") == 3 and ex.prompt.endswith("\nA:")
    assert "\n\nAssume " in ex.prompt
    buf = io.StringIO()
    write_original_json(generate(GeneratorConfig(2, rule="and-elim", few_shot=1), 2), buf)
    obj = json.loads(buf.getvalue())
    assert obj["example1"]["rule"] == "and-elim" and obj["example1"]["width"] == 2


def test_cli_generates_each_rule_and_lints_clean(tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    for rule in OOD_RULES:
        args = ["--rule", rule, "--hops", "2", "-n", "3", "--width", "3", "--rule-types", "2", "-o", str(path)]
        result = CliRunner().invoke(generate_command, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        record = json.loads(path.read_text().splitlines()[0])
        assert record["rule"] == rule and record["width"] == 3
        lint = CliRunner().invoke(lint_command, [str(path)])
        assert lint.exit_code == 0, lint.output
