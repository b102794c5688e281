"""Sentence acceptance of the v1 original (the ICLR 2023 analyzer), emulated.

v1's parser is smaller and lenient: it never requires the whole sentence to be consumed, eats
any unknown word before a noun as a (dropped) adjective, accepts any single word as an
adjective, and keeps only the first clause of a coordination that is not an ``and``/``or``:

>>> from prontocheck.compat.forms import to_tptp
>>> to_tptp(parse_sentence("So Fae is a yumpus".split()))
'yumpus(Fae)'
>>> to_tptp(parse_sentence("Since Fae is a wumpus , Fae is a yumpus".split()))
'wumpus(Fae)'

Source: ``syntax.py`` of asaparov/prontoqa as it stood on the v1 line (the noun-phrase, ADJP,
VP and clause rules), with the ``Assume φ`` and ``This contradicts with φ`` prefixes that the v1
analyzer evaluates (see docs/compat.md for what could not be checked against 066f73f itself).
"""

from __future__ import annotations

from prontocheck.compat.forms import Marker, Node, OriginalCrash, bounded, substitute
from prontocheck.compat.morphology import Morphology, morphology
from prontocheck.compat.phrases_main import connective, determined_everything, determiner, parse_np_prime
from prontocheck.logic.formulas import And, Atom, Const, Exists, ForAll, Formula, Implies, Not, Or, X

_Np = tuple[Formula | Const | None, int | None, bool | None, bool | None, bool | None]
_NONE5: _Np = (None, None, None, None, None)
_Clause = tuple[Node | None, int | None, bool | None]
_NONE3: _Clause = (None, None, None)


def _atom(name: str) -> Atom:
    return Atom(name, (X,))


# (v1's nouns are looked up as main's: parse_np_prime is the same function in both versions)


def parse_adjp(tokens: list[str], index: int) -> tuple[Atom | None, int | None]:
    """Any one word but ``and``, ``or`` and ``,`` is an adjective."""
    if tokens[index].lower() in ("and", "or", ","):
        return None, None
    return _atom(tokens[index].lower()), index + 1


def _everything_that_is(tokens: list[str], index: int, m: Morphology) -> _Np:
    operands: list[Formula | Const] = []
    is_conjunction = is_disjunction = False
    while True:
        if operands:
            step = connective(tokens, index, is_conjunction, is_disjunction)
            if step is None:
                return _NONE5
            index, has_comma, joined, is_conjunction, is_disjunction = step
            if not joined and not has_comma:
                break
        operand, new_index, _, _, _ = parse_np(tokens, index, m)
        if operand is None:
            operand, new_index = parse_adjp(tokens, index)
            if operand is None:
                return _NONE5
        index = new_index  # type: ignore[assignment]
        operands.append(operand)
    if is_conjunction:
        return And(tuple(operands)), index, False, False, True  # type: ignore[arg-type]
    if is_disjunction:
        return Or(tuple(operands)), index, False, False, True  # type: ignore[arg-type]
    return _NONE5


def parse_np(tokens: list[str], index: int, m: Morphology) -> _Np:
    """A noun phrase; unknown words before the noun are eaten as adjectives and dropped."""
    if determined_everything(tokens, index):
        return _everything_that_is(tokens, index + 3, m)
    is_quantified, is_negated, det_is_plural, index = determiner(tokens, index)

    adjp_operands: list[Formula] = []
    while True:
        lf, new_index, is_plural = parse_np_prime(tokens, index, m)
        if lf is None and index + 1 < len(tokens):
            adjp, adjp_index = parse_adjp(tokens, index)
            if adjp is None or adjp_index >= len(tokens):  # type: ignore[operator]
                return _NONE5
            index = adjp_index  # type: ignore[assignment]
            adjp_operands.append(adjp)
            lf, new_index, is_plural = parse_np_prime(tokens, index, m)
            if isinstance(lf, Formula):
                index = new_index  # type: ignore[assignment]
                np_operands = lf.operands if isinstance(lf, And) else (lf,)
                lf = And((*adjp_operands, *np_operands))
                break
            # not a noun yet (or a proper noun): go round again; a proper noun ends the loop
            # below with the adjectives dropped
        else:
            index = new_index  # type: ignore[assignment]
            break
    if det_is_plural is not None and is_plural is not None and is_plural != det_is_plural:
        return _NONE5
    return lf, index, is_plural, is_negated, is_quantified


