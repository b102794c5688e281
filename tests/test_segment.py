"""The two paths of :func:`prontocheck.syntax.segment.segment` agree: text in the generator's style (letters,
digits, spaces and plain punctuation) is cut by one regular expression, everything else by the full reader, and
on text the quick path takes both give the same sentences with the same spans."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from prontocheck.syntax.segment import plain, segment, segment_in_full, sentence_texts, straighten

_WORDS = st.sampled_from(["Fae", "is", "a", "cat", "Every", "feline", "not", "Dr", "Mr", "e", "g", "i", "etc", "vs",
                          "Step", "step", "1", "2", "10", "3", "x", "iv", "ii", "So", "True", "False", "A", "B"])
_PUNCT = st.sampled_from([" ", " ", " ", " ", ". ", ".", ", ", "; ", ";", "! ", "? ", ":", "-", " - ", "- ", "\n",
                          "\n- ", "\n1. ", "\n2) ", "'", "  ", ". \n", "...", " + ", "+"])
_PLAIN_TEXT = st.lists(st.one_of(_WORDS, _PUNCT), max_size=30).map("".join)


def _read(seg):  # type: ignore[no-untyped-def]
    return [(s.text, s.start, s.end, s.in_trace) for s in seg.sentences]


@settings(max_examples=600, deadline=None)
@given(_PLAIN_TEXT)
@example("Dr. Max is a cat.")
@example("Fae is  a cat.")
@example("- Fae is a cat, e.g. a tabby.")
@example("Fae is a cat;dog.")
@example("1. \n2. Fae is a cat.")
@example("Step1 ")
@example("x\nFae")
@example("Fae etc. Max.")
def test_plain_path_agrees_with_full_path(text: str) -> None:
    quick = segment(text)
    full = segment_in_full(text)
    assert _read(quick) == _read(full), (plain(straighten(text)), text)
    assert sentence_texts(text) == [s.text for s in full.sentences]


def test_markers_after_a_sentence_end_are_blanked_on_both_paths() -> None:
    for text in ("Fae is a cat. - Every cat is a feline.", "**Fae** is a cat. 2) Every cat is a feline.",
                 "Fae is a cat. Step 2: Every cat is a feline.", "1. - Fae is a cat.\n- Every cat is a feline."):
        assert [s.text for s in segment(text).sentences] == ["Fae is a cat.", "Every cat is a feline."], text
        assert [s.text for s in segment(text).sentences] == sentence_texts(text)


def test_a_marker_after_an_abbreviation_stays() -> None:
    assert [s.text for s in segment("Fae is a cat, e.g. 2) a tabby.").sentences] == ["Fae is a cat, e.g. 2) a tabby."]


def test_sentences_keep_their_spans() -> None:
    text = "Fae is a cat. - Every cat is a feline."
    assert [text[s.start:s.end] for s in segment(text).sentences] == ["Fae is a cat.", "Every cat is a feline."]
