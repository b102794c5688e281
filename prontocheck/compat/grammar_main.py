"""Sentence acceptance of the main-branch original (``syntax.py`` @ 0a6412b), emulated.

A hand-written recursive parser over tokens, reproduced decision for decision: which sentences
it accepts, the logical form it gives, when a sentence is ambiguous, and where it crashes (the
original indexes past the end of the token list on some inputs; those crashes are reproduced as
Python errors so that the caller can treat them as the original did: an error for the file, and
the sentence dropped). See original-prontoqa-analyzer.md §1 for the accepted forms.

>>> from prontocheck.compat.forms import to_tptp
>>> to_tptp(parse_sentence("Every wumpus is a yumpus and a dumpus".split()))
'![X1]:((wumpus(X1) => (yumpus(X1) & dumpus(X1))))'
>>> parse_sentence("So Fae is a wumpus".split()) is None
True
"""

from __future__ import annotations

from typing import TypeAlias

from prontocheck.compat.forms import Marker, Node, bounded, substitute
from prontocheck.compat.morphology import Morphology, morphology
from prontocheck.compat.phrases_main import parse_np, parse_vp_arg
from prontocheck.logic.formulas import And, Const, Exists, ForAll, Implies, Not, Or, X

Parse: TypeAlias = tuple[Node, int, bool]
"""One reading of a clause: its logical form, the index after it, and whether it was inverted."""


class AmbiguousParse(Exception):
    """The original's ``AmbiguousParseError``: more than one complete reading."""


def _wrap(kind: str, outputs: list[Parse]) -> list[Parse]:
    return [(Marker(kind, (lf,)), i, inv) for lf, i, inv in outputs]


def _prefixed(tokens: list[str], index: int, m: Morphology, complete: bool) -> list[Parse] | None:
    """The sentence-initial keywords (Assume, Since, However, ...); ``None`` if there is none."""
    n = len(tokens)
    word = tokens[index].lower()
    if word == "assume":
        return _wrap("ASSUME", parse_clause(tokens, index + 1, m, complete_sentence=complete))
    if word in ("since", "as"):
        outputs = parse_clause(tokens, index + 1, m)
        if len(outputs) == 1 and outputs[0][1] == n:
            outputs = parse_clause(tokens, index + 1, m, can_be_coordinated=False)
        results: list[Parse] = []
        for lf, new_index, invert in outputs:
            if new_index == n:
                continue
            if tokens[new_index] == ",":
                new_index += 1
            if new_index + 3 < n and tokens[new_index:new_index + 4] == ["the", "statement", "is", "proven"]:
                results.append((lf, new_index + 4, invert))
            else:
                for right, right_index, right_invert in parse_clause(tokens, new_index, m, complete_sentence=complete):
                    results.append((Marker("SINCE", (lf, right)), right_index, right_invert))
        return results
    if word in ("however", "therefore"):
        index += 1
        if index == n:
            return []
        if tokens[index] == ",":
            index += 1
        return _wrap(word.upper(), parse_clause(tokens, index, m, complete_sentence=complete))
    nxt = tokens[index + 1:index + 5]
    if index + 1 < n and word == "this" and nxt[:1] == ["proves"]:
        return _wrap("THEREFORE", parse_clause(tokens, index + 2, m, complete_sentence=complete))
    if index + 2 < n and word == "this" and nxt[:2] == ["contradicts", "with"]:
        return _wrap("CONTRADICTS", parse_clause(tokens, index + 3, m, complete_sentence=complete))
    if index + 4 < n and word == "this" and nxt == ["contradicts", "the", "fact", "that"]:
        return _wrap("CONTRADICTS", parse_clause(tokens, index + 5, m, complete_sentence=complete))
    if index + 3 < n and word == "this" and nxt[:3] == ["is", "a", "contradiction"]:
        return [(Marker("CONTRADICTS"), index + 4, False)]
    if word == "contradiction":
        return [(Marker("CONTRADICTS"), index + 1, False)]
    if index + 1 < n and word == "backtrack" and nxt[:1] == ["to"]:
        return _wrap("BACKTRACK", parse_clause(tokens, index + 2, m, complete_sentence=complete))
    if index + 1 < n and word == "try" and nxt[:1] == ["again"]:
        return [(Marker("START_OVER"), index + 2, False)]
    if [t.lower() for t in tokens[index:index + 6]] == ["according", "to", "the", "given", "information", ","]:
        return parse_clause(tokens, index + 6, m, complete_sentence=complete)
    return None