def parse_vp_arg(tokens: list[str], index: int, m: Morphology) -> tuple[Formula | None, int | None, bool | None]:
    """The predicate: NPs or single-word ADJPs, coordinated by ``,``/``and``/``or``."""
    operands: list[Formula] = []
    is_conjunction = is_disjunction = False
    is_plural: bool | None = None
    while index < len(tokens):
        old_index = index
        if operands:
            step = connective(tokens, index, is_conjunction, is_disjunction)
            if step is None:
                return None, None, None
            index, has_comma, joined, is_conjunction, is_disjunction = step
            if not joined and not has_comma:
                break
        operand, new_index, operand_is_plural, np_negated, np_quantified = parse_np(tokens, index, m)
        if isinstance(operand, Const):
            index = old_index
            break
        if operand is None or np_quantified or np_negated:
            operand, new_index = parse_adjp(tokens, index)
            if operand is None:
                return None, None, None
        elif is_plural is None:
            is_plural = operand_is_plural
        elif is_plural != operand_is_plural:
            return None, None, None
        index = new_index  # type: ignore[assignment]
        operands.append(operand)
    if len(operands) == 1:
        return operands[0], index, is_plural
    if is_conjunction:
        return And(tuple(operands)), index, is_plural
    if is_disjunction:
        return Or(tuple(operands)), index, is_plural
    return None, None, None


@bounded
def parse_clause(tokens: list[str], index: int, m: Morphology) -> _Clause:
    """One clause; what follows it is kept only if it coordinates with ``and``/``or``."""
    word = tokens[index].lower()
    if word in ("is", "are"):
        is_plural: bool | None = word == "are"
        invert = True
        index += 1
    elif word == "assume":
        lf, end, inv = parse_clause(tokens, index + 1, m)
        return (None, None, None) if lf is None else (Marker("ASSUME", (lf,)), end, inv)
    elif index + 2 < len(tokens) and word == "this" and tokens[index + 1:index + 3] == ["contradicts", "with"]:
        lf, end, inv = parse_clause(tokens, index + 3, m)
        return (None, None, None) if lf is None else (Marker("CONTRADICTS", (lf,)), end, inv)
    else:
        is_plural, invert = None, False

    left, index_, np_is_plural, np_is_negated, is_quantified = parse_np(tokens, index, m)
    if left is None:
        return _NONE3
    index = index_  # type: ignore[assignment]
    if index == len(tokens):
        return _NONE3
    if is_plural is not None and is_plural != np_is_plural:
        return _NONE3
    if not invert:
        if tokens[index] not in ("is", "are"):
            return _NONE3
        is_plural = tokens[index] == "are"
        index += 1
    is_negated = tokens[index] == "not"
    if is_negated:
        index += 1
    right, vp_index, vp_is_plural = parse_vp_arg(tokens, index, m)
    if vp_is_plural is not None and vp_is_plural != is_plural:
        return _NONE3
    index = vp_index  # type: ignore[assignment]
    if right is None:
        # v1 does not check for a failed predicate: it crashes on it (substituting into None, or
        # comparing None with an int below), except where it returns before
        if isinstance(left, Const) and is_plural or not (
            isinstance(left, Const) or is_quantified or np_is_plural is True or np_is_plural is None
        ):
            return _NONE3
        raise OriginalCrash("v1 parse_clause: the predicate did not parse (the original crashes here)")
    if isinstance(left, Const):
        if is_plural:
            return _NONE3
        lf = substitute(right, X, left)
        if is_negated:
            lf = Not(lf)  # type: ignore[arg-type]
    elif is_quantified or np_is_plural is True or np_is_plural is None:
        if np_is_negated:
            rest = right.operands if isinstance(right, And) else (right,)
            lf = Not(Exists(X.name, And((left, *rest))))  # type: ignore[arg-type]
        else:
            lf = ForAll(X.name, Implies(left, Not(right) if is_negated else right))  # type: ignore[arg-type]
    else:
        return _NONE3

    if index < len(tokens):
        is_conjunction = is_disjunction = False
        if tokens[index] == ",":
            index += 1
        if tokens[index] == "and":
            is_conjunction = True
            index += 1
        elif tokens[index] == "or":
            is_disjunction = True
            index += 1
        rest_lf, index, _ = parse_clause(tokens, index, m)  # type: ignore[assignment]
        if rest_lf is None:
            return _NONE3
        if is_conjunction:
            lf = And((lf, *rest_lf.operands) if isinstance(rest_lf, And) else (lf, rest_lf))  # type: ignore[arg-type]
        elif is_disjunction:
            lf = Or((lf, *rest_lf.operands) if isinstance(rest_lf, Or) else (lf, rest_lf))  # type: ignore[arg-type]
        elif isinstance(rest_lf, And):
            lf = And((lf, *rest_lf.operands))  # type: ignore[arg-type]
        elif isinstance(rest_lf, Or):
            lf = Or((lf, *rest_lf.operands))  # type: ignore[arg-type]
    return lf, index, invert


def parse_sentence(tokens: list[str], m: Morphology | None = None) -> Node | None:
    """The logical form of one sentence, or ``None`` (an inverted sentence is rejected).

    Raises:
        IndexError: the original indexes past the end of the tokens here (e.g. an empty sentence).
    """
    m = morphology("v1") if m is None else m
    lf, _, invert = parse_clause(tokens, 0, m)
    if invert is not False:
        return None
    return lf
