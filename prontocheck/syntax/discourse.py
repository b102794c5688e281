r"""Reading sentences as chat and reasoning models write them: clauses, lead-ins, hedges and remarks.

A sentence the grammar does not take whole is cut into clauses at its connectives ("since", "because",
", so", ", which means", ", and" before a new clause, ", but", "→"), and each clause is read on its own:

- an *assertive lead-in* is read off and the clause is a statement ("We know that …", "The context says …",
  "Statement 9 says \"…\"", "From 7: …", "It follows that …", "This means …");
- a *remark* is commentary, never a step: questions, plans and self-talk ("Let me check …", "We need to
  determine if …"), what cannot be concluded ("we cannot conclude that …"), relevance ("… does not affect
  …", "irrelevant"), what the context does not say ("not mentioned as …");
- a *hypothetical* ("If Sam were …", "Suppose …", "… would be …") is neither step nor remark (``Suppose``
  and ``Assuming`` open an assumption in the OOD calculus, as ``Assume`` does);
- a conditional about one individual is read as the rule it instantiates ("So if Fae is a yumpus, then
  Fae is a tumpus" is ∀x(yumpus(x) → tumpus(x)));
- hedges are read off ("also", "indeed", "classified as", "known to be", "a type of", "must be",
  "cannot be" = "is not"), never glued into a predicate;
- constructions are read into plain statements: appositives ("Sally, being a numpus, is a wumpus"),
  relative clauses on a concept ("Alex is a numpus (which is a type of tumpus)" also states the rule),
  "X is A, not B", "X is A and therefore B", "X are A and are B", "…, and they are also …", lists of
  rules with the verb left out ("vumpuses are orange, zumpuses are dull, numpuses opaque"), arrow chains
  ("Sally is an impus → vumpus → dumpus": the rule and the fact at each arrow), a conclusion in
  brackets ("Dumpuses are rompuses (so Max is a rompus)"), "…, which makes her a mammal", a list of
  predicates after one verb, "has the property of being", neither/nor, "not only … but also", "X is A, not B
  or C", a colon or spaced dash between two clauses, a restatement in notation after a colon, cited premises
  ("The last statement says …", '"…" is there too', '"A" means B'), a Markdown table row (``¦`` between its
  cells), and the OOD calculus's "Suppose X were …", "would be" under an assumption, "If X: …" cases and
  contradiction phrasings.

What is left is unparseable when it mentions the problem's vocabulary (with the grammar's reason), and
commentary when it does not. Nothing here guesses: a clause is a step only when the grammar reads it
whole and every word fits the problem's vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from prontocheck.common import patterns as rx
from prontocheck.errors import UnparseableSentence
from prontocheck.logic.formulas import (
    And,
    ForAll,
    Formula,
    Implies,
    Not,
    Or,
    X,
    and_,
    constants_of,
    replace_term,
    rule,
)
from prontocheck.syntax.answers import SELF_CORRECTION, Answer, AnswerContext, answer_of
from prontocheck.syntax.english import article
from prontocheck.syntax.forms import ASSUME, CONTRADICTION, STATEMENT, ProofLine, proof_lines
from prontocheck.syntax.morphology import plural
from prontocheck.syntax.segment import CELL
from prontocheck.syntax.sentences import parse_sentence
from prontocheck.syntax.vocabulary import PRONOUNS, Unread, Vocabulary, one_edit


class PartKind(StrEnum):
    """What a clause of a sentence is."""

    STEP = "step"
    COMMENTARY = "commentary"
    HYPOTHETICAL = "hypothetical"
    ANSWER = "answer"
    UNPARSEABLE = "unparseable"


class Part(NamedTuple):
    """One clause of a sentence, read (a named tuple: sentences have several, made on the hot path).

    Attributes:
        kind: step, commentary, hypothetical, answer or unparseable.
        text: the clause as read (lead-ins and hedges removed for steps).
        lines: the proof lines a step makes.
        reason: why a clause is not a step (a remark's kind, or where reading stopped).
        answer: the answer an answer clause states.
    """

    kind: PartKind
    text: str
    lines: tuple[ProofLine, ...] = ()
    reason: str | None = None
    answer: Answer | None = None


@dataclass(frozen=True, eq=False)
class Context:
    """What clauses are read against: the problem's vocabulary, its answers, and its calculus.

    Attributes:
        vocabulary: the problem's individuals, concepts and properties.
        answers: the options and the query's statement, for answer clauses.
        assumptions: "Suppose φ" and "Assuming φ" open an assumption (the OOD calculus); otherwise they
            are hypothetical.
        axioms: the context's formulas: a rule with a conjunctive consequent that is not one of them is read
            as one rule per conjunct ("Vumpuses are liquid and dumpuses" restates two rules).
        literal_facts: the problem's context and gold have no conjunction or disjunction (the v1 calculus), so
            a conjunction of facts is read as its facts, in order ("Fae is a grimpus, a jelpus and a timpus").
    """

    vocabulary: Vocabulary
    answers: AnswerContext
    assumptions: bool = False
    axioms: frozenset[Formula] = frozenset()
    literal_facts: bool = False


# -- words and patterns ------------------------------------------------------------------------------

_W = r"[A-Za-z0-9][\w'\-]*"
_SP = r"(?:(?<!\s)\s*+|(?<=\s)(?!\s))"
"""White space before a word, taken whole from where it starts: a search never starts inside a run of spaces (each
start there would scan the rest of the run: quadratic time on long runs)."""
_VERB = (
    r"(?:(?:never|also|not)\s+)?(?:is|are|was|were|isn't|aren't|must|can|cannot|can't|could|would|should|will|does|do|did"
    r"|doesn't|don't|means|follows|implies|shows|appears|applies|matters|says|states|mentions|comes|needs|seems|'s"
    r"|has|have|indicates|suggests|tells|makes|gives|leads|goes|belongs|falls|counts|qualifies|establishes|specifies"
    r"|confirms|places|puts|connects|links|ties|holds|takes)"
)
_NOT_SUBJECT = r"(?!(?:therefore|thus|hence|so|also|then|and|but|or|not|being|which|who|that|ultimately|finally)\b)"
_CLAUSE_START = (
    r"(?=\s*(?:(?:also|then|thus|therefore|hence|so|now|further|moreover|in\s+turn|consequently|clearly|indeed"
    r"|again|still|here|instead|however|actually|further\s+up(?:\s+the\s+chain)?),?\s+)?"
    r"(?:(?:by|from|per|using)\s+(?:statement|rule|premise|fact)s?\s*#?\s*\d{1,3}(?:-\d{1,3})?\s*,?\s+)?"
    r"(?:(?:every|each|all|no|any|the|a|an|some|since|if)\s+)?" + _NOT_SUBJECT + _W + r"(?:\s+" + _NOT_SUBJECT + _W
    + r"){0,2}?"
    r"(?:,\s*(?:being|as|who\s+(?:is|are))\s+[^,]{1,80},)?\s+" + _VERB + r"\b|\s*Q{6,}"
    r"|\s*(?:we|i|it|this|that|there|let|let's|(?:she|he|it|they)(?='s|'re)|maybe|perhaps)\b"
    r"|\s*(?:following|using|applying)\s+the\s+(?:rules?|chain)\b|\s*(?:nothing|none)\b)"
)
_SO_WORDS = (r"(?:so|therefore|thus|hence|consequently|which\s+means|which\s+implies|which\s+shows|which\s+tells\s+us"
              r"|meaning|this\s+means|it\s+follows|making\s+it\s+clear)")
"""The words that open a conclusion ("so", "which means"), in a cut of :data:`_CONNECTIVE` and at a clause's start."""
_CONNECTIVE = rx.compile(
    r"(?P<but>,?" + _SP + r"\b(?:but|while|whereas|although|though|yet|however)\b,?\s*+" + _CLAUSE_START + ")"
    r"|(?P<so>(?:,\s*+|(?<!\s)\s++)(?:and\s+)?" + _SO_WORDS + r"(?:\s+that)?\b,?\s*+" + _CLAUSE_START + ")"
    r"|(?P<since>(?:,\s*+|(?<!\s)\s++)(?:and\s+)?(?:because|since|given\s+that)\b\s*+" + _CLAUSE_START
    + r"|,\s*+as\b\s*+" + _CLAUSE_START + ")"
    r"|(?P<and>,?" + _SP + r"\band\b,?\s*+" + _CLAUSE_START + ")"
    r"|(?P<which>(?:,\s*+(?:which|who)|(?<!\s)\s++which)\s+(?:(?:in\s+turn|also|then|thus|therefore|itself"
    r"|themselves)\s+)?(?:is|are|falls?\s+under|belongs?\s+to)\b(?![^,]{1,80},\s*(?:is|are|must|cannot|can't)\b)"
    r"|,?" + _SP + r"(?:which|that)\s+includes?\b)"
    r"|(?P<remark>(?:,\s*+|(?<!\s)\s++)(?:which|and\s+this|and\s+that)\s+(?:\w+ly\s+)?(?:applies|corroborates|agrees|matches"
    r"|confirms|supports|fits|aligns|contradicts|is\s+consistent|is\s+in\s+line)\b|(?<!\s)\s++-++\s*+(?=(?:again\s+)?"
    r"contradict)|,\s*+(?:so|and|but|which\s+means)\s++(?=[^,.;]{0,80}?\b(?:does|do|did)(?:n't|\s++not)\s+(?:apply"
    r"|matter|affect|concern)\b))"
    r"|(?P<makes>(?:,\s*+|(?<!\s)\s++)(?:(?:and\s+)?(?:which|this|that)\s+(?:in\s+turn\s+|also\s+|then\s+|therefore\s+"
    r"|thus\s+|ultimately\s+|eventually\s+|finally\s+)?"
    r"(?:makes|made|would\s+make|places|puts)|making|thus\s+making)\s++(?=" + _W + r"\s))"
    r"|(?P<comma>,\s*+" + _CLAUSE_START + ")",
    re.IGNORECASE,
)
_CONNECTIVE_WORDS = frozenset(
    "but while whereas although though yet however so therefore thus hence consequently which meaning this it making"
    " because since given and who that makes made places puts -".split()
)
"""A word every cut of :data:`_CONNECTIVE` but a comma needs: a piece with none of them and no comma is whole."""
_PREMISE_START = rx.compile(r"^(?:and\s+)?(?:since|because|as|given\s+that|considering\s+that)\s+", re.IGNORECASE)
_SO_START = rx.compile(
    r"^(?:and\s+)?" + _SO_WORDS + r"(?:\s+that)?\b,?\s*",
    re.IGNORECASE,
)
_INTERJECTION = rx.compile(
    r"^(?:\(?(?:\d{1,3}|[a-h])[.)]\s+|(?:step|statement|premise|rule|fact|point|line|sentence|clause|condition)"
    r"\s*#?\s*\d{1,3}\s*[:.)\-]\s*"
    r"|(?:while|whereas|although|though|even\s+though)\s+(?=\S)"
    r"|(?:yes|yeah|no|right|well|true|correct|exactly|indeed|that\s+is)\s*,\s*"
    r"|(?:wait|hmm+|hm+|ok|okay|alright|all\s+right|oh|ah|so|now|then|thus|therefore|hence"
    r"|also|additionally|furthermore|moreover|however|but|and|first(?:ly)?|second(?:ly)?|third(?:ly)?|next|finally"
    r"|lastly|in\s+(?:fact|conclusion|summary|short|other\s+words|turn|particular|addition)|as\s+a\s+result"
    r"|consequently|clearly|indeed|actually|of\s+course|specifically|importantly|notably|again|similarly"
    r"|likewise|meanwhile|basically|essentially|anyway|putting\s+(?:it|this|these)\s+together|combining\s+(?:these|this)"
    r"|to\s+(?:summarize|sum\s+up|recap|conclude)|in\s+any\s+case|on\s+the\s+other\s+hand|going\s+(?:back|further)"
    r"|continuing|following\s+(?:this|the\s+chain)|from\s+(?:here|there|this|that)|then\s+again|great|good|hold\s+on"
    r"|so\s+far|up\s+to\s+now|at\s+this\s+point|by\s+(?:transitivity|modus\s+ponens|contraposition|chaining))\b\s*[,:]?\s+)",
    re.IGNORECASE,
)
_LEAD_IN = rx.compile(
    r"^(?:(?:we|i)\s+(?:have\s+|had\s+)?(?:already\s+)?(?:established|shown|seen|found|determined|concluded|derived"
    r"|deduced|proven|proved|noted|verified|confirmed)(?:\s+that)?"
    r"|(?:the|this|our)\s+(?:reasoning|analysis|chain(?:\s+of\s+\w+)?|logic|information|evidence)\s+(?:leads\s+(?:us\s+)?to"
    r"\s+(?:conclude|the\s+conclusion)|shows|suggests|indicates|tells\s+us|implies|confirms)\s+that"
    r"|(?:we|i)\s+(?:can\s+)?(?:lean\s+towards?|reach|come\s+to|arrive\s+at)\s+the\s+conclusion\s+that"
    r"|this\s+leads\s+(?:us\s+)?to\s+(?:conclude|the\s+conclusion)\s+that"
    r"|it\s+can\s+(?:also\s+)?be\s+(?:concluded|inferred|deduced|seen|said|established|determined)\s+that"
    r"|(?:the\s+)?(?:only\s+)?(?:direct\s+|relevant\s+|key\s+|important\s+|main\s+)?(?:information|thing|fact|point"
    r"|takeaway)\s+(?:we\s+have\s+|here\s+)?is\s+that"
    r"|(?:i\s+think|i\s+believe|i\s+guess|i\s+suppose|it\s+seems|it\s+appears|it\s+looks|apparently|presumably)"
    r"(?:\s+(?:that|like))?"
    r"|(?:we|i)\s+(?:(?:also|now|then|can|could|thus|therefore|reasonably|safely|definitively|confidently|logically"
    r"|still|finally|indeed|clearly|already|easily|just)\s+){0,3}(?:know|see|note|notice|observe|noticed|noted|saw|observed"
    r"|showed|shown"
    r"|recalled|remembered|found|learned|learnt|concluded|inferred|deduced|derived|determined|confirmed|established"
    r"|recall|remember|find|conclude|infer|deduce|derive|determine|establish|confirm|learn|are\s+(?:given|told))\b"
    r"(?!\s+(?:whether|if|what|how|which|out)\b)"
    r"(?:\s+(?:from\s+(?:the\s+)?(?:context|premises?|rules?|statement\s+\d+)|again|already))?(?:\s+that|\s*:)?"
    r"|(?:we|i)\s+(?:also\s+|now\s+|then\s+|thus\s+|therefore\s+)?(?:have|get)(?:\s+that|\s*:)"
    r"|(?:it\s+is|it's)\s+(?:also\s+)?(?:stated|given|known|mentioned|said|true|clear|established|noted|specified"
    r"|confirmed|evident|proven|proved|shown|demonstrated|derived|deduced)\s+(?:in\s+the\s+context\s+)?that"
    r"|there\s+is\s+(?:also\s+)?(?:statement|premise|rule|fact)\s*#?\s*\d{1,3}\s*:"
    r"|(?:the\s+)?(?:context|premises?|rules?|problem|information|text|question)\s+(?:(?:also|directly|explicitly"
    r"|clearly)\s+)?(?:does\s+)?(?:(?:states?|says?|mentions?|tells\s+us|mentions|indicates|specifies)"
    r"(?:\s+(?:directly|explicitly|clearly|plainly|also))?(?:\s+that)?(?:\s*:)?|(?:gives|establishes|shows|provides)(?:\s+us)?"
    r"(?:\s+that|\s*:))"
    r"|\d{1,3}\s+(?:says|states|tells\s+us|gives(?:\s+us)?)(?:\s+that)?\s*:?"
    r"|(?:statement|premise|rule|fact|sentence|line|clause)\s*#?\s*\d{1,3}\s*(?:says|states|tells\s+us|gives(?:\s+us)?"
    r"|reads|is)?(?:\s+that)?\s*:?"
    r"|(?:from|by|using|per|via|applying)\s+(?:the\s+)?(?:statement|premise|rule|fact|step|line|sentence)?\s*#?\s*"
    r"\(?\d{1,3}\)?(?:\s+and\s+\(?\d{1,3}\)?)?\s*[:,]"
    r"|(?:according\s+to|from|based\s+on|as\s+(?:stated|given|mentioned)\s+in|per)\s+(?:the\s+)?(?:context|premises?"
    r"|rules?|given\s+(?:information|facts|statements)|information(?:\s+given)?|statements?|facts?)(?:\s+(?:given|provided))?"
    r"\s*[,:]"
    r"|(?:it\s+follows|this\s+(?:means|implies|shows|tells\s+us|confirms|gives\s+us|proves)|which\s+means"
    r"|(?:the\s+)?(?:key\s+point|conclusion|result|upshot)\s+is|note|recall|remember|notice)(?:\s+that|\s*:)"
    r"|(?:this|that|it)\s+(?:[a-z]+ly\s+)?(?:means|implies|shows|confirms|proves|suggests|indicates|states|says"
    r"|tells\s+us|reinforces"
    r"|supports|establishes|demonstrates|verifies|ensures)(?:\s+that)?"
    r"|that"
    r"|(?:so|thus|therefore|hence)\s+we\s+have(?:\s+that)?"
    r"|(?:and\s+)?(?:we|i)\s+(?:can\s+)?(?:say|state|assert|claim)\s+that"
    r"|(?:the\s+)?(?:relevant|given|next|key|first|last|final|other|only|important|crucial)\s+(?:rule|fact|premise"
    r"|statement|point|thing|information)s?(?:\s+here)?\s+(?:is|are)(?:\s+that|\s*:)"
    r"|(?:the\s+)?(?:very\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|next"
    r"|previous|penultimate|\d{1,2}(?:st|nd|rd|th))\s+(?:rule|fact|premise|statement|sentence|line)\s+(?:says|states"
    r"|tells\s+us|reads|gives|is)(?:\s+that|\s*:)?"
    r"|(?:it\s+is|it's)\s+worth\s+(?:noting|mentioning|pointing\s+out|remembering)(?:\s+that)?"
    r"|(?:we|i)\s+(?:recognize|recognise|realize|realise|understand|acknowledge)(?:\s+that)?"
    r"|(?:this|that)\s+(?:gives|leaves)(?:\s+us)?(?:\s+with)?"
    r"|in\s+other\s+words|that\s+is\s+to\s+say"
    r"|the\s+(?!given\b|query\b|question\b|original\b|target\b|above\b|final\b|same\b)[\w\-]+\s+statement\s+(?:says"
    r"|states|tells\s+us|reads)(?:\s+that)?\s*+:?"
    r"|the\s+(?:(?!given\b|query\b|question\b|original\b|target\b)[\w\-]+\s+)?(?:rule|premise|fact|sentence)\s+(?:says"
    r"|states|tells\s+us|reads)(?:\s+that)?\s*+:?"
    r"|(?:(?:we|i)\s+(?:(?:also|now|then|just)\s+)?(?:notice|noticed|note|noted|see|saw|found|find|have|had|recall"
    r"|recalled|spotted|spot)\s+|there(?:'s|\s+is)\s+(?:also\s+)?)?(?:the|a|another|one)\s+(?:other\s+)?(?:rule|fact"
    r"|premise|statement)\s+(?:that|saying(?:\s+that)?)(?=\s+(?:every\s+|each\s+|all\s+)?[\w\-]+\s+(?:is|are)\b))"
    r"\s*,?\s*",
    re.IGNORECASE,
)
_LABEL = rx.compile(r"^(?P<label>(?:[A-Za-z0-9][\w'\-]*\s+){0,6}[A-Za-z0-9][\w'\-]*)\s*:\s+(?=\S)")
_LABEL_VERB = rx.compile(r"\b(?:is|are|was|were|be|not)\b", re.IGNORECASE)
_QUESTION_START = rx.compile(
    r"^(?:is|are|was|were|does|do|did|can|could|would|should|will|has|have|what|why|how|which|who|whom|whether"
    r"|isn't|aren't|doesn't|where|when)\b",
    re.IGNORECASE,
)
_NOT_NECESSARILY = rx.compile(
    r"\bnot\s+(?:necessarily|always|definitely|certainly|automatically|obviously|guaranteed)\b"
    r"|\bnot\s+(?:a|an)\s+[\w\-]+\s+necessarily\b"
    r"|(?<=,)\s*+(?:but\s+|and\s+)?not\s+(?:that\s+)?(?:(?:every|each|all)\b|(?=[\w\-]+\s+(?:is|are)\b))"
    r"(?=[^,.;]{1,80}\b(?:is|are)\b)"
    r"|\b(?:does|do)(?:n't|\s+not)\s+(?:mean|imply|entail)\b",
    re.IGNORECASE,
)
"""What need not be so: "not necessarily", a converse denied ("…, not every storpus is a zumpus", "which does not
mean every bompus is a yimpus")."""
_COORDINATOR = rx.compile(_SP + r",?\s*+\b(?:and|but|though|yet|while)\b\s*+|" + _SP + r",\s*+", re.IGNORECASE)
_CONTRACTIONS = rx.compile(r"\b(isn't|aren't|wasn't|weren't|(?:she|he|it|that|this|there|statement|answer|claim)'s"
                           r"|they're|we're|i'm|i've|we've)", re.IGNORECASE)
_EXPANDED = {"isn't": "is not", "aren't": "are not", "wasn't": "was not", "weren't": "were not", "they're": "they are",
             "we're": "we are", "i'm": "I am", "i've": "I have", "we've": "we have"}
_CONFIRMED = rx.compile(_SP + r"(?:-++|,)\s*+(?:yes|yep|check|correct|right|true|ok|okay|confirmed|good|indeed)\W*+$",
                        re.IGNORECASE)
_QUOTE_LIST = rx.compile(r'^(?:(?:there\s+is|there\s+are|there\'s|and|also|but|see|with|we\s+have|only|such\s+as'
                         r'|for\s+example,?|for\s+instance,?|e\.g\.,?|like|including|namely)\s+)*'
                         r'(?:[^:]{0,100}:\s*)?'
                         r'(?P<quotes>"[^"]{1,300}"(?:\s*(?:,|;|and|,\s*and)?\s*"[^"]{1,300}")*)\W*$', re.IGNORECASE)
_QUOTED_QUESTION = rx.compile(r'^"\s*+(?:is\s+the\s+following\s+statement\s+true\s+or\s+false|true\s+or\s+false'
                              r'|is\s+it\s+true\s+that|prove)\b', re.IGNORECASE)
""""Is the following statement true or false? Rex is slow." quoted: the question read out, not a claim."""
_QUOTE_CITED = rx.compile(
    r'^(?P<lead>[^"]{0,80}?\b(?:says?|states?|reads|is|there\s+is|there\'s|mentions|gives|has))\s*+:?\s*+'
    r'"(?P<quote>[^"]{3,300})"(?P<rest>(?:\s*+[,;]?\s*+(?:and|but|so|while)\b[^"]{1,300})?)\W*$', re.IGNORECASE)
"""A quoted sentence after a saying verb ('Now, the next part says "Every boompus is muffled."', 'And later there's
"Each vumpus is bright."'): the premise it cites (a remark in the lead, "doesn't say", keeps it a remark)."""
_QUOTE_NAMED = rx.compile(
    r'^(?:the|a)\s+(?:only|one|relevant|other|key|first|last|second|third|next|distractor)\s+(?:sentence|rule'
    r'|statement|premise|fact)\b[^"]{0,120}?\b(?:is|reads|says)\s*+:?\s*+"(?P<quote>[^"]{1,300})"'
    r'(?:\W*$|\s*+,?\s*+(?P<rest>(?:and|but|so|while)\b[^"]{1,300}))', re.IGNORECASE)
"""A premise cited by a description ('The only sentence that makes something windy is "Each numpus is windy."');
never "The statement is "S"" (the question's statement, not a premise)."""
_QUOTE_STANDS = rx.compile(
    r'^(?P<quote>"[^"]{1,300}")\s++(?:(?:is|was)\s+(?:also\s+)?(?:there|here|listed|given|stated|a\s+premise|one\s+of\s+the'
    r'\s+premises|in\s+the\s+(?:context|list|premises))(?:\s+too|\s+as\s+well)?|holds|(?:is|must\s+be)\s+true|follows'
    r'|stands)\W*$',
    re.IGNORECASE,
)
"""A quoted sentence said to be there, or to hold: 'But "Each imaginary number is imaginary" is there too.'"""
_MEANS = rx.compile(r'^(?P<said>"[^"]{1,300}"|[^",]{1,120}?)\s++means\s++(?:that\s+)?(?P<meant>[^"]{1,200}?)'
                    r'(?P<denied>\s*+,\s*+(?:and\s+)?not\s+(?:that\s+)?[^"]{1,200})?$', re.IGNORECASE)
"""'"Grimpuses are bompuses" means every grimpus is a bompus, not that every bompus is a grimpus.'"""
_REAL_WORLD = rx.compile(
    r"^\(?(?:in\s+(?:real|actual)\s+(?:math|mathematics|life|world|biology)|in\s+reality|in\s+the\s+real\s+world"
    r"|in\s+real\s+life|realistically|biologically|mathematically(?:\s+speaking)?|scientifically"
    r"|outside\s+(?:of\s+)?(?:this|the)\s+(?:problem|context))\b",
    re.IGNORECASE,
)
_REAL_WORLD_ANY = rx.compile(r"\breal[- ]world\b|\bin\s+reality\b|\bin\s+real\s+life\b", re.IGNORECASE)
"""Words of a remark about the real world anywhere in a text (its bracketed asides are about the real world too)."""
_CHAIN_LEAD = rx.compile(r"^(?:so\s+)?(?:the\s+)?(?:full\s+|whole\s+|complete\s+|relevant\s+)?chain"
                         r"(?:\s+(?:from|for|of)\s+(?P<subj>[A-Za-z]\w*))?\s+(?:goes|is|runs|reads)\s*:?\s*",
                         re.IGNORECASE)


_CHAIN_LIST = rx.compile(
    r"^(?:(?:(?P<subj>[A-Za-z][\w\-]*)'s\s+)?(?:the\s+)?(?:full\s+|whole\s+|complete\s+)?(?:lineage|chain|path"
    r"|hierarchy)(?:\s+(?:of|for|from)\s+(?P<subj2>[A-Za-z][\w\-]*))?\s+(?:runs|goes|is"
    r"|reads|are)|(?:so\s+)?(?:going|moving|working|tracing)\s+(?:up|upward|upwards|down)\s+from\s+"
    r"(?P<subj3>[A-Za-z][\w\-]*))\s*+:?\s*+"
    r"(?P<items>[A-Za-z][\w\-]*(?:\s*+(?:,\s*+(?:and\s+|then\s+)?|(?:and|then)\s+)[A-Za-z][\w\-]*)+)\W*$",
    re.IGNORECASE,
)
_CHAIN_ITEM_CUT = rx.compile(_SP + r",\s*+(?:and\s++|then\s++)?|(?<!\s)\s++(?:and|then)\s++", re.IGNORECASE)


def _chain_list(text: str, ctx: Context) -> str | None:
    """"Sally's lineage runs gerpus, fompus, jompus": the chain of concepts as an arrow chain ("Sally → gerpus →
    fompus → jompus"), when every item is a concept of the problem (and the owner, if any, an individual).
    """
    m = _CHAIN_LIST.match(text)
    if m is None:
        return None
    owner = m.group("subj") or m.group("subj2") or m.group("subj3")
    if owner is not None and owner.lower() not in ctx.vocabulary.individuals:
        if ctx.vocabulary.concept(owner) is None:
            return None
        owner = None if m.group("subj") else owner  # "the chain from gerpus is …", "going up from gerpus:" start there
    items = _CHAIN_ITEM_CUT.split(m.group("items"))
    if not all(ctx.vocabulary.concept(item) for item in items):
        return None
    return " → ".join([owner, *items] if owner else items)


_THEN_CLAUSE = rx.compile(r",\s*+(?:so|and|but)\s++", re.IGNORECASE)
_NO_DASH = rx.compile(r"^(?:no|nope|oh|wait)\s*+[-\u2013\u2014,:]\s*+", re.IGNORECASE)
_WORDS_COMPARED = rx.compile(
    r"^(?:(?:it|that|this)\s+is\s+|is\s+)?(?:the\s+words?\s+)?(?P<a>[A-Za-z][\w\-]*)(?:,?\s+not|\s+is\s+not|\s+isn't"
    r"|\s+and\s+(?P<b2>[A-Za-z][\w\-]*)\s+are"
    r"\s+(?:(?:different|two\s+different|not\s+the\s+same)(?:\s+words?|\s+names?|\s+concepts?)?"
    r"|spelled\s+differently))\s*"
    r"(?:the\s+(?:same\s+as\s+)?(?:word\s+)?)?(?P<b>[A-Za-z][\w\-]*)?\W*$", re.IGNORECASE)


def _is_the_query(quote: str, ctx: Context) -> bool:
    """A quoted sentence is the question's statement (or its negation), not a premise of the context."""
    answers = ctx.answers
    if answers.parse is None or answers.statement is None:
        return False
    formula = answers.parse(quote.strip(' ".,;:!'))
    return formula is not None and formula in (answers.statement, answers.negated) and formula not in ctx.axioms


def compares_words(text: str) -> bool:
    """The sentence may compare two words ("sterpus is not storpus"): the reader judges it against the problem's
    vocabulary, so the grammar's whole-sentence reading is not taken as it is.

    >>> [compares_words(s) for s in ("Sterpus is not storpus.", "Every sterpus is a storpus.", "Max is not sour.")]
    [True, False, False]
    """
    return _look_alike(text) is not None  # (cheap: "Max is not sour" compares no look-alike words)


def _look_alike(text: str) -> tuple[str, str] | None:
    """The two words a sentence of :data:`_WORDS_COMPARED` compares, when they are a letter apart; else ``None``."""
    m = _WORDS_COMPARED.match(text)
    if m is None or m.group("b2") and m.group("b"):
        return None
    a, b = m.group("a"), m.group("b2") or m.group("b")
    return (a, b) if b is not None and one_edit(a.lower(), b.lower()) else None


def _words_compared(text: str, ctx: Context) -> bool:
    """"sterpus is not storpus", "bompus and boompus are different words": a remark on two of the problem's words
    that look alike (a letter apart), not the rule ∀x(sterpus(x) → ¬storpus(x)).
    """
    words = _look_alike(text)
    if words is None:
        return False
    concepts = [ctx.vocabulary.concept(w) for w in words]
    return None not in concepts and concepts[0] != concepts[1]


def _chain_lead(m: re.Match[str]) -> str:
    """"The chain from Alex is: …" is "Alex is …"; "The chain is A → B → C" is the arrow chain."""
    return f"{m.group('subj')} is " if m.group("subj") else ""

_TURN = rx.compile(r"[,;]?" + _SP + r"\b(?:but|however|yet|whereas)\b\s*+,?\s*+"
                   r"(?:here\s*+,?\s*+|in\s+this\s+(?:problem|context)\s*+,?\s*+)?",
                   re.IGNORECASE)
_GOAL_LABEL = rx.compile(r"^(?:part|goal|subgoal|sub-goal|claim|lemma|theorem|to\s+(?:show|prove)|show|want|target)\b"
                         r"|\b(?:to\s+(?:prove|show|establish|determine|check|verify)|goal|target)\s*$"
                         r"|^(?:the\s+)?(?:statement|query|hypothesis|question)(?:\s+(?:to\s+\w+|in\s+question))?\s*$",
                         re.IGNORECASE)
"""A label that names what is to be shown ("Goal:", "To prove:", "The statement:"): what follows is not a claim."""
_CASE_LABEL = rx.compile(r"^case\b", re.IGNORECASE)
_IF_AFTER = rx.compile(r"\bif\s+(?:she|he|it|they|[A-Z]\w*|every\s+\w+|\w+s)\s+(?:is|are|were|was)\b")
_RESTATED_QUERY = rx.compile(r"^(?:true\s+or\s+false|prove|question)\s*:", re.IGNORECASE)
_HYPOTHETICAL = rx.compile(
    r"^(?:if|suppose|supposing|assuming|imagine|hypothetically|what\s+if|even\s+if|in\s+case|unless"
    r"|let'?s\s+(?:say|assume|suppose|imagine|pretend)|let\s+us\s+(?:say|assume|suppose)|say)\b"
    r"|\b(?:would|might|may|wouldn't)\b|\bcould\b(?!\s+not\b)|\bwere\b",
    re.IGNORECASE,
)
_SUPPOSE = rx.compile(
    r"^(?:suppose|supposing|assuming|let'?s\s+(?:assume|suppose)|let\s+us\s+(?:assume|suppose)|we\s+assume"
    r"|for\s+(?:the\s+sake\s+of\s+)?contradiction,?\s+(?:assume|suppose))(?:\s+that)?\s+",
    re.IGNORECASE,
)
_CONDITIONAL = rx.compile(
    r"^if\s+(?P<a>[^,]{1,200}?)(?:\s*,\s*then\s+|\s*,\s*|\s+then\s+)(?P<b>.{1,200})$", re.IGNORECASE
)
_COMMENTARY: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (rx.compile(p, re.IGNORECASE), why)
    for p, why in (
        (r"^(?:we|i|let\s+me|let's|let\s+us|let)\b", "a plan or self-talk"),
        (r"^nor\b", "a remark on what the context does not say"),
        (r"^(?:nothing|no\s+(?:statement|premise|rule|sentence|fact|one|other\s+\w+|chain|path|link))\b",
         "a remark on what the context does not say"),
        (r"^no\s+[a-z][\w\-]*(?:\s+anywhere|\s+at\s+all|\s+here|\s+there)?\W*$", "a remark on what is missing"),
        (r"\b(?:is|are)\s+not\s+in\s+(?:it|there|(?:the|that|this)\s+(?:list|chain|context|premises|statements|path))\b"
         r"|\b(?:is|are)\s+not\s+(?:there|here|anywhere|part\s+of\s+(?:it|this|that|the\s+(?:chain|list|path)))\b"
         r"|^no\s+[a-z][\w\-]*\s+anywhere\b"
         r"|^none\s+of\b", "a remark on what is missing"),
        (r"^(?:determine|use|apply|establish|combine|check|consider|verify|confirm|identify|find|trace|examine|compare"
         r"|evaluate|show|derive|start|begin|follow)\b(?!\s+(?:is|are)\b)", "a plan"),
        (r"\b(?:is|are|was|were)\s+(?:only\s+|just\s+|all\s+|mostly\s+|also\s+)?about\s|^about\s|\bconcerns?\b"
         r"|\bsomething\s+about\b"
         r"|\b(?:a|the)\s+(?:whole\s+)?(?:list|set|bunch|number|series|collection|taxonomy)\s+(?:of|more)\b"
         r"|\bkeeps?\s+going\b", "a remark about the problem"),
        (r"^(?:the\s+)?only\s+[^,]{0,60}?\b(?:mentioned|listed|stated|in\s+the\s+(?:context|premises|list|problem))\b",
         "a remark about the problem"),
        (r"\bneed\s+to\s+(?:determine|check|find|figure|see|decide|verify|know|show|prove)\b", "a plan"),
        (r"\b(?:is|are)\s+(?:not\s+)?(?:true|false|the\s+case|so)\s+in\s+(?:the\s+real\s+world|reality|real\s+life"
         r"|real\s+(?:math|mathematics|biology))\b", "a remark about the real world"),
        (r"^(?:the\s+)?(?:facts?|rules?|statements?|premises?|information|notes?|observations?)\s+(?:about|on|for"
         r"|regarding)\b[^.]{0,60}$", "a heading"),
        (r"\bstatements?\s+about\b|\bthe\s+[a-z][\w\-]*\s+(?:path|route|branch)\b", "a remark on the reasoning"),
        (r"\btrue\s+or\s+false\s*[:?]", "a restated question"),
        (r"\b(?:distractors?|red\s+herrings?)\b", "a remark on relevance"),
        (r"\b(?:was|is|were)\s+(?:wrong|incorrect|a\s+mistake|an\s+error|a\s+typo)\b", "a remark on the reasoning"),
        (r"\b(?:can\s*not|can't|cannot|does\s+not|doesn't|do\s+not|don't)\s+apply\b",
         "a remark on what follows or matters"),
        (r"^(?:some|all|most|many|none|each|both|neither)\s+of\s+(?:these|those|the|them)\b",
         "a remark about the problem"),
        (r"^(?:to\s+(?:determine|find|check|see|answer|solve|verify|figure|decide|evaluate|prove|establish|confirm"
         r"|show|do\s+this|start|begin|get|reach|understand|address)|in\s+order\s+to)\b", "a plan"),
        (r"\b(?:can\s*not|can't|could\s+not|couldn't|cannot|unable\s+to)\s+(?:definitively\s+|directly\s+|definitely\s+)?"
         r"(?:conclude|say|determine|infer|confirm|deduce|prove|tell|establish|derive|know|be\s+(?:sure|certain))\b",
         "what cannot be concluded"),
        (r"\b(?:irrelevant|not\s+relevant|relevant|matters?|unrelated|no\s+bearing|not\s+needed|not\s+necessary|not\s+useful"
         r"|not\s+important|important|crucial|helpful|useful)\b", "a remark on relevance"),
        (r"\b(?:does|do|did)\s*(?:n't|\s+not)\s+(?:directly\s+|necessarily\s+|explicitly\s+)?(?:matter|affect|apply|relate"
         r"|change|provide|say|state|mention|tell|give|imply|follow|lead|help|contradict|indicate|specify|connect|define"
         r"|establish|include|involve|concern|show|support|determine|make|appear|occur|show\s+up|come\s+up)\b",
         "a remark on what follows or matters"),
        (r"\bno\s+(?:direct\s+|explicit\s+|further\s+|other\s+|such\s+|clear\s+)?(?:information|indication|evidence"
         r"|mention|rule|statement|connection|link|relation|relationship|way|path|reason|data|premise|fact|sign|chain"
         r"|contradiction|conflict)\b", "a remark on what is missing"),
        (r"\b(?:not|never)\s+(?:directly\s+|explicitly\s+|specifically\s+|clearly\s+|necessarily\s+)?(?:mentioned|stated|defined"
         r"|described|given|specified|said|listed|provided|addressed|covered|known|established|indicated|shown"
         r"|told|determined|connected|linked|related)\b", "a remark on what the context does not say"),
        (r"\b(?:unknown|unclear|uncertain|undetermined|ambiguous|not\s+enough|insufficient|not\s+sufficient|undecidable)\b",
         "a remark on what is unknown"),
        (r"\b(?:output|format|respond|response)\b", "talk about the answer format"),
        (r"^(?:there\s+(?:is|are|was|were|'s|seems|seem))\b", "a remark"),
        (r"^(?:the|our|this|that|these|those|my)\s+(?:context|question|problem|premises?|rules?|statements?|information"
         r"|facts?|task|goal|key|chain|reasoning|data|options?|analysis|logic|relationships?|hierarchy|path|steps?|proof"
         r"|approach|answer|conclusion|evidence|given)\b", "a remark about the problem"),
        (r"^(?:this|that|it|these|those)\s+(?:is|are|was|were|does|do|did|doesn't|don't|seems?|has|have|helps?|matters?"
         r"|affects?|relates?|tells?|gives?|provides?|indicates?|makes?|looks?|sounds?|fits?|works?|confirms?|checks?\s+out"
         r"|aligns?|agrees?|contradicts?|covers?|completes?)\b", "a remark"),
        (r"^(?:looking|considering|checking|tracing|going|starting|following|reviewing|rechecking|re-checking|examining"
         r"|analyzing|analysing|listing|breaking|thinking|focusing|moving|working|reading|double-checking)\b",
         "a plan"),
        (r"^(?:wait|hmm+|hm+|ok|okay|alright|oh|ah|right|great|good|got\s+it|correct|yes|yeah|no|nope|true|false|indeed"
         r"|exactly|perfect|fine|sure|hold\s+on|one\s+moment|so|then|now|next|finally|therefore|thus|hence)\W*$",
         "an interjection"),
        (r"\b(?:never|not|nowhere)\s+(?:appears?|shows?\s+up|comes?\s+up|occurs?|features?)\b|\bappears?\s+nowhere\b",
         "a remark on what the context does not say"),
        (r"\b(?:only\s+)?(?:appears?|shows?\s+up|occurs?|comes?\s+up|is\s+mentioned|mentions\s+\w+)\s+(?:only\s+)?"
         r"(?:once|twice|in\s+(?:that|one|this|the|a)\b)|\bonly\s+(?:appears?|shows?\s+up|occurs?)\b",
         "a remark on the context's wording"),
        (r"\bdoes(?:n't|\s+not)\s+have\s+any\b", "a remark on what is missing"),
        (r"\b(?:not\s+)?(?:applicable|relevant|pertinent)\s+(?:to|for|here)\b", "a remark on what matters"),
        (r"^(?:maybe|perhaps|possibly)\b", "a guess (not asserted)"),
        (r"\b(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+be\s+both\b", "a remark on consistency"),
        (r"^the\s+(?:[\w\-]+\s+)?(?:sentence|rule|statement|premise|line|fact)\s+(?:is|seems|looks)\b(?!\s*+:?\s*+\")"
         r"|\btakes?\s+(?:precedence|priority)\b|\bmore\s+(?:specific|direct)\b", "a remark on the rules"),
        (r"\b(?:are|am|is|were)\s+asked\s+(?:whether|if|to)\b", "talk about the question"),
        (r"\b(?:do|does|did)(?:n't|\s+not)\s+see\s+(?:any|anything)\b", "a remark on what the context does not say"),
        (r"^(?:we|i)\s+(?:can|will|could|need\s+to|must|should|have\s+to|want\s+to)\s+(?:now\s+)?(?:determine|check"
         r"|find\s+out|figure\s+out|decide|see|verify|evaluate|establish)\s+(?:whether|if|what|how|which)\b", "a plan"),
        (r"\b(?:a\s+)?(?:different|separate|distinct|unrelated|other)\s+(?:categor(?:y|ies)|class(?:es)?|groups?|kinds?"
         r"|types?|concepts?|things?|branch(?:es)?|chains?)\b", "a remark on the categories"),
        (r"^(?:the\s+)?(?:user|question|problem|task|prompt)\s+(?:is\s+)?(?:asking|asks|wants|wanted|requires)\b",
         "talk about the question"),
        (r"^here\s+(?:is|'s)\s+(?:a|the|my)\s+(?:(?:step-by-step|thinking|logical)\s+)?(?:proof|derivation|reasoning"
         r"|explanation|chain|breakdown|process|analysis|approach)\b",
         "a heading: what is to be shown"),
        (r"^(?:analy[sz]e|determine|check|identify|evaluate|trace|verify|examine|apply|consider|list|restate|look\s+at)"
         r"\s+(?:the|whether|if|what|which|each|all|how)\b", "a plan"),
        (r"^(?:it|this|that|which|the\s+(?:[\w\-]+\s+)?(?:rule|statement|premise|fact))\s+(?:only\s+|just\s+|merely\s+"
         r"|never\s+|(?:does\s+not|doesn't)\s+)?(?:applies|apply|refers|relates|pertains|is\s+about|talks\s+about)\b"
         r"|^the\s+[\w\-]+\s+(?:rule|statement|premise)\s+(?:does|do)\W*$", "a remark on what applies"),
        (r"^(?:(?:next|then|now|first|second|third|finally|and|also|so)\s*+,?\s++(?:(?:the|what\s+about|how\s+about)"
         r"\s++)?[A-Za-z][\w\-]*|(?:(?:what|how)\s+about|back\s+to)\s+(?:the\s+)?[A-Za-z][\w\-]*|[A-Za-z][\w\-]{2,}(?:es|[^su]s))"
         r"\W*$", "a topic"),  # (a bare plural: "Grimpuses..."; a bare "Brimpus" may be a truncated clause)
        (r"^(?:step|part|stage|phase|conclusion|analysis|reasoning|summary|answer|solution|explanation|final"
         r"|observations?|notes?|key\s+(?:facts?|points?|steps?|rules?|premises?))\b(?![^.]{0,60}\b(?:is|are)\b)[^.]{0,60}$",
         "a heading"),
    )
)
def _copula(verb: str) -> str:
    """The copula in a verb's number: "belongs" → "is", "belong" → "are", "does" → "is"."""
    return "is" if verb.lower().endswith("s") else "are"


