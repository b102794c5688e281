"""Phrases of the main-branch original grammar (``syntax.py`` @ 0a6412b): nouns, adjectives, NPs, predicates.

Part of the emulation in :mod:`prontocheck.compat.grammar_main`; every function returns what the
original returns, including its ``None`` tuples, and fails (``IndexError``) where it does.

>>> from prontocheck.compat.morphology import morphology
>>> from prontocheck.compat.forms import to_tptp
>>> lf, end, plural, _, _ = parse_np("a kind wumpus".split(), 0, morphology("main"))
>>> to_tptp(lf), end, plural
('(kind(X1) & wumpus(X1))', 3, False)
"""

from __future__ import annotations

from typing import TypeAlias

from prontocheck.compat.forms import Node
from prontocheck.compat.morphology import Morphology
from prontocheck.logic.formulas import And, Atom, Const, Formula, Not, Or, X

_Np: TypeAlias = tuple[Node | Const | None, int | None, bool | None, bool | None, bool | None]
_NONE5: _Np = (None, None, None, None, None)
_ADJP_STOP = frozenset({"and", "or", ",", "a", "an", "each", "every", "no", "all", "that", "is", "are", "so",
                        "since", "as", "however", "therefore", "because"})


def _atom(name: str) -> Atom:
    return Atom(name, (X,))


def is_int(text: str) -> bool:
    """The original's ``is_int``: whatever Python's ``int()`` accepts."""
    try:
        int(text)
    except ValueError:
        return False
    return True


_NounPhrase: TypeAlias = tuple[Formula | Const | None, int | None, bool | None]


def parse_np_prime(tokens: list[str], index: int, m: Morphology) -> _NounPhrase:
    """A bare noun (one- or two-word, singular or plural), two nouns, or a proper noun / number."""
    compound = " ".join(tokens[index:index + 2]) if index + 1 < len(tokens) else None
    head = tokens[index]
    if compound is not None and m.is_noun(compound):
        return _atom(compound), index + 2, (None if m.is_plural_noun(compound) else False)
    if compound is not None and m.is_noun(compound.lower()):
        return _atom(compound.lower()), index + 2, (None if m.is_plural_noun(compound) else False)
    if compound is not None and m.is_plural_noun(compound):
        return _atom(m.to_root(compound)), index + 2, (None if m.is_noun(compound) else True)
    if compound is not None and m.is_plural_noun(compound.lower()):
        return _atom(m.to_root(compound.lower())), index + 2, (None if m.is_noun(compound) else True)
    if compound is not None and m.is_noun(head.lower()) and m.is_noun(tokens[index + 1]):
        second = tokens[index + 1]
        lf = And((_atom(head.lower()), _atom(second)))
        return lf, index + 2, (None if m.is_plural_noun(second) else False)
    if compound is not None and m.is_noun(head.lower()) and m.is_plural_noun(tokens[index + 1]):
        second = tokens[index + 1]
        lf = And((_atom(head.lower()), _atom(m.to_root(second))))
        return lf, index + 2, (None if m.is_noun(second) else True)
    if m.is_noun(head.lower()):
        return _atom(head.lower()), index + 1, (None if m.is_plural_noun(head.lower()) else False)
    if m.is_plural_noun(head.lower()):
        return _atom(m.to_root(head.lower())), index + 1, (None if m.is_noun(head.lower()) else True)
    if not m.is_proper_noun(head) and not is_int(head):
        return None, None, None
    return Const(head), index + 1, False


def parse_adjp(tokens: list[str], index: int, m: Morphology) -> tuple[Formula | None, int | None]:
    """Adjectives: any word not in the stop-list; several in a row make a conjunction."""
    operands: list[Formula] = []
    while index < len(tokens):
        last_index = index
        if tokens[index].lower() in _ADJP_STOP:
            break
        # (the original's coordination handling here is unreachable: "and", "or" and "," stop the
        # loop above, so two adjectives in a row are always a compound, i.e. a conjunction)
        if tokens[index].lower() == "also":
            index += 1
        if operands and m.is_any_noun(tokens[index].lower()):
            index = last_index
            break
        operands.append(_atom(tokens[index].lower()))
        index += 1
    if not operands:
        return None, None
    if len(operands) == 1:
        return operands[0], index
    return And(tuple(operands)), index


