"""The inspect scorer (prontocheck.integrations.inspect_scorer) run by the real inspect_ai, end to end, on a tiny
task (tests/evaluator_task.py) with inspect's ``mockllm/model`` giving chosen outputs.

The tests marked ``inspect`` are skipped where inspect_ai is not installed (one loud line at the end) and fail instead
under ``PRONTOCHECK_REQUIRE_INSPECT=1``, which ``.ci/run`` sets.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from prontocheck.errors import UsageError
from prontocheck.integrations import inspect_scorer
from tests.evaluator_task import CHECKED, EXPECTED, MEANS, OUTPUTS, PROBLEMS, PROMPTS, output_for, write_problems

ROOT = Path(__file__).resolve().parents[1]

# inspect's retry policy passes tenacity an argument it deprecates
pytestmark = pytest.mark.filterwarnings("ignore:The 'initial' parameter is deprecated:DeprecationWarning")


def _mock_model() -> Any:
    """inspect's mockllm/model answering each prompt with its chosen output (with token usage given, so that
    inspect does not count tokens with tiktoken, whose vocabulary it would download)."""
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    def respond(messages: list[Any], tools: Any, tool_choice: Any, config: Any) -> ModelOutput:
        output = ModelOutput.from_content(model="mockllm/model", content=output_for(messages[-1].text))
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    return get_model("mockllm/model", custom_outputs=respond)


def _run(task: Any, tmp_path: Path) -> Any:
    from inspect_ai import eval as inspect_eval

    (log,) = inspect_eval(task, model=_mock_model(), display="none", log_dir=str(tmp_path / "logs"))
    return log


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp_path = tmp_path_factory.mktemp("inspect")
    log = _run(inspect_scorer.prontoqa_task(str(write_problems(tmp_path / "problems.jsonl"))), tmp_path)
    assert log.status == "success", log.error
    return log


@pytest.mark.inspect
def test_the_metrics_are_the_proof_and_label_accuracies(log: Any) -> None:
    scores = {s.name: s for s in log.results.scores}
    assert list(scores) == list(MEANS)
    for name, mean in MEANS.items():
        assert scores[name].metrics["accuracy"].value == pytest.approx(mean), name
        assert "stderr" in scores[name].metrics
    # over-budget is not scored anywhere; prove has no gold label, so no label accuracy
    assert [(scores[n].scored_samples, scores[n].unscored_samples) for n in MEANS] == [(4, 1)] * 4 + [(3, 2)]


@pytest.mark.inspect
def test_each_sample_has_its_values_answer_and_verdicts(log: Any) -> None:
    samples = {s.id: s for s in log.samples}
    assert set(samples) == {p["id"] for p in PROBLEMS}
    for sid in CHECKED:
        score = samples[sid].scores["proof_scorer"]
        assert {k: v for k, v in score.value.items() if not math.isnan(v)} == {
            name: values[sid] for name, values in EXPECTED.items() if sid in values}, sid
        assert samples[sid].output.completion == OUTPUTS[sid]
        assert samples[sid].input == PROMPTS[sid]
    assert math.isnan(samples["prove"].scores["proof_scorer"].value["label_accuracy"])
    assert [samples[s].scores["proof_scorer"].answer for s in CHECKED] == ["True", "True", "True", None]

    skip = samples["skip"].scores["proof_scorer"]
    assert [step["kind"] for step in skip.metadata["steps"]] == [
        "strict-atomic-useful", "strict-non-atomic-useful", "strict-atomic-useful", "strict-atomic-useful"]
    assert skip.metadata["steps"][1]["text"] == "Rex is a canine."
    assert skip.metadata["first_error"] == {"index": 1, "kind": "strict-non-atomic-useful"}
    assert skip.metadata["label"]["predicted"] is True and skip.metadata["label"]["gold"] is True
    assert skip.metadata["proof"] == {"strict": False, "non_atomic": True, "broad": False, "valid": True}
    assert skip.explanation == ("4 steps: 3 strict-atomic-useful, 1 strict-non-atomic-useful; first error: step 1 "
                                "(strict-non-atomic-useful); answer True, gold True")

    prove = samples["prove"].scores["proof_scorer"].metadata
    assert [(s["validity"], s["formula"]) for s in prove["steps"]] == [
        ("strict", "bird(Tweety)"), ("invalid", "∀x(bird(x) → plant(x))"), ("invalid", "plant(Tweety)")]
    assert prove["steps"][1]["reason"]  # why the step does not follow, in words
    assert prove["gold"]["chain"][-1] == "animal(Tweety)"

    over = samples["over-budget"].scores["proof_scorer"]
    assert math.isnan(over.value) and "derive_work" in over.reason


@pytest.mark.inspect
def test_the_sample_metadata_keeps_the_records_fields(log: Any) -> None:
    sample = next(s for s in log.samples if s.id == "gold")
    assert sample.target == "True"
    assert sample.metadata["hops"] == 2 and sample.metadata["gold_cot"][0] == "Fae is a cat."


@pytest.mark.inspect
def test_a_problem_read_from_the_prompt_and_the_target(tmp_path: Path) -> None:
    from inspect_ai import Task
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.solver import generate

    # no metadata: the problem is the prompt's last question, the gold label the target
    samples = [Sample(input=PROMPTS[i], target=t, id=i) for i, t in (("skip", "True"), ("wrong-answer", "false"))]
    task = Task(dataset=MemoryDataset(samples), solver=generate(), scorer=inspect_scorer.proof_scorer())
    log = _run(task, tmp_path)
    assert log.status == "success", log.error
    values = {s.id: s.scores["proof_scorer"].value for s in log.samples}
    assert values == {i: {name: v[i] for name, v in EXPECTED.items()} for i in ("skip", "wrong-answer")}


@pytest.mark.inspect
def test_a_sample_without_a_problem_is_an_error_not_a_score(tmp_path: Path) -> None:
    from inspect_ai import Task
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.solver import generate

    sample = Sample(input=PROMPTS["gold"].replace("True or false: ", ""), target="True", id="no-question")
    task = Task(dataset=MemoryDataset([sample]), solver=generate(), scorer=inspect_scorer.proof_scorer())

    def respond(*_: Any) -> Any:
        from inspect_ai.model import ModelOutput, ModelUsage
        output = ModelOutput.from_content(model="mockllm/model", content="True")
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model
    (log,) = inspect_eval(task, model=get_model("mockllm/model", custom_outputs=respond), display="none",
                          log_dir=str(tmp_path / "logs"))
    assert log.status == "error"
    assert "SpecError" in log.error.traceback and "the prompt asks no question" in log.error.message


@pytest.mark.inspect
def test_installed_prontocheck_is_an_inspect_extension(tmp_path: Path) -> None:
    from importlib.metadata import entry_points

    from inspect_ai import eval as inspect_eval
    from inspect_ai.log import read_eval_log

    if not entry_points(group="inspect_ai", name="prontocheck"):
        pytest.skip("prontocheck is not installed (pip install -e .): no inspect_ai entry point")
    problems = str(write_problems(tmp_path / "problems.jsonl"))
    (log,) = inspect_eval("prontocheck/prontoqa", task_args={"problems": problems}, model=_mock_model(),
                          display="none", log_dir=str(tmp_path / "logs"))
    assert log.status == "success", log.error
    assert log.eval.task == "prontocheck/prontoqa"
    assert {s.name: s.metrics["accuracy"].value for s in log.results.scores} == pytest.approx(MEANS)
    # In a fresh process (inspect's command), the log is scored again by the scorer its name finds: through the
    # entry point, which imports prontocheck.integrations.inspect_registry.
    rescored = tmp_path / "rescored.eval"
    run = subprocess.run([str(Path(sys.executable).with_name("inspect")), "score", log.location, "--scorer",
                          "prontocheck/proof_scorer", "--action", "overwrite", "--display", "none", "--output-file",
                          str(rescored)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    log = read_eval_log(str(rescored))
    assert {s.name: s.metrics["accuracy"].value for s in log.results.scores} == pytest.approx(MEANS)


@pytest.mark.inspect
def test_the_readme_example_runs_as_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import inspect_ai.model._model

    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("### Inside inspect_ai", 1)[1].split("\n### ", 1)[0]
    (command,) = section.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    run = subprocess.run(["bash", "-c", command.replace("prontocheck ", f"{sys.executable} -m prontocheck ")],
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("INSPECT_DISPLAY", "none")
    # mockllm/model counts its tokens with tiktoken, which downloads its vocabulary: this machine has no network
    monkeypatch.setattr(inspect_ai.model._model, "count_text_tokens", lambda text: max(1, len(text) // 4))
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md (Inside inspect_ai)", "exec"), namespace)
    log = namespace["log"]
    assert log.status == "success" and len(log.samples) == 20
    assert [s.name for s in log.results.scores] == list(MEANS)
    # mockllm/model says "Default output from mockllm/model": no step, no answer
    assert namespace["score"].explanation == "0 steps; no answer (truncated: the output ends mid-sentence)"
    assert all(s.metrics["accuracy"].value == 0.0 for s in log.results.scores)


def test_without_inspect_ai_the_functions_say_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "inspect_ai", None)  # import inspect_ai raises ImportError
    inspect_scorer._scorer_factory.cache_clear()
    try:
        for call in (inspect_scorer.proof_scorer, lambda: inspect_scorer.record_to_sample(PROBLEMS[0]),
                     lambda: inspect_scorer.prontoqa_task("problems.jsonl")):
            with pytest.raises(UsageError, match=r"pip install 'prontocheck\[inspect\]'"):
                call()
    finally:
        inspect_scorer._scorer_factory.cache_clear()