_HEDGES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (rx.compile(p, re.IGNORECASE), repl)
    for p, repl in (
        (r"\b(?:i\s+think|i\s+believe|it\s+seems(?:\s+that)?|apparently|presumably)\s*,?\s*", ""),
        (r"\b(?:must|has\s+to|have\s+to|should|will)\s+(?:also\s+|therefore\s+|thus\s+|then\s+|indeed\s+|definitely\s+)?be\b",
         "is"),
        (r"\b(?:can\s*not|can't|could\s+not|couldn't)\s+(?:also\s+|therefore\s+|possibly\s+)?be\b", "is not"),
        (r"\b(?:a|an)\s+(?:type|kind|sort|form|subtype|subset|member|instance|example)\s+of\s+(?:the\s+)?", "a "),
        (r"\b(?:types|kinds|sorts|forms|subtypes|subsets|members|instances|examples)\s+of\s+(?:the\s+)?", ""),
        (r"\b(?:likely|probably|most\s+likely|presumably)\b", ""),
        (r"\b(?:does\s+not|doesn't|do\s+not|don't)\s+(?:have|possess)\s+the\s+(?:property|quality|attribute|trait"
         r"|characteristic)\s+of\s+being\b", "is not"),
        (r"\b(?:has|have|possesses|possess)\s+the\s+(?:property|quality|attribute|trait|characteristic)\s+of\s+being\b",
         "is"),
        (_SP + r"\b(?:anyway|anyhow|at\s+all|generally|typically|usually)\b", ""),
        (r"\b(?:starts|started|begins|began)\s+(?:out\s+)?as\b", "is"),
        (r"\b(?:is|are)\s+just\b", "is"),
        (r'\b(is|are)(\s+not)?\s+"([^"]{1,60})"', r"\1\2 \3"),
        (r"\b(?:in\s+turn|as\s+well|either|too|in\s+fact|directly|explicitly|specifically|definitively|ultimately"
         r"|definitely|certainly|clearly|indeed|actually|surely|therefore|thus|hence|also|still"
         r"|consequently|automatically|further|again|then|now|always|all)\b(?!\s+(?:the|a|an)\s+\w+\s+(?:is|are)\b)",
         ""),
        (_SP + r",?\s*+\bper\s+the\s+(?:context|premises?|rules?|statements?|facts?)\b", ""),
        (_SP + r",?\s*+\b(?:according\s+to|per|from|by)\s+the\s+(?:(?:first|second|third|last|final|next|previous"
         r"|\w+th)\s+)?(?:line|sentence|statement|rule|fact|premise)s?(?:\s+(?:of|in)\s+the\s+(?:context|premises"
         r"|problem|question))?\b", ""),
        (_SP + r",?\s*+\bas\s+(?:required|desired|claimed|expected|needed|asked|wanted)\b", ""),
        (_SP + r",?\s*+\b(?:by|from|per)\s+\(?\d{1,3}\)?(?=\W*$)", ""),
        (_SP + r"\b(?:based\s+on|according\s+to|from|by|as\s+(?:stated|given|mentioned|shown|established)"
         r"\s+(?:in|by|above))"
         r"\s+(?:the\s+)?(?:given\s+|above\s+|first\s+|second\s+|third\s+|last\s+|previous\s+|same\s+)?"
         r"(?:(?:statement|rule|premise|fact|step|sentence)s?\s*#?\s*\d{1,3}(?:\s*(?:and|,|&|-)\s*\d{1,3})*"
         r"|information|context|rules?|facts?|premises?|statements?|chain|reasoning|step)\b"
         r"(?:\s+(?:provided|given|above|about\s+\w+))?", ""),
        (_SP + r"\b(?:in\s+the\s+context(?:\s+(?:provided|given))?|as\s+(?:given|stated|established|shown|noted))\b",
         ""),
        (r"\b(is|are)\s+in\s+the\s+([a-z][\w\-]*)\s+(?:category|class|group|family|set)\b", r"\1 \2"),
        (_SP + r"\b(?:category|class|group|set|family|type)\b(?=\s*$)", ""),
        (_SP + r",?\s*+\b(?:through|via|by|following|along|based\s+on)\s+(?:the|this|our|its|a)\s+"
         r"(?:valid\s+|logical\s+|longer\s+|shorter\s+|[a-z][\w\-]*\s+(?=chain\b))?"
         r"(?:chain|hierarchy"
         r"|path|series|sequence|line|connection|relationship|classification)s?\b(?:\s+of\s+(?:\w+\s+)?\w+)?"
         r"(?:\s+to\s+\w+)?", ""),
        (r"\b(?:subsequently|finally|eventually|lastly|firstly|next)\b", ""),
        (_SP + r",?\s*+\bas\s+far\s+as\s+(?:(?:the\s+)?(?:context|premises?|rules?|information)\s+(?:tells\s+us|says"
         r"|shows|goes|go)|i\s+can\s+(?:tell|see)|we\s+(?:know|can\s+tell))\b", ""),
        (_SP + r"\bfrom\s+there\b,?", ""),
        (_SP + r"\b(?:further|higher|farther)\s+(?:up|down)(?:\s+the\s+(?:chain|line|hierarchy))?\b"
         r"|" + _SP + r"\b(?:along|down|up)\s+the\s+(?:way|chain|line|hierarchy)\b", ""),
        (r"^the\s+(?=[a-z][\w\-]*s\s+(?:are|is)\b)", ""),
        (r"\b(?:are|is)\s+(?:all\s+)?included\s+(?:in|among|within)\s+", r"are "),
        (r"\b(does|do)(?:\s+not|n't)\s+(?:fall|belong)\s+(?:into|under|to|within)\s+(?:the\s+)?"
         r"(?:category|class|group|set)\s+of\s+(?:being\s+)?", lambda m: _copula(m.group(1)) + " not "),
        (r"\b(falls?|belongs?)\s+(?:into|under|to|within)\s+(?:the\s+)?(?:category|class|group|set)\s+of\s+"
         r"(?:being\s+)?", lambda m: _copula(m.group(1)) + " "),
        (r"\b(belongs|belong)\s+to\s+(?:the\s+)?", lambda m: _copula(m.group(1)) + " "),
        (r"\b(falls?)\s+under\s+(?:the\s+)?", lambda m: _copula(m.group(1)) + " "),
        (r"\b(is|are)\s+(?:a\s+)?(?:part|member)\s+of\s+(?:the\s+)?", r"\1 "),
        (r"\b(is|are)\s+(?:among|one\s+of|in\s+the\s+(?:category|class|group|set)\s+of)\s+(?:the\s+)?", r"\1 "),
        (r"\b(counts?|qualif(?:y|ies))\s+as\b", lambda m: _copula(m.group(1))),
        (r"\b(is|are)\s+never\b", r"\1 not"),
        (_SP + r"\b(?:in\s+(?:this|the|our)\s+(?:chain|problem|reasoning|hierarchy|ontology|scenario|setup)|here)\b"
         r"(?=\W*$)", ""),
    )
)


