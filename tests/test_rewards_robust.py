"""Rewards never raise: every public reward entry point, fed junk of every type in every argument,
returns its documented fallback (0.0, or ``None`` for TRL) and logs the reason (issue 11)."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.rewards import REWARD_KEYS, RewardResult, score
from prontocheck.rewards.core import LOGGER, log_once
from prontocheck.rewards.openrlhf import reward_func
from prontocheck.rewards.reasoning_gym import score_answer
from prontocheck.rewards.trl import ProofReward, proof_reward
from prontocheck.rewards.verl import compute_score, compute_score_batch

SPEC: dict[str, Any] = {"context": "Every cat is a carnivore. Fae is a cat.",
                        "query": "True or false: Fae is a carnivore.", "gold_label": True}
GOLD = "Fae is a cat. Every cat is a carnivore. Fae is a carnivore. True"
PROMPT = "Q: Every cat is a carnivore. Fae is a cat. True or false: Fae is a carnivore.\nA:"


class BrokenStr:
    """An object whose __str__, __repr__ and __format__ raise."""

    def __str__(self) -> str:
        raise RuntimeError("broken __str__")

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        raise RuntimeError("broken __format__")


class BrokenMapping(Mapping[str, Any]):
    """A mapping that says it has every key and raises when asked for one."""

    def __getitem__(self, key: str) -> Any:
        raise KeyError(BrokenStr())

    def get(self, key: str, default: Any = None) -> Any:
        raise RuntimeError("broken get")

    def __contains__(self, key: object) -> bool:
        return True

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("broken iter")

    def __len__(self) -> int:
        return 3


class BrokenList:
    """A sized iterable (like a numpy array) whose iteration raises."""

    def __len__(self) -> int:
        return 1

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("broken iter")

    def __repr__(self) -> str:
        return "BrokenList()"


class StrSubclass(str):
    """A string whose methods are overridden to raise."""

    def __str__(self) -> str:
        raise RuntimeError("broken str subclass")

    def __hash__(self) -> int:
        raise RuntimeError("broken hash")

    def startswith(self, *args: Any) -> bool:  # type: ignore[override]
        raise RuntimeError("broken startswith")


HUGE = ["Fae is a cat. " * 7_500, "{" * 50_000, "[" * 50_000 + "]" * 50_000, "<think>" * 15_000,
        '{"context": "' + "Fae is a cat. " * 5_000 + '", "query": "Prove: Fae is a cat."}']
"""Huge inputs (about 10⁵ characters) of shapes the reader splits into bounded sentences."""

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=20), st.binary(max_size=20),
    st.sampled_from(["True", "False", "both", "partial", "strict", "valid", "", "null", "{}", "[]", GOLD, PROMPT]),
    st.sampled_from(HUGE),
    st.builds(BrokenStr), st.builds(BrokenMapping), st.builds(lambda: StrSubclass("True")),
    st.builds(BrokenList), st.just(object()), st.just(float("inf")), st.just(...),
    st.just(SPEC), st.builds(lambda: {**SPEC, "gold_label": BrokenStr()}), st.just({**SPEC, "context": [1, None]}),
)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=8), st.integers(), st.none(), st.sampled_from(
            ["context", "query", "gold_label", "answer", "gold_cot", "options", "role", "content", "prontoqa",
             "metadata", "question"])), inner, max_size=5)),
    max_leaves=12,
)
"""Any value at all: scalars, bytes, nested containers with non-string keys, objects that raise."""


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@pytest.fixture(scope="module")
def logged() -> Iterator[Records]:
    handler = Records()
    LOGGER.addHandler(handler)
    try:
        yield handler
    finally:
        LOGGER.removeHandler(handler)


def _fresh(handler: Records) -> Records:
    log_once.cache_clear()
    handler.messages.clear()
    return handler


def _check_result(result: RewardResult, handler: Records) -> None:
    assert isinstance(result, RewardResult) and 0.0 <= result.score <= 1.0
    assert list(result.to_dict()) == list(REWARD_KEYS)
    if result.parse_error:
        assert result.score == 0.0
        assert any(result.parse_error in m for m in handler.messages), (result.parse_error, handler.messages)
        assert not result.parse_error.startswith("internal error"), result.parse_error


@settings(max_examples=150)
@given(spec=junk, completion=junk, mode=junk, metric=junk)
def test_score_never_raises(logged: Records, spec: object, completion: object, mode: object, metric: object) -> None:
    handler = _fresh(logged)
    _check_result(score(spec, completion, mode=mode, metric=metric), handler)


@settings(max_examples=100)
@given(spec=junk, completion=junk)
def test_score_never_raises_with_valid_options(logged: Records, spec: object, completion: object) -> None:
    for mode in ("both", "partial"):
        handler = _fresh(logged)
        _check_result(score(spec, completion, mode=mode), handler)


@pytest.mark.parametrize(("spec", "completion", "mode", "metric", "reason"), [
    (SPEC, None, "both", "strict", "a completion that is not text: NoneType"),
    (SPEC, 5, "both", "strict", "a completion that is not text: int"),
    (SPEC, b"True", "both", "strict", "a completion that is not text: bytes"),
    (SPEC, GOLD, None, "strict", "unknown reward mode None"),
    (SPEC, GOLD, "both", ["strict"], "unknown metric ['strict']"),
    ({**SPEC, "gold_label": BrokenStr()}, GOLD, "both", "strict", "unreadable problem spec (dict): RuntimeError"),
    (BrokenMapping(), GOLD, "both", "strict", "unreadable problem spec (BrokenMapping): RuntimeError: broken get"),
    ("False", None, "answer", "strict", "a completion that is not text"),
])
def test_each_bad_argument_scores_zero_with_its_reason_logged(
        logged: Records, spec: object, completion: object, mode: object, metric: object, reason: str) -> None:
    handler = _fresh(logged)
    result = score(spec, completion, mode=mode, metric=metric)
    assert result.score == 0.0 and reason in result.parse_error
    assert len([m for m in handler.messages if reason in m]) == 1
    score(spec, completion, mode=mode, metric=metric)
    assert len([m for m in handler.messages if reason in m]) == 1  # logged once per distinct reason


def test_a_str_subclass_is_read_as_its_text() -> None:
    assert score(SPEC, StrSubclass(GOLD)).score == 1.0
    assert compute_score("prontoqa", StrSubclass(GOLD), StrSubclass("True"))["answer_correct"] == 1.0


# --- verl ----------------------------------------------------------------------------------------


@settings(max_examples=100)
@given(source=junk, solution=junk, truth=junk, info=junk, mode=st.one_of(st.just("both"), junk))
def test_verl_compute_score_never_raises(logged: Records, source: object, solution: object, truth: object,
                                         info: object, mode: object) -> None:
    _fresh(logged)
    out = compute_score(source, solution, truth, info, mode=mode)
    assert list(out) == list(REWARD_KEYS) and 0.0 <= out["score"] <= 1.0
    if out["parse_error"]:
        assert any(out["parse_error"] in m for m in logged.messages)


@settings(max_examples=100)
@given(sources=junk, solutions=junk, truths=junk, infos=junk)
def test_verl_batch_never_raises(logged: Records, sources: object, solutions: object, truths: object,
                                 infos: object) -> None:
    outs = compute_score_batch(sources, solutions, truths, infos)
    assert isinstance(outs, list) and all(list(o) == list(REWARD_KEYS) for o in outs)
    if isinstance(solutions, list | tuple):
        assert len(outs) == len(solutions)


def test_verl_batch_with_short_columns_scores_every_solution() -> None:
    outs = compute_score_batch(["p"], [GOLD, GOLD, None], [SPEC], None)
    assert [o["score"] for o in outs] == [1.0, 0.0, 0.0]
    assert outs[1]["parse_error"] and outs[2]["parse_error"]
    assert compute_score_batch(None, None, None) == []


# --- TRL -----------------------------------------------------------------------------------------

columns = st.dictionaries(st.sampled_from(["problem", "context", "query", "gold_label", "gold_cot", "options"]),
                          junk, max_size=3)


@settings(max_examples=150)
@given(prompts=junk, completions=junk, kwargs=columns)
def test_trl_never_raises(prompts: object, completions: object, kwargs: dict[str, Any]) -> None:
    out = proof_reward(prompts, completions, **kwargs)
    assert isinstance(out, list) and all(r is None or 0.0 <= r <= 1.0 for r in out)
    if isinstance(completions, list | tuple):
        assert len(out) == len(completions)


@settings(max_examples=100)
@given(cells=st.lists(junk, min_size=1, max_size=3), kwargs=columns)
def test_trl_rows_of_junk_are_not_applicable_or_scored(cells: list[object], kwargs: dict[str, Any]) -> None:
    n = len(cells)
    out = ProofReward(mode="partial")([PROMPT] * n, cells, **{k: [v] * n for k, v in kwargs.items()})
    assert len(out) == n and all(r is None or 0.0 <= r <= 1.0 for r in out)


def test_trl_bad_batches_and_cells() -> None:
    assert proof_reward(None, None) == []
    assert proof_reward(["q", "q"], [GOLD, GOLD], problem=[SPEC]) == [1.0, None]  # a short column
    assert proof_reward(["q"], [GOLD], problem=None) == [None]
    assert proof_reward([PROMPT], [GOLD], gold_label=[BrokenStr()]) == [None]
    assert proof_reward([PROMPT], [[{"role": "assistant", "content": b"True"}]]) == [None]
    assert proof_reward([PROMPT], [[BrokenMapping()]]) == [None]


# --- OpenRLHF ------------------------------------------------------------------------------------


@settings(max_examples=100)
@given(queries=junk, prompts=junk, labels=junk, mode=st.one_of(st.just("both"), junk))
def test_openrlhf_never_raises(queries: object, prompts: object, labels: object, mode: object) -> None:
    out = reward_func(queries, prompts, labels, mode=mode)
    rewards = [float(x) for x in out["rewards"]]
    assert all(0.0 <= r <= 1.0 for r in rewards)
    if isinstance(queries, list | tuple):
        assert len(rewards) == len(queries)


def test_openrlhf_rows_without_text_score_zero() -> None:
    out = reward_func([PROMPT + " " + GOLD, 5, PROMPT + " " + GOLD], [PROMPT, PROMPT, None], ["True", "True", None])
    assert [float(x) for x in out["rewards"]] == [1.0, 0.0, 0.0]
    assert [float(x) for x in reward_func(None, None)["rewards"]] == []


# --- reasoning-gym -------------------------------------------------------------------------------


@settings(max_examples=150)
@given(answer=junk, entry=junk, metadata=junk)
def test_reasoning_gym_never_raises(answer: object, entry: object, metadata: object) -> None:
    assert 0.0 <= score_answer(answer, entry) <= 1.0
    assert 0.0 <= score_answer(answer, {"question": PROMPT, "answer": entry, "metadata": metadata}) <= 1.0


def test_reasoning_gym_bad_entries_score_zero(logged: Records) -> None:
    handler = _fresh(logged)
    assert score_answer(GOLD, None) == 0.0
    assert score_answer(GOLD, {"question": BrokenStr(), "answer": "True"}) == 0.0
    assert score_answer(5, {"question": PROMPT, "answer": "True"}) == 0.0
    assert score_answer(GOLD, {"question": PROMPT, "answer": "True"}) == 1.0
    assert len(handler.messages) == 3
