"""Reading EWoK-style declarative sentences into :class:`~prontocheck.relations.grammar.Surface` records.

The structure (a framing prefix, an attitude verb's "that" clause, an existential "There is …") is
parsed by ``grammars/clauses.lark``; the words of each clause are then chunked with the clause lexicon
(``ontologies/relations/clauses.json``): a listed word (a verb, a preposition, an adjective, a relational
noun, or a multi-word phrase) goes into the *frame*, in its lemma; any other word is the head of a noun
phrase (a name, "the wheel", a bare "chess"), and becomes an argument. The frame's lemmas joined by
``_`` are the surface form, which a relation schema maps to a relation (its ``forms``), so a relation is
only ever named by lexicon words: a clause is never folded into an entity or predicate name.

>>> read_clause("Dana is looking at the wheel.")  # doctest: +NORMALIZE_WHITESPACE
Surface(form='look_at', args=('dana', 'wheel'), comparative=(), negated=False, category=None, clause=None,
        restriction=None)
>>> s = read_clause("Dana sees that the wheel is not in the shop.")
>>> s.form, s.args, s.clause.form, s.clause.args, s.clause.negated
('see_that', ('dana',), 'in', ('wheel', 'shop'), True)
>>> read_clause("There is more toothpaste than gel.").comparative
('more', 'amount')
>>> s = read_clause("Dana sees something that is fabric.")
>>> s.form, s.args, s.restriction.form, s.restriction.args
('see', ('dana', 'something'), 'fabric', ('something',))
>>> read_clause("Dana sees the wheel inside the box with the cup and a spoon rolls.")  # doctest: +ELLIPSIS
Traceback (most recent call last):
prontocheck.errors.UnparseableSentence: ...two noun phrases in a row...
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from lark import Token, Transformer, v_args

from prontocheck._resources import read_text
from prontocheck.errors import UnparseableSentence
from prontocheck.relations.grammar import Surface, constant_name
from prontocheck.syntax.frontend import Grammar, RejectedSentence, parse


@dataclass(frozen=True, slots=True)
class ClauseLexicon:
    """The closed-class words and frame words of EWoK clauses (``ontologies/relations/clauses.json``).

    Attributes:
        determiners: words that open a noun phrase ("the").
        pronouns: noun phrases of one word ("it", "something").
        copulas: forms of "be", dropped from the frame.
        dropped: auxiliaries dropped from the frame ("does").
        negations: words that negate the clause ("not").
        contractions: a word and what it stands for ("doesn't" → "does not").
        prefixes: framing prefixes read as no change to the clause ("then", "in the store").
        numbers: number words; part of a clause's frame, dropped only in an existential comparative ("two fewer").
        phrases: multi-word phrases and the one frame word each stands for ("to the left of" → ``left_of``).
        lemmas: each frame word's form with its lemma ("sees" → "see", "see" → "see").
        relativisable: pronouns a relative clause may restrict ("something" in "something that is fabric").
        subordinators: words that open a subordinate clause before the main one ("if", "when").
        elliptical: relation words whose object a coordinated second clause may leave out, to be the first
            clause's ("X is above Dana, and Y is below": below Dana).
    """

    determiners: frozenset[str]
    pronouns: frozenset[str]
    copulas: frozenset[str]
    dropped: frozenset[str]
    negations: frozenset[str]
    contractions: Mapping[str, tuple[str, ...]]
    prefixes: frozenset[tuple[str, ...]]
    numbers: frozenset[str]
    phrases: Mapping[tuple[str, ...], str]
    lemmas: Mapping[str, str]
    relativisable: frozenset[str] = frozenset()
    subordinators: frozenset[str] = frozenset()
    elliptical: frozenset[str] = frozenset()

    @classmethod
    def from_document(cls, doc: Mapping[str, object]) -> ClauseLexicon:
        """Build from the JSON document of ``clauses.json``.

        >>> lex = ClauseLexicon.from_document({"words": {"see": ["sees"]}, "phrases": {"next to": "near"}})
        >>> lex.lemmas["sees"], lex.phrases[("next", "to")]
        ('see', 'near')
        """
        def words(key: str) -> frozenset[str]:
            return frozenset(str(w).lower() for w in doc.get(key, ()))  # type: ignore[attr-defined]

        lemmas: dict[str, str] = {}
        for lemma, forms in dict(doc.get("words", {})).items():  # type: ignore[call-overload]
            for form in (lemma, *forms):
                lemmas[form.lower()] = lemma.lower()
        phrases = {tuple(k.lower().split()): v for k, v in dict(doc.get("phrases", {})).items()}  # type: ignore[call-overload]
        contractions = {k.lower(): tuple(v.lower().split())
                        for k, v in dict(doc.get("contractions", {})).items()}  # type: ignore[call-overload]
        prefixes = frozenset(tuple(p.lower().split()) for p in doc.get("prefixes", ()))  # type: ignore[attr-defined]
        return cls(words("determiners"), words("pronouns"), words("copulas"), words("dropped"), words("negations"),
                   contractions, prefixes, words("numbers"), phrases, lemmas, words("relativisable"),
                   words("subordinators"), words("elliptical"))

    @property
    def function_words(self) -> frozenset[str]:
        """Words that never head a noun phrase: determiners, copulas, auxiliaries, negations, conjunctions.

        >>> {"the", "is", "not", "than"} <= clause_lexicon().function_words
        True
        """
        return self.determiners | self.copulas | self.dropped | self.negations | {"than", "that", "and", "or", "but"}

    def known(self, word: str) -> bool:
        """Whether ``word`` is a lexicon word (never a noun unless a determiner precedes it).

        >>> clause_lexicon().known("sees"), clause_lexicon().known("wheel")
        (True, False)
        """
        return word in self.lemmas or word in self.copulas or word in self.dropped or word in self.negations


@cache
def clause_lexicon() -> ClauseLexicon:
    """The shipped clause lexicon.

    >>> clause_lexicon().lemmas["looking"]
    'look'
    """
    return ClauseLexicon.from_document(json.loads(read_text("ontologies", "relations/clauses.json")))


@dataclass(frozen=True, slots=True)
class _Word:
    text: str
    pos: int


def _words(tokens: Sequence[Token], lexicon: ClauseLexicon) -> list[_Word]:
    """Lower-cased words with contractions expanded; a possessive "Dana's" becomes "dana" and "'s"."""
    out: list[_Word] = []
    for t in tokens:
        pos = t.start_pos or 0
        w = str(t).replace("’", "'")
        low = w.lower()
        if low in lexicon.contractions:
            out.extend(_Word(x, pos) for x in lexicon.contractions[low])
        elif low.endswith("'s") and len(low) > 2:
            out.extend((_Word(w[:-2], pos), _Word("'s", pos)))
        elif low.endswith("n't"):
            out.extend((_Word(low[:-3], pos), _Word("n't", pos)))
        else:
            out.append(_Word(w, pos))
    return out


def _phrase_at(words: Sequence[_Word], i: int, lexicon: ClauseLexicon) -> tuple[str, int] | None:
    """The longest lexicon phrase starting at ``words[i]``: its frame word and its length."""
    best = None
    for phrase, frame in lexicon.phrases.items():
        n = len(phrase)
        if n > (best[1] if best else 0) and tuple(w.text.lower() for w in words[i:i + n]) == phrase:
            best = (frame, n)
    return best


@dataclass(frozen=True, slots=True)
class _Chunked:
    frame: tuple[str, ...]
    args: tuple[str, ...]
    negated: bool
    surface_words: tuple[str, ...]


def _chunk(words: Sequence[_Word], lexicon: ClauseLexicon, start: int) -> _Chunked:
    """Split a clause's words into the frame (lemmas) and the noun phrases (arguments)."""
    frame: list[str] = []
    surface: list[str] = []
    args: list[str] = []
    negated = False
    last_np = False
    coordinated = ""  # the coordinator ("but") met after the verb, if any
    i = 0
    while i < len(words):
        w = words[i]
        low = w.text.lower()
        found = _phrase_at(words, i, lexicon)
        if found is not None:
            frame.append(found[0])
            surface.append(found[0])
            i += found[1]
            last_np = False
            continue
        if low in lexicon.determiners:
            if i + 1 >= len(words):
                raise RejectedSentence(f"the sentence ends after {w.text!r}", w.pos + start)
            np = words[i + 1].text
            if np.lower() in lexicon.function_words:
                raise RejectedSentence(f"expected a noun after {w.text!r}, got {np!r}", words[i + 1].pos + start)
            i += 2
        elif low == "'s":
            # "Dana's eyes": the possessor is an argument, the possessed noun a frame word.
            if not last_np or i + 1 >= len(words):
                raise RejectedSentence("a possessive without its possessor or its noun", w.pos + start)
            noun = words[i + 1].text.lower()
            frame.append(lexicon.lemmas.get(noun, noun))
            surface.append(noun)
            i += 2
            last_np = False
            continue
        elif low in lexicon.negations or low in lexicon.copulas or low in lexicon.dropped:
            if coordinated:
                # "Dana is on the ground but the truck is not": a second clause, whose negation is its own
                raise RejectedSentence(f"a second clause after {coordinated!r} ({w.text!r}) is not read",
                                       w.pos + start)
            if low in lexicon.negations:
                negated = not negated
            else:
                last_np = False
            i += 1
            continue
        elif low in lexicon.lemmas:
            if frame and low in _COORDINATORS and frame[-1] != "between":  # "between A and B" is one phrase
                coordinated = low
            frame.append(lexicon.lemmas[low])
            surface.append(low)
            i += 1
            last_np = False
            continue
        elif low in lexicon.numbers or low.isdigit():
            # a number is part of the frame ("35 years older" is not "5 years older"): never dropped here
            frame.append(low)
            surface.append(low)
            i += 1
            last_np = False
            continue
        else:
            np = w.text
            i += 1
        if last_np:
            raise RejectedSentence(f"two noun phrases in a row ({args[-1]!r}, {np.lower()!r}): "
                                   "a word outside the clause lexicon", w.pos + start)
        args.append(constant_name([np]))
        last_np = True
    if not frame:
        raise RejectedSentence("no verb, adjective or relation word in the clause",
                               words[0].pos + start if words else 0)
    return _Chunked(tuple(frame), tuple(args), negated, tuple(surface))


