"""Write the input files of the newer formats in ``tests/data/formats/`` (hand-made questions, no real data).

Run from the repository root after changing them: ``python tests/data/make_formats.py`` (needs pyarrow). Each
file has the shape its tool writes (see the readers' docstrings in ``prontocheck/io/``):

- ``records-array.json``: native records as ``json.dump(records, f, indent=2)`` writes them;
- ``lm-eval-samples.jsonl``: lm-evaluation-harness ``--log_samples`` lines (few-shot prompt, ``resps``);
- ``verl-rollouts.jsonl``: verl's ``rollout_data_dir`` dump (``input``, ``output``, ``gts``, ``score``, ``step``);
- ``inspect.eval``: an inspect_ai log (zip: ``header.json``, ``_journal/start.json``, ``summaries.json``,
  ``samples/<id>_epoch_<n>.json``), two samples in two epochs, one with a chat input; ``inspect-log.json``: the
  same log written with ``--log-format json``;
- ``batch-output.jsonl`` + ``batch-input.jsonl``: OpenAI Batch API output and its requests (a failed request,
  a reasoning model's ``reasoning_content``, a custom_id missing from the input);
- ``records.parquet``: native records as ``pandas.DataFrame.to_parquet`` / ``pyarrow.parquet`` write them.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

FORMATS = Path(__file__).resolve().parent / "formats"

CTX = ("Every tumpus is a wumpus. Every wumpus is not red. Every wumpus is a yumpus. Yumpuses are bright. "
       "Every zumpus is red. Wren is a tumpus.")
QUERY = "True or false: Wren is red."
GOOD = "Wren is a tumpus. Every tumpus is a wumpus. Wren is a wumpus. Every wumpus is not red. Wren is not red. False"
SKIP = "Wren is a tumpus. Every tumpus is a wumpus. Wren is not red. False"
WRONG = "Wren is a tumpus. Every zumpus is red. Wren is red. True"
CTX2 = "Every numpus is a dumpus. Dumpuses are feisty. Every zumpus is not feisty. Sam is a numpus."
QUERY2 = "True or false: Sam is feisty."
GOOD2 = "Sam is a numpus. Every numpus is a dumpus. Sam is a dumpus. Dumpuses are feisty. Sam is feisty. True"
SHOT = ("Q: Every cat is a feline. Fae is a cat. True or false: Fae is a feline.\n"
        "A: Fae is a cat. Every cat is a feline. Fae is a feline. True\n\n")


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def records() -> list[dict[str, object]]:
    """Native records: a strict proof, a skip, a wrong branch, a response under another key, a second question."""
    return [
        {"id": "a-1", "model": "m1", "context": CTX, "query": QUERY, "gold_label": False, "output": GOOD},
        {"id": "a-2", "model": "m1", "context": CTX, "query": QUERY, "gold_label": False, "output": SKIP},
        {"id": "a-3", "model": "m2", "context": CTX, "query": QUERY, "gold_label": False, "output": WRONG},
        {"id": "a-4", "model": "m2", "context": CTX2, "query": QUERY2, "gold_label": True, "response": GOOD2},
        {"id": "a-5", "model": "m2", "context": CTX2, "query": QUERY2, "gold_label": "true", "output": GOOD2,
         "hops": 2},
    ]


def lm_eval() -> list[dict[str, object]]:
    """lm-eval ``samples_<task>_<date>.jsonl`` lines of a custom PrOntoQA generation task."""
    lines = []
    for doc_id, (ctx, query, target, response) in enumerate([(CTX, QUERY, "False", GOOD), (CTX, QUERY, "False", WRONG),
                                                              (CTX2, QUERY2, "True", GOOD2)]):
        prompt = f"{SHOT}Q: {ctx} {query}\nA:"
        lines.append({"doc_id": doc_id, "doc": {"context": ctx, "question": query, "answer": target},
                      "target": target, "arguments": {"gen_args_0": {"arg_0": prompt,
                                                                     "arg_1": {"until": ["Q:"], "do_sample": False}}},
                      "resps": [[" " + response]], "filtered_resps": [target], "filter": "strict-match",
                      "metrics": ["exact_match"], "doc_hash": f"d{doc_id}", "prompt_hash": f"p{doc_id}",
                      "target_hash": f"t{doc_id}", "exact_match": float(response.endswith(target))})
    return lines


def verl() -> list[dict[str, object]]:
    """verl rollout dump lines: the chat-templated input, the completion, the ground truth spec."""
    spec = _dump({"context": [s + "." for s in CTX.removesuffix(".").split(". ")], "query": QUERY,
                  "gold_label": "False"})
    template = "system\nYou are a careful reasoner.\nuser\n{q}\nassistant\n"
    return [{"input": template.format(q=f"{CTX} {QUERY}"), "output": out, "gts": spec, "score": score, "step": 12}
            for out, score in ((GOOD, 1.0), (SKIP, 1.0), (WRONG, 0.0))]


def inspect_samples() -> list[tuple[str, dict[str, object]]]:
    """inspect ``EvalSample`` objects (id, epoch) as the eval recorder writes them."""
    out = []
    for epoch, (first, second) in enumerate([(GOOD, GOOD2), (SKIP, "Sam is a numpus. Sam is feisty. True")], start=1):
        for sid, text, target, chat in (("q1", first, "False", False), ("q2", second, "True", True)):
            prompt = f"{CTX} {QUERY}" if sid == "q1" else f"{CTX2} {QUERY2}"
            source: object = prompt if not chat else [
                {"role": "system", "content": "Answer step by step, then True or False."},
                {"role": "user", "content": [{"type": "text", "text": prompt}]}]
            sample = {
                "id": sid, "epoch": epoch, "input": source, "target": target,
                "messages": [{"role": "user", "content": prompt}, {"role": "assistant", "content": text,
                                                                   "source": "generate"}],
                "output": {"model": "openai/gpt-4o-mini", "choices": [
                    {"message": {"role": "assistant", "content": text, "source": "generate"}, "stop_reason": "stop"}],
                    "completion": text, "usage": {"input_tokens": 60, "output_tokens": 30, "total_tokens": 90}},
                "scores": {"match": {"value": "C" if text.endswith(target) else "I", "answer": text.split()[-1]}},
                "metadata": {"hops": 2}, "store": {}, "events": [], "attachments": {},
            }
            out.append((f"samples/{sid}_epoch_{epoch}.json", sample))
    return out


EVAL_BLOCK = {"eval_id": "E1", "run_id": "R1", "created": "2026-11-30T10:00:00+00:00", "task": "prontoqa",
                  "task_id": "T1", "task_version": 0, "dataset": {"name": "prontoqa", "samples": 2},
              "model": "openai/gpt-4o-mini", "config": {"epochs": 2}}


def write_inspect(path: Path) -> None:
    """An ``.eval`` log: header, journal start, summaries and one file per sample and epoch."""
    eval_block = EVAL_BLOCK
    samples = inspect_samples()
    members = [("_journal/start.json", {"version": 2, "eval": eval_block, "plan": {}}), *samples,
               ("summaries.json", [{"id": s["id"], "epoch": s["epoch"], "target": s["target"]} for _, s in samples]),
               ("header.json", {"version": 2, "status": "success", "eval": eval_block,
                                "results": {"total_samples": 4, "completed_samples": 4}})]
    with zipfile.ZipFile(path, "w") as z:
        for name, value in members:  # a fixed time: the file is the same each time it is made
            z.writestr(zipfile.ZipInfo(name, date_time=(2026, 11, 30, 10, 0, 0)), _dump(value),
                       compress_type=zipfile.ZIP_DEFLATED)


def write_inspect_json(path: Path) -> None:
    """The same log written with ``--log-format json``: one indented ``EvalLog`` object, the samples inside."""
    log = {"version": 2, "status": "success", "eval": EVAL_BLOCK, "plan": {"name": "plan", "steps": []},
           "results": {"total_samples": 4, "completed_samples": 4}, "samples": [s for _, s in inspect_samples()]}
    path.write_text(json.dumps(log, indent=2) + "\n", encoding="utf-8")


def batch() -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """OpenAI batch input requests and output lines (out of order, as batches return them)."""
    def request(cid: str, question: str) -> dict[str, object]:
        return {"custom_id": cid, "method": "POST", "url": "/v1/chat/completions",
                "body": {"model": "gpt-4o-mini", "max_tokens": 400, "metadata": {"hops": "2"},
                         "messages": [{"role": "system", "content": "Think step by step."},
                                      {"role": "user", "content": SHOT + "Q: " + question + "\nA:"}]}}

    def output(cid: str, message: dict[str, object] | None, status: int = 200,
               error: dict[str, object] | None = None) -> dict[str, object]:
        body: dict[str, object] = {"id": f"chatcmpl-{cid}", "object": "chat.completion", "created": 1764500000,
                                   "model": "gpt-4o-mini-2024-07-18"}
        if message is not None:
            body["choices"] = [{"index": 0, "message": {"role": "assistant", "refusal": None, **message},
                                "logprobs": None, "finish_reason": "stop"}]
        else:
            body = {"error": {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"}}
        return {"id": f"batch_req_{cid}", "custom_id": cid,
                "response": {"status_code": status, "request_id": f"req_{cid}", "body": body}, "error": error}

    inputs = [request("prontoqa-0", f"{CTX} {QUERY}"), request("prontoqa-1", f"{CTX} {QUERY}"),
              request("prontoqa-2", f"{CTX2} {QUERY2}"), request("prontoqa-3", f"{CTX2} {QUERY2}")]
    outputs = [output("prontoqa-1", {"content": WRONG}),
               output("prontoqa-0", {"content": GOOD}),
               output("prontoqa-2", {"content": None, "reasoning_content": GOOD2}),
               output("prontoqa-3", None, status=429),
               output("prontoqa-9", {"content": GOOD2})]
    return inputs, outputs


def write_parquet(path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [{**r, "gold_label": str(r["gold_label"]).lower(), "output": r.get("output", r.get("response"))}
            for r in records()]
    for row in rows:
        row.pop("response", None)
        row.setdefault("hops", None)
    pq.write_table(pa.Table.from_pylist(rows), path)


def main() -> None:
    (FORMATS / "records-array.json").write_text(json.dumps(records(), indent=2) + "\n", encoding="utf-8")
    (FORMATS / "lm-eval-samples.jsonl").write_text("".join(_dump(x) + "\n" for x in lm_eval()), encoding="utf-8")
    (FORMATS / "verl-rollouts.jsonl").write_text("".join(_dump(x) + "\n" for x in verl()), encoding="utf-8")
    write_inspect(FORMATS / "inspect.eval")
    write_inspect_json(FORMATS / "inspect-log.json")
    inputs, outputs = batch()
    (FORMATS / "batch-input.jsonl").write_text("".join(_dump(x) + "\n" for x in inputs), encoding="utf-8")
    (FORMATS / "batch-output.jsonl").write_text("".join(_dump(x) + "\n" for x in outputs), encoding="utf-8")
    write_parquet(FORMATS / "records.parquet")


if __name__ == "__main__":
    main()