def _remarks(anchored: bool) -> re.Pattern[str]:
    return rx.compile("|".join(f"(?P<r{i}>{p.pattern})" for i, (p, _) in enumerate(_COMMENTARY)
                               if p.pattern.startswith("^") == anchored), re.IGNORECASE)


_REMARKS_AT_START, _REMARKS_INSIDE = _remarks(True), _remarks(False)
"""The remarks that open a clause (one ``match``) and those found anywhere in it (one ``search``): apart, the
search does not try the opening ones at every position."""
_HEDGE_WORDS = frozenset("""
    property quality attribute trait characteristic possesses possess anyway anyhow generally typically usually
    starts started begins began
    classified categorized categorised considered identified known characterized characterised labeled labelled
    grouped counted regarded defined described stated said listed mentioned specified given shown type types kind
    kinds sort sorts form forms subtype subtypes subset subsets member members instance instances example examples
    likely probably presumably just must has have should will cannot can could couldn turn well either too fact
    directly explicitly specifically definitively ultimately necessarily definitely certainly clearly indeed actually
    surely therefore thus hence also still consequently automatically further again then now always all based
    according from by context category class group set family belong belongs fall falls part through via following
    along subsequently finally eventually lastly firstly next higher farther down up think believe seems apparently
    included does do doesn don the among one counts count qualifies qualify never here chain problem far per
    required desired claimed expected needed asked wanted line sentence
""".split())
"""The words some hedge or paraphrase in :data:`_HEDGES` needs ("couldn't" is the words "couldn" and "t"): a
clause with none of them (and no double quote) has nothing to read off."""
_WORDS = rx.compile(r"\w+")


