"""Proof-by-contradiction questions (PrOntoQA-OOD ``ProofByContra``).

The entity is not a C, and everything that is one of w concepts B₁ … B_w is a C; so it is none
of them. Each case is a paragraph: assume B_j, or-introduce the disjunction, apply the rule, and
"This contradicts with E is not a C." discharges the assumption ("E is not a B_j."); the last
paragraph conjoins the cases, as the original writes it (the cases and the goal list the concepts
in reverse order). The original generates 1 hop only; here h hops derive the denied fact "E is not
a C" by h − 1 modus ponens steps first (E is a D₁, every D₁ is a D₂, …, every D_{h−1} is not a C),
so that the chain to the first contradiction has h modus ponens hops.

1 hop (the shape of the original's data)::

    Context: Everything that is a lempus or an impus is a shumpus. Fae is not a shumpus.
    Prove:   Fae is not an impus and Fae is not a lempus.
    Gold:    Assume Fae is an impus. Fae is a lempus or an impus. Everything that is a lempus or an
             impus is a shumpus. Fae is a shumpus. This contradicts with Fae is not a shumpus. Fae
             is not an impus.

             Assume Fae is a lempus. … Fae is not a lempus.

             Fae is not an impus and Fae is not a lempus.

With width 3 and more the goal reads "Fae is not a lempus, an impus, or a wumpus." (the grammar
has no three-clause coordination "Fae is not a A, Fae is not a B, and Fae is not a C").

Relevant distractors: every concept of the chain and every case's concept has a second rule
"Every B is a X" (X a concept nothing else mentions).
"""

from __future__ import annotations

import random

from prontocheck.generate.config import GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.generate.rules._ood import Draft, OODRule, Pool, open_form, rule_of
from prontocheck.generate.rules.base import Assume, Contradicts
from prontocheck.logic.formulas import And, Const


class ProofByContradiction(OODRule):
    """The proof-by-contradiction rule module (see the module docstring)."""

    name = "proof-by-contradiction"

    def needs(self, hops: int, width: int, relevant: bool) -> tuple[int, int]:
        """The cases, C and the chain's h − 1 concepts (each with a branch if relevant); no properties."""
        concepts = width + 1 + hops - 1
        return concepts + ((hops - 1 + width) if relevant else 0), 0

    def draft(self, pool: Pool, lexicon: Lexicon, entity: Const, hops: int, config: GeneratorConfig,
              relevant: bool, rng: random.Random) -> Draft:
        """Write the proof (see the module docstring)."""
        width = config.width
        d = Draft(entity, lexicon)
        cases = [lexicon.noun(pool.concept()) for _ in range(width)]
        denied = lexicon.noun(pool.concept())
        chain = [lexicon.noun(pool.concept()) for _ in range(hops - 1)]
        not_denied = d.fact([denied], positive=False)
        if chain:
            d.facts.append(d.fact([chain[0]]))
            d.add(d.fact([chain[0]]))
            for a, b in zip(chain, chain[1:]):
                r = rule_of(open_form([a]), open_form([b]))
                d.rules.append(r)
                d.add(r, d.fact([b]))
            r = rule_of(open_form([chain[-1]]), open_form([denied], positive=False))
            d.rules.append(r)
            d.add(r, not_denied)
        else:
            d.facts.append(not_denied)
        disjunctive = rule_of(open_form(cases, "or"), open_form([denied]))
        d.rules.append(disjunctive)
        order = cases[::-1]
        for case in order:
            d.paragraph()
            d.add(Assume(d.fact([case])), d.fact(cases, "or"), disjunctive, d.fact([denied]), Contradicts(not_denied),
                  d.fact([case], positive=False))
        d.paragraph()
        d.add(And(tuple(d.fact([c], positive=False) for c in order)))
        if relevant:
            for concept in [*chain, *cases]:
                d.branch_rules.append(rule_of(open_form([concept]), open_form([lexicon.noun(pool.concept())])))
        return d