_Coordination: TypeAlias = tuple[list[Node], int, bool, bool]


def _coordinations(tokens: list[str], lf: Node, index: int, m: Morphology) -> tuple[list[_Coordination], int]:
    """Clause coordination (``φ and ψ``, ``φ, ψ, or χ``): a depth-first search over continuations.

    Returns the candidate operand lists with their end index and connective, and the index the
    search stopped at (the original falls back to it when nothing was found).
    """
    n = len(tokens)
    outputs: list[_Coordination] = []
    queue: list[tuple[list[Node], int, bool | None, bool, bool]] = [([lf], index, None, False, False)]
    old_index = index
    while queue:
        operands, index, has_commas, is_conjunction, is_disjunction = queue.pop()
        if index == n:
            outputs.append((operands, index, is_conjunction, is_disjunction))
            continue
        old_index = index
        if tokens[index] == ",":
            if has_commas is False:
                break
            has_commas = True
            index += 1
        else:
            if has_commas is True:
                break
            has_commas = False
        if tokens[index] == "and":
            if is_disjunction:
                break
            is_conjunction = True
            index += 1
        elif tokens[index] == "or":
            if is_conjunction:
                break
            is_disjunction = True
            index += 1
        elif not has_commas or is_conjunction or is_disjunction:
            break
        parses = parse_clause(tokens, index, m, can_be_coordinated=False)
        for other, other_index, _ in parses:
            queue.append(([*operands, other], other_index, has_commas, is_conjunction, is_disjunction))
        if not parses:
            outputs.append((operands, old_index, is_conjunction, is_disjunction))
    return outputs, old_index


def _since_suffix(tokens: list[str], lf: Node, index: int, m: Morphology, complete: bool) -> tuple[Node, int]:
    """``φ, so ψ`` / ``φ therefore ψ`` / ``ψ because φ`` after a clause."""
    if index + 2 >= len(tokens):
        return lf, index
    old_index = index
    if tokens[index] == ",":
        index += 1
    if tokens[index] in ("so", "therefore"):
        conclusion, new_index, _ = parse_singleton_clause(tokens, index + 1, m, complete_sentence=complete)
        if conclusion is None:
            return lf, old_index
        return Marker("SINCE", (lf, conclusion)), new_index  # type: ignore[return-value]
    if tokens[index] in ("because", "since", "as"):
        premise, new_index, _ = parse_singleton_clause(tokens, index + 1, m, complete_sentence=complete)
        if premise is None:
            return lf, old_index
        return Marker("SINCE", (premise, lf)), new_index  # type: ignore[return-value]
    return lf, old_index


