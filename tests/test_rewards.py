"""Reward functions for RL: the core score, the verl and TRL adapters, and their contracts
(fixed keys, never raising on data, picklable, scores in [0, 1])."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prontocheck import Problem
from prontocheck.errors import UsageError
from prontocheck.rewards import REWARD_KEYS, clean_completion, problem_from_spec, score
from prontocheck.rewards.trl import ProofReward, proof_reward
from prontocheck.rewards.verl import compute_score, compute_score_batch

CONTEXT = "Every cat is a carnivore. Every carnivore is not herbivorous. Fae is a cat."
QUERY = "True or false: Fae is not herbivorous."
SPEC: dict[str, Any] = {"context": CONTEXT, "query": QUERY, "gold_label": True}
GOLD = "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. Every carnivore is not herbivorous. " \
       "Fae is not herbivorous."
SKIP = "Fae is a cat. Fae is a carnivore. Every carnivore is not herbivorous. Fae is not herbivorous."
INVALID = "Fae is a cat. Every carnivore is a cat. Fae is not herbivorous."


@pytest.mark.parametrize(("completion", "mode", "metric", "expected"), [
    (f"{GOLD} True", "both", "strict", 1.0),
    (f"{GOLD} False", "both", "strict", 0.0),       # right proof, wrong answer
    (f"{GOLD} False", "proof", "strict", 1.0),
    (f"{GOLD} False", "answer", "strict", 0.0),
    (f"{SKIP} True", "both", "strict", 0.0),        # a skipped step: not strict ...
    (f"{SKIP} True", "both", "non_atomic", 1.0),    # ... but correct with non-atomic steps
    (f"{SKIP} True", "answer", "strict", 1.0),
    (f"{INVALID} True", "both", "strict", 0.0),
    (f"{INVALID} True", "both", "valid", 1.0),      # an invalid step elsewhere does not undo a valid proof
    ("True", "both", "strict", 0.0),
    ("True", "answer", "strict", 1.0),
])
def test_modes_and_metrics(completion: str, mode: str, metric: str, expected: float) -> None:
    assert score(SPEC, completion, mode=mode, metric=metric).score == expected


def test_partial_credit_is_the_mean_of_its_parts() -> None:
    gold = score(SPEC, f"{GOLD} True", mode="partial")
    assert gold.score == 1.0
    skip = score(SPEC, f"{SKIP} True", mode="partial")  # answer 1, strict proof 0, canonical 3 of 4 steps
    assert skip.score == pytest.approx((1 + 0 + 3 / 4) / 3)
    assert (skip.n_steps, skip.n_non_atomic, skip.n_invalid) == (4, 1, 0)
    bad = score(SPEC, f"{INVALID} True", mode="partial")
    assert bad.n_invalid == 1 and 0 < bad.score < skip.score


def test_prove_queries_have_no_label_and_score_the_proof() -> None:
    spec = {"context": CONTEXT, "query": "Prove: Fae is not herbivorous."}
    r = score(spec, GOLD)
    assert (r.score, r.answer_correct, r.proof_valid) == (1.0, None, True)
    assert score(spec, SKIP, mode="partial").score == pytest.approx((0 + 3 / 4) / 2)


def test_chat_tokens_and_tags_are_cleaned() -> None:
    text = f"<|im_start|>assistant\n<think>{GOLD}</think>\n<answer>True</answer><|im_end|></s>"
    assert score(SPEC, text).score == 1.0
    assert "<" not in clean_completion(text)


def test_specs_in_every_accepted_form() -> None:
    as_json = json.dumps({"context": CONTEXT.split(". "), "query": QUERY, "answer": "True",
                          "gold_cot": GOLD.split(" Fae is not herbivorous.")[0].split(". ")})
    forms: list[object] = [SPEC, json.dumps(SPEC), as_json, Problem(CONTEXT, QUERY, None, True)]
    assert {score(f, f"{GOLD} True").score for f in forms} == {1.0}
    assert problem_from_spec("True") is True and problem_from_spec(" false ") is False
    assert score("False", "Fae is a cat. The answer is false.").score == 1.0  # answer-only spec
    assert score("True", GOLD + " True", mode="proof").score == 0.0  # no proof can be checked


@pytest.mark.parametrize("spec", [
    "not json", "[1, 2]", {"context": CONTEXT}, {"context": 3, "query": QUERY}, {**SPEC, "gold_label": "maybe"},
    {**SPEC, "gold_cot": 5}, 42, None,
])
def test_a_bad_spec_scores_zero_with_a_reason(spec: object) -> None:
    r = score(spec, f"{GOLD} True")
    assert r.score == 0.0 and r.parse_error
    assert list(r.to_dict()) == list(REWARD_KEYS)


def test_configuration_errors_score_zero_when_scoring_and_raise_when_building_a_reward() -> None:
    assert "unknown reward mode 'bonus'" in score(SPEC, "True", mode="bonus").parse_error
    assert "unknown metric 'loose'" in score(SPEC, "True", metric="loose").parse_error
    with pytest.raises(UsageError):
        ProofReward(mode="bonus")


@given(st.text(max_size=300))
def test_any_completion_gets_a_score_in_the_unit_interval(completion: str) -> None:
    for mode in ("both", "partial"):
        r = score(SPEC, completion, mode=mode)
        assert 0.0 <= r.score <= 1.0 and not r.parse_error


# --- verl ----------------------------------------------------------------------------------------


def test_verl_compute_score_reads_the_spec_from_ground_truth_or_extra_info() -> None:
    out = compute_score("prontoqa", f"{GOLD} True", json.dumps(SPEC))
    assert list(out) == list(REWARD_KEYS) and out["score"] == 1.0 and out["answer_correct"] == 1.0
    wrong_truth = compute_score("prontoqa", f"{GOLD} True", "False", extra_info={"prontoqa": SPEC, "index": 3})
    assert wrong_truth["score"] == 1.0  # extra_info wins
    assert compute_score("prontoqa", f"{SKIP} True", json.dumps(SPEC), metric="valid")["score"] == 1.0
    assert compute_score("prontoqa", "True", "not a spec")["parse_error"] == (
        "a problem spec must be JSON or True/False: Expecting value: line 1 column 1 (char 0)")


def test_verl_batch_keeps_order_and_keys() -> None:
    outs = compute_score_batch(["p"] * 3, [f"{GOLD} True", f"{GOLD} False", "True"], [json.dumps(SPEC)] * 3,
                               [None, None, None])
    assert [o["score"] for o in outs] == [1.0, 0.0, 0.0]
    assert all(list(o) == list(REWARD_KEYS) for o in outs)


# --- TRL -----------------------------------------------------------------------------------------


def test_trl_reads_problem_or_field_columns_and_chat_completions() -> None:
    completions: list[object] = [f"{GOLD} True", [{"role": "user", "content": "?"},
                                                  {"role": "assistant", "content": f"{SKIP} True"}]]
    assert proof_reward(["q", "q"], completions, problem=[SPEC, json.dumps(SPEC)]) == [1.0, 0.0]
    assert proof_reward(["q", "q"], completions, context=[CONTEXT] * 2, query=[QUERY] * 2,
                        gold_label=[True, True]) == [1.0, 0.0]
    assert ProofReward(metric="non_atomic")(["q", "q"], completions, problem=[SPEC, SPEC]) == [1.0, 1.0]


def test_trl_rows_without_a_usable_spec_are_not_applicable() -> None:
    assert proof_reward(["q"], [f"{GOLD} True"]) == [None]  # no problem columns at all
    assert proof_reward(["q", "q"], [f"{GOLD} True", f"{GOLD} True"], problem=[SPEC, "garbage"]) == [1.0, None]
    assert proof_reward(["q"], [[{"role": "assistant", "content": None}]], problem=[SPEC]) == [None]


def test_reward_functions_are_picklable_and_named() -> None:
    from prontocheck.rewards.openrlhf import reward_func
    from prontocheck.rewards.reasoning_gym import score_answer

    for fn in (compute_score, compute_score_batch, proof_reward, ProofReward(mode="partial", metric="valid"),
               reward_func, score_answer):
        assert pickle.loads(pickle.dumps(fn))  # TRL's async trainer and verl's process pools pickle them
    assert proof_reward.__name__ == "proof_reward"
    assert ProofReward(mode="partial", metric="valid").__name__ == "prontocheck_partial_valid"
    restored = pickle.loads(pickle.dumps(ProofReward(mode="answer")))
    assert restored(["q"], [f"{SKIP} True"], problem=[SPEC]) == [1.0]


def test_trl_reads_the_problem_from_the_prompt_when_no_column_gives_it() -> None:
    chat = [{"role": "system", "content": "Answer with a proof."},
            {"role": "user", "content": f"Q: {CONTEXT} {QUERY}\nA:"}]
    plain = f"Q: {CONTEXT} {QUERY}\nA:"
    assert proof_reward([chat, plain], [f"{GOLD} True", f"{SKIP} True"]) == [1.0, 0.0]
    assert proof_reward([plain], [f"{GOLD} False"], gold_label=["True"]) == [0.0]  # the column gives the label
    assert ProofReward(mode="answer")([plain], ["False"], gold_label=[False]) == [1.0]


# --- OpenRLHF ------------------------------------------------------------------------------------


def test_openrlhf_reward_func_reads_labels_and_prompts() -> None:
    from prontocheck.rewards.openrlhf import reward_func

    prompt = f"<s>[INST] Q: {CONTEXT} {QUERY}\nA: [/INST]"
    queries = [prompt + f" {GOLD} True</s>", "<s>" + prompt[3:] + f" {SKIP} True</s>", prompt + " True"]
    out = reward_func(queries, [prompt] * 3, [json.dumps(SPEC), "True", None])
    assert [float(x) for x in out["rewards"]] == [1.0, 0.0, 0.0]
    assert set(out["extra_logs"]) == set(REWARD_KEYS) - {"score", "parse_error"}
    bad = reward_func(["no question here"], ["no question here"], [None])
    assert [float(x) for x in bad["rewards"]] == [0.0]


# --- reasoning-gym -------------------------------------------------------------------------------


def test_reasoning_gym_score_answer() -> None:
    from prontocheck.rewards.reasoning_gym import score_answer

    question = {"question": f"Q: {CONTEXT} {QUERY}", "answer": "True", "metadata": {}}
    assert score_answer(f"{GOLD} True", question) == 1.0
    assert score_answer(f"{SKIP} True", question) == 0.0
    assert score_answer(f"{SKIP} True", question, metric="non_atomic") == 1.0
    assert score_answer(f"{GOLD} True", {"question": "?", "answer": "x", "metadata": {"prontoqa": SPEC}}) == 1.0
    assert score_answer(f"{GOLD} True", {"question": "What?", "answer": "True", "metadata": {}}) == 0.0
    assert score_answer(None, question) == 0.0