_COMPARATIVE_HEADS = ("more", "less", "fewer")
_COORDINATORS = ("and", "but", "or")


def _surface(chunked: _Chunked, lexicon: ClauseLexicon) -> Surface:
    frame, args = chunked.frame, chunked.args
    words = chunked.surface_words
    # "X is bigger than Y" / "X is more shiny than Y": the comparative form of the relations schema.
    if len(args) == 2 and frame[-1] == "than" and (len(frame) == 2 or (len(frame) == 3 and frame[0] in
                                                                       _COMPARATIVE_HEADS)):
        return Surface("comparative", args, words[:-1], chunked.negated)
    return Surface("_".join(frame), args, negated=chunked.negated)


def _existential(words: Sequence[_Word], lexicon: ClauseLexicon, start: int) -> Surface:
    """Read "There is more X than Y" as ``("more", "amount")`` of X over Y, and "There are fewer X in A than in B"
    as ``("less", "x")`` of A over B.
    """
    texts = [w.text.lower() for w in words]
    if "than" not in texts:
        # "There are many staplers.", "There is not enough toothpaste.": a quantity of one noun
        chunked = _chunk(words, lexicon, start)
        if len(chunked.args) != 1 and not (len(chunked.args) == 2 and _related(words, lexicon)):
            raise RejectedSentence("an existential sentence without 'than' names one noun, or two that a relation "
                                   "word joins ('relative to', 'between')", words[0].pos + start)
        return Surface("_".join(("there", *chunked.frame)), chunked.args, negated=chunked.negated)
    cut = texts.index("than")
    left = [w for w in texts[:cut] if w not in lexicon.numbers]
    right = texts[cut + 1:]
    if not left or left[0] not in _COMPARATIVE_HEADS:
        raise RejectedSentence("expected 'more', 'less' or 'fewer' after 'there is'", words[0].pos + start)
    head = "more" if left[0] == "more" else "less"
    rest = left[1:]
    places = [i for i, w in enumerate(rest) if w in ("in", "at", "on")]
    if places and right[:1] == [rest[places[0]]]:
        # "fewer staplers in the zoo than in the shop": the stuff counted is the dimension, the places compared
        stuff, compared = [rest[:places[0]]], (rest[places[0] + 1:], right[1:])
    else:
        stuff, compared = [], (rest, right)
    nouns = []
    for part in (*stuff, *compared):
        # one noun, after at most one determiner ("the zoo", "gel"): anything else is no noun phrase of the fragment
        determined = len(part) == 2 and part[0] in lexicon.determiners  # after "the", a lexicon word is a noun too
        noun = part[1:] if determined else part
        if len(noun) != 1 or noun[0] in lexicon.function_words or (lexicon.known(noun[0]) and not determined):
            raise RejectedSentence(f"expected one noun, got {' '.join(part) or 'nothing'!r}", words[0].pos + start)
        nouns.append(constant_name(noun))
    dimension = nouns.pop(0) if stuff else "amount"
    return Surface("comparative", (nouns[0], nouns[1]), (head, dimension))