def _hedged(text: str) -> bool:
    """The clause has a word of :data:`_HEDGE_WORDS` or a double quote (one set lookup per word)."""
    return '"' in text or not _HEDGE_WORDS.isdisjoint(_WORDS.findall(text.lower()))
_CLASSIFIED = rx.compile(
    r"\b(is|are)\s+(?:(not|never)\s+)?(?:(?:also|specifically|explicitly|directly|clearly|ultimately|indeed|therefore|thus"
    r"|hence|then|so)\s+){0,2}"
    r"(?:classified|categorized|categorised|considered|identified|known"
    r"|characterized|characterised|labeled|labelled|grouped|counted|regarded)\s+(?:to\s+(?:(not)\s+)?be|as"
    r"(?:\s+being)?|among)\s+"
    r"|\b(is|are)\s+()(?:(?:also|specifically|explicitly|directly|clearly|indeed)\s+){0,2}(?:defined|described|stated|said|listed|mentioned|specified|given|shown)\s+(?:to\s+"
    r"(?:(not)\s+)?be|as(?:\s+being)?)\s+",
    re.IGNORECASE,
)
_APPOSITIVE = rx.compile(
    r"^(?P<subj>(?:(?:every|each|all|the)\s+)?" + _W + r"(?:\s+" + _W + r"){0,2}?),\s*(?:being|as|who\s+(?:is|are)"
    r"|which\s+(?:is|are)|a|an)\s+(?P<app>[^,]{1,120}),\s*(?P<rest>.{1,200})$",
    re.IGNORECASE,
)
_NOT_B = rx.compile(r"^(?P<head>.{1,200}?\b(?:is|are))\s++(?P<a>[^,]{0,119}?[^,\s])\s*+,\s*+(?:but\s+|and\s+)?not\s+"
                    r"(?P<b>.{1,120})$",
                    re.IGNORECASE)
_BUT_NOT = rx.compile(r"^(?P<head>.{1,200}?\b(?:is|are))\s++(?P<a>.{0,119}?\S)\s++but\s+not\s+(?P<b>.{1,120})$",
                      re.IGNORECASE)
_OTHER_WAY = rx.compile(r"(?:(?<!\s),\s*+|(?<![\s,])\s++)(?:and\s+|but\s+)?not\s+"
                        r"(?:the\s+other\s+way(?:\s+a?round)?|vice\s+versa|conversely)\W*$", re.IGNORECASE)
_ADVERB = r"(?:\s++(?:therefore|thus|hence|also|then|clearly|indeed))?"
_NEITHER = rx.compile(r"^(?P<head>.{1,200}?\b(?:is|are)" + _ADVERB + r")\s++neither\s++(?P<a>[^,]{1,120}?)\s++nor\s++"
                      r"(?P<b>[^,]{1,120})$", re.IGNORECASE)
_NOT_ONLY = rx.compile(r"^(?P<head>.{1,200}?\b(?:is|are)" + _ADVERB + r")\s++not\s++only\s++(?P<a>.{1,120}?)"
                       r"(?:\s*+,)?\s++but\s++(?:also\s+)?(?P<b>.{1,120})$", re.IGNORECASE)
_GAPPED = rx.compile(
    r"^(?P<subj>.{0,199}?\S)\s++(?P<verb>is|are)\s++(?P<a>.{0,119}?\S)(?:\s*+,)?\s++and\s+(?:(?:is|are)\s+)?"
    r"(?:therefore|thus|hence"
    r"|so|also|ultimately|consequently|in\s+turn|then|by\s+extension|eventually|further)\s+(?P<b>.{1,120})$",
    re.IGNORECASE,
)
_VERB_START = rx.compile(r"^(?:is|are|must|cannot|can't|can\s+not|could\s+not|should|will|has\s+to|have\s+to)\b",
                         re.IGNORECASE)
_LIST_AND = rx.compile(r",\s+and\s+(?=(?:a|an|not|also|then)?\s*[a-z][\w\-]*\s*(?:,|$))", re.IGNORECASE)
_TWO_VERBS = rx.compile(
    r"^(?P<head>.{0,199}?\S)\s++(?P<v1>is|are)\s++(?P<a>.{0,119}?\S)(?:\s*+,)?\s++and\s+(?:(?:also|therefore|thus)\s+)?"
    r"(?P<v2>is|are)\s+(?P<b>.{1,120})$",
    re.IGNORECASE,
)
_SUBJECT = rx.compile(r"^(?P<subj>(?:(?:every|each|all|no|any)\s+)?" + _W + r"(?:\s+" + _W + r"){0,2}?)\s+(?:is|are)\b",
                      re.IGNORECASE)
_PLURAL_PRONOUN = rx.compile(r"\b(?:they|these|those)\b", re.IGNORECASE)
"""A word :data:`_THEY` needs: a sentence without one reads no clause by the subjects before it."""
_THEY = rx.compile(r"^(?:they|these|those)\s+(?=(?:is|are|must|cannot|can't|should)\b)", re.IGNORECASE)
_NOUN_PHRASE = rx.compile(r"^(?:as\s+|being\s+|i\.e\.,?\s+)?(?P<np>(?:a|an)\s+[A-Za-z][\w\-]*)$", re.IGNORECASE)
_COPULA = rx.compile(r"\b(?:is|are|was|were)\b", re.IGNORECASE)
_WORD = rx.compile(r"[A-Za-z][\w'\-]*")
_TOKEN = rx.compile(r"[A-Za-z0-9][\w'\-]*")
_QUOTE_GLOSS = rx.compile(
    r'^"(?P<quote>[^"]{3,300}?)[,.;]?"\s*+[-\u2013\u2014:]\s*+(?P<rest>(?:(?:that|this|it)(?:\'s|\s+is)\s+)?(?:[\w\-]+\s+to\s+'
    r'[\w\-]+|yes|fine|ok(?:ay)?|same\s+direction|correct|right|good|true|all\s+\w+\s+are\s+\w+)\b[^"]{0,120})$',
    re.IGNORECASE)
