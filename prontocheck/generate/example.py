"""Generated examples: the library entry points :func:`generate` and :func:`generate_example`.

Every example is reproducible from ``(seed, index)`` alone: example ``i`` of seed ``s`` draws from
its own random stream, so ``generate(config, 1, seed=s, start=i)`` gives it again, whatever ``n``.

>>> [ex] = generate(GeneratorConfig(hops=2, distractors="none"), 1, seed=7)
>>> ex.metadata["hops"], ex.gold_label in (True, False), len(ex.gold_cot)
(2, True, 5)
>>> ex.gold_cot[0] == ex.context[-1]  # the premise is the context's last sentence
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from prontocheck import __version__
from prontocheck.generate.config import GenerationError, GeneratorConfig
from prontocheck.generate.render import render_checked, render_step
from prontocheck.generate.rules import Scene, rule_module
from prontocheck.generate.rules.base import Assume, Contradicts, Since
from prontocheck.logic.formulas import Formula
from prontocheck.logic.negation import negate_inward
from prontocheck.prontoqa.problem import Problem

DEFAULT_SEED = 62471893
"""The original PrOntoQA experiment's default seed."""


@dataclass(frozen=True)
class Example:
    """One generated question with its gold chain of thought.

    Attributes:
        id: the record id (``<prefix>-<index>``).
        context: the context sentences, the premise(s) last.
        query: ``True or false: S`` or ``Prove: S``.
        gold_cot: the gold chain of thought, one sentence per proof step.
        gold_label: ``True``/``False``; ``None`` for ``Prove:`` queries.
        metadata: hops, ontology, traversal, distractors, rule, seed, index, …
        scene: the logical content (formulas, lexicon) the text was written from.
        in_context: the few-shot examples of this example's prompt.
    """

    id: str
    context: tuple[str, ...]
    query: str
    gold_cot: tuple[str, ...]
    gold_label: bool | None
    metadata: dict[str, Any]
    scene: Scene = field(repr=False, compare=False)
    in_context: tuple[Example, ...] = field(default=(), repr=False)

    @property
    def context_text(self) -> str:
        """The context as one paragraph."""
        return " ".join(self.context)

    @property
    def answer_text(self) -> str:
        """The gold answer as a model should write it: the chain of thought, then the label.

        Each case of a proof by cases or by contradiction is a paragraph, as the original writes
        them (``Scene.breaks``); other chains are one line.
        """
        label = "" if self.gold_label is None else f" {self.gold_label}"
        breaks = self.scene.breaks
        text = "".join(("\n\n" if i in breaks else " ") + s if i else s for i, s in enumerate(self.gold_cot))
        return text + label

    @property
    def problem(self) -> Problem:
        """The question as the checker takes it."""
        return Problem(self.context_text, self.query, self.gold_cot, self.gold_label)

    @property
    def prompt(self) -> str | None:
        """The few-shot prompt (in-context examples, then this question); ``None`` without few-shot."""
        if not self.in_context:
            return None
        shots = "".join(f"Q: {s.context_text} {s.query}\nA: {s.answer_text}\n\n" for s in self.in_context)
        return f"{shots}Q: {self.context_text} {self.query}\nA:"


def check_config(config: GeneratorConfig) -> None:
    """Refuse a configuration that cannot be generated, naming the maximum hop count.

    Raises:
        GenerationError: an unknown rule, fewer hops than the rule needs, or more hops than the
            vocabulary allows.

    >>> check_config(GeneratorConfig(hops=12, ontology="true"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    prontocheck.generate.config.GenerationError: 12 hops is more than true ontologies allow with v1 ... at most 11 ...
    """
    module = rule_module(config.rule)
    fewest, why = module.min_hops(config)
    low, high = config.hop_range
    if low < fewest:
        raise GenerationError(f"{low} hop{'s are' if low != 1 else ' is'} too few for {config.rule}: {why}")
    most, why = module.max_hops(config)
    if high > most:
        raise GenerationError(f"{high} hops is more than {config.ontology} ontologies allow with "
                              f"{config.distractors} distractors: at most {most} ({why})")


