"""And-introduction questions (PrOntoQA-OOD ``AndIntro``): state a conjunction from its conjuncts.

One hop is one and-introduction; hops are chained by modus ponens with the conjunction as the
rule's antecedent, as the original generator does (h hops: h and-introductions, h − 1 modus ponens
steps). With width w each conjunction is the concept and w − 1 properties ("a floral lorpus").

1 hop (the shape of the original's data)::

    Context: Sally is floral. Sally is a lorpus.        Prove: Sally is a floral lorpus.
    Gold:    Sally is a lorpus. Sally is floral. Sally is a floral lorpus.

2 hops::

    Context: Every floral lorpus is a tumpus. Sally is a lorpus. Sally is floral. Sally is dull.
    Gold:    Sally is a lorpus. Sally is floral. Sally is a floral lorpus. Every floral lorpus is a
             tumpus. Sally is a tumpus. Sally is dull. Sally is a dull tumpus.

Relevant distractors: at every hop a second property fact Q and the rule "Every Q A is a X" (X a
concept nothing else mentions): a conjunction the entity also has, leading off the proof.
"""

from __future__ import annotations

import random

from prontocheck.generate.config import GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.generate.rules._ood import Draft, OODRule, Pool, open_form, rule_of
from prontocheck.logic.formulas import Const


class AndIntro(OODRule):
    """The and-introduction rule module (see the module docstring)."""

    name = "and-intro"

    def needs(self, hops: int, width: int, relevant: bool) -> tuple[int, int]:
        """``hops`` concepts and ``hops·(width − 1)`` properties, and one of each per hop for branches."""
        extra = hops if relevant else 0
        return hops + extra, hops * (width - 1) + extra

    def draft(self, pool: Pool, lexicon: Lexicon, entity: Const, hops: int, config: GeneratorConfig,
              relevant: bool, rng: random.Random) -> Draft:
        """Write the proof (see the module docstring)."""
        width = config.width
        d = Draft(entity, lexicon)
        nouns = [lexicon.noun(pool.concept()) for _ in range(hops)]
        adjectives = [[lexicon.adjective(pool.adjective()) for _ in range(width - 1)] for _ in range(hops)]
        d.facts.append(d.fact([nouns[0]]))
        d.add(d.fact([nouns[0]]))
        for i, noun in enumerate(nouns):
            if i:
                r = rule_of(open_form([*adjectives[i - 1], nouns[i - 1]], "and"), open_form([noun]))
                d.rules.append(r)
                d.add(r, d.fact([noun]))
            properties = [d.fact([a]) for a in adjectives[i]]
            d.facts += properties
            d.add(*properties, d.fact([*adjectives[i], noun], "and"))
            if relevant:
                q, x = lexicon.adjective(pool.adjective()), lexicon.noun(pool.concept())
                d.branch_facts.append(d.fact([q]))
                d.branch_rules.append(rule_of(open_form([q, noun], "and"), open_form([x])))
        return d