_QUOTE_NOT = rx.compile(r'^"(?P<quote>[^"]{3,300}?)[,.;]?"\s*+,?\s*+(?P<rest>not\s[^"]{1,80})$', re.IGNORECASE)
_QUOTE_THEN = rx.compile(r'^"(?P<quote>[^"]{3,300}?)[,.;]?"\s*+,?\s*+'
                         r"(?P<rest>(?:[A-Za-z][\w'\-]*\s++){1,3}?(?:is|are|isn't|aren't|must|cannot|can't)\b[^\"]*)$",
                         re.IGNORECASE)
"""A quoted premise, then a clause ('"Each rompus is earthy," Polly is not a rompus')."""
_QUOTES = rx.compile(r'^"(?P<inner>[^"]{1,300})"[.!]?$')
_NUMBERED_PAIR = rx.compile(r"\b((?:statement|rule|premise|fact|sentence)s?\s*#?\s*)(\d{1,3})\s*(?:and|&)\s*"
                            r"(\d{1,3})\b", re.IGNORECASE)
_ONE = rx.compile(r"\b(?:is|isn't|are|aren't|be|was|wasn't)\s+(?:(?:not|never|also)\s+)?"
                  r"(?P<one>one(?:\s+of\s+them)?)\b(?!\s+of\b)"
                  r"(?=\s*+(?:[,.;:!?)]|$|(?:and|but|so|either|too|though|after\s+all)\b))", re.IGNORECASE)
_NOUN_BEFORE = rx.compile(r"\b(?:(?:a|an|every|each|no)\s+(?P<noun>[A-Za-z][\w\-]*)|(?P<plural>[A-Za-z][\w\-]*s))\b",
                          re.IGNORECASE)
""""Sam isn't one", "Alex can't be one": *one* stands for the concept named last before it in the sentence ("The
only rule is about gorpuses, and Sam isn't one" is "Sam isn't a gorpus")."""


_AS_A_CONCEPT = rx.compile(
    r"(?:^|(?<=,\s)|(?<=\band\s)|(?<=\bso\s))as\s+(?P<art>an?)\s+(?P<np>[A-Za-z][\w\-]*)\s*+,\s*+"
    r"(?P<subj>[A-Z][\w\-]*|she|he|it|they)(?=\s+(?:is|are|must|cannot|can't)\b|'s\b)", re.IGNORECASE)


def _as_a_concept(m: re.Match[str], ctx: Context) -> str:
    """"As a lempus, she's rainy": she is a lempus (a premise), so she is rainy; left as it is when the noun is none of
    the problem's concepts ("As a result, …").
    """
    if ctx.vocabulary.concept(m.group("np")) is None:
        return m.group()
    subj = m.group("subj")
    return f"since {subj} is {m.group('art')} {m.group('np')}, {subj}"


def _one_as_concept(text: str, ctx: Context) -> str:
    """The text with each *one* of :data:`_ONE` written as the concept it stands for (left where none is named)."""
    for m in reversed(list(_ONE.finditer(text))):
        nouns = [ctx.vocabulary.concept(n.group("noun") or n.group("plural"))
                 for n in _NOUN_BEFORE.finditer(text, 0, m.start("one"))]
        named = [n for n in nouns if n is not None]
        if named:
            article = "an " if named[-1][0] in "aeiou" else "a "
            text = text[:m.start("one")] + article + named[-1] + text[m.end("one"):]
    return text


_INTERRUPTION = rx.compile(r"(?:(?<=\band)|(?<=\bor)|(?<=\bis)|(?<=\bare)),\s*+"
                           r"(?P<premise>(?:because|since|given\s+that)\s++[^,()\[\]]{3,150}?),\s*+"
                           r"(?=(?:a|an|not)\s)(?![^,]*\b(?:is|are)\b)", re.IGNORECASE)
"""A premise that interrupts a predicate ("Polly is both a rempus and, because every rempus is a bompus, a
bompus"): read as a bracketed aside is, before the clause it interrupts."""
_PAREN = rx.compile(_SP + r"[(\[](?P<inner>[^()\[\]]{0,300})[)\]]")
_ASIDE = rx.compile(
    r"^(?:given|from\s+(?:the\s+)?(?:context|premises?|above|question|statement)|see\s+above|by\s+(?:definition|rule|the"
    r"\s+rule)|premise|rule|fact|statement|step|sentence|line|assumption|known|stated|as\s+given|i\.e\.|e\.g\.|context"
    r"|hop|axiom|ax|hop\s+\d|modus\s+ponens|mp|contradiction|repeat|restated|again|true|false|\d{1,3}|[a-h]"
    r"|statements?\s+\d{1,3}(?:\s*(?:and|,|&)\s*\d{1,3})*|rules?\s+\d{1,3}(?:\s*(?:and|,|&)\s*\d{1,3})*"
    r"|premises?\s+\d{1,3}(?:\s*(?:and|,|&)\s*\d{1,3})*|steps?\s+\d{1,3}(?:\s*(?:and|,|&)\s*\d{1,3})*"
    r"|from\s+(?:step|statement|rule|premise)s?\s+\d{1,3}(?:\s*(?:and|,|&)\s*\d{1,3})*)[.,;]?$",
    re.IGNORECASE,
)
_ARROW = rx.compile(_SP + r"→\s*+")
_SPACES = rx.compile(r"\s+")


# -- reading one clause ------------------------------------------------------------------------------


def read_lines(lines: tuple[ProofLine, ...], text: str, ctx: Context) -> tuple[ProofLine, ...] | Unread:
    """Proof lines as the grammar read them, with the problem's vocabulary (see
    :meth:`Vocabulary.read`), a conjunctive rule that is not an axiom split into one rule per conjunct.
    """
    if any(line.formula is not None and _contrast_as_alternative(line.formula) for line in lines) \
            and _CONTRAST.search(text):  # (the formulas first: a type test where the text search was per clause)
        return Unread("a contrast ('…, not …') read as alternatives")
    if ctx.vocabulary.empty:
        return lines
    vocabulary = ctx.vocabulary
    if all(line.formula is None or _plain(line.formula, vocabulary) for line in lines):
        return lines  # every word the context's own, nothing to split (most sentences)
    out: list[ProofLine] = []
    for line in lines:
        if line.formula is None:
            out.append(line)
            continue
        read = ctx.vocabulary.read(line.formula, text)
        if isinstance(read, Unread):
            return read
        if (line.kind == STATEMENT and isinstance(read, ForAll) and isinstance(read.body, Implies)
                and isinstance(read.body.consequent, And) and read not in ctx.axioms):
            out.extend(ProofLine(STATEMENT, rule(read.body.antecedent, c)) for c in read.body.consequent.operands)
            continue
        if line.kind == STATEMENT and isinstance(read, And) and ctx.literal_facts:
            # Outside the OOD calculus nothing is a conjunction: "Fae is a grimpus, a jelpus and a timpus" states
            # three facts, in order.
            out.extend(ProofLine(STATEMENT, c) for c in read.operands)
            continue
        out.append(line if read is line.formula else ProofLine(line.kind, read))
    return tuple(out)


_CONTRAST = rx.compile(r",\s*+not\s", re.IGNORECASE)


def _contrast_as_alternative(formula: Formula) -> bool:
    """The grammar's list of alternatives with a negated item: "Wren is a gerpus, not a shumpus or a zhorpus" parses
    as gerpus ∨ ¬shumpus ∨ zhorpus, where English means a gerpus and neither of the others (read by the clause reader).
    """
    if isinstance(formula, ForAll) and isinstance(formula.body, Implies):
        formula = formula.body.consequent
    return isinstance(formula, Or) and any(isinstance(o, Not) for o in formula.operands)


def literal_shaped(formula: Formula) -> bool:
    """Not a conjunction or a disjunction, nor a rule with one as its consequent (nothing for the reader to split).

    >>> from prontocheck.syntax import parse_statement as p
    >>> literal_shaped(p("Every cat is a feline.")), literal_shaped(p("Every cat is a feline and kind."))
    (True, False)
    """
    if isinstance(formula, ForAll):
        body = formula.body
        return isinstance(body, Implies) and not isinstance(body.consequent, And | Or)
    return not isinstance(formula, And | Or)


def _plain(formula: Formula, vocabulary: Vocabulary) -> bool:
    """A literal-shaped formula whose words are all the context's own."""
    return vocabulary.knows(formula) and literal_shaped(formula)


def _parse(text: str, ctx: Context) -> tuple[ProofLine, ...] | str | Unread:
    """The proof lines of a clause the grammar reads whole and the vocabulary accepts; else why not."""
    try:
        sentence = parse_sentence(text)
    except UnparseableSentence as e:
        return e.reason
    return read_lines(proof_lines(sentence), text, ctx)


_DANGLING = rx.compile(r"(?<![\s,;:\-])(?:[\s,;:\-]++(?:and|but|so|or|then|though|however))+\s*+$"
                       r"|^\s*+(?:and|but|so|or)\s+",
                       re.IGNORECASE)


def _clean(text: str) -> str:
    return _DANGLING.sub("", _SPACES.sub(" ", text).strip(" ,;:-")).strip(" ,;:-").strip()


def _peel(pattern: re.Pattern[str], text: str) -> str:
    """Remove a leading pattern as often as it matches."""
    while True:
        m = pattern.match(text)
        if m is None or m.end() == 0:
            return text
        text = text[m.end():]


def _classified(m: re.Match[str]) -> str:
    verb = m.group(1) or m.group(4)
    negated = any(m.group(i) for i in (2, 3, 5, 6))
    return f"{verb} {'not ' if negated else ''}"


def _dehedge(text: str) -> str:
    if not _hedged(text):
        return _clean(text)  # nothing to read off (most clauses)
    text = _CLASSIFIED.sub(_classified, text)
    for pattern, repl in _HEDGES:
        text = pattern.sub(repl, text)
    if "," in text:  # "both a rorpus and, by the rule, a scrompus": the commas around what was read off
        text = _LEFT_COMMAS.sub(r"\1 ", _DOUBLE_COMMA.sub(",", _EMPTIED_ASIDE.sub(" ", text)))
    return _clean(_SPACES.sub(" ", text))


_TRAILING_HEDGE = rx.compile(
    _SP + r",?\s*+\b(?:as\s+far\s+as\s+(?:(?:the\s+)?(?:context|premises?|rules?|information)\s+(?:tells\s+us|says"
    r"|shows|goes|go)|i\s+can\s+(?:tell|see)|we\s+(?:know|can\s+tell))|as\s+(?:required|claimed|expected)|per\s+the\s+context"
    r"|according\s+to\s+the\s+(?:context|premises|rules))\W*$", re.IGNORECASE)
"""A hedge that ends a clause, read off before the clause's constructions are read ("neither A nor B, as far as the
rules go")."""
_DOUBLE_COMMA = rx.compile(_SP + r",(?:\s*+,)++")
_EMPTIED_ASIDE = rx.compile(_SP + r",\s*+,\s*+(?=(?:is|are)\b)")
""""Shumpuses, in turn, are gwompuses" with the aside read off: the commas around it go too."""
_LEFT_COMMAS = rx.compile(r"\b(and|or)\s*+,\s*+(?=\S)")


def _unquote(text: str) -> str:
    m = _QUOTES.match(text)
    if m:
        return m.group("inner").strip().rstrip(",")
    if text.startswith('"') and text.count('"') == 1:
        return text[1:].strip()
    return text


def bracket_says_something(text: str) -> bool:
    """A bracketed part of the text is more than a source aside ("(given)", "(premise 3)"): it says something
    ("(so Max is a rompus)", "(which is a type of dumpus)").

    >>> bracket_says_something("Max is a wumpus (given)."), bracket_says_something("Max is a wumpus (so kind).")
    (False, True)
    """
    return "(" in text and any(not _ASIDE.match(m.group("inner").strip()) for m in _PAREN.finditer(text))


def _contract(text: str) -> str:
    """Contractions spelled out: "isn't" → "is not", "she's" → "she is"; "Rex ∈ brimpus" is "Rex is a brimpus"."""
    if "IS" in text or "ARE" in text or "NOT" in text:  # "Sam IS sour": emphasis
        text = _EMPHASIS.sub(lambda m: m.group().lower(), text)
    if "'s " in text:  # "so Sam's a monkey": a name's "is" (not "Sam's categories")
        text = _NAME_IS.sub(r"\1 is", text)
    if "\u2208" in text or "\u2209" in text:
        text = text.replace("\u2209", " is not a ").replace("\u2208", " is a ")
    def expand(m: re.Match[str]) -> str:
        word = m.group(1)
        lower = word.lower()
        if lower in _EXPANDED:
            return _EXPANDED[lower]
        return word[:-2] + " is"
    return _CONTRACTIONS.sub(expand, text)


_EMPHASIS = rx.compile(r"\b(?:IS|ARE|NOT|ISN'T|AREN'T)\b")
_NAME_IS = rx.compile(r"\b([A-Z][a-z]+)'s(?=\s+(?:a|an|not|also|therefore|thus|then|definitely|indeed)\s)")
_QUOTED_SENTENCES = rx.compile(r"(?<=[.!?])\s++(?=[A-Z])")


def _quoted_premises(text: str) -> list[str]:
    """Quoted sentences that make up a clause ('There\'s "Each fompus is aggressive."', 'Now "yerpus": "Every
    yerpus is a yumpus."', '"A." and "B."'), each to be read as a cited premise; empty if the clause is not that.
    """
    m = _QUOTE_LIST.match(text)
    if m is None:
        return []
    # a quotation of several sentences ('"Jelpuses are gerpuses. Each gerpus is fruity."') cites each
    return [sentence for quote in re.findall(r'"([^"]{1,300})"', m.group("quotes"))
            for sentence in _QUOTED_SENTENCES.split(quote.strip()) if sentence.strip()]


def _mentions_problem(text: str, ctx: Context) -> bool:
    return bool(ctx.vocabulary.mentions(_TOKEN.findall(text)))


def _remark(text: str) -> str | None:
    """What kind of remark a clause is (the first of :data:`_COMMENTARY` found in it), or ``None``."""
    found = [m for m in (_REMARKS_AT_START.match(text), _REMARKS_INSIDE.search(text)) if m is not None]
    if not found:
        return None
    # the leftmost, and at one place the first listed (as one search over all of them would find)
    first = min(found, key=lambda m: (m.start(), int(str(m.lastgroup)[1:])))
    return _COMMENTARY[int(str(first.lastgroup)[1:])][1]


