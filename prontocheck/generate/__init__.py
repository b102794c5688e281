"""Generating PrOntoQA examples: constructive, reproducible, and checked sentence by sentence.

>>> from prontocheck.generate import GeneratorConfig, generate
>>> [ex] = generate(GeneratorConfig(hops=3, ontology="true", distractors="v1"), 1, seed=1)
>>> ex.metadata["hops"], ex.metadata["true_ontology"] in ("vertebrates", "invertebrates", "numbers")
(3, True)
>>> [ex] = generate(GeneratorConfig(hops=1, rule="or-elim", distractors="none", query="prove"), 1, seed=1)
>>> ex.gold_cot[0].startswith("Assume "), ex.gold_cot[-1].startswith("Since ")
(True, True)
"""

from prontocheck.generate.config import (
    DISTRACTORS,
    MAX_RULE_TYPES,
    MAX_WIDTH,
    ONTOLOGIES,
    QUERIES,
    TRAVERSALS,
    GenerationError,
    GeneratorConfig,
)
from prontocheck.generate.example import DEFAULT_SEED, Example, check_config, generate, generate_example
from prontocheck.generate.ontology import Node, Ontology
from prontocheck.generate.render import Lexicon, Word, render, render_checked
from prontocheck.generate.rules import OOD_RULES, PLANNED, RULES, RuleModule, Scene, rule_module
from prontocheck.generate.vocabulary import (
    TrueOntology,
    Vocabulary,
    VocabularyError,
    default_vocabulary,
    load_vocabulary,
)
from prontocheck.generate.writers import (
    FORMATS,
    OUTPUT_TEXTS,
    native_record,
    original_example,
    original_record,
    write_jsonl,
    write_original_json,
)

__all__ = [
    "DEFAULT_SEED", "DISTRACTORS", "FORMATS", "MAX_RULE_TYPES", "MAX_WIDTH", "OOD_RULES", "ONTOLOGIES",
    "OUTPUT_TEXTS", "PLANNED", "QUERIES", "RULES",
    "TRAVERSALS", "Example", "GenerationError", "GeneratorConfig", "Lexicon", "Node", "Ontology", "RuleModule",
    "Scene", "TrueOntology", "Vocabulary", "VocabularyError", "Word", "check_config", "default_vocabulary",
    "generate", "generate_example", "load_vocabulary", "native_record", "original_example", "original_record",
    "render", "render_checked", "rule_module", "write_jsonl", "write_original_json",
]
