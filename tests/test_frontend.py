"""The one reading front-end: every shipped grammar builds strict, every failure is worded in one line
naming the word or place where reading stopped, and the PrOntoQA, modal and relations readers share it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import GrammarError

from prontocheck import modal, relations
from prontocheck.errors import UnparseableSentence, UnreadableQuery, UsageError
from prontocheck.modal.parse import MODAL
from prontocheck.relations.clauses import CLAUSES
from prontocheck.relations.grammar import RELATIONS
from prontocheck.syntax import frontend, parse_formula, parse_query, parse_sentence, parse_statement
from prontocheck.syntax.frontend import Grammar, RejectedSentence, grammar_text, parser, read
from prontocheck.syntax.grammar import FORMULA, PRONTOQA

GRAMMARS = (PRONTOQA, FORMULA, MODAL, RELATIONS, CLAUSES)
READS = [(g, s) for g in GRAMMARS for s in g.starts]


def test_every_shipped_grammar_has_a_front_end_entry() -> None:
    shipped = {p.stem for p in (Path(__file__).resolve().parents[1] / "grammars").glob("*.lark")}
    assert shipped == {g.name for g in GRAMMARS}


@pytest.mark.parametrize(("grammar", "start"), READS, ids=[f"{g.name}-{s}" for g, s in READS])
def test_every_shipped_grammar_builds_strict(grammar: Grammar, start: str) -> None:
    lark = parser(grammar, start)
    assert lark.options.strict and lark.options.parser == "lalr"
    assert parser(grammar, start) is lark  # built once
    # and without the front-end's transformer, all starts at once
    Lark(grammar_text(grammar.name), parser="lalr", strict=True, start=list(grammar.starts))


@pytest.mark.parametrize(("name", "start", "fixed", "conflicting", "terminal"), [
    # the conflicts the strict build found, as they were before they were removed
    ("prontoqa", "start", '| _AS_A_RESULT ","?', '| "as"i "a"i "result"i ","?', "A"),
    ("relations", "sentence", '_do phrase "and"i phrase "have"i SIMILAR_MEANING',
     '"do"i phrase "and"i phrase "have"i SIMILAR_MEANING', "(DET|WORD)"),
])
def test_strict_build_refuses_the_removed_conflicts(name: str, start: str, fixed: str, conflicting: str,
                                                    terminal: str) -> None:
    text = grammar_text(name)
    assert fixed in text
    Lark(text, parser="lalr", strict=True, start=start)
    with pytest.raises(GrammarError, match=f"Shift/Reduce conflict for terminal {terminal}"):
        Lark(text.replace(fixed, conflicting), parser="lalr", strict=True, start=start)


def test_a_start_rule_the_grammar_is_not_read_from_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="no start rule 'question'"):
        read(PRONTOQA, "Fae is a cat", "question")


# -------------------------------------------------------------------------------- reasons
REASONS = [
    # grammar, start, text, reason, position (0-based)
    (PRONTOQA, "start", "Fae is kind and is a cat", "unexpected word 'is'", 16),
    (PRONTOQA, "start", "Fae is a cat: yes", "unexpected symbol ':'", 12),
    (PRONTOQA, "start", 'Fae is a "cat"', "unexpected character '\"'", 9),
    (PRONTOQA, "start", "Fae is", "the sentence ends after 'is'", 4),
    (PRONTOQA, "start", "Fae is a wumpus, so", "the sentence ends after 'so'", 17),  # ", so" is one token
    (PRONTOQA, "start", "Fae is a wumpus, which means", "the sentence ends after 'which means'", 17),
    (PRONTOQA, "start", "", "the sentence is empty", 0),
    (PRONTOQA, "start", "(given)", "the sentence has no words", 0),
    (PRONTOQA, "start", "Every wumpus is a the yumpus", "unexpected word 'the'", 18),  # the transformer's
    (FORMULA, "start", "cat Fae", "unexpected word 'Fae'", 4),
    (FORMULA, "start", "cat(Fae))", "unexpected symbol ')'", 8),
    (FORMULA, "start", "cat(Fae) # 1", "unexpected character '#'", 9),
    (FORMULA, "start", "cat(Fae) ∧", "the sentence ends after '∧'", 9),
    (MODAL, "statement", "Savir blorps the party", "unexpected word 'blorps'", 6),
    (MODAL, "statement", "if I ate a meal", "unexpected word 'ate'", 5),  # lexed as the keyword "at", then "e"
    (MODAL, "statement", 'Savir might be at the "party"', "unexpected character '\"'", 22),
    (MODAL, "statement", "Savir might", "the sentence ends after 'might'", 6),
    (MODAL, "statement", "Savir might, be at the party", "unexpected symbol ','", 11),
    (MODAL, "statement", "Savir might be at the party or not", "unexpected word 'not'", 31),  # the transformer's
    (MODAL, "statement", "Savir and Tom are at least as likely as Bo to be at the party",
     "a comparative compares one person's chances, not Savir and Tom's", 0),  # the transformer's
    (MODAL, "formula", "Pr(a(x)) ∧", "the sentence ends after '∧'", 9),
    (RELATIONS, "sentence", "Is a core a part of an apple!", "unexpected character '!'", 28),
    (RELATIONS, "sentence", "Is a core of an apple?", "unexpected symbol '?'", 21),
    (RELATIONS, "sentence", "The cup is the plate.", "unexpected word 'the'", 11),
    (RELATIONS, "sentence", "Is a core a part of", "the sentence ends after 'a part of'", 10),  # one token
    (RELATIONS, "sentence", "Can bird?", "expected a subject and an ability after 'can'", 4),  # the transformer's
    (RELATIONS, "datalog_atom", "part_of(core apple)", "unexpected word 'apple'", 13),
    (RELATIONS, "datalog_rule", "part_of(core, apple) ->", "the sentence ends after '->'", 21),
]


@pytest.mark.parametrize(("grammar", "start", "text", "reason", "pos"), REASONS,
                         ids=[f"{g.name}-{t[:24]}" for g, _, t, _, _ in REASONS])
def test_reasons_name_where_reading_stopped(grammar: Grammar, start: str, text: str, reason: str, pos: int) -> None:
    with pytest.raises(UnparseableSentence) as e:
        frontend.parse(grammar, text, start)
    assert (e.value.reason, e.value.pos) == (reason, pos)
    assert e.value.sentence == text


def test_every_kind_of_failure_is_tested_in_every_grammar() -> None:
    kinds = {(g.name, r.split(" '")[0]) for g, _, _, r, _ in REASONS}
    for name in ("prontoqa", "formula", "modal", "relations"):
        assert {(name, "unexpected character"), (name, "the sentence ends after"), (name, "unexpected word"),
                (name, "unexpected symbol")} <= kinds, name


ONE_LINE = re.compile(r"unexpected (word|symbol|character) '.+'|the sentence ends after '.+'"
                      r"|the sentence (is empty|has no words)|.*comparative.*|expected a subject.*"
                      # the EWoK clause reader's own reasons (prontocheck/relations/clauses.py)
                      r"|(no verb|two noun phrases|a second clause|the clause prefix|'that' must|an existential"
                      r"|expected ('more'|one noun|a noun)|a possessive|a clause under|a comparison under)\b.*")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(READS), st.text(alphabet=st.sampled_from(list("Fae is a not cat, so(x)∧→?.\"!:")), max_size=30))
def test_any_text_parses_or_fails_with_a_one_line_positioned_reason(read_from: tuple[Grammar, str], text: str) -> None:
    grammar, start = read_from
    try:
        frontend.parse(grammar, text, start)
    except UnparseableSentence as e:
        assert ONE_LINE.fullmatch(e.reason) and "\n" not in e.reason and "expected one of" not in e.reason
        assert e.pos is not None and 0 <= e.pos <= len(text)


def test_a_rejection_carries_its_word_and_position() -> None:
    error = read(PRONTOQA, "The wumpus is kind")
    assert isinstance(error, UnparseableSentence) and (error.reason, error.pos) == ("unexpected word 'The'", 0)
    assert issubclass(RejectedSentence, Exception) and not issubclass(RejectedSentence, UnparseableSentence)


# -------------------------------------------------------------------------------- one front-end, one cache
def test_the_three_readers_raise_one_error_class() -> None:
    raised = []
    for call in (lambda: parse_statement("Fae is kind and is a cat."), lambda: parse_query("Fae is"),
                 lambda: parse_formula("cat Fae"), lambda: modal.parse_statement("Savir blorps the party."),
                 lambda: modal.parse_question("Is it true that Savir blorps?"),
                 lambda: relations.parse_sentence("Is a core of an apple?"),
                 lambda: relations.parse_atom("part_of(core apple)"),
                 lambda: relations.parse_rule("part_of(core, apple) ->")):
        with pytest.raises(UnparseableSentence) as e:
            call()
        raised.append(e.value)
    assert {type(e) for e in raised} == {UnparseableSentence, UnreadableQuery}  # a query's is the subclass
    assert all(isinstance(e, UnparseableSentence) for e in raised)
    assert all(e.pos is not None for e in raised)


@pytest.mark.parametrize(("call", "grammar", "start", "text"), [
    (lambda: parse_sentence("Fae is a zorp and is a cat."), PRONTOQA, "start", "Fae is a zorp and is a cat"),
    (lambda: modal.parse_statement("Savir zorps the party."), MODAL, "statement", "Savir zorps the party"),
    (lambda: relations.parse_sentence("Is a zorp of an apple?"), RELATIONS, "sentence", "Is a zorp of an apple?"),
    (lambda: relations.parse_atom("zorp(core apple)"), RELATIONS, "datalog_atom", "zorp(core apple)"),
], ids=["prontoqa", "modal", "relations", "relations-atom"])
def test_a_failing_sentence_is_parsed_once_and_cached_as_a_value(call: object, grammar: Grammar, start: str,
                                                                  text: str) -> None:
    before = frontend._reader(grammar, start).cache_info()  # type: ignore[attr-defined]
    errors = []
    for _ in range(3):
        with pytest.raises(UnparseableSentence) as e:
            call()  # type: ignore[operator]
        errors.append(e.value)
    after = frontend._reader(grammar, start).cache_info()  # type: ignore[attr-defined]
    assert after.misses - before.misses == 1  # one parse, in the front-end's cache
    cached = read(grammar, text, start)
    assert isinstance(cached, UnparseableSentence) and cached is read(grammar, text, start)
    assert cached.__traceback__ is None  # raised only as fresh copies
    assert all(e is not cached and e.reason == cached.reason and e.pos == cached.pos for e in errors)
    assert len({id(e) for e in errors}) == 3


@pytest.mark.parametrize(("grammar", "start"), READS, ids=[f"{g.name}-{s}" for g, s in READS])
def test_one_documented_cache_size(grammar: Grammar, start: str) -> None:
    assert frontend._reader(grammar, start).cache_info().maxsize == frontend.CACHE_SIZE  # type: ignore[attr-defined]
    assert "CACHE_SIZE" in (frontend.__doc__ or "")


def test_equal_results_of_different_texts_are_one_object() -> None:
    # Sentences no other test parses: a result cached before the intern table was last emptied (it is bounded)
    # would be an equal object, not the same one.
    assert parse_statement("Glorpuses are carnivores.") is parse_statement("Every glorpus is a carnivore.")
    assert read(FORMULA, "∀x(glorpus(x) → carnivore(x))") is parse_statement("Each glorpus is a carnivore.")