def _everything_that_is(tokens: list[str], index: int, m: Morphology) -> _Np:
    operands: list[Node | Const] = []
    is_conjunction = is_disjunction = False
    while index < len(tokens):
        if operands:
            step = connective(tokens, index, is_conjunction, is_disjunction)
            if step is None:
                return _NONE5
            index, has_comma, joined, is_conjunction, is_disjunction = step
            if not joined and not has_comma:
                break
        operand, new_index, _, _, _ = parse_np(tokens, index, m)
        if operand is None:
            adjp, adjp_index = parse_adjp(tokens, index, m)
            if adjp is None:
                return _NONE5
            index = adjp_index  # type: ignore[assignment]
            if isinstance(adjp, And):
                if is_disjunction:
                    return _NONE5
                is_conjunction = True
                operands.extend(adjp.operands)
            elif isinstance(adjp, Or):
                if is_conjunction:
                    return _NONE5
                is_disjunction = True
                operands.extend(adjp.operands)
            else:
                operands.append(adjp)
        else:
            index = new_index  # type: ignore[assignment]
            operands.append(operand)
    if len(operands) == 1:
        lf: Node | Const = operands[0]
    elif is_conjunction:
        lf = And(tuple(operands))  # type: ignore[arg-type]
    elif is_disjunction:
        lf = Or(tuple(operands))  # type: ignore[arg-type]
    else:
        return _NONE5
    return lf, index, False, False, True


def determined_everything(tokens: list[str], index: int) -> bool:
    """Whether the noun phrase at ``index`` is "everything that is …" (both originals)."""
    return tokens[index].lower() == "everything" and tokens[index + 1] == "that" and tokens[index + 2] == "is"


def connective(tokens: list[str], index: int, is_conjunction: bool, is_disjunction: bool
               ) -> tuple[int, bool, bool, bool, bool] | None:
    """The originals' step between two coordinated items: an optional ``,``, then ``and`` or ``or``.

    Returns the index after it, whether a comma and whether ``and``/``or`` was read, and the
    coordination so far (conjunction, disjunction); ``None`` where ``and`` and ``or`` would mix.

    >>> connective([",", "or", "a"], 0, False, False), connective(["and"], 0, False, True)
    ((2, True, True, False, True), None)
    """
    has_comma = False
    if tokens[index] == ",":
        index += 1
        has_comma = True
    if tokens[index] == "and":
        return None if is_disjunction else (index + 1, has_comma, True, True, is_disjunction)
    if tokens[index] == "or":
        return None if is_conjunction else (index + 1, has_comma, True, is_conjunction, True)
    return index, has_comma, False, is_conjunction, is_disjunction


def determiner(tokens: list[str], index: int) -> tuple[bool, bool, bool | None, int]:
    """The determiner of a noun phrase, as both originals read it.

    Returns ``(is_quantified, is_negated, det_is_plural, index after it)``: "each"/"every" quantify
    a singular, "all" a plural, "a"/"an" mark a singular, "no" negates; anything else is no determiner.
    """
    word = tokens[index].lower()
    if word in ("each", "every"):
        return True, False, False, index + 1
    if word == "all":
        return True, False, True, index + 1
    if word in ("a", "an"):
        return False, False, False, index + 1
    if word == "no":
        return False, True, None, index + 1
    return False, False, None, index