def _question(config: GeneratorConfig, rng: random.Random) -> tuple[Scene, tuple[str, ...], str, tuple[str, ...],
                                                                    bool | None]:
    low, high = config.hop_range
    scene = rule_module(config.rule).build(config, rng.randint(low, high), rng)
    lexicon = scene.lexicon
    written: dict[Formula, str] = {}
    context = []
    for formula in scene.axioms:
        text = written.setdefault(formula, render_checked(formula, lexicon, rng))
        context.append(text)
    # The chain of thought restates rules as the context words them (as the original does).
    gold = []
    for step in scene.gold_steps:
        if isinstance(step, Assume):
            gold.append(render_step("assume", (step.formula,), lexicon, written))
        elif isinstance(step, Contradicts):
            gold.append(render_step("contradicts", (step.formula,), lexicon, written))
        elif isinstance(step, Since):
            gold.append(render_step("since", (step.premise, step.conclusion), lexicon, written))
        else:
            gold.append(written.get(step) or written.setdefault(step, render_checked(step, lexicon)))
    label: bool | None = None
    if config.query == "prove":
        query = "Prove: " + (written.get(scene.goal) or render_checked(scene.goal, lexicon))
    else:
        negated = rng.random() < 0.5
        # The negation in negation normal form: "Fae is not an angry wumpus" is ¬angry ∨ ¬wumpus.
        asked = negate_inward(scene.goal) if negated else scene.goal
        query = "True or false: " + (written.get(asked) or render_checked(asked, lexicon))
        label = not negated
    return scene, tuple(context), query, tuple(gold), label


def generate_example(config: GeneratorConfig, *, seed: int = DEFAULT_SEED, index: int = 0,
                     id_prefix: str = "ex", rng: random.Random | None = None) -> Example:
    """Generate example ``index`` of the data set with this configuration and seed.

    Args:
        config: what to generate.
        seed: the data set's seed.
        index: the example's index; with ``seed`` it fixes the example.
        id_prefix: the id is ``<id_prefix>-<index>``.
        rng: draw from this stream instead of the one of ``(seed, index)`` (Hypothesis strategies
            pass theirs, so that examples shrink).

    Raises:
        GenerationError: the configuration cannot be generated (see :func:`check_config`).
    """
    check_config(config)
    rng = rng if rng is not None else random.Random(f"prontocheck:{seed}:{index}")
    scene, context, query, gold, label = _question(config, rng)
    shots = []
    for j in range(config.few_shot):
        s_scene, s_context, s_query, s_gold, s_label = _question(config, rng)
        shots.append(Example(f"{id_prefix}-{index}/shot{j}", s_context, s_query, s_gold, s_label,
                             {"hops": s_scene.hops}, s_scene))
    metadata: dict[str, Any] = {
        "hops": scene.hops, "ontology": config.ontology, "traversal": config.traversal,
        "distractors": config.distractors, "rule": config.rule, "seed": seed, "index": index, **scene.details,
    }
    if config.few_shot:
        metadata["few_shot"] = config.few_shot
    metadata["generator"] = f"prontocheck {__version__}"
    return Example(f"{id_prefix}-{index}", context, query, gold, label, metadata, scene, tuple(shots))


def generate(config: GeneratorConfig, n: int, *, seed: int = DEFAULT_SEED, start: int = 0,
             id_prefix: str = "ex") -> Iterator[Example]:
    """Generate examples ``start`` … ``start + n - 1``, lazily.

    Args:
        config: what to generate.
        n: how many examples.
        seed: the data set's seed; example ``i`` depends only on ``(seed, i)``.
        start: index of the first example.
        id_prefix: ids are ``<id_prefix>-<index>``.

    Raises:
        GenerationError: the configuration cannot be generated (raised before the first example).
    """
    if n < 0:
        raise GenerationError(f"n must be non-negative, got {n}")
    check_config(config)
    return (generate_example(config, seed=seed, index=i, id_prefix=id_prefix) for i in range(start, start + n))