def _related(words: Sequence[_Word], lexicon: ClauseLexicon) -> bool:
    """Whether a lexicon word other than a coordinator stands after the first noun phrase of an existential
    sentence: "There are many cups relative to plates", "There is little room between the cup and the box" name
    two nouns that a relation joins; "There are many cups and plates" names a conjunction of nouns.
    """
    texts = [w.text.lower() for w in words]
    first = next((i for i, w in enumerate(texts) if not (lexicon.known(w) or w in lexicon.function_words
                                                          or w in lexicon.numbers)), None)
    if first is None:
        return False
    return "between" in texts[:first] or any(lexicon.known(w) and w not in _COORDINATORS for w in texts[first + 1:])


@v_args(inline=True)
class _ClauseTransformer(Transformer[Token, object]):
    """Chunk each clause with the shipped clause lexicon."""

    def words(self, *tokens: Token) -> list[Token]:
        return list(tokens)

    def simple(self, tokens: list[Token]) -> Surface:
        lexicon = clause_lexicon()
        return _surface(_chunk(_words(tokens, lexicon), lexicon, 0), lexicon)

    def attitude(self, tokens: list[Token], clause: Surface) -> Surface:
        lexicon = clause_lexicon()
        chunked = _chunk(_words(tokens, lexicon), lexicon, 0)
        if chunked.args and chunked.args[-1] in lexicon.relativisable and not clause.args and clause.clause is None:
            # "Dana sees something that is fabric": a relative clause restricting "something".
            main = _surface(chunked, lexicon)
            restriction = Surface(clause.form, (chunked.args[-1],), clause.comparative, clause.negated)
            return Surface(main.form, main.args, main.comparative, main.negated, restriction=restriction)
        if len(chunked.args) != 1 or chunked.args[0] in lexicon.pronouns:
            raise RejectedSentence("'that' must follow a subject and an attitude verb ('Dana sees that …')",
                                   tokens[-1].end_pos)
        return Surface("_".join((*chunked.frame, "that")), chunked.args, negated=chunked.negated, clause=clause)

    def existential(self, _kw: Token, tokens: list[Token]) -> Surface:
        lexicon = clause_lexicon()
        return _existential(_words(tokens, lexicon), lexicon, 0)

    def text(self, *parts: list[Token] | Surface) -> Surface:
        *prefix, clause = parts
        assert isinstance(clause, Surface)
        if not prefix:
            return clause
        tokens = prefix[0]
        assert isinstance(tokens, list)
        lexicon = clause_lexicon()
        words = tuple(str(t).lower() for t in tokens)
        if words in lexicon.prefixes:
            return clause
        if words[0] in lexicon.subordinators and len(words) > 1:
            return _subordinated(words[0], tokens[1:], clause, lexicon)
        raise RejectedSentence(f"the clause prefix {' '.join(map(str, tokens))!r} is not read "
                               "(only framing words such as 'Then,' and 'If/When …,' clauses are)", tokens[0].start_pos)


