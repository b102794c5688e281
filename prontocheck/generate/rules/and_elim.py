"""And-elimination questions (PrOntoQA-OOD ``AndElim``): state a conjunct of a conjunction.

One hop is one and-elimination; hops are chained by modus ponens through rules with conjunctive
consequents, as the original generator does (h hops: h and-eliminations, h − 1 modus ponens
steps). With width w each conjunction is a concept and w − 1 properties; the concept is kept.

1 hop (the shape of the original's data)::

    Context: Fae is an angry sterpus.                   Prove: Fae is a sterpus.
    Gold:    Fae is an angry sterpus. Fae is a sterpus.

2 hops::

    Context: Sterpuses are kind lorpuses. Fae is an angry sterpus.      Prove: Fae is a lorpus.
    Gold:    Fae is an angry sterpus. Fae is a sterpus. Sterpuses are kind lorpuses. Fae is a kind
             lorpus. Fae is a lorpus.

Relevant distractors: every concept of the proof has a second rule "Every A is a X" (X a concept
nothing else mentions): a wrong branch at every hop.
"""

from __future__ import annotations

import random

from prontocheck.generate.config import GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.generate.rules._ood import Draft, OODRule, Pool, open_form, rule_of
from prontocheck.logic.formulas import Const


class AndElim(OODRule):
    """The and-elimination rule module (see the module docstring)."""

    name = "and-elim"

    def needs(self, hops: int, width: int, relevant: bool) -> tuple[int, int]:
        """``hops`` concepts (twice with branches) and ``hops·(width − 1)`` properties."""
        return hops * (2 if relevant else 1), hops * (width - 1)

    def draft(self, pool: Pool, lexicon: Lexicon, entity: Const, hops: int, config: GeneratorConfig,
              relevant: bool, rng: random.Random) -> Draft:
        """Write the proof (see the module docstring)."""
        width = config.width
        d = Draft(entity, lexicon)
        nouns = [lexicon.noun(pool.concept()) for _ in range(hops)]
        adjectives = [[lexicon.adjective(pool.adjective()) for _ in range(width - 1)] for _ in range(hops)]
        first = d.fact([*adjectives[0], nouns[0]], "and")
        d.facts.append(first)
        d.add(first, d.fact([nouns[0]]))
        for i in range(1, hops):
            r = rule_of(open_form([nouns[i - 1]]), open_form([*adjectives[i], nouns[i]], "and"))
            d.rules.append(r)
            d.add(r, d.fact([*adjectives[i], nouns[i]], "and"), d.fact([nouns[i]]))
        if relevant:
            for noun in nouns:
                d.branch_rules.append(rule_of(open_form([noun]), open_form([lexicon.noun(pool.concept())])))
        return d