_WOULD = rx.compile(r"(?<!\s)\s++would\s++(?:(not)\s++|also\s++|then\s++)?be\s++", re.IGNORECASE)
_CASE_IF = rx.compile(r"^if\s+(?P<case>[^:,]{1,200}?)\s*+:\s*+(?P<rest>\S.{0,400})$", re.IGNORECASE)
"""A case of a proof by cases: "If Alex is a dumpus: every dumpus is a storpus, so Alex is a storpus"."""


def _suppose(text: str, ctx: Context) -> Part | None:
    m = _SUPPOSE.match(text)
    if m is None or not ctx.assumptions:
        return None
    # "Suppose Rex were a yumpus": the subjunctive opens the same assumption as "Suppose Rex is a yumpus".
    supposed = re.sub(r"^(\S+\s+)were\b", r"\1is", _dehedge(text[m.end():]), count=1, flags=re.IGNORECASE)
    read = _parse(supposed, ctx)
    if isinstance(read, tuple) and len(read) == 1 and read[0].kind == STATEMENT:
        return Part(PartKind.STEP, text, (ProofLine(ASSUME, read[0].formula),))
    return None


_STATEMENT_IS = rx.compile(
    r"^(?:the\s+)?(?:statement|claim|query|question|hypothesis|proposition)(?:\s+(?:to\s+(?:evaluate|check|prove|verify"
    r"|test|assess|determine)|in\s+question|we\s+(?:need|have|want)\s+to\s+\w+))?\s+is\s*+:",
    re.IGNORECASE,
)
""""The statement is: S", "The claim to evaluate is: S": the question restated, not a claim."""
def _known(part: Part, ctx: Context) -> bool:
    """Every formula of the part is in the problem's own words (no predicate or name it does not know)."""
    return all(line.formula is None or ctx.vocabulary.knows(line.formula) for line in part.lines)


_NOTATION = rx.compile(r"(?<=\S):\s*+(?=[^:]{0,160}?(?:→|\\|∈|⊆))")
"""A colon before a restatement in notation ("…: frog → monkey", "…: Sam \\in Integers")."""
_TWO_CLAUSES = rx.compile(r"(?<=\S)(?::|\s++-++)\s++(?:" + _CLAUSE_START + r"|(?=(?:a\s+)?contradiction\b))",
                          re.IGNORECASE)
"""A colon or a spaced dash between two clauses (the first with a verb: not a label such as "Facts:")."""
_CONTRADICTS = rx.compile(
    r"^(?:(?:this|that|which|it|and\s+this|and\s+that)\s+)?(?:(?:again|also|clearly|directly)\s+)?(?:contradicts|contradicting"
    r"|is\s+in\s+contradiction\s+with)\s++(?P<what>.{1,300})$",
    re.IGNORECASE,
)
_CONTRADICTED = rx.compile(r"^(?:the\s+)?(?:(?:fact|premise|statement|given\s+fact)\s+)?(?:that\s+|with\s+|:\s*)?",
                           re.IGNORECASE)
_ANY_FACT = rx.compile(r"^(?:the\s+(?:given\s+)?(?:fact|premise|context|assumption|information|facts|premises)"
                       r"|our\s+assumption|what\s+we\s+(?:are|were)\s+(?:told|given)|it|this|that|the\s+given)\W*$",
                       re.IGNORECASE)


def _contradiction(text: str, ctx: Context) -> Part | None:
    """"That contradicts the fact that Rex is not a kerpus" (the grammar's "This contradicts with χ"), "which
    contradicts the given fact", "contradiction" (a contradiction with no formula), else ``None``.
    """
    if "contradict" not in text.lower():
        return None
    text = _contract(text)
    if re.fullmatch(r"(?:a\s+|again\s+a\s+)?contradiction\W*", text, re.IGNORECASE):
        return Part(PartKind.STEP, text, (ProofLine(CONTRADICTION, None),))
    m = _CONTRADICTS.match(text)
    if m is None:
        return None
    what = m.group("what").strip(" .")
    if _ANY_FACT.match(what):
        return Part(PartKind.STEP, text, (ProofLine(CONTRADICTION, None),))
    read = _parse("This contradicts with " + _CONTRADICTED.sub("", what, count=1), ctx)
    return Part(PartKind.STEP, text, read) if isinstance(read, tuple) else None


def _conditional(text: str, ctx: Context) -> Part | None:
    """"If A, then B" about one individual: the rule ∀x(A → B) it instantiates."""
    m = _CONDITIONAL.match(text)
    if m is None or re.search(r"\b(?:were|would|could|might|may)\b", text, re.IGNORECASE):
        return None
    a, b = _parse(_dehedge(m.group("a")), ctx), _parse(_dehedge(m.group("b")), ctx)
    if not (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) == 1):
        return None
    fa, fb = a[0].formula, b[0].formula
    if fa is None or fb is None or a[0].kind != STATEMENT or b[0].kind != STATEMENT:
        return None
    ca, cb = constants_of(fa), constants_of(fb)
    if len(ca) != 1:
        return None
    c = next(iter(ca))
    for other in cb - ca:
        if other.name.lower() in PRONOUNS:
            fb = replace_term(fb, other, c)
    if constants_of(fb) != ca:
        return None
    formula = rule(replace_term(fa, c, X), replace_term(fb, c, X))
    return Part(PartKind.STEP, text, (ProofLine(STATEMENT, formula),))


def _expand(text: str, ctx: Context) -> list[str]:
    """Constructions read into plain clauses (appositives, "A, not B", gapped and, two verbs, arrows)."""
    if "←" in text and "→" not in text:  # "dumpus ← bompus ← Polly": the chain read from its end
        text = " → ".join(piece.strip(" .") for piece in reversed(text.split("←")))
    if "→" in text:
        return _arrows(text, ctx)
    m = _APPOSITIVE.match(text)
    if m is not None and _COPULA.search(m.group("app")) is None and re.match(_VERB, m.group("rest"), re.IGNORECASE):
        subj, app, rest = m.group("subj"), m.group("app"), m.group("rest").rstrip(".!")
        verb = "are" if _plural_subject(subj, ctx) else "is"
        lead = re.match(r",\s*(a|an)\s", text[len(subj):], re.IGNORECASE)
        appositive = f"{subj} {verb} {lead.group(1) + ' ' if lead else ''}{app}"
        return [*_expand(appositive, ctx), *_expand(f"{subj} {rest}", ctx)]
    text = _OTHER_WAY.sub("", text)  # "yimpuses are fompuses, not the other way around": the first clause says it
    m = _NEITHER.match(text)
    if m is not None:
        return [f"{m.group('head')} not {m.group('a')} and not {m.group('b')}"]
    m = _NOT_ONLY.match(text)
    if m is not None:
        return [f"{m.group('head')} {m.group('a')}", f"{m.group('head')} {m.group('b')}"]
    for pattern in (_NOT_B, _BUT_NOT):
        m = pattern.match(text)
        if m is not None:
            return [f"{m.group('head')} {m.group('a')}", f"{m.group('head')} not {m.group('b')}"]
    m = _GAPPED.match(text)
    if m is not None:
        subj, verb, b = m.group("subj"), m.group("verb"), m.group("b")
        second = f"{subj} {b}" if _VERB_START.match(b) else f"{subj} {verb} {b}"
        return [*_expand(f"{subj} {verb} {m.group('a')}", ctx), *_expand(second, ctx)]
    if len(_LIST_AND.findall(text)) >= 2:
        # "a vumpus, and a tumpus, and a numpus": one list
        matches = list(_LIST_AND.finditer(text))
        for m in reversed(matches[:-1]):
            text = text[:m.start()] + ", " + text[m.end():]
    m = _TWO_VERBS.match(text)
    if m is not None and _COPULA.search(m.group("head")) is None:
        head = m.group("head")
        return [f"{head} {m.group('v1')} {m.group('a')}", f"{head} {m.group('v2')} {m.group('b')}"]
    if "," in text:
        items = [item.strip() for item in text.split(",")]
        first = _SUBJECT.match(items[0])
        copula = _COPULA.search(items[0])
        if first is not None and copula is not None and len(items) > 1 and all(
            _gapped_clause(item, ctx) for item in items[1:]
        ):
            out = [items[0]]
            for item in items[1:]:
                item = re.sub(r"^and\s+", "", item, flags=re.IGNORECASE)
                subject, _, rest = item.partition(" ")
                out.append(item if _COPULA.search(item) else f"{subject} {copula.group()} {rest}")
            return out
    return [text]


_PREDICATE_LIST = rx.compile(
    r"^(?P<head>[^,]{1,80}?\b(?:is|are))\s++(?P<items>(?:not\s+)?(?:an?\s+)?[A-Za-z][\w\-]*+(?:\s*+,\s*+(?:and\s+)?"
    r"(?:(?:therefore|thus|hence|so|also|then|ultimately|finally|eventually)\s+)?(?:not\s+)?(?:an?\s+)?[A-Za-z][\w\-]*+)"
    r"{1,20}(?:(?:\s*+,)?\s++and\s+(?:(?:therefore|thus|hence|so|also|then|ultimately|finally)\s+)?(?:not\s+)?"
    r"(?:an?\s+)?[A-Za-z][\w\-]*+)?)$",
    re.IGNORECASE,
)
_LIST_CUT = rx.compile(r",|\band\b", re.IGNORECASE)
_LIST_ITEM_LEAD = rx.compile(r"^(?:and\s+)?(?:(?:therefore|thus|hence|so|also|then|ultimately|finally|eventually)\s+)?",
                             re.IGNORECASE)


def _listed(clause: str, ctx: Context) -> list[str] | None:
    """A list of the problem's predicates after one verb that the grammar does not take whole ("Sally is a
    grimpus, fompus, zumpus", "Fae is a storpus, a worpus"): one clause per item, in order; ``None`` if the clause
    is not that (an item that is not a word of the problem's: "Sally is not a sheep, though").
    """
    m = _PREDICATE_LIST.match(clause) if "," in clause else None
    if m is None:
        return None
    items = [_LIST_ITEM_LEAD.sub("", item.strip()) for item in _LIST_CUT.split(m.group("items"))]
    items = [item for item in items if item]
    if not all(ctx.vocabulary.mentions([item.split()[-1]]) for item in items):
        return None
    return [f"{m.group('head')} {item}" for item in items]


def _gapped_clause(piece: str, ctx: Context) -> bool:
    """A list item that is a clause of its own: "zumpuses are dull", or with the verb left out "numpuses opaque"."""
    words = re.sub(r"^and\s+", "", piece, flags=re.IGNORECASE).split()
    if len(words) < 2:
        return False
    if _COPULA.search(piece):
        return _SUBJECT.match(re.sub(r"^and\s+", "", piece, flags=re.IGNORECASE)) is not None
    return ctx.vocabulary.concept(words[0]) is not None and words[0].lower().endswith("s") and len(words) <= 4


def _plural_subject(subject: str, ctx: Context) -> bool:
    last = subject.split()[-1]
    concept = ctx.vocabulary.concept(last)
    return concept is not None and last.lower() != concept and last.lower().endswith("s")


def _arrows(text: str, ctx: Context) -> list[str]:
    """"Sally is an impus → vumpus → dumpus": at each arrow the rule and the fact; a full clause stands alone."""
    pieces = [p for p in _ARROW.split(text) if p.strip()]
    out: list[str] = []
    subject: str | None = None
    previous: str | None = None
    for piece in pieces:
        piece = piece.strip(" .")
        m = re.match(r"^(?P<subj>.{0,79}?\S)\s++(?:is|are)\s+(?:not\s+)?(?:a\s+|an\s+)?(?P<pred>" + _W + r")$",
                     piece, re.IGNORECASE)
        if _COPULA.search(piece):
            out.append(piece)
            if m is not None:
                subject = None if _concept_subject(m.group("subj"), ctx) else m.group("subj")
                previous = m.group("pred") if " not " not in f" {piece} " else None
            else:
                subject, previous = None, None
            continue
        if not out and subject is None and piece.lower() in ctx.vocabulary.individuals:
            subject = piece  # "Polly → jompus → worpus": Polly is a jompus, …
            continue
        noun = _abbreviated(re.sub(r"^(?:a|an|the)\s+", "", piece, flags=re.IGNORECASE), ctx)
        if previous is not None:
            out.append(f"every {_singular_word(previous, ctx)} is {noun}")
        if subject is not None:
            out.append(f"{subject} is {noun}")
        previous = noun if len(noun.split()) == 1 else None
    return out or [text]


def _abbreviated(noun: str, ctx: Context) -> str:
    """An arrow chain's word that abbreviates the one compound concept of the problem it starts ("Perfect" in
    "Integer → Perfect → Rational" is "perfect number"), else the word as written.
    """
    lower = noun.lower()
    if " " in lower or ctx.vocabulary.concept(lower) is not None or lower in ctx.vocabulary.predicates:
        return noun
    compounds = [p for p in ctx.vocabulary.predicates if p.startswith(lower + "_")]
    return compounds[0].replace("_", " ") if len(compounds) == 1 else noun


def _concept_subject(subject: str, ctx: Context) -> bool:
    words = subject.split()
    if not words:
        return False
    return words[0].lower() in ("every", "each", "all", "no") or (
        ctx.vocabulary.concept(words[-1]) is not None and words[-1].lower() not in ctx.vocabulary.individuals)


def _singular_word(word: str, ctx: Context) -> str:
    return ctx.vocabulary.concept(word) or word


_HEAD_FACT = rx.compile(r"(?P<subj>\b[A-Za-z][\w'\-]*)\s+(?:is|must\s+be)\s+(?:also\s+)?(?:a|an)\s+[\w\-]+\s*$",
                        re.IGNORECASE)


def _relative(head_text: str, body: str, ctx: Context) -> list[str] | None:
    """A relative clause "which is/are X" on the last word of ``head_text``: about a concept, the rule from it
    (and, when the head says an individual is one, the fact for the individual: "Rex is an impus, which is
    small", not when the head is a remark: "there's no sign that Rex is an impus, which is small"); about an
    individual, the fact. ``None`` when the last word is neither.
    """
    words = _WORD.findall(head_text)
    if not words:
        return None
    concept = ctx.vocabulary.concept(words[-1])
    if concept is None:
        individual = ctx.vocabulary.individuals.get(words[-1].lower())
        return None if individual is None else [f"{individual} is {body}"]
    noun = ctx.vocabulary.concept(body) if _WORD.fullmatch(body) else None
    if noun is not None and body.lower() != noun:  # "chorpuses which are gwompuses": every chorpus is a gwompus
        body = f"{article(noun)} {noun}"
    out = [f"every {concept} is {body}"]
    fact = _HEAD_FACT.search(head_text.strip().rstrip(".,"))
    if fact is not None and _remark(head_text) is None and (fact.group("subj").lower() in ctx.vocabulary.individuals
                             or fact.group("subj").lower() in PRONOUNS):
        out.append(f"{fact.group('subj')} is {body}")
    return out


