"""Parsing benchmark text (premises, questions, whole prompts) and the modal notation.

>>> str(parse_statement("Savir is probably going to be at the party."))
'Pr(at_party(Savir))'
>>> q = parse_question("Is it invalid to conclude that Savir might be at the party?")
>>> q.form, q.polarity, str(q.embedded)
(<Form.VALID: 'VALID'>, 'neg', '◇at_party(Savir)')
>>> premises, question = parse_prompt("If X is going to be at the party, then Y is going to be at the party. "
...                                   "Does it follow that Y is at least as likely as X to be at the party?")
>>> [str(p) for p in premises], str(question.embedded)
(['at_party(X) ⇒ at_party(Y)'], 'at_party(Y) ⪰ at_party(X)')
"""

from __future__ import annotations

import re

from prontocheck.errors import UnparseableSentence
from prontocheck.logic.modal import ModalFormula, statement_of
from prontocheck.modal.arguments import Argument, read_argument
from prontocheck.modal.questions import Question
from prontocheck.modal.transform import ModalTransformer
from prontocheck.syntax.frontend import Grammar, parse
from prontocheck.syntax.segment import Span, segment

KEYWORDS_FIRST = frozenset({"it", "if", "is", "does", "probably", "can", "either", "both"})
"""Keywords the parser's preparation lowers at a sentence's start ("If X goes, …" is read as "if X goes, …")."""
_INSTRUCTION = re.compile(r"(?:please\s+)?(?:answer|respond|reply)\b", re.IGNORECASE)


MODAL = Grammar("modal", dict.fromkeys(("statement", "question", "formula"), ModalTransformer))
"""``grammars/modal.lark``, read by the front-end (:mod:`prontocheck.syntax.frontend`) from ``statement``,
``question`` or ``formula`` (the notation ``str`` prints)."""


def _prepare(sentence: str, final: str) -> str:
    """Drop the final punctuation, unify apostrophes and lower a sentence-initial keyword.

    Offsets are kept: only characters are replaced (``’`` by ``'``) or removed from the end.
    """
    text = sentence.replace("’", "'").rstrip()
    if text.endswith(final):
        text = text[:-1]
    m = re.match(r"(?<!\s)\s*+([A-Z][a-z]*)", text)
    if m and m.group(1).lower() in KEYWORDS_FIRST:
        text = text[: m.start(1)] + text[m.start(1)].lower() + text[m.start(1) + 1:]
    return text


def parse_modal_formula(text: str) -> ModalFormula:
    """Parse a statement written in the notation ``str`` prints (the inverse of ``str``).

    Raises:
        UnparseableSentence: not a statement of the notation.

    >>> str(parse_modal_formula("¬(at(Savir) ⪰ ¬at(Savir)) ∨ Pr(a(x) → b(x))"))
    '¬(at(Savir) ⪰ ¬at(Savir)) ∨ Pr(a(x) → b(x))'

    A formula without an operator is a plain statement (:class:`~prontocheck.logic.modal.Fact`):

    >>> [(type(s).__name__, str(s)) for s in parse_modal_formula("inside(Fido) ∨ □in_garden(Fido)").operands]
    [('Fact', 'inside(Fido)'), ('Must', '□in_garden(Fido)')]
    """
    return statement_of(parse(MODAL, text.strip(), "formula"))


def parse_statement(sentence: str) -> ModalFormula:
    """Parse one premise sentence ("Savir might be at the party.") to its logical form.

    Raises:
        UnparseableSentence: the sentence is not in the grammar; ``pos`` is its offset in ``sentence``.
    """
    return parse(MODAL, _prepare(sentence, "."), "statement")


def parse_question(sentence: str) -> Question:
    """Parse a question ("Does it not follow that …?") to its form, polarity and embedded statement.

    Raises:
        UnparseableSentence: the question is not in the grammar; ``pos`` is its offset in ``sentence``.
    """
    return parse(MODAL, _prepare(sentence, "?"), "question")


def split_sentences(text: str) -> list[Span]:
    """Cut text into sentences with the one splitter (:func:`prontocheck.syntax.segment.segment`).

    >>> [(s.text, s.start) for s in split_sentences("X might be there.  Y must be there")]
    [('X might be there.', 0), ('Y must be there', 19)]
    """
    return [Span(s.text, s.start) for s in segment(text).sentences]