def parse_np(tokens: list[str], index: int, m: Morphology) -> _Np:
    """A noun phrase: ``(lf, index, is_plural, is_negated, is_quantified)``, all ``None`` if none."""
    if determined_everything(tokens, index):
        return _everything_that_is(tokens, index + 3, m)
    is_quantified, is_negated, det_is_plural, index = determiner(tokens, index)

    adjp_operands: list[Formula] = []
    lf, new_index, is_plural = parse_np_prime(tokens, index, m)
    if lf is None and index + 1 < len(tokens):
        # adjectives before the noun
        adjp, adjp_index = parse_adjp(tokens, index, m)
        if adjp is None or adjp_index >= len(tokens):  # type: ignore[operator]
            return _NONE5
        index = adjp_index  # type: ignore[assignment]
        adjp_operands.extend(adjp.operands if isinstance(adjp, And | Or) else (adjp,))
        lf, new_index, is_plural = parse_np_prime(tokens, index, m)
        if not isinstance(lf, Formula):
            return _NONE5
        index = new_index  # type: ignore[assignment]
        np_operands = lf.operands if isinstance(lf, And) else (lf,)
        if isinstance(adjp, Or):  # unreachable in practice: parse_adjp never builds a disjunction
            if isinstance(lf, And | Or):
                return _NONE5
            lf = Or((*adjp_operands, *np_operands))
        else:
            lf = And((*adjp_operands, *np_operands))
        result_index: int | None = index
    else:
        result_index = new_index
    if det_is_plural is not None and is_plural is not None and is_plural != det_is_plural:
        return _NONE5  # the determiner and the noun do not agree in number
    return lf, result_index, is_plural, is_negated, is_quantified


def parse_vp_arg(tokens: list[str], index: int, m: Morphology) -> list[tuple[Node, int, bool | None]]:
    """The predicate after the copula (NPs and ADJPs, coordinated): each reading with its end."""
    operands: list[Node] = []
    indices: list[int] = []
    plurals: list[bool | None] = []
    is_conjunction = is_disjunction = False
    is_plural: bool | None = None
    if tokens[index] == "either":
        is_disjunction = True
        index += 1
    elif tokens[index] == "both":
        is_conjunction = True
        index += 1
    while index < len(tokens):
        if operands:
            step = connective(tokens, index, is_conjunction, is_disjunction)
            if step is None:
                return []
            index, has_comma, joined, is_conjunction, is_disjunction = step
            if not joined and not has_comma:
                if not is_conjunction and not is_disjunction:
                    # the last comma was part of a higher-level coordination
                    if len(indices) == 1:
                        index, is_plural = indices[0], plurals[0]
                    else:
                        del operands[-1]
                        index, is_plural = indices[-2], plurals[-2]
                break
            if not joined and (is_conjunction or is_disjunction):
                index = indices[-1]
                break
        negated = tokens[index] == "not"
        if negated:
            index += 1
        operand, new_index, operand_is_plural, np_negated, np_quantified = parse_np(tokens, index, m)
        if isinstance(operand, Const):
            if operands:
                index = indices[-1]
            if len(operands) == 1:
                is_conjunction = is_disjunction = False
            break
        if operand is None or np_quantified or np_negated:
            adjp, adjp_index = parse_adjp(tokens, index, m)
            if adjp is None or (isinstance(adjp, And) and is_disjunction) or (isinstance(adjp, Or) and is_conjunction):
                if len(operands) > 1 and (is_conjunction or is_disjunction):
                    index = indices[-1]
                    break
                if operands:
                    return [(operands[0], indices[0], plurals[0])]
                return []
            index = adjp_index  # type: ignore[assignment]
            if isinstance(adjp, And | Or):
                # (the original pads the index list by the total operand count, not the added one)
                operands.extend(adjp.operands)
                indices.extend([-1] * (len(operands) - 1) + [index])
                plurals.extend([is_plural] * len(operands))
                if isinstance(adjp, And):
                    is_conjunction = True
                else:
                    is_disjunction = True
            else:
                operands.append(adjp)
                indices.append(index)
                plurals.append(is_plural)
        else:
            node: Node = Not(operand) if negated else operand  # type: ignore[arg-type]
            index = new_index  # type: ignore[assignment]
            if is_plural is None:
                is_plural = operand_is_plural
            elif is_plural != operand_is_plural:
                if operands:
                    return [(operands[0], indices[0], plurals[0])]
                return []
            operands.append(node)
            indices.append(index)
            plurals.append(is_plural)
    if len(operands) == 1 and not is_conjunction and not is_disjunction:
        return [(operands[0], index, is_plural)]
    if is_conjunction or is_disjunction:
        whole: Node = And(tuple(operands)) if is_conjunction else Or(tuple(operands))  # type: ignore[arg-type]
        if indices[0] == -1:
            return [(whole, index, is_plural)]
        return [(operands[0], indices[0], plurals[0]), (whole, index, is_plural)]
    return []