def read_clause(text: str, ctx: Context, they: tuple[str, ...] = ()) -> list[Part]:
    """Read one clause (a piece of a sentence between connectives); see the module doc.

    Args:
        text: the clause.
        ctx: what it is read against.
        they: the plural concepts the sentence made subjects before this clause: a clause about "they" is
            about the one of them (and is not read when there were several).
    """
    if SELF_CORRECTION.match(text):
        return [Part(PartKind.COMMENTARY, text, reason="a self-correction")]  # "Wait, no." answers nothing
    text = _clean(_peel(_INTERJECTION, _clean(_CONFIRMED.sub("", _contract(text)))))
    if not _WORD.search(text):
        return []
    answer = answer_of(text, ctx.answers)
    if answer is not None:
        return [Part(PartKind.ANSWER, text, answer=answer)]
    if text.endswith("?") or _QUESTION_START.match(text) or _RESTATED_QUERY.match(text):
        return [Part(PartKind.COMMENTARY, text, reason="a question")]
    if _QUOTED_QUESTION.match(text):
        return [Part(PartKind.COMMENTARY, text, reason="the question restated")]
    label = _LABEL.match(text) if ":" in text else None
    if label is not None and _GOAL_LABEL.search(label.group("label")) \
            and _LABEL_VERB.search(label.group("label")) is None:
        return [Part(PartKind.COMMENTARY, text, reason="a heading: what is to be shown")]  # 'The statement: "S"'
    quotes = _quoted_premises(text) or ('"' in text and _quoted_premises(_peel(_LEAD_IN, text)))
    if quotes and all(_is_the_query(quote, ctx) for quote in quotes):
        return [Part(PartKind.COMMENTARY, text, reason="the question restated")]  # 'It says "Max is not floral."'
    if quotes:
        return [p for quote in quotes for p in read_clause(quote, ctx, they)]
    named = _QUOTE_NAMED.match(text)
    if named is not None:
        # 'The only sentence in the context that makes something windy is "Each numpus is windy."': the premise cited
        return read_clause(named.group("quote"), ctx, they)
    stands = _QUOTE_STANDS.match(text)
    if stands is not None:
        return read_clause(stands.group("quote")[1:-1], ctx, they)
    means = _MEANS.match(text)
    if means is not None:
        said = means.group("said")
        out = read_clause(said[1:-1], ctx, they) if said.startswith('"') else []
        out += read_clause(means.group("meant"), ctx, they)
        if means.group("denied"):
            out.append(Part(PartKind.COMMENTARY, means.group("denied").strip(" ,"), reason="what it does not mean"))
        return out
    if "," in text and (chain := _chain_list(_peel(_LEAD_IN, text), ctx)) is not None:
        text = chain
    makes = _MAKES_START.match(text)
    if makes is not None:
        text = _made(text[makes.end():], ctx)
    stripped = _clean(_peel(_LEAD_IN, _CHAIN_LEAD.sub(_chain_lead, text) if "→" in text else text))
    label = _LABEL.match(stripped)
    if label is not None and _LABEL_VERB.search(label.group("label")) is None:
        if _GOAL_LABEL.search(label.group("label")):
            return [Part(PartKind.COMMENTARY, text, reason="a heading: what is to be shown")]
        case = _CASE_LABEL.match(label.group("label"))
        stripped = _clean(_peel(_LEAD_IN, stripped[label.end():]))
        if case is not None and ctx.assumptions and not re.match(r"(?:assume|suppose)\b", stripped, re.IGNORECASE):
            stripped = "Assume " + stripped
    if stripped[:1] == '"':  # a quoted premise, and what follows it
        if _is_the_query(stripped.strip(' ".,;:!'), ctx):
            return [Part(PartKind.COMMENTARY, text, reason="the question restated")]
        gloss = _QUOTE_GLOSS.match(stripped)
        if gloss is not None:  # '"Each rompus is a jompus" - rompus to jompus.': the premise, then the model's gloss
            return [*read_clause(gloss.group("quote"), ctx, they),
                    Part(PartKind.COMMENTARY, gloss.group("rest"), reason="a gloss on the premise")]
        denied = _QUOTE_NOT.match(stripped)
        if denied is not None:  # 'The context says "Rempuses are grimpuses," not hilpuses.'
            return [*read_clause(denied.group("quote"), ctx, they),
                    Part(PartKind.COMMENTARY, denied.group("rest"), reason="a remark on the context's wording")]
        then = _QUOTE_THEN.match(stripped)
        if then is not None:
            # 'Although the context says "Each rompus is earthy," Polly is not a rompus': the cited premise, then the
            # clause after it (the comma inside the quotes cut nothing)
            return [*read_clause(then.group("quote"), ctx, they), *read_clause(then.group("rest"), ctx, they)]
    stripped = _unquote(stripped.rstrip(".!"))
    contradiction = _contradiction(stripped, ctx)
    if contradiction is not None:
        return [contradiction]
    notation = _NOTATION.search(stripped)
    if notation is not None and notation.start() > 0:
        # "Each integer is a perfect number: Integer → Perfect number": the clause, then the same in notation, read
        # where it can be
        head = stripped[:notation.start()]
        before = read_discourse(head, ctx) if "(" in head else read_clause(head, ctx, they)
        if any(p.kind is PartKind.STEP for p in before):
            after = [p if p.kind is PartKind.STEP and _known(p, ctx) else Part(PartKind.COMMENTARY, p.text,
                                                                                reason="notation (not read)")
                     for p in read_clause(stripped[notation.end():], ctx, they)]
            return [*before, *after]
    split = _TWO_CLAUSES.search(stripped)
    if split is not None and _STATEMENT_IS.match(stripped[:split.end()]):
        return [Part(PartKind.COMMENTARY, text, reason="the question restated")]
    if split is not None and _LABEL_VERB.search(stripped[:split.start()]) is not None:
        # "Sally is not a sheep, though: she is a feline", "Wren is not a gerpus - contradiction": two clauses
        return [*read_clause(stripped[:split.start()], ctx, they), *read_clause(stripped[split.end():], ctx, they)]
    pronoun = _THEY.match(stripped)
    if pronoun is not None and they:
        if len(set(they)) > 1:
            return [Part(PartKind.UNPARSEABLE, stripped, reason=f"{pronoun.group().strip()!r} could mean "
                         + " or ".join(sorted(set(they))))]
        stripped = they[0] + " " + stripped[pronoun.end():]
    if not _WORD.search(stripped):
        return [Part(PartKind.COMMENTARY, text, reason="a heading")]
    supposed = _suppose(stripped, ctx)
    if supposed is not None:
        return [supposed]
    if _REAL_WORLD.match(stripped):
        return [Part(PartKind.COMMENTARY, text, reason="a remark about the real world")]
    if ctx.assumptions and _WOULD.search(stripped) and not _HYPOTHETICAL.search(_WOULD.sub(" is ", stripped)):
        # Under an assumption of the OOD calculus "Then Rex would be a kerpus" is a step of the proof: read as "is".
        stripped = _WOULD.sub(lambda m: " is not " if m.group(1) else " is ", stripped)
    if _HYPOTHETICAL.search(stripped):
        conditional = _conditional(stripped, ctx) if stripped.lower().startswith("if ") else None
        if conditional is not None:
            return [conditional]
        why = _remark(stripped)
        if why is not None and not stripped.lower().startswith(("if ", "suppose", "assum")):
            return [Part(PartKind.COMMENTARY, text, reason=why)]
        return [Part(PartKind.HYPOTHETICAL, text, reason="a hypothetical")]
    necessarily = _NOT_NECESSARILY.search(stripped)
    if necessarily is not None:
        cuts = list(_COORDINATOR.finditer(stripped, 0, necessarily.start()))
        tail = Part(PartKind.COMMENTARY, stripped[cuts[-1].start():] if cuts else stripped,
                    reason="what need not be so")
        return [*(read_clause(stripped[:cuts[-1].start()], ctx, they) if cuts else []), tail]
    if _words_compared(stripped, ctx):
        return [Part(PartKind.COMMENTARY, text, reason="a remark on the words")]
    whole = _parse(stripped, ctx)
    if isinstance(whole, tuple):
        return [Part(PartKind.STEP, stripped, whole)]
    why = _remark(stripped)
    if why is not None:
        return [Part(PartKind.COMMENTARY, text, reason=why)]
    if _IF_AFTER.search(stripped):
        return [Part(PartKind.HYPOTHETICAL, text, reason="a hypothetical")]
    parts: list[Part] = []
    for clause in _expand(_TRAILING_HEDGE.sub("", stripped), ctx):
        clause = _dehedge(clause)
        if clause[:1] == '"' and (quoted := _QUOTES.match(clause)) is not None:
            clause = quoted.group("inner").strip()  # 'From the statement "Each insect is a lobster"': source read off
        read = _parse(clause, ctx)
        if not isinstance(read, tuple) and (items := _listed(clause, ctx)) is not None:
            parts.extend(p for item in items for p in read_clause(item, ctx))
            continue
        if isinstance(read, tuple):
            parts.append(Part(PartKind.STEP, clause, read))
        elif isinstance(read, Unread) and read.subject_is_function_word and not _mentions_problem(clause, ctx):
            parts.append(Part(PartKind.COMMENTARY, text, reason="a remark"))
        elif _mentions_problem(clause, ctx) or ctx.vocabulary.empty:
            reason = read.reason if isinstance(read, Unread) else read
            parts.append(Part(PartKind.UNPARSEABLE, clause, reason=reason))
        else:
            parts.append(Part(PartKind.COMMENTARY, text, reason="no statement about the problem"))
    return parts


# -- cutting a sentence into clauses -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Piece:
    """A piece of a sentence between connectives; ``head`` is the text before an aside's bracket."""

    text: str
    role: str  # "first", "since", "so", "and", "but", "comma", "which", "aside"
    head: str = ""


def _mask(text: str) -> str:
    """The text with each quoted span replaced by one word of the same length, so that connectives inside
    quotes are not cut and a quotation counts as one word of a clause.
    """
    return re.sub(r'"[^"]*"', lambda m: "Q" * len(m.group()), text)


def _pieces(text: str) -> list[_Piece]:
    """The pieces of a sentence, each aside (bracketed) right after the piece it was in."""
    asides = [(m.start(), m.group("inner").strip()) for m in _PAREN.finditer(text)]
    for m in reversed(list(_PAREN.finditer(text))):
        text = text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]
    masked = _mask(text)
    bounds: list[tuple[int, int, str]] = []
    start, role = 0, "first"
    cut = "," in masked or not _CONNECTIVE_WORDS.isdisjoint(_WORDS.findall(masked.lower()))
    for m in _CONNECTIVE.finditer(masked) if cut else ():
        if m.start() == 0:
            continue
        bounds.append((start, m.start(), role))
        role = m.lastgroup or "comma"
        start = m.start() if role in ("which", "remark") else m.end()
    bounds.append((start, len(text), role))
    pieces: list[_Piece] = []
    for s, e, r in bounds:
        if text[s:e].strip():
            pieces.append(_Piece(text[s:e], r))
        for at, inner in asides:
            if s <= at < e and inner and not _ASIDE.match(inner):
                pieces.append(_Piece(inner, "aside", text[s:at]))
    return pieces


_CONTRADICTION = rx.compile(
    r"^(?:(?:there\s+is|there's|we\s+(?:have|get|reach|arrive\s+at)|this\s+(?:is|gives(?:\s+us)?|leads\s+to)|which\s+is"
    r"|that\s+is|it\s+is)\s+(?:a\s+|an\s+)?(?:clear\s+|direct\s+)?contradiction|contradiction)\b",
    re.IGNORECASE,
)


_MADE = rx.compile(r"^(?P<subj>(?:the\s+)?[A-Za-z][\w'\-]*)\s++(?:(?:among|amongst|in|within|with|into)\s+(?:the\s+)?"
                   r"(?P<group>[A-Za-z][\w\-]*)(?:\s+(?:category|class|group|family|set))?[.!]?\s*$|(?P<pred>.+))",
                   re.IGNORECASE)
_MAKES_START = rx.compile(r"^(?:this|that|which|it)\s+(?:(?:therefore|thus|also|then|in\s+turn)\s+)?(?:makes|made|puts"
                          r"|places|leaves)\s++(?=[A-Za-z])", re.IGNORECASE)
""""This makes her a shumpus", "That puts Polly in the shumpus category": a fact, read as "…, which makes her …"
is."""
_OBJECT_PRONOUNS = {"her": "she", "him": "he", "them": "they", "it": "it"}


def _made(body: str, ctx: Context) -> str:
    """What "…, which makes her a mammal" / "which places Alex among the whales" says: "she is a mammal",
    "Alex is a whale".
    """
    m = _MADE.match(body)
    if m is None:
        return body
    subj = _OBJECT_PRONOUNS.get(m.group("subj").lower(), m.group("subj"))
    if m.group("group") is not None:
        concept = ctx.vocabulary.concept(m.group("group"))
        return f"{subj} is {article(concept)} {concept}" if concept is not None else body
    return f"{subj} is {m.group('pred')}"


_LIST_FILLERS = frozenset("and or so on etc the others more".split())


def _concept_list(text: str, ctx: Context) -> bool:
    """A bracketed list of the problem's concepts with no verb: "(zhorpuses, worpuses, wumpuses, and so on)"."""
    words = _WORD.findall(text)
    return ("," in text and "→" not in text and _COPULA.search(text) is None and bool(words)
            and all(w.lower() in _LIST_FILLERS or ctx.vocabulary.concept(w) is not None for w in words))


