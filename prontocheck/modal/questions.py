"""Question wrappers and the answers the logic licenses.

The benchmark asks about a conclusion C in seven question forms (the paper's Table 2):

=============  =========================================  ==========================================
form           affirmative                                negated
=============  =========================================  ==========================================
TRUTH          Is it true that C?                         Is it false that C?
CORRECT        Is it correct that C?                      Is it incorrect that C?
VALID          Is it valid to conclude that C?            Is it invalid to conclude that C?
FOLLOW         Does it follow that C?                     Does it not follow that C?
DIRECT         Is it probable that φ? (C itself)          Is it not probable that φ? (¬C)
NOT-CORRECT    —                                          Is it not correct that C?
NOT-VALID      —                                          Is it not valid to conclude that C?
=============  =========================================  ==========================================

VALID, FOLLOW and NOT-VALID ask about *entailment*: "Is it invalid to conclude that C?" is answered
Yes exactly when the premises do not entail C, so the answer is always definite. TRUTH, CORRECT,
NOT-CORRECT and DIRECT ask about a *proposition* (C, or ¬C when negated): the answer is Yes when the
premises entail it, No when they entail its negation, and undetermined (``None``) otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

from prontocheck.logic.modal import ModalFormula, modal_negate

if TYPE_CHECKING:
    from prontocheck.modal.decide import Judgement

Polarity = Literal["aff", "neg"]
"""Whether the question asks about C (``aff``) or about its denial (``neg``)."""

Negation = Literal["none", "lexical", "prefix", "not", "proposition", "double"]
"""How a question's negation is written: none; a negative adjective (``false``); a prefix
(``incorrect``, ``invalid``); the word *not* in the wrapper (``not correct``, ``does it not
follow``); inside the proposition (DIRECT: ``not probable``, ``less likely``); two negations."""

Answer = Literal["Yes", "No"]
"""A definite answer."""


class Form(StrEnum):
    """A question form (the paper's metalinguistic wrappers)."""

    TRUTH = "TRUTH"
    CORRECT = "CORRECT"
    VALID = "VALID"
    FOLLOW = "FOLLOW"
    DIRECT = "DIRECT"
    NOT_CORRECT = "NOT-CORRECT"
    NOT_VALID = "NOT-VALID"


ENTAILMENT_FORMS = frozenset({Form.VALID, Form.FOLLOW, Form.NOT_VALID})
"""The forms that ask whether C follows (definite answers); the others ask whether C is true."""


@dataclass(frozen=True, slots=True)
class Question:
    """A parsed question.

    Attributes:
        form: the question form.
        polarity: ``aff`` or ``neg``.
        negation: how the negation is written (``none`` when affirmative).
        embedded: the statement C the wrapper is about (for DIRECT, the proposition without the
            question's negation: "Is it not probable that φ?" embeds ``Pr(φ)``).
    """

    form: Form
    polarity: Polarity
    negation: Negation
    embedded: ModalFormula

    @property
    def level(self) -> Literal["entailment", "proposition"]:
        """``entailment`` for VALID, FOLLOW and NOT-VALID; ``proposition`` for the others."""
        return "entailment" if self.form in ENTAILMENT_FORMS else "proposition"

    @property
    def asked(self) -> ModalFormula:
        """The proposition whose truth a proposition-level question asks: C, or ¬C when negated.

        >>> from prontocheck.modal import parse_question
        >>> str(parse_question("Is it false that Savir might be at the party?").asked)
        '¬◇at_party(Savir)'
        """
        return self.embedded if self.polarity == "aff" else modal_negate(self.embedded)

    def answer(self, judgement: Judgement) -> Answer | None:
        """The answer the logic licenses, given the judgement about :attr:`embedded`.

        Args:
            judgement: what the premises license about :attr:`embedded` (see
                :func:`prontocheck.modal.judge`).

        Returns:
            ``"Yes"`` or ``"No"``, or ``None`` when a proposition-level question is undetermined.

        >>> from prontocheck.modal import judge, parse_question, parse_statement
        >>> q = parse_question("Is it false that it is probable that Savir will be at the party?")
        >>> j = judge([parse_statement("Savir might be at the party")], q.embedded)
        >>> j.verdict, q.answer(j), parse_question("Is it invalid to conclude that it is probable that "
        ...                                        "Savir will be at the party?").answer(j)
        ('undetermined', None, 'Yes')
        """
        if self.level == "entailment":
            follows = judgement.entailed
            return ("Yes" if follows else "No") if self.polarity == "aff" else ("No" if follows else "Yes")
        verdict = judgement.verdict
        if verdict == "undetermined":
            return None
        true = verdict == "entailed"
        return ("Yes" if true else "No") if self.polarity == "aff" else ("No" if true else "Yes")