def _subordinated(subordinator: str, tokens: Sequence[Token], clause: Surface, lexicon: ClauseLexicon) -> Surface:
    """Read "If Dana moves the bus, the box will move too." as one construction over both clauses.

    The form is ``if_move_then_will_move_too``; the arguments are the condition's, then the main clause's.
    """
    if clause.clause is not None or clause.restriction is not None or clause.comparative:
        raise RejectedSentence(f"a clause under {subordinator!r} must be a plain statement", tokens[0].start_pos)
    condition = _surface(_chunk(_words(tokens, lexicon), lexicon, 0), lexicon)
    if condition.comparative:
        raise RejectedSentence(f"a comparison under {subordinator!r} is not read", tokens[0].start_pos)
    negations = ("not_" if condition.negated else "", "not_" if clause.negated else "")
    form = f"{subordinator}_{negations[0]}{condition.form}_then_{negations[1]}{clause.form}"
    return Surface(form, (*condition.args, *clause.args))


CLAUSES = Grammar("clauses", {"text": _ClauseTransformer})
"""``grammars/clauses.lark`` with its clause chunker."""


def read_clause(text: str) -> Surface:
    """Read one EWoK-style sentence into a :class:`Surface` (its form is the frame of lexicon lemmas).

    Raises:
        UnparseableSentence: the sentence is outside the fragment (with the reason and position).

    >>> s = read_clause("Dana's eyes are not open.")
    >>> s.form, s.args, s.negated
    ('eyes_open', ('dana',), True)
    """
    result = parse(CLAUSES, text.strip(), "text")
    assert isinstance(result, Surface)
    return result