def _read_piece(piece: _Piece, previous: str, ctx: Context, they: tuple[str, ...]) -> tuple[list[Part], bool]:
    """The parts of one piece, and whether it opens with a premise word ("since", "because")."""
    body = piece.text.strip()
    if piece.role == "makes":
        if _remark(previous) is not None:  # "I don't see any rule that makes wumpuses into rompuses": no claim
            return [Part(PartKind.COMMENTARY, body, reason="part of a remark")], False
        return read_clause(_made(body, ctx), ctx, they), False
    if piece.role == "aside" and _REAL_WORLD_ANY.search(piece.head):
        return [Part(PartKind.COMMENTARY, body, reason="a remark about the real world")], False
    if piece.role == "remark":
        body = body.lstrip(" ,-")
        contradiction = _contradiction(body, ctx)
        if contradiction is not None:
            return [contradiction], False
        return [Part(PartKind.COMMENTARY, body, reason="a remark on the reasoning")], False
    include = _INCLUDE.match(body) if piece.role in ("which", "aside") else None
    if include is not None:
        # "jompuses, which include chorpuses (and numpuses)": every chorpus is a jompus
        words = _WORD.findall(piece.head or previous)
        whole = ctx.vocabulary.concept(words[-1]) if words else None
        if whole is not None:
            members = [_AS_A.sub("", m) for m in _CHAIN_ITEM_CUT.split(include.group("np").strip(" .")) if m]
            # a member named is an individual ("every impus (which includes Wren)": Wren is an impus)
            claims = [f"{m if m.lower() in ctx.vocabulary.individuals else 'every ' + m} is {article(whole)} {whole}"
                      for m in members]
            return [p for claim in claims for p in read_clause(claim, ctx)], False
    source = _QUOTED_SOURCE.match(body) if piece.role == "aside" and '"' in body else None
    if source is not None:  # "(from "Brimpuses are yumpuses")": the premise cited, read first
        return read_clause(source.group("quote"), ctx, they), True
    way = _BY_WAY_OF.match(body) if piece.role == "aside" else None
    if way is not None:
        # "Sally is a shumpus (by way of being a worpus, a scrompus, and a lorpus)": what she is on the way there
        head = _HEAD_FACT.search(piece.head.strip().rstrip(".,"))
        if head is not None and head.group("subj").lower() in ctx.vocabulary.individuals \
                and _COPULA.search(way.group("path") or way.group("pred")) is None:
            predicate = way.group("path") or way.group("pred")
            return read_clause(f"{head.group('subj')} is {predicate}", ctx), way.group("path") is not None
    if piece.role in ("which", "aside"):
        body = _dehedge(body) if piece.role == "which" else body
        relative_body = re.sub(r"^,?\s*(?:which|that|who)\s+"
                               r"(?:(?:in\s+turn|also|then|thus|therefore|itself|themselves)\s+)?"
                               r"(?:is|are)\s+", "", body, flags=re.IGNORECASE)
        if relative_body != body:
            relative = _relative(piece.head or previous, relative_body, ctx)
            if relative is not None:
                return [p for clause in relative for p in read_clause(clause, ctx)], False
            body = relative_body
        body = re.sub(r"^(?:so|thus|therefore|hence|i\.e\.|meaning)\s*,?\s*", "", body, flags=re.IGNORECASE)
        noun_phrase = _NOUN_PHRASE.match(body)
        if piece.role == "aside" and noun_phrase is not None:
            relative = _relative(piece.head or previous, noun_phrase.group("np"), ctx)
            if relative is not None:
                return [p for clause in relative for p in read_clause(clause, ctx)], False
        if piece.role == "aside" and _concept_list(body, ctx):
            return [Part(PartKind.COMMENTARY, body, reason="a list of the problem's words")], False
    premise = _PREMISE_START.match(body)
    if premise is not None:
        body = body[premise.end():]
    body = _SO_START.sub("", body)
    return read_clause(body, ctx, they), premise is not None


_QUOTED_SOURCE = rx.compile(r'^(?:from|by|see|per|cf\.?|as\s+in|via|since|because)\s+"(?P<quote>[^"]{3,300})"\W*$',
                            re.IGNORECASE)
_BY_WAY_OF = rx.compile(r"^(?:(?:by\s+(?:way|virtue)\s+of\s+being|via\s+being|through\s+being)\s+(?P<path>.+?)"
                        r"|(?:and|also|as\s+well\s+as)(?:\s+also)?\s+(?P<pred>(?!(?:so|then|thus|therefore|hence)\b)"
                        r"[^,]+?))\W*$", re.IGNORECASE)
"""An aside about the individual of its clause: the way there ("(by way of being a worpus, …)", a premise) or one
more predicate ("Alex is a rempus (and orange)")."""
_AS_A = rx.compile(r"(?<!\s)\s++as\s.*$", re.IGNORECASE)
_INCLUDE = rx.compile(r"^,?\s*(?:which|that)\s+(?:also\s+)?(?:includes?|contains?)\s+(?:the\s+)?(?P<np>.+)$",
                      re.IGNORECASE)
_CELL_REASON = rx.compile(r"^(?P<pred>[^()]{1,120}?)\s*+\((?P<why>[^()]{1,200})\)$")


def _table_row(text: str, ctx: Context) -> list[Part]:
    """A row of a Markdown table (cells joined by ``¦``): "Alex ¦ rempus ¦ each storpus is a rempus" (an individual,
    what it is, why), "2 ¦ Stella is a vumpus ¦ Vumpuses are rorpuses" (clauses); numbers and sources ("given") are
    left out, a row that says nothing about the problem (a header) is commentary, and a row's rules come before its
    facts (a "rule used" column gives the premise of the fact beside it).
    """
    cells = [c.strip() for c in text.split(CELL)]
    cells = [c for c in cells if c and _WORD.search(c) and not _ASIDE.match(c)]
    if not cells or not _mentions_problem(" ".join(cells), ctx):
        return [Part(PartKind.COMMENTARY, text, reason="a table row that says nothing about the problem")]
    lower = cells[0].lower()
    entity = ctx.vocabulary.individuals.get(lower) or (cells[0] if lower in PRONOUNS else None)
    if entity is None and (concept := ctx.vocabulary.concept(cells[0])) is not None:
        entity = f"every {concept}"  # "rempus ¦ shumpus, jelpus": what every rempus is
    clauses = cells
    if entity is not None and len(cells) >= 2:
        cells[1] = re.sub(r"^(?:is|are)\s+(?=\S)", "", cells[1], flags=re.IGNORECASE)  # "Fae ¦ is an impus ¦ …"
    why = _CELL_REASON.match(cells[1]) if len(cells) >= 2 else None
    if entity is not None and len(cells) >= 2 \
            and _COPULA.search(cells[1] if why is None else why.group("pred")) is None:
        predicate, reasons = cells[1], cells[2:]
        if why is not None:
            predicate = why.group("pred")
            if not _ASIDE.match(why.group("why").strip()):
                reasons = [why.group("why"), *reasons]
        clauses = [*reasons, f"{entity} is {predicate}"]
    parts = [p for clause in clauses for p in read_discourse(clause, ctx)]
    return sorted(parts, key=lambda p: not (p.kind is PartKind.STEP and p.lines
                                             and all(isinstance(line.formula, ForAll) for line in p.lines)))


def read_discourse(text: str, ctx: Context) -> list[Part]:
    """Read a sentence the grammar does not take whole: its clauses in order, premises first."""
    if CELL in text:
        return _table_row(text, ctx)
    if SELF_CORRECTION.match(text):
        return [Part(PartKind.COMMENTARY, text, reason="a self-correction")]  # "Wait, no." answers nothing
    text = _clean(_peel(_INTERJECTION, _clean(text)))
    if _CONTRADICTION.match(text):
        return [Part(PartKind.STEP, text, (ProofLine(CONTRADICTION, None),))]
    cited = _QUOTE_CITED.match(text) if '"' in text else None
    if cited is not None and _is_the_query(cited.group("quote"), ctx):
        return [Part(PartKind.COMMENTARY, text, reason="the question restated")]  # 'It says "Max is sour."'
    if cited is not None and not _remark(text[:cited.end("quote") + 1]):
        # 'Now, the next part says "Every boompus is muffled."', 'The exact sentence is "…"': the premise cited
        rest = cited.group("rest").strip(" ,;")
        return [*read_clause(cited.group("quote"), ctx), *(read_discourse(rest, ctx) if _WORD.search(rest) else [])]
    named = _QUOTE_NAMED.match(text) if '"' in text else None
    if named is not None:  # (before the clause cuts: "that makes something windy" is part of the name)
        rest = named.group("rest")
        return [*read_clause(named.group("quote"), ctx), *(read_discourse(rest, ctx) if rest else [])]
    if " are " in text:  # "careful: bompus and boompus are different words, so …"
        compared = _NO_DASH.sub("", text[label.end():] if (label := _LABEL.match(text)) else text)
        then = _THEN_CLAUSE.search(compared)
        if _words_compared(compared if then is None else compared[:then.start()], ctx):
            rest = [] if then is None else read_discourse(compared[then.end():], ctx)
            return [Part(PartKind.COMMENTARY, text if then is None else compared[:then.start()],
                         reason="a remark on the words"), *rest]
    if _REAL_WORLD.match(text) or _REAL_WORLD.match(_peel(_LEAD_IN, text)):
        # "In real math, 9 is a square number, but here Wren is just an odd number": the real world is not
        # the problem's; what comes after "but" is.
        turn = _TURN.search(text)
        aside = Part(PartKind.COMMENTARY, text if turn is None else text[:turn.start()],
                     reason="a remark about the real world")
        return [aside, *([] if turn is None else read_discourse(text[turn.end():], ctx))]
    case = _CASE_IF.match(text) if ctx.assumptions else None
    if case is not None:
        supposed = _suppose("Suppose " + case.group("case"), ctx)
        if supposed is not None:
            return [supposed, *read_discourse(case.group("rest"), ctx)]
    if re.match(r"if\b", text, re.IGNORECASE):
        # "If A, then B": one conditional; only a "but" starts something else.
        turn = _TURN.search(text)
        head = text if turn is None else text[:turn.start()]
        return [*read_clause(head, ctx), *([] if turn is None else read_discourse(text[turn.end():], ctx))]
    if "," in text:
        text = _INTERRUPTION.sub(r" (\g<premise>) ", text)
    if "one" in text:
        text = _one_as_concept(text, ctx)
    if "s a" in text.lower():
        text = _AS_A_CONCEPT.sub(lambda m: _as_a_concept(m, ctx), text)
    if "and" in text or "&" in text:
        text = _NUMBERED_PAIR.sub(r"\g<1>\g<2>-\g<3>", text)  # "statement 10 and 11" is one source, not two clauses
    groups: list[tuple[str, list[Part]]] = []
    previous = ""
    subjects: list[str] = []
    plural_pronoun = _PLURAL_PRONOUN.search(text) is not None  # else no clause needs the subjects before it
    premise_subjects: list[str] = []  # what the premises just before are about ("since A are B, they are C": A)
    head_subject: str | None = None  # the concept the piece an aside is in is about
    in_premise = False
    for piece in _pieces(text):
        if len(set(premise_subjects)) == 1 and premise_subjects[0] and piece.role in ("comma", "so"):
            they: tuple[str, ...] = (premise_subjects[0],)
        elif piece.role == "aside" and head_subject is not None:  # "tumpuses are not shy (as they are …)"
            they = (head_subject,)
        else:
            they = tuple(subjects[-1:]) if len(set(subjects)) <= 1 else tuple(subjects)
        parts, opens_premise = _read_piece(piece, previous, ctx, they)
        groups.append(("since_aside" if piece.role == "aside" and opens_premise else piece.role, parts))
        continued = in_premise and piece.role == "and"
        in_premise = opens_premise or piece.role == "since" or continued
        if not continued:
            premise_subjects = []
        if piece.role != "aside":
            head_subject = None
        if plural_pronoun:
            subject = _SUBJECT.match(_dehedge(_peel(_LEAD_IN, _PREMISE_START.sub("", piece.text.strip()))))
            if subject is not None and in_premise and subject.group("subj").lower() in PRONOUNS:
                premise_subjects.append("")  # "since they are yumpuses and yumpuses are sour, they …": whose they?
            if subject is not None and _concept_subject(subject.group("subj"), ctx):
                subjects.append(_plural_of(subject.group("subj"), ctx))
                if in_premise:
                    premise_subjects.append(subjects[-1])
                if piece.role != "aside":
                    head_subject = subjects[-1]
        previous = piece.text
    parts = _premises_first(_conjoined(groups))
    if text.rstrip().endswith("?"):
        # "Wait, maybe lorpus and rorpus are the same?": what is not read of a question asks, it does not assert
        parts = [Part(PartKind.COMMENTARY, p.text, reason="a question") if p.kind is PartKind.UNPARSEABLE else p
                 for p in parts]
    return parts


def _about_one(part: Part) -> Formula | None:
    """The formula of a one-statement step about one individual (no quantifier), else ``None``."""
    if part.kind is not PartKind.STEP or len(part.lines) != 1 or part.lines[0].kind != STATEMENT:
        return None
    formula = part.lines[0].formula
    if formula is None or isinstance(formula, ForAll) or len(constants_of(formula)) != 1:
        return None
    return formula


def _conjoined(groups: list[tuple[str, list[Part]]]) -> list[tuple[str, list[Part]]]:
    """Facts about one individual joined by "and" make one conjunction, as the grammar reads them
    ("Sally is not a scrompus and Sally is not a rempus").
    """
    out: list[tuple[str, list[Part]]] = []
    for role, parts in groups:
        if role == "and" and out and len(parts) == 1 and out[-1][1]:
            last = out[-1][1][-1]
            a, b = _about_one(last), _about_one(parts[0])
            if a is not None and b is not None and constants_of(a) == constants_of(b):
                merged = Part(PartKind.STEP, f"{last.text} and {parts[0].text}", (ProofLine(STATEMENT, and_(a, b)),))
                out[-1] = (out[-1][0], [*out[-1][1][:-1], merged])
                continue
        out.append((role, parts))
    return out


def _premises_first(groups: list[tuple[str, list[Part]]]) -> list[Part]:
    """Order the parts so that a premise given after its conclusion ("B because A") comes before it.

    A "because"/"since" piece starts a premise group that runs over the pieces joined to it by "and";
    followed by ", C" or ", so C" it supports C (already in order); at the end of the sentence it
    supports the piece before it, and moves in front of that piece.
    """
    out: list[list[Part]] = []
    i = 0
    while i < len(groups):
        role, parts = groups[i]
        if role == "since_aside" and out:
            # "Sam is a dumpus (as he is a vumpus)": the aside's premise comes before the piece it is in.
            out.insert(len(out) - 1, parts)
            i += 1
            continue
        if role != "since":
            out.append(parts)
            i += 1
            continue
        j = i + 1
        while j < len(groups) and groups[j][0] == "and":
            j += 1
        premises = [p for _, ps in groups[i:j] for p in ps]
        forward = j < len(groups) and groups[j][0] in ("comma", "so")
        if forward or not out:
            out.append(premises)
        else:
            out.insert(len(out) - 1, premises)
        i = j
    return [p for parts in out for p in parts]


def _plural_of(subject: str, ctx: Context) -> str:
    words = subject.split()
    concept = ctx.vocabulary.concept(words[-1])
    return plural(concept) if concept is not None else words[-1]


def kind_of(parts: list[Part]) -> PartKind:
    """The kind of a sentence from its clauses: a step if any clause is one, then unparseable, answer,
    hypothetical, and commentary.
    """
    kinds = {p.kind for p in parts}
    for kind in (PartKind.STEP, PartKind.UNPARSEABLE, PartKind.ANSWER, PartKind.HYPOTHETICAL):
        if kind in kinds:
            return kind
    return PartKind.COMMENTARY