def split_prompt(prompt: str) -> tuple[list[Span], Span]:
    """Cut a prompt into premise sentences and the final question.

    The question is the last sentence ending in ``?``; text after it is allowed only when it is an
    answer instruction ("Answer Yes or No."), which is ignored.

    Raises:
        UnparseableSentence: no question, or other text after it; ``pos`` is the offset in the prompt.

    >>> premises, question = split_prompt("X might be there. Is it true that X must be there? Answer Yes or No.")
    >>> [s.text for s in premises], question.text, question.start
    (['X might be there.'], 'Is it true that X must be there?', 18)
    """
    spans = split_sentences(prompt)
    last = max((i for i, s in enumerate(spans) if s.text.endswith("?")), default=None)
    if last is None:
        raise UnparseableSentence(prompt, "no question (a sentence ending in '?')", pos=len(prompt.rstrip()))
    trailing = spans[last + 1:]
    if trailing and not _INSTRUCTION.match(trailing[0].text):
        raise UnparseableSentence(prompt, f"text after the question: {trailing[0].text!r}", pos=trailing[0].start)
    return spans[:last], spans[last]


def prepared_sentences(prompt: str) -> list[tuple[str, str, int]]:
    """The texts the parser reads for a prompt (each sentence prepared as :func:`parse_prompt` prepares it),
    with the start rule each is read from and its offset in the prompt.

    Raises:
        UnparseableSentence: no question, or other text after it (as :func:`split_prompt`).

    >>> prepared_sentences("It is probable that X will go. Is it true that X might go? Answer Yes or No.")
    [('it is probable that X will go', 'statement', 0), ('is it true that X might go', 'question', 31)]
    """
    premises, question = split_prompt(prompt)
    return [*((_prepare(s.text, "."), "statement", s.start) for s in premises),
            (_prepare(question.text, "?"), "question", question.start)]


def parse_prompt(prompt: str) -> tuple[tuple[ModalFormula, ...], Question]:
    """Parse a whole prompt: premise sentences, then the question.

    Raises:
        UnparseableSentence: a sentence is not in the grammar; ``pos`` is the offset in the prompt.
    """
    premises, question = split_prompt(prompt)
    forms = []
    for span in premises:
        try:
            forms.append(parse_statement(span.text))
        except UnparseableSentence as e:
            raise _shifted(e, prompt, span.start) from None
    try:
        return tuple(forms), parse_question(question.text)
    except UnparseableSentence as e:
        raise _shifted(e, prompt, question.start) from None


def parse_argument(prompt: str, argument: Argument | None = None) -> tuple[tuple[ModalFormula, ...], Question]:
    """Parse an argument prompt (:mod:`prontocheck.modal.arguments`): its premises, and the question whether its
    conclusion follows (FOLLOW or VALID, affirmative). ``argument``: the prompt's, when it has been read already.

    The statements are read together by :func:`prontocheck.modal.clauses.parse_statements` (pronouns resolve
    within the item); statements in the probability-operator benchmark's own wording, which that reader does
    not take, are read by the benchmark grammar when it reads every one of them.

    Raises:
        UnparseableSentence: the prompt is in no wrapper, or a statement is not read (the statement reader's
            reason); ``pos`` is the offset in the prompt.

    >>> premises, q = parse_argument("From 'Savir might be at the party', can we infer 'Savir will probably be "
    ...                              "at the party'?")
    >>> [str(p) for p in premises], q.form, str(q.embedded)
    (['◇at_party(Savir)'], <Form.FOLLOW: 'FOLLOW'>, 'Pr(at_party(Savir))')
    >>> premises, q = parse_argument("From 'If the match is struck, then it will light', can we infer 'If the match "
    ...                              "is struck and it has been soaked in water, then it will light'?")
    >>> [str(p) for p in premises], str(q.embedded)
    (['struck(the_match) ⇒ light(the_match)'], '(struck(the_match) ∧ soaked_in_water(the_match)) ⇒ light(the_match)')
    """
    from prontocheck.modal.clauses import parse_statements  # (the inference items' reader: only for arguments)

    argument = argument or read_argument(prompt)
    spans = (*argument.premises, argument.conclusion)
    try:
        forms = parse_statements([span.text for span in spans])
    except UnparseableSentence as e:
        try:
            forms = tuple(parse_statement(span.text) for span in spans)
        except UnparseableSentence:
            at = next((s for s in spans if s.text == e.sentence or s.text.rstrip(". ") == e.sentence), None)
            raise _shifted(e, prompt, at.start) if at is not None else \
                UnparseableSentence(prompt, e.reason, pos=None) from None
    return tuple(forms[:-1]), Question(argument.form, "aff", "none", forms[-1])


def _shifted(error: UnparseableSentence, text: str, offset: int) -> UnparseableSentence:
    pos = None if error.pos is None else error.pos + offset
    return UnparseableSentence(text, error.reason, pos=pos)
