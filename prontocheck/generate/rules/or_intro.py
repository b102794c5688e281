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

from prontocheck.generate.rules._ood import IntroRule


class OrIntro(IntroRule):
    """The or-introduction rule module (see the module docstring)."""

    name = "or-intro"
    op = "or"
