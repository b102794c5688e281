"""Benchmark of the RL reward functions (not run by CI; run it by hand).

    python tests/benchmarks/bench_rewards.py              # 500 prompts x 8 rollouts, 5 hops
    python tests/benchmarks/bench_rewards.py --prompts 2000 --rollouts 16 --hops 3
    python tests/benchmarks/bench_rewards.py --outputs model-like

Scores GRPO-like batches through ``prontocheck.rewards.verl.compute_score``: each prompt's spec is
JSON text (as verl's ``ground_truth`` carries it). ``--outputs gold-cut`` (the default): half of a prompt's
rollouts are the gold chain of thought, half the chain with its first two sentences cut (a skipped step).
``--outputs model-like``: the rollouts of tests/benchmarks/synthetic.py (each drawn on its own: gold chains,
skipped rules, wrong branches, made-up and unparseable sentences, as models write them). Prints completions per
second and the per-call p50/p99 latency, first preparation of each problem included. Target
(../shared/reference/ecosystem.md §2.6): >= 1,000 completions/s on one core, p50 <= 1 ms, p99 <= 10 ms.
"""

from __future__ import annotations

import argparse
import json
import time

from prontocheck.generate import GeneratorConfig, generate
from prontocheck.rewards.verl import compute_score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=int, default=500)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--hops", type=int, default=5)
    parser.add_argument("--outputs", choices=("gold-cut", "model-like"), default="gold-cut")
    args = parser.parse_args()
    calls: list[tuple[str, str]] = []
    if args.outputs == "model-like":
        from synthetic import rollouts  # (tests/benchmarks, beside this file)

        for rec in rollouts(args.prompts, args.hops, args.rollouts, seed=1):
            spec = json.dumps({"context": rec["context"], "query": rec["query"], "gold_cot": rec["gold_cot"]})
            calls.append((spec, str(rec["output"])))
    for ex in generate(GeneratorConfig(args.hops, distractors="v1"), args.prompts if args.outputs == "gold-cut" else 0,
                       seed=1):
        p = ex.problem
        spec = json.dumps({"context": p.context, "query": p.query, "gold_label": p.gold_label})
        gold = ex.answer_text
        calls += [(spec, gold if k % 2 == 0 else gold.split(". ", 2)[-1]) for k in range(args.rollouts)]
    latencies = []
    start = time.perf_counter()
    for spec, completion in calls:
        t = time.perf_counter()
        compute_score("prontoqa", completion, spec)
        latencies.append(time.perf_counter() - t)
    total = time.perf_counter() - start
    latencies.sort()
    print(f"{len(calls)} completions ({args.prompts} prompts x {args.rollouts}, {args.hops} hops, {args.outputs}): "
          f"{len(calls) / total:,.0f}/s, p50 {latencies[len(calls) // 2] * 1e3:.3f} ms, "
          f"p99 {latencies[int(len(calls) * 0.99)] * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
