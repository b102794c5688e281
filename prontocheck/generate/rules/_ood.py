"""What the OOD rule modules share: fresh names, a draft proof, distractors, and the context order.

A rule module (and-intro, and-elim, …) writes a :class:`Draft`: the proof's rules and premises
and the gold steps, about one entity, with fresh concept names and property words from a
:class:`Pool`. :class:`OODRule` turns a draft into a :class:`~prontocheck.generate.rules.Scene`:

* ``none``: the proof's rules and premises only (the original's OOD data, ``nodistractor``).
* ``v1``: plus the appendix A.2 sentence "Every D is (not) X": X a predicate of the goal that the
  context states with one polarity only, stated with the other one about a concept D outside the
  question, so that the mere polarity of a mention gives nothing away.
* ``relevant``: plus the rule's own wrong branches about the same entity (each module says which;
  a branch leads to a concept that nothing else mentions), and the A.2 sentence.
* ``irrelevant``: plus the rules and premises of a second, independent question of the same rule,
  hops and width about another entity with other names, and the A.2 sentence.

Every name is fresh, so the proof's concepts form a tree: the gold is the only minimal proof, which
``prontocheck lint-dataset`` checks (the ``unique-proof`` check).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from prontocheck.generate.config import GenerationError, GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.generate.rules.base import Scene, Step, statements
from prontocheck.generate.vocabulary import concept_lists
from prontocheck.logic.formulas import And, Atom, Const, ForAll, Formula, Implies, Not, Or, X, literal, mentions

MAX_OOD_HOPS = 40
"""``max_hops`` stops searching here (the vocabulary runs out long before)."""


class Pool:
    """Fresh words for one question: concept names, property words, entity names.

    Property words come one family at a time (every family once before any twice), so the first
    ``len(property_families)`` words of a question belong to different families.
    """

    def __init__(self, config: GeneratorConfig, rng: random.Random, concepts: int) -> None:
        v = config.vocabulary
        pools = [p for p in concept_lists(v, config.ontology) if len(p) >= concepts]
        if not pools:
            raise GenerationError(f"this question needs {concepts} concept names; no {config.ontology} concept list "
                                  "has that many")
        self.concepts = list(rng.choice(pools))
        rng.shuffle(self.concepts)
        families = [list(f) for f in v.property_families]
        rng.shuffle(families)
        for f in families:
            rng.shuffle(f)
        longest = max((len(f) for f in families), default=0)
        words = [f[i] for i in range(longest) for f in families if i < len(f)]
        self.words = words[::-1]
        self.entities = list(v.entities)
        rng.shuffle(self.entities)

    def concept(self) -> str:
        """A concept name not used yet in this question."""
        if not self.concepts:
            raise GenerationError("out of concept names")
        return self.concepts.pop()

    def adjective(self) -> str:
        """A property word not used yet in this question."""
        if not self.words:
            raise GenerationError("out of property words")
        return self.words.pop()

    def entity(self) -> str:
        """An entity name not used yet in this question."""
        if not self.entities:
            raise GenerationError("out of entity names")
        return self.entities.pop()


@dataclass
class Draft:
    """One proof about one entity, as a rule module writes it.

    Attributes:
        entity: whom the proof is about.
        lexicon: the words of the question (shared by every draft of a question).
        rules: the proof's rules, in the order the proof uses them.
        facts: the proof's premises.
        steps: the gold chain of thought.
        breaks: indices of steps that start a paragraph.
        branch_rules: wrong branches (``relevant`` distractors): rules about the proof's concepts.
        branch_facts: premises of the wrong branches.
        details: metadata of the question (the main draft's go into the record).
    """

    entity: Const
    lexicon: Lexicon
    rules: list[Formula] = field(default_factory=list)
    facts: list[Formula] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    breaks: set[int] = field(default_factory=set)
    branch_rules: list[Formula] = field(default_factory=list)
    branch_facts: list[Formula] = field(default_factory=list)
    details: dict[str, object] = field(default_factory=dict)

    def fact(self, predicates: list[str], op: str = "lit", positive: bool = True) -> Formula:
        """A fact about the entity: one predicate, or their conjunction (``and``) or disjunction (``or``)."""
        return _compound([literal(p, self.entity, positive) for p in predicates], op)

    def paragraph(self) -> None:
        """The next step starts a paragraph (none before the first step)."""
        if self.steps:
            self.breaks.add(len(self.steps))

    def add(self, *steps: Step) -> None:
        """Append gold steps."""
        self.steps.extend(steps)


def open_form(predicates: list[str], op: str = "lit", positive: bool = True) -> Formula:
    """``p(x)``, or the conjunction/disjunction of the predicates applied to ``x``."""
    return _compound([literal(p, X, positive) for p in predicates], op)


def _compound(operands: list[Formula], op: str) -> Formula:
    if op == "lit" or len(operands) == 1:
        return operands[0]
    return And(tuple(operands)) if op == "and" else Or(tuple(operands))


def rule_of(antecedent: Formula, consequent: Formula) -> Formula:
    """``∀x(antecedent → consequent)``."""
    return ForAll("x", Implies(antecedent, consequent))


def goal_literals(goal: Formula) -> list[tuple[str, bool]]:
    """The literals of a goal (a literal, or a conjunction or disjunction of literals), in order."""
    operands = goal.operands if isinstance(goal, And | Or) else (goal,)
    out = []
    for op in operands:
        if isinstance(op, Not) and isinstance(op.operand, Atom):
            out.append((op.operand.predicate, False))
        elif isinstance(op, Atom):
            out.append((op.predicate, True))
    return out


def a2_sentence(goal: Formula, axioms: list[Formula], concept: str, lexicon: Lexicon,
                rng: random.Random) -> Formula:
    """The appendix A.2 distractor for an OOD goal: "Every D is (not) X", X a predicate of the goal
    that the context mentions with one polarity only, here stated with the other one.
    """
    mentioned: set[tuple[str, bool]] = set().union(*(mentions(a) for a in axioms))
    candidates = [(p, not pos) for p, pos in {(p, s) for p, _ in goal_literals(goal) for s in (True, False)}
                  if (p, pos) in mentioned and (p, not pos) not in mentioned]
    if not candidates:  # nothing is mentioned one way only: state a goal literal's opposite
        candidates = [(p, not pos) for p, pos in goal_literals(goal)]
    predicate, positive = rng.choice(sorted(candidates))
    return rule_of(Atom(lexicon.noun(concept), (X,)), literal(predicate, X, positive))


class OODRule:
    """A deduction rule of PrOntoQA-OOD: subclasses say what one proof needs and write its draft."""

    name = ""

    def needs(self, hops: int, width: int, relevant: bool) -> tuple[int, int]:
        """Concept names and property words one draft of ``hops`` hops needs (with its branches)."""
        raise NotImplementedError

    def draft(self, pool: Pool, lexicon: Lexicon, entity: Const, hops: int, config: GeneratorConfig,
              relevant: bool, rng: random.Random) -> Draft:
        """Write one proof of exactly ``hops`` hops about ``entity`` (with wrong branches if ``relevant``)."""
        raise NotImplementedError

    def details(self, config: GeneratorConfig) -> dict[str, object]:
        """Metadata of every question of this rule."""
        return {"width": config.width}

    def totals(self, config: GeneratorConfig, hops: int) -> tuple[int, int, int, int]:
        """Concept names, property words about the main entity, property words in all, entities."""
        d = config.distractors
        concepts, words = self.needs(hops, config.width, d == "relevant")
        main_words = words
        entities = 1
        if d == "irrelevant":
            c2, w2 = self.needs(hops, config.width, False)
            concepts, words, entities = concepts + c2, words + w2, 2
        if d != "none":
            concepts += 1
        return concepts, main_words, words, entities

    def min_hops(self, config: GeneratorConfig) -> tuple[int, str]:
        """The fewest hops a question can have, and why."""
        return 1, "a question has at least one hop"

    def max_hops(self, config: GeneratorConfig) -> tuple[int, str]:
        """The most hops the configuration's vocabulary allows, and why."""
        if config.ontology == "true":
            return 0, (f"{self.name} questions need invented or false-ontology names: the true ontologies "
                       "state only the facts of modus ponens questions")
        v = config.vocabulary
        names = max((len(p) for p in concept_lists(v, config.ontology)), default=0)
        families = len(v.property_families)
        words = sum(len(f) for f in v.property_families)
        best, why = 0, ""
        for hops in range(1, MAX_OOD_HOPS + 1):
            c, main, w, e = self.totals(config, hops)
            if c > names or main > families or w > words or e > len(v.entities):
                why = (f"{hops} hops of {self.name} with width {config.width} and {config.distractors} distractors "
                       f"need {c} concept names, {main} property families and {e} entities; the vocabulary has "
                       f"{names} names, {families} families and {len(v.entities)} entities")
                break
            best = hops
        return best, why or f"at most {MAX_OOD_HOPS} hops are generated"

    def build(self, config: GeneratorConfig, hops: int, rng: random.Random) -> Scene:
        """One question: the draft, its distractors, the context in traversal order."""
        d = config.distractors
        concepts, _, _, _ = self.totals(config, hops)
        pool = Pool(config, rng, concepts)
        lexicon = Lexicon()
        main = self.draft(pool, lexicon, Const(pool.entity()), hops, config, d == "relevant", rng)
        rules = list(main.rules)
        if config.traversal == "top-down":
            rules.reverse()
        extra_rules: list[Formula] = list(main.branch_rules)
        facts = list(main.facts) + list(main.branch_facts)
        distractors = list(main.branch_rules) + list(main.branch_facts)
        if d == "irrelevant":
            other = self.draft(pool, lexicon, Const(pool.entity()), hops, config, False, rng)
            block = list(other.rules)[:: -1 if config.traversal == "top-down" else 1]
            rules += block
            facts += other.facts
            distractors += other.rules + other.facts
        for r in extra_rules:
            rules.insert(rng.randint(0, len(rules)), r)
        goal = statements(tuple(main.steps))[-1]
        if d != "none":
            sentence = a2_sentence(goal, rules + facts, pool.concept(), lexicon, rng)
            rules.insert(rng.randint(0, len(rules)), sentence)
            distractors.append(sentence)
        if config.traversal == "random":
            rng.shuffle(rules)
        rng.shuffle(facts)
        steps = tuple(main.steps)
        return Scene(tuple(rules + facts), statements(steps), lexicon, hops, tuple(distractors),
                     {**self.details(config), **main.details}, steps, frozenset(main.breaks))


class IntroRule(OODRule):
    """And- and or-introduction, chained by modus ponens (see and_intro.py, or_intro.py).

    One hop introduces the ``op`` of the hop's concept and w − 1 properties; the next hop's rule has
    that compound as its antecedent.
    """

    op = ""

    def needs(self, hops: int, width: int, relevant: bool) -> tuple[int, int]:
        """``hops`` concepts and ``hops·(width − 1)`` properties, and one of each per hop for branches."""
        extra = hops if relevant else 0
        return hops + extra, hops * (width - 1) + extra

    def premises(self, d: Draft, adjectives: list[str]) -> list[Formula]:
        """The steps stated before the compound at each hop (and-introduction: its other conjuncts)."""
        return []

    def branch(self, d: Draft, adjective: str) -> None:
        """What a relevant distractor adds besides its rule (and-introduction: the property fact)."""

    def draft(self, pool: Pool, lexicon: Lexicon, entity: Const, hops: int, config: GeneratorConfig,
              relevant: bool, rng: random.Random) -> Draft:
        """Write the proof (see the rule modules' docstrings)."""
        width = config.width
        d = Draft(entity, lexicon)
        nouns = [lexicon.noun(pool.concept()) for _ in range(hops)]
        adjectives = [[lexicon.adjective(pool.adjective()) for _ in range(width - 1)] for _ in range(hops)]
        d.facts.append(d.fact([nouns[0]]))
        d.add(d.fact([nouns[0]]))
        for i, noun in enumerate(nouns):
            if i:
                r = rule_of(open_form([*adjectives[i - 1], nouns[i - 1]], self.op), open_form([noun]))
                d.rules.append(r)
                d.add(r, d.fact([noun]))
            d.add(*self.premises(d, adjectives[i]), d.fact([*adjectives[i], noun], self.op))
            if relevant:
                q, x = lexicon.adjective(pool.adjective()), lexicon.noun(pool.concept())
                self.branch(d, q)
                d.branch_rules.append(rule_of(open_form([q, noun], self.op), open_form([x])))
        return d
