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

from prontocheck.generate.rules._ood import Draft, IntroRule
from prontocheck.logic.formulas import Formula


class AndIntro(IntroRule):
    """The and-introduction rule module (see the module docstring)."""

    name = "and-intro"
    op = "and"

    def premises(self, d: Draft, adjectives: list[str]) -> list[Formula]:
        """The properties are facts of the context, restated before their conjunction."""
        properties = [d.fact([a]) for a in adjectives]
        d.facts += properties
        return properties

    def branch(self, d: Draft, adjective: str) -> None:
        """The entity has the distractor property too."""
        d.branch_facts.append(d.fact([adjective]))
