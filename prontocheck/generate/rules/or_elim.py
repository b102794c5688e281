"""Or-elimination questions (PrOntoQA-OOD ``OrElim``, proof by cases).

One hop is one proof by cases: the entity is one of w concepts, each of which is a C; each case
is a paragraph that assumes one concept and derives C, and "Since …, E is a C." concludes. Hops
are chained by modus ponens through rules with disjunctive consequents ("Every C is a D or an F"),
whose conclusion the next proof by cases splits (h hops: h proofs by cases, h − 1 modus ponens
steps between them). The original generates 1 hop only.

1 hop (the shape of the original's data)::

    Context: Shumpuses are rompuses. Wumpuses are rompuses. Polly is a shumpus or a wumpus.
    Prove:   Polly is a rompus.
    Gold:    Assume Polly is a shumpus. Shumpuses are rompuses. Polly is a rompus.

             Assume Polly is a wumpus. Wumpuses are rompuses. Polly is a rompus.

             Since Polly is a shumpus or a wumpus, Polly is a rompus.

2 hops: … Since Polly is a shumpus or a wumpus, Polly is a rompus. Every rompus is a dumpus or a
lempus. Polly is a dumpus or a lempus. (then the cases of dumpus and lempus, and "Since …").

Relevant distractors: every case's concept has a second rule "Every B is a X" (X a concept
nothing else mentions, a different one per case): a wrong branch inside every case.
"""

from __future__ import annotations

import random

from prontocheck.generate.config import GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.generate.rules._ood import Draft, OODRule, Pool, open_form, rule_of
from prontocheck.generate.rules.base import Assume, Since
from prontocheck.logic.formulas import Const


class OrElim(OODRule):
    """The or-elimination rule module (see the module docstring)."""

    name = "or-elim"

    def needs(self, hops: int, width: int, relevant: bool) -> tuple[int, int]:
        """``width + 1`` concepts a hop (and ``width`` more for branches); no properties."""
        return hops * (width + 1 + (width if relevant else 0)), 0

    def draft(self, pool: Pool, lexicon: Lexicon, entity: Const, hops: int, config: GeneratorConfig,
              relevant: bool, rng: random.Random) -> Draft:
        """Write the proof (see the module docstring)."""
        width = config.width
        d = Draft(entity, lexicon)
        cases = [[lexicon.noun(pool.concept()) for _ in range(width)] for _ in range(hops)]
        conclusions = [lexicon.noun(pool.concept()) for _ in range(hops)]
        d.facts.append(d.fact(cases[0], "or"))
        for i, conclusion in enumerate(conclusions):
            disjunction = d.fact(cases[i], "or")
            if i:
                r = rule_of(open_form([conclusions[i - 1]]), open_form(cases[i], "or"))
                d.rules.append(r)
                d.add(r, disjunction)
            for case in cases[i]:
                r = rule_of(open_form([case]), open_form([conclusion]))
                d.rules.append(r)
                d.paragraph()
                d.add(Assume(d.fact([case])), r, d.fact([conclusion]))
                if relevant:
                    d.branch_rules.append(rule_of(open_form([case]), open_form([lexicon.noun(pool.concept())])))
            d.paragraph()
            d.add(Since(disjunction, d.fact([conclusion])))
        return d