@bounded
def parse_clause(
    tokens: list[str], index: int, m: Morphology, can_be_coordinated: bool = True, complete_sentence: bool = False
) -> list[Parse]:
    """Every reading of a clause starting at ``index`` (the original's ``parse_clause``)."""
    n = len(tokens)
    word = tokens[index].lower()
    if word in ("is", "are"):
        is_plural: bool | None = word == "are"
        invert = True
        index += 1
    else:
        prefixed = _prefixed(tokens, index, m, complete_sentence)
        if prefixed is not None:
            return prefixed
        is_plural, invert = None, False

    left, index_, np_is_plural, np_is_negated, is_quantified = parse_np(tokens, index, m)
    if left is None:
        return []
    index = index_  # type: ignore[assignment]
    if index == n:
        return []  # the clause is incomplete
    if is_plural is not None and is_plural != np_is_plural:
        return []  # number disagreement
    if not invert:
        if tokens[index] not in ("is", "are"):
            return []  # no main verb
        is_plural = tokens[index] == "are"
        index += 1
    negations = 0
    while tokens[index] == "not":
        negations += 1
        index += 1

    outputs: list[Parse] = []
    for right, index, vp_is_plural in parse_vp_arg(tokens, index, m):  # noqa: B020 - as the original
        if vp_is_plural is not None and vp_is_plural != is_plural:
            continue  # number disagreement
        if isinstance(left, Const):
            if is_plural:
                continue
            lf = substitute(right, X, left)
            for _ in range(negations):
                lf = Not(lf)  # type: ignore[arg-type]
        elif is_quantified or np_is_plural is True or np_is_plural is None:
            if np_is_negated:
                rest = right.operands if isinstance(right, And) else (right,)
                lf = Not(Exists(X.name, And((left, *rest))))  # type: ignore[arg-type]
            else:
                for _ in range(negations):
                    right = Not(right)  # type: ignore[arg-type]
                lf = ForAll(X.name, Implies(left, right))  # type: ignore[arg-type]
        else:
            continue  # outside the grammar
        if not can_be_coordinated:
            readings = [(lf, index)]
        else:
            readings = []
            candidates, stop = _coordinations(tokens, lf, index, m)
            if not candidates:
                candidates = [([lf], stop, False, False)]
            for operands, end, is_conjunction, is_disjunction in candidates:
                second = operands[1] if len(operands) == 2 else None
                if len(operands) == 1:
                    new_lf = operands[0]
                elif not is_disjunction and isinstance(second, Marker) and second.kind == "THEREFORE":
                    new_lf = Marker("SINCE", (operands[0], second.args[0]))
                elif is_conjunction:
                    new_lf = And(tuple(operands))  # type: ignore[arg-type]
                elif is_disjunction:
                    new_lf = Or(tuple(operands))  # type: ignore[arg-type]
                else:
                    end, new_lf = index, lf
                readings.append(_since_suffix(tokens, new_lf, end, m, complete_sentence))
        outputs.extend((r, i, invert) for r, i in readings if not (complete_sentence and i != n))

    if len(outputs) > 1:
        complete = [o for o in outputs if o[1] == n]
        if len(complete) == 1:
            return complete
        if not can_be_coordinated:
            unverbed = [o for o in outputs if o[1] < n and tokens[o[1]] not in ("is", "are")]
            if len(unverbed) == 1:
                return unverbed
    return outputs


def parse_singleton_clause(
    tokens: list[str], index: int, m: Morphology, can_be_coordinated: bool = True, complete_sentence: bool = False
) -> tuple[Node | None, int | None, bool | None]:
    """The one reading of a clause; ``(None, None, None)`` if there is none.

    Raises:
        AmbiguousParse: there are several.
    """
    outputs = parse_clause(tokens, index, m, can_be_coordinated, complete_sentence)
    if not outputs:
        return None, None, None
    if len(outputs) != 1:
        raise AmbiguousParse(f"{' '.join(tokens[index:])!r} has {len(outputs)} readings")
    return outputs[0]


def parse_sentence(tokens: list[str], m: Morphology | None = None) -> Node | None:
    """The logical form of one sentence (tokens without the final ``.``), or ``None``.

    Like the original, an inverted sentence (``Is Fae a wumpus``) is rejected, and the whole
    sentence must be consumed.

    Raises:
        AmbiguousParse: several complete readings.
        IndexError: the original indexes past the end of the tokens here (e.g. an empty sentence).
    """
    m = morphology("main") if m is None else m
    readings = [lf for lf, i, invert in parse_clause(tokens, 0, m, complete_sentence=True)
                if not invert and i == len(tokens)]
    if not readings:
        return None
    if len(readings) != 1:
        raise AmbiguousParse(f"{' '.join(tokens)!r} has {len(readings)} readings")
    return readings[0]