def _second_subject(words: Sequence[str], lexicon: ClauseLexicon) -> int:
    """The length of the noun phrase that opens ``words`` when a copula or auxiliary follows it (a clause's
    subject: "the truck is …", "Robin does …"); 0 when ``words`` do not open a clause so.
    """
    n = 2 if words and words[0] in lexicon.determiners else 1
    if len(words) <= n or (n == 1 and lexicon.known(words[0])) or words[n - 1] in lexicon.function_words:
        return 0
    verb = lexicon.contractions.get(words[n], (words[n],))[0]
    return n if verb in lexicon.copulas or verb in lexicon.dropped else 0


def read_sentence(text: str) -> tuple[Surface, ...]:
    """Read a sentence of one clause, or of two coordinated ones: "X is P but Y is not" (the second clause's
    predicate is the first's, its polarity its own), "X is moving, and Y is stationary" (two full clauses).

    The coordinator is "but" (not "but not", which is one phrase: "reached for X but not Y") or ", and"; the
    second clause must open with a subject and a copula or auxiliary. The elided predicate is only copied from
    a plain first clause (no attitude, comparison, relative or subordinate clause; a framing prefix such as
    "Then," is allowed), whose first argument is its subject. Anything else is read (or rejected) by
    :func:`read_clause` as one clause.

    >>> [(s.form, s.args, s.negated) for s in read_sentence("Dana is on the ground but the truck is not.")]
    [('on', ('dana', 'ground'), False), ('on', ('truck', 'ground'), True)]
    >>> [(s.form, s.args, s.negated) for s in read_sentence("The candle is moving, and the ball is stationary.")]
    [('move', ('candle',), False), ('stationary', ('ball',), False)]
    >>> [s.form for s in read_sentence("Dana reached for the cup but not the box.")]
    ['reach_for_but_not']
    """
    lexicon = clause_lexicon()
    raw = text.strip().rstrip(".").split()
    low = [w.lower().replace("’", "'") for w in raw]
    for i, word in enumerate(low):
        coordinator = word == "but" or (word == "and" and i > 0 and raw[i - 1].endswith(","))
        if word == "but" and i + 2 < len(low) and low[i + 1] == "not" and _second_subject(low[i + 2:], lexicon):
            # "Dana is behind the wheel but not Maria is": not the phrase "but not" ("… for the cup but not the
            # box"), and not a clause of its own either (its negation stands before its subject)
            raise UnparseableSentence(text.strip(), "'but not' before a subject and a verb is outside the fragment",
                                      pos=len(" ".join(raw[:i])) + 1)
        if not coordinator or i == 0 or i + 1 >= len(low) or low[i + 1] == "not":
            continue
        right = low[i + 1:]
        n = _second_subject(right, lexicon)
        if not n:
            continue
        left_text = " ".join(raw[:i]).rstrip(",")
        rest = right[n + 1:]
        expanded = lexicon.contractions.get(right[n], (right[n],))[1:]
        if all(w in lexicon.negations for w in (*expanded, *rest)):
            # "… but the truck is not": the first clause's predicate, with the second subject
            left = _part(text, left_text, 0)
            prefix = tuple(left_text.lower().split(",")[0].split()) if "," in left_text else None
            main = left_text.split(",", 1)[-1].split()
            subject = main[1 if main[0].lower() in lexicon.determiners and len(main) > 1 else 0]
            plain = (left.clause is None and left.restriction is None and not left.comparative
                     and (prefix is None or prefix in lexicon.prefixes))  # "Then, …" frames; "If …," does not
            if not plain or not left.args or left.args[0] != constant_name([subject]):
                raise UnparseableSentence(text, f"an elided predicate after {word!r} is only read after a plain "
                                          "clause", pos=len(" ".join(raw[:i])))
            negated = bool(len((*expanded, *rest)) % 2)
            subject2 = [w.rstrip(",;:") for w in raw[i + 1:i + 1 + n]]  # "… but Maria, is.": not "maria,"
            return left, Surface(left.form, (constant_name(subject2), *left.args[1:]), negated=negated)
        left = _part(text, left_text, 0)
        return left, _elided_object(left, _part(text, " ".join(raw[i + 1:]), len(" ".join(raw[:i + 1])) + 1), lexicon)
    return (read_clause(text),)


def _elided_object(left: Surface, right: Surface, lexicon: ClauseLexicon) -> Surface:
    """The second clause of "X is in front of Dana, and Y is behind" with its left-out object, the first clause's
    object ("behind Dana"); only for a relation word of the lexicon's ``elliptical`` list, after a first clause of
    a subject and an object. Any other clause is as read.

    >>> [(s.form, s.args) for s in read_sentence("The lamp is in front of Dana, and the rug is behind.")]
    [('in_front_of', ('lamp', 'dana')), ('behind', ('rug', 'dana'))]
    """
    plain = all(s.clause is None and s.restriction is None and not s.comparative for s in (left, right))
    if plain and right.form in lexicon.elliptical and len(right.args) == 1 and len(left.args) == 2:
        return Surface(right.form, (right.args[0], left.args[1]), negated=right.negated)
    return right


def _part(text: str, part: str, offset: int) -> Surface:
    """Read one clause of a coordinated sentence; an error quotes the whole sentence, at its position there."""
    try:
        return read_clause(part)
    except UnparseableSentence as e:
        raise UnparseableSentence(text.strip(), e.reason, pos=None if e.pos is None else e.pos + offset) from e
