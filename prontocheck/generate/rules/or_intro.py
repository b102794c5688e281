"""Or-introduction questions (PrOntoQA-OOD ``OrIntro``): state a disjunction from one disjunct.

One hop is one or-introduction; hops are chained by modus ponens with the disjunction as the
rule's antecedent, as the original generator does (h hops: h or-introductions, h − 1 modus ponens
steps). With width w each disjunction is w − 1 properties and the concept ("loud or a numpus").

1 hop (the shape of the original's data)::

    Context: Polly is a numpus.                          Prove: Polly is loud or a numpus.
    Gold:    Polly is a numpus. Polly is loud or a numpus.

2 hops::

    Context: Everything that is loud or a numpus is a tumpus. Polly is a numpus.
    Prove:   Polly is dull or a tumpus.
    Gold:    Polly is a numpus. Polly is loud or a numpus. Everything that is loud or a numpus is a
             tumpus. Polly is a tumpus. Polly is dull or a tumpus.

Relevant distractors: at every hop a second rule "Everything that is Q or a A is a X" (X a concept
nothing else mentions), which the entity's concept also satisfies: a wrong branch at every hop.
"""

from __future__ import annotations

import random

from prontocheck.generate.config import GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.generate.rules._ood import Draft, OODRule, Pool, open_form, rule_of
from prontocheck.logic.formulas import Const


class OrIntro(OODRule):
    """The or-introduction rule module (see the module docstring)."""

    name = "or-intro"

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
                r = rule_of(open_form([*adjectives[i - 1], nouns[i - 1]], "or"), open_form([noun]))
                d.rules.append(r)
                d.add(r, d.fact([noun]))
            d.add(d.fact([*adjectives[i], noun], "or"))
            if relevant:
                q, x = lexicon.adjective(pool.adjective()), lexicon.noun(pool.concept())
                d.branch_rules.append(rule_of(open_form([q, noun], "or"), open_form([x])))
        return d
