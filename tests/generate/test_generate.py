"""The generator: every setting lints clean, examples are reproducible, knobs do what they say."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from prontocheck import check, parse_statement
from prontocheck.engine.theory import as_ground_literal
from prontocheck.errors import UsageError
from prontocheck.generate import (
    DISTRACTORS,
    ONTOLOGIES,
    QUERIES,
    TRAVERSALS,
    GenerationError,
    GeneratorConfig,
    VocabularyError,
    check_config,
    default_vocabulary,
    generate,
    generate_example,
    load_vocabulary,
    native_record,
    rule_module,
    write_jsonl,
    write_original_json,
)
from prontocheck.io import read_records
from prontocheck.logic import ForAll, Formula, Implies, X, literal, negate
from prontocheck.testing import lint_record

MAX_TRUE_HOPS = 9


@pytest.mark.parametrize("ontology", ONTOLOGIES)
@pytest.mark.parametrize("distractors", DISTRACTORS)
def test_every_setting_lints_clean_at_its_maximum_hops(ontology: str, distractors: str) -> None:
    hops = MAX_TRUE_HOPS if ontology == "true" else 10
    for traversal in TRAVERSALS:
        for query in QUERIES:
            config = GeneratorConfig(hops, ontology, traversal, distractors, query)
            for ex in generate(config, 3, seed=11):
                assert lint_record(native_record(ex)) == (), ex
                assert ex.metadata["hops"] == hops


@pytest.mark.parametrize("distractors", DISTRACTORS)
def test_small_hops_lint_clean(distractors: str) -> None:
    for ontology in ONTOLOGIES:
        for ex in generate(GeneratorConfig((1, 4), ontology, "random", distractors), 8, seed=2):
            assert lint_record(native_record(ex)) == ()


def test_gold_answer_is_all_canonical_and_labelled() -> None:
    for ex in generate(GeneratorConfig(hops=(1, 6)), 20, seed=4):
        r = check(ex.problem, ex.answer_text)
        assert all(s.canonical for s in r.steps)
        assert r.proof.to_json() == {"strict": True, "non_atomic": True, "broad": True, "valid": True}
        assert r.label.correct is True


def test_examples_depend_only_on_seed_and_index() -> None:
    config = GeneratorConfig(hops=(1, 5))
    ten = list(generate(config, 10, seed=9))
    again = list(generate(config, 3, seed=9, start=4))
    assert [e.context for e in ten[4:7]] == [e.context for e in again]
    assert [e.id for e in again] == ["ex-4", "ex-5", "ex-6"]
    assert ten[0].context != next(generate(config, 1, seed=10)).context


def test_true_or_false_queries_are_negated_about_half_the_time() -> None:
    labels = [ex.gold_label for ex in generate(GeneratorConfig(hops=1), 200, seed=1)]
    assert 70 < sum(labels) < 130  # type: ignore[arg-type]


def test_prove_queries_have_no_label_and_ask_for_the_goal() -> None:
    ex = generate_example(GeneratorConfig(hops=2, query="prove"))
    assert ex.gold_label is None and ex.query == "Prove: " + ex.gold_cot[-1]


def test_traversals_order_the_same_context() -> None:
    def context(traversal: str) -> list[str]:
        ex = generate_example(GeneratorConfig(hops=4, traversal=traversal, distractors="none"), seed=3)
        return [str(parse_statement(s)) for s in ex.context[:-1]]

    up, down, shuffled = context("bottom-up"), context("top-down"), context("random")
    assert up == down[::-1] and sorted(up) == sorted(shuffled)
    # bottom-up follows the proof: the premise's concept comes before the goal's
    ex = generate_example(GeneratorConfig(hops=4, traversal="bottom-up", distractors="none"), seed=3)
    rules = [str(parse_statement(s)) for s in ex.gold_cot[1::2]]
    assert [up.index(r) for r in rules] == sorted(up.index(r) for r in rules)


def test_v1_distractor_states_the_queried_property_with_the_other_polarity() -> None:
    for ex in generate(GeneratorConfig(hops=3, distractors="v1"), 20, seed=5):
        goal = parse_statement(ex.gold_cot[-1])
        [distractor] = ex.scene.distractors
        assert isinstance(distractor, ForAll) and isinstance(distractor.body, Implies)
        assert distractor.body.consequent == substitute_entity(negate(goal))
        assert ex.context[ex.scene.axioms.index(distractor)] in ex.context_text


def substitute_entity(fact: Formula) -> Formula:
    lit = as_ground_literal(fact)
    assert lit is not None
    return literal(lit[0][0], X, lit[0][1])


def test_relevant_distractors_branch_at_every_hop() -> None:
    ex = generate_example(GeneratorConfig(hops=4, distractors="relevant"), seed=8)
    for fact in ex.scene.proof[0:-1:2]:
        predicate = str(fact).split("(")[0]
        leaving = [f for f in ex.scene.axioms if str(f).startswith(f"∀x({predicate}(x)")]
        assert len(leaving) == 2  # the proof's rule and a distractor


def test_irrelevant_distractors_are_about_another_entity() -> None:
    ex = generate_example(GeneratorConfig(hops=3, distractors="irrelevant"), seed=8)
    entities = {lit[1] for f in ex.scene.axioms if (lit := as_ground_literal(f)) is not None}
    assert len(entities) == 2


@pytest.mark.parametrize("name,max_hops", [("vertebrates", 11), ("invertebrates", 8), ("numbers", 5)])
def test_true_ontologies_reach_their_maximum(name: str, max_hops: int) -> None:
    onto = next(o for o in default_vocabulary().true_ontologies if o.name == name)
    assert onto.max_hops == max_hops
    seen = {ex.metadata["true_ontology"] for ex in generate(GeneratorConfig(5, "true", distractors="none"), 40)}
    assert seen == {"vertebrates", "invertebrates", "numbers"}


def test_too_many_hops_names_the_maximum() -> None:
    with pytest.raises(GenerationError, match="at most 11"):
        check_config(GeneratorConfig(hops=12, ontology="true"))
    with pytest.raises(GenerationError, match=r"at most \d+"):
        list(generate(GeneratorConfig(hops=40), 1))


def test_large_hops_are_fast_and_never_hang() -> None:
    # The original rejection-samples and does not finish 10 hops; this is constructive.
    most, _ = rule_module("modus-ponens").max_hops(GeneratorConfig())
    assert most >= 13
    ex = generate_example(GeneratorConfig(hops=most, distractors="none"))
    assert ex.metadata["hops"] == most and lint_record(native_record(ex)) == ()


def test_unknown_rules_and_impossible_rule_settings_are_refused_clearly() -> None:
    with pytest.raises(GenerationError, match="unknown deduction rule"):
        check_config(GeneratorConfig(rule="telepathy"))
    with pytest.raises(GenerationError, match="true ontologies state only the facts of modus ponens"):
        check_config(GeneratorConfig(rule="and-elim", ontology="true"))
    with pytest.raises(GenerationError, match="needs at least 2 hops"):
        check_config(GeneratorConfig(hops=1, rule="composed", rule_types=3))


@pytest.mark.parametrize("name,value", [("hops", 0), ("hops", (3, 2)), ("ontology", "real"), ("few_shot", -1),
                                        ("distractors", "all"), ("query", "why"), ("traversal", "inorder")])
def test_bad_configs_name_the_value(name: str, value: object) -> None:
    with pytest.raises(UsageError) as e:
        GeneratorConfig(**{name: value})  # type: ignore[arg-type]
    assert name in str(e.value) and repr(value) in str(e.value)


def test_few_shot_prompt_is_ready_to_send() -> None:
    ex = generate_example(GeneratorConfig(hops=2, few_shot=3))
    assert ex.prompt is not None and ex.prompt.count("Q: ") == 4 and ex.prompt.endswith(f"{ex.query}\nA:")
    assert all(s.answer_text in ex.prompt for s in ex.in_context)
    assert native_record(ex)["prompt"] == ex.prompt


def test_native_output_is_read_by_analyze_and_lint(tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    with path.open("w") as f:
        write_jsonl(generate(GeneratorConfig(hops=2), 5), f, output="gold")
    records = list(read_records(str(path)))
    assert [r.id for r in records] == [f"ex-{i}" for i in range(5)]  # type: ignore[union-attr]
    assert all(check(r.problem, r.output).proof.strict for r in records)  # type: ignore[union-attr]
    assert records[0].metadata["distractors"] == "v1"  # type: ignore[union-attr]


def test_original_json_round_trips_through_the_dataset_reader() -> None:
    buf = io.StringIO()
    examples = list(generate(GeneratorConfig(hops=2, few_shot=2), 3))
    assert write_original_json(examples, buf) == 3
    obj = json.loads(buf.getvalue())
    assert list(obj) == ["example1", "example2", "example3"]
    assert set(obj["example1"]) >= {"in_context_example0", "in_context_example1", "test_example", "hops"}
    assert [obj[f"example{i}"]["test_example"]["answer"] for i in (1, 2, 3)] == [str(e.gold_label) for e in examples]
    assert {e.gold_label for e in examples} <= {True, False}


def test_user_vocabulary_replaces_lists(tmp_path: Path) -> None:
    path = tmp_path / "words.json"
    path.write_text(json.dumps({"entities": ["Ada", "Bo"], "fictional_concepts": [f"blorp{c}" for c in "abcdefgh"]}))
    vocabulary = load_vocabulary(path)
    ex = generate_example(GeneratorConfig(hops=3, vocabulary=vocabulary))
    assert ex.gold_cot[0].startswith(("Ada", "Bo")) and "blorp" in ex.context_text
    with pytest.raises(GenerationError, match="at most 7"):
        check_config(GeneratorConfig(hops=8, vocabulary=vocabulary))


@pytest.mark.parametrize("words,message", [
    ({"entities": ["Every"]}, "cannot be used as an entity"),
    ({"fictional_concepts": ["every wumpus"]}, "cannot be used as a concept"),
    ({"property_families": [["kind", "mean"], ["kind"]]}, "repeats|two families"),
    ({"colours": []}, "unknown key"),
])
def test_bad_vocabularies_are_refused_with_the_word(tmp_path: Path, words: dict[str, object], message: str) -> None:
    path = tmp_path / "words.json"
    path.write_text(json.dumps(words))
    with pytest.raises(VocabularyError, match=message):
        load_vocabulary(path)


def test_generated_sentences_use_all_rule_forms() -> None:
    texts = " ".join(ex.context_text for ex in generate(GeneratorConfig(hops=3), 10))
    assert "Every " in texts and "Each " in texts and "es are " in texts

