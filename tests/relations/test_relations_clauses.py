"""The EWoK clause reader: each construction read into its form, or rejected with a reason; never a clause
folded into a name or a relation; the EWoK knowledge and design categories on the development items."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from prontocheck.errors import UnparseableSentence
from prontocheck.relations import ItemError, analyze_pair
from prontocheck.relations.clauses import clause_lexicon, read_clause, read_sentence
from prontocheck.relations.ewok import Design
from prontocheck.relations.loading import ewok_schema

SHARED_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


@pytest.mark.parametrize(("text", "form", "args", "negated"), [
    ("Dana is looking at the wheel.", "look_at", ("dana", "wheel"), False),
    ("Dana pushes the box.", "push", ("dana", "box"), False),
    ("The truck is blocking the door.", "block", ("truck", "door"), False),
    ("Dana does not see the cup.", "see", ("dana", "cup"), True),
    ("Dana doesn't want the cup.", "want", ("dana", "cup"), True),
    ("Dana is awake.", "awake", ("dana",), False),
    ("Dana's eyes are open.", "eyes_open", ("dana",), False),
    ("Dana is Maria's boss.", "boss", ("dana", "maria"), False),
    ("Dana and Maria are friends.", "and_friend", ("dana", "maria"), False),
    ("The cup is to the left of the plate.", "left_of", ("cup", "plate"), False),
    ("The cup is next to the left side of the plate.", "left_of", ("cup", "plate"), False),
    ("The cup is not in the box.", "in", ("cup", "box"), True),
    ("Then, Dana sees the cup.", "see", ("dana", "cup"), False),
    ("Dana likes the cup more than the box.", "like_more_than", ("dana", "cup", "box"), False),
])
def test_constructions(text: str, form: str, args: tuple[str, ...], negated: bool) -> None:
    s = read_clause(text)
    assert (s.form, s.args, s.negated, s.clause) == (form, args, negated, None)


def test_comparatives() -> None:
    s = read_clause("The piano is bigger than the couch.")
    assert (s.form, s.args, s.comparative) == ("comparative", ("piano", "couch"), ("bigger",))
    s = read_clause("The cup is more shiny than the plate.")
    assert (s.form, s.comparative) == ("comparative", ("more", "shiny"))


def test_attitude_verbs_take_a_proposition() -> None:
    s = read_clause("Dana sees that the wheel is in the shop.")
    assert (s.form, s.args) == ("see_that", ("dana",))
    assert s.clause is not None and (s.clause.form, s.clause.args, s.clause.negated) == ("in", ("wheel", "shop"), False)
    s = read_clause("Dana does not believe that the wheel is not in the shop.")
    assert s.negated and s.form == "believe_that" and s.clause is not None and s.clause.negated


def test_existential_comparatives() -> None:
    s = read_clause("There is more toothpaste than gel.")
    assert (s.form, s.args, s.comparative) == ("comparative", ("toothpaste", "gel"), ("more", "amount"))
    s = read_clause("There are two fewer staplers in the zoo than in the shop.")
    assert (s.form, s.args, s.comparative) == ("comparative", ("zoo", "shop"), ("less", "staplers"))


def test_conditionals_are_one_construction_over_both_clauses() -> None:
    s = read_clause("If Dana moves the truck, the airplane will not move.")
    assert (s.form, s.args, s.negated) == ("if_move_then_not_will_move", ("dana", "truck", "airplane"), False)


def test_existential_quantities() -> None:
    s = read_clause("There is not enough toothpaste.")
    assert (s.form, s.args, s.negated) == ("there_enough", ("toothpaste",), True)


def test_coordinated_clauses() -> None:
    """Two clauses joined by "but" or ", and": an elided predicate is the first clause's, its polarity its own."""
    read = read_sentence("Dana is on the ground but the truck is not.")
    assert [(s.form, s.args, s.negated) for s in read] == [("on", ("dana", "ground"), False),
                                                           ("on", ("truck", "ground"), True)]
    read = read_sentence("The truck isn't moving forward but Robin is.")
    assert [(s.form, s.args, s.negated) for s in read] == [("move_forward", ("truck",), True),
                                                           ("move_forward", ("robin",), False)]
    read = read_sentence("The candle is moving, and the baseball is stationary.")
    assert [(s.form, s.args, s.negated) for s in read] == [("move", ("candle",), False),
                                                           ("stationary", ("baseball",), False)]
    assert [s.form for s in read_sentence("Dana decided to talk to Kim but not Wei.")] == ["decided_to_talk_to_but_not"]
    assert [s.args for s in read_sentence("Omar and Lucia are exchanging business cards.")] == [
        ("omar", "lucia")]  # "and" without a comma joins two subjects, not two clauses


@pytest.mark.parametrize(("text", "reason"), [
    ("If Dana moves the bus, the box is on the ground but the truck is not.", "only read after a plain clause"),
    ("Dana sees that the cup is in the box but Kim does not.", "only read after a plain clause"),
    ("Dana is on the ground but is not in the box.", "a second clause after 'but'"),  # no second subject
    # (found by the property test below: it was the relation behind_but_not(dana, wheel, maria))
    ("Earlier, Dana is behind the wheel but not Maria is.", "'but not' before a subject and a verb"),
])
def test_coordination_outside_the_fragment_is_rejected(text: str, reason: str) -> None:
    with pytest.raises(UnparseableSentence, match=reason):
        read_sentence(text)


def test_relative_clause() -> None:
    s = read_clause("Dana sees something that is fabric.")
    assert s.restriction is not None and (s.form, s.args) == ("see", ("dana", "something"))
    assert (s.restriction.form, s.restriction.args) == ("fabric", ("something",))


@pytest.mark.parametrize(("text", "reason"), [
    ("Because Dana moves the bus, the box will move too.", "clause prefix"),
    ("If Dana moves the bus, there is more sand than gel.", "must be a plain statement"),
    ("Dana quickly strolls the cup the box.", "two noun phrases in a row"),
    ("The cup.", "no verb"),
    ("Dana is on the ground but the truck is not.", "a second clause after 'but'"),
    ("Dana sees the cup and does not see the box.", "a second clause after 'and'"),
    ("There are many staplers and keychains.", "names one noun"),
    ("The cup that is red is in the box.", "no verb"),
    ("Dana and Kim see that the cup is in the box.", "'that' must follow"),
])
def test_outside_the_fragment_is_rejected_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(UnparseableSentence, match=reason):
        read_clause(text)


@pytest.mark.parametrize(("text", "readings"), [
    # two nouns an existential sentence relates (not a conjunction of nouns: that stays rejected, above)
    ("There are many cups relative to plates.", [("there_many_relative_to", ("cups", "plates"), False)]),
    ("There is little room between the cup and the box.", [("there_little_room_between_and", ("cup", "box"), False)]),
    # after "the", a lexicon word ("school") is a noun, in a comparison of places and as a second subject
    ("There are more cups in the bank than in the school.", [("comparative", ("bank", "school"), False)]),
    ("The lamp is above Dana, and the school is below.",
     [("above", ("lamp", "dana"), False), ("below", ("school", "dana"), False)]),
    # a left-out object is the first clause's, for the lexicon's elliptical relation words only
    ("The cup is in front of Dana, and the box is not behind.",
     [("in_front_of", ("cup", "dana"), False), ("behind", ("box", "dana"), True)]),
    ("The cup is in front of Dana, and the box is stationary.", [("in_front_of", ("cup", "dana"), False),
                                                                 ("stationary", ("box",), False)]),
])
def test_related_nouns_and_left_out_objects(text: str, readings: list[tuple[str, tuple[str, ...], bool]]) -> None:
    assert [(s.form, s.args, s.negated) for s in read_sentence(text)] == readings


# --------------------------------------------------------------------------- no silent misreading
_NAMES = ["Dana", "Maria", "Kim", "Wei"]
_NOUNS = ["wheel", "shop", "cup", "gel", "toothpaste", "zoo", "staplers", "bakery", "crate"]
_NOISE = ["quickly", "strolls", "very", "that", "there", "than", "the", "is", "and", ",", "more", "not", "a", "in"]
_ATTITUDES = {"sees": "see", "knows": "know", "believes": "believe", "doubts": "doubt", "thinks": "think",
              "imagines": "imagine", "pretends": "pretend"}
_PLACES = {"in": "in", "to the left of": "left_of", "on top of": "on_top_of", "near": "near", "behind": "behind"}
_PREFIXES = {"Then,": True, "Earlier,": True, "Because the cup moves,": False, "Although Dana looks,": False}


@st.composite
def _sentences(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A generated sentence and what it must be read as: an attitude over a spatial clause, or an existential
    comparative, possibly after a prefix, possibly with a noise word inserted (then only "read right or
    rejected" is known)."""
    kind = draw(st.sampled_from(["attitude", "existential", "existential_places", "coordinated"]))
    x, y = draw(st.lists(st.sampled_from(_NOUNS), min_size=2, max_size=2, unique=True))
    expect: dict[str, object] = {"kind": kind}
    if kind == "attitude":
        name = draw(st.sampled_from(_NAMES))
        verb = draw(st.sampled_from(sorted(_ATTITUDES)))
        place = draw(st.sampled_from(sorted(_PLACES)))
        negated = draw(st.booleans())
        words = [name, verb, "that", "the", x, "is", *(["not"] if negated else []), *place.split(), "the", y]
        expect.update(form=f"{_ATTITUDES[verb]}_that", args=(name.lower(),), inner=_PLACES[place],
                      inner_args=(x, y), inner_negated=negated)
    elif kind == "coordinated":
        # "Dana is in the shop but the cup is not", "Dana is not near the cup, and Kim is near the zoo"
        name, other = draw(st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True))
        place = draw(st.sampled_from(sorted(_PLACES)))
        first, second = draw(st.booleans()), draw(st.booleans())
        elided = draw(st.booleans())
        tail = [] if elided else [*place.split(), "the", y]
        words = [name, "is", *(["not"] if first else []), *place.split(), "the", x,
                 *(["but"] if elided else [",", "and"]), other, "is", *(["not"] if second else []), *tail]
        expect.update(forms=(_PLACES[place],) * 2, args=((name.lower(), x), (other.lower(), x if elided else y)),
                      negated=(first, second))
    elif kind == "existential":
        head = draw(st.sampled_from(["more", "less"]))
        words = ["There", "is", head, x, "than", y]
        expect.update(args=(x, y), comparative=(head, "amount"))
    else:
        head = draw(st.sampled_from(["more", "fewer"]))
        a, b = draw(st.lists(st.sampled_from(["zoo", "bakery", "crate"]), min_size=2, max_size=2, unique=True))
        words = ["There", "are", "two", head, x, "in", "the", a, "than", "in", "the", b]
        expect.update(args=(a, b), comparative=("more" if head == "more" else "less", x))
    prefix = draw(st.sampled_from([None, *sorted(_PREFIXES)]))
    if prefix is not None:
        words = [*prefix.split(), *words]
        expect["prefix_ok"] = _PREFIXES[prefix]
    if draw(st.booleans()):
        at = draw(st.integers(0, len(words)))
        words.insert(at, draw(st.sampled_from(_NOISE)))
        expect["noisy"] = True
    return " ".join(words).replace(" ,", ",") + ".", expect


@settings(max_examples=400, deadline=None)
@given(_sentences())
@example(("Earlier, Dana is not behind the wheel but Maria, is.",  # a comma was folded into the name "maria,"
          {"kind": "coordinated", "forms": ("behind", "behind"), "args": (("dana", "wheel"), ("maria", "wheel")),
           "negated": (True, False), "prefix_ok": True, "noisy": True}))
def test_generated_sentences_are_read_right_or_rejected(case: tuple[str, dict[str, object]]) -> None:
    text, expect = case
    try:
        read = read_sentence(text)
    except UnparseableSentence:
        assert expect.get("noisy") or expect.get("prefix_ok") is False, text
        return
    assert expect.get("prefix_ok") is not False, f"an unknown prefix was dropped: {text}"
    # Never a clause folded into a name: every argument is one word of the sentence, and no relation name
    # holds a name or a noun.
    lexicon = clause_lexicon()
    for surface in (*read, *(r.clause for r in read)):
        if surface is None:
            continue
        for arg in surface.args:
            assert "_" not in arg and arg in re.findall(r"[a-z]+", text.lower()), (text, arg)
        pieces = set(surface.form.split("_"))
        assert not pieces & {*(n.lower() for n in _NAMES), *_NOUNS}, (text, surface.form)
        assert all(p in lexicon.lemmas or p in lexicon.numbers or p in {"that", "of", "left", "top"} for p in pieces
                   if surface.form != "comparative"), (text, surface.form)
    if expect.get("noisy"):
        return
    if expect["kind"] == "coordinated":
        assert [(r.form, r.args, r.negated) for r in read] == list(zip(expect["forms"], expect["args"],
                                                                       expect["negated"], strict=True)), text
        return
    assert len(read) == 1, text
    s = read[0]
    if expect["kind"] == "attitude":
        assert (s.form, s.args) == (expect["form"], expect["args"]), text
        assert s.clause is not None and (s.clause.form, s.clause.args, s.clause.negated) == (
            expect["inner"], expect["inner_args"], expect["inner_negated"]), text
    else:
        assert (s.form, s.args, s.comparative, s.clause) == ("comparative", expect["args"], expect["comparative"],
                                                             None), text


# --------------------------------------------------------------------------- knowledge and design categories
def _item(c1: str, c2: str, t1: str, t2: str, domain: str = "agent-properties") -> dict[str, str]:
    return {"id": "x", "domain": domain, "Context1": c1, "Context2": c2, "Target1": t1, "Target2": t2}


def test_perception_with_derivations() -> None:
    r = analyze_pair(_item("Dana is looking at the wheel.", "Dana is asleep.", "Dana sees the wheel.",
                           "Dana does not see the wheel."), ewok_schema())
    assert [c.verdict.value for c in r.cells] == ["entailed", "contradicted", "contradicted", "entailed"]
    assert r.category is Design.CONTRAST and r.agrees
    assert any(step.by == "looking at → sees" for step in r.cells[0].steps)
    assert r.cells[3].strength is not None and r.cells[3].strength.label == "soft"


def test_factive_attitudes() -> None:
    r = analyze_pair(_item("Dana sees that the cup is in the shop.", "Dana knows that the cup is not in the shop.",
                           "The cup is in the shop.", "The cup is not in the shop."), ewok_schema())
    assert [c.verdict.value for c in r.cells] == ["entailed", "contradicted", "contradicted", "entailed"]
    assert any(step.by == "factive(sees_that)" for step in r.cells[0].steps)
    r = analyze_pair(_item("Dana imagines that the cup is in the shop.", "Dana sees that the cup is in the shop.",
                           "Dana knows that the cup is in the shop.", "The cup is in the shop."), ewok_schema())
    assert [c.verdict.value for c in r.cells] == ["undetermined", "undetermined", "entailed", "entailed"]
    assert r.category is Design.REVERSED  # an attitude that is not factive decides nothing


def test_a_reversed_item_is_a_defect_with_its_derivation() -> None:
    r = analyze_pair(_item("Dana gives orders to Kim.", "Kim gives orders to Dana.", "Kim is Dana's boss.",
                           "Dana is Kim's boss.", "social-relations"), ewok_schema())
    assert r.category is Design.REVERSED and not r.agrees
    assert r.cells[0].verdict.value == "contradicted" and r.cells[0].steps


def test_materials_and_pronouns() -> None:
    r = analyze_pair(_item("Dana sees the velvet.", "Dana sees the lemonade.", "Dana folds it.", "Dana pours it.",
                           "material-dynamics"), ewok_schema())
    assert [c.verdict.value for c in r.cells] == ["undetermined", "contradicted", "contradicted", "undetermined"]
    assert r.category is Design.DIRECT


def test_no_knowledge_means_unread_not_misread() -> None:
    with pytest.raises(ItemError, match="no loaded schema maps"):
        analyze_pair(_item("Dana collects the cup.", "Dana is awake.", "Dana sees the cup.", "Dana is asleep."),
                     ewok_schema())


@pytest.mark.shared
def test_the_development_items(tmp_path: Path) -> None:
    """The figures of docs/relations.md on the development fifth: items read, and of those, design categories
    that agree with EWoK's construction."""
    with zipfile.ZipFile(SHARED_DATA / "ewok-dev" / "ewok-dev.zip") as z:
        z.extract("items.jsonl", tmp_path, pwd=b"ewok")  # (into a temporary folder: never written elsewhere)
    items = [json.loads(line) for line in (tmp_path / "items.jsonl").read_text().splitlines()]
    results = []
    for item in items:
        try:
            results.append(analyze_pair(item, ewok_schema()))
        except ItemError:
            pass
    agree = sum(r.agrees for r in results)
    assert len(results) / len(items) >= 0.95 and agree / len(results) >= 0.95, (len(results), agree)
    assert {r.category for r in results} >= {Design.CONTRAST, Design.DIRECT, Design.REVERSED}


@pytest.mark.parametrize(("c1", "c2", "t1", "t2"), [
    ("When presented with the cup and the box, Dana reached for the cup but not the box.",
     "When presented with the cup and the box, Dana avoided the cup but not the box.",
     "Dana prefers the cup over the box.", "Dana prefers the box over the cup."),
    ("Upon seeing Kim and Wei, Dana started walking towards Kim but not Wei.",
     "Upon seeing Wei and Kim, Dana started walking away from Kim but not Wei.",
     "Dana prefers Kim over Wei.", "Dana prefers Wei over Kim."),
    ("Dana decided to talk to Kim but not Wei.", "Dana decided to avoid Kim but not Wei.",
     "Dana prefers Kim over Wei.", "Dana prefers Wei over Kim."),
    ("When choosing between playing chess and playing cards, Dana decides against playing cards.",
     "When choosing between playing chess and playing cards, Dana decides against playing chess.",
     "Dana prefers chess over cards.", "Dana prefers cards over chess."),
    ("Dana wants either the cup or the box. The cup is closer to Dana than the box.",
     "Dana wants either the cup or the box. The cup is farther from Dana than the box.",
     "Dana chooses the cup over the box.", "Dana chooses the box over the cup."),
])
def test_choices_decide_a_preference(c1: str, c2: str, t1: str, t2: str) -> None:
    """Each choice construction reads both its objects and the one chosen; "cards" is a filler, not a frame word."""
    r = analyze_pair(_item(c1, c2, t1, t2), ewok_schema())
    assert [c.verdict.value for c in r.cells] == ["entailed", "contradicted", "contradicted", "entailed"]
    assert r.category is Design.CONTRAST and all(c.strength is not None for c in r.cells)


def test_a_random_choice_is_no_preference() -> None:
    r = analyze_pair(_item("When presented with the choice between the cup and the box, Dana flipped a coin and "
                           "then chose the cup.", "When presented with the choice between the cup and the box, Dana "
                           "deliberated and then chose the cup.", "Dana has no preference for the cup over the box.",
                           "Dana prefers the cup over the box."), ewok_schema())
    assert [c.verdict.value for c in r.cells] == ["entailed", "contradicted", "contradicted", "entailed"]
    assert any(step.by == "a random choice → no preference" for step in r.cells[0].steps)


def test_senses_and_conversations() -> None:
    r = analyze_pair(_item("The cup is outside Dana's mouth.", "The cup is inside Dana's mouth.", "Dana sees the cup.",
                           "Dana tastes the cup."), ewok_schema())
    assert r.cells[1].verdict.value == "contradicted" and r.cells[3].verdict.value == "entailed" and r.agrees
    assert r.cells[2].verdict.value == "contradicted"  # outside the mouth: not tasted
    r = analyze_pair(_item("Dana is starting a conversation with Kim.", "Dana is ending a conversation with Kim.",
                           "Dana intends to interact with Kim.", "Dana does not intend to interact with Kim."),
                     ewok_schema())
    assert r.category is Design.CONTRAST


@pytest.mark.parametrize(("c1", "c2", "t1", "t2", "category"), [
    ("The candle is moving, and the baseball is not.", "The candle is stationary, and the baseball is not.",
     "The candle is colliding with the baseball.", "The baseball is colliding with the candle.", Design.DIRECT),
    ("The truck is moving forward but Robin is not.", "The truck is staying in the same spot but Robin is not.",
     "Robin is throwing the truck.", "Robin is climbing on the truck.", Design.DIRECT),
    ("The speed of the ball changes.", "The speed of the ball remains the same.", "Kim is kicking the ball.",
     "Kim is touching the ball.", Design.ONE_SIDED),
    ("When the action is complete, Kim will no longer be touching the box.",
     "When the action is complete, Kim will still be touching the box.", "Kim is pushing the box.",
     "Kim is pulling the box.", Design.DIRECT),
    ("Kim is closer to the floor compared to when Kim was standing on the ground.",
     "Kim is closer to the sky compared to when Kim was standing on the ground.", "Kim is sitting on the box.",
     "Kim is standing on the box.", Design.DIRECT),
])
def test_motion_knowledge(c1: str, c2: str, t1: str, t2: str, category: Design) -> None:
    """Coordinated clauses, speed, staying in place and height, each deciding the designed comparisons."""
    r = analyze_pair(_item(c1, c2, t1, t2, "physical-interactions"), ewok_schema())
    assert r.category is category and r.agrees, [c.verdict.value for c in r.cells]


@pytest.mark.parametrize(("c1", "c2", "t1", "t2"), [
    ("Kim is removing obstacles in the path of Wei.", "Kim is introducing obstacles in the path of Wei.",
     "Kim is helping Wei.", "Kim is hindering Wei."),
    ("Kim is directing Wei toward the wrong path.", "Kim is directing Wei toward the correct path.",
     "Kim is deceiving Wei.", "Kim is helping Wei."),
    ("Kim is forcing Wei to act in a certain way.", "Kim is advising Wei to act in a certain way.",
     "Kim is coercing Wei.", "Kim is helping Wei."),
    ("Kim will be sad if Kim and Wei run into each other.", "Kim will be happy if Kim and Wei run into each other.",
     "Kim is evading Wei.", "Kim is seeking Wei."),
    ("When interacting with Wei, Kim is being annoying.", "When interacting with Wei, Kim is being supportive.",
     "Kim is teasing Wei.", "Kim is comforting Wei."),
    ("Kim is showing Wei how to juggle.", "Wei is showing Kim how to juggle.", "Kim is teaching Wei.",
     "Wei is teaching Kim."),
])
def test_social_interactions(c1: str, c2: str, t1: str, t2: str) -> None:
    """Fixed phrases ("in the path of", "toward the wrong path") are frame words, never an argument such as
    'wrong'; an action filler ("juggle") stays an argument."""
    r = analyze_pair(_item(c1, c2, t1, t2, "social-interactions"), ewok_schema())
    assert r.category is Design.CONTRAST, [c.verdict.value for c in r.cells]
    assert read_clause(c1).args[-1] not in {"wrong", "correct", "certain", "path"}


@pytest.mark.parametrize(("c1", "c2", "t1", "t2"), [
    ("The wheel is moving forward on a surface. The surface is very flat.",
     "The wheel is moving forward on a surface. The surface is very slippery.",
     "The wheel is rolling.", "The wheel is sliding."),
    ("The rock is losing altitude.", "The rock is staying at the same altitude.", "The rock is sinking.",
     "The rock is floating."),
    ("In a minute, the rock will disappear from view.", "In a minute, the rock will remain visible.",
     "The rock is sinking.", "The rock is floating."),
])
def test_physical_dynamics(c1: str, c2: str, t1: str, t2: str) -> None:
    r = analyze_pair(_item(c1, c2, t1, t2, "physical-dynamics"), ewok_schema())
    assert r.agrees and r.category in {Design.CONTRAST, Design.DIRECT}, [c.verdict.value for c in r.cells]
    assert "same" not in read_clause("The rock is staying at the same altitude.").args


def test_amounts_compared_by_name() -> None:
    r = analyze_pair(_item("The amount of ink is greater than the amount of paint.",
                           "The amount of ink is smaller than the amount of paint.", "There is more ink than paint.",
                           "There is less ink than paint.", "quantitative-properties"), ewok_schema())
    assert r.category is Design.CONTRAST, [c.verdict.value for c in r.cells]


def test_beliefs_are_closed_under_the_schemas_consequences() -> None:
    """"learned that it was moved to the shop" → believes that it is in the shop (a closed attitude, by default);
    "moved from the shop" rules the belief out."""
    r = analyze_pair(_item("Dana has learned that the wheel was moved to the shop.",
                           "Dana has learned that the wheel was moved from the shop.",
                           "Dana believes that the wheel is in the shop.",
                           "Dana doubts that the wheel is in the shop."), ewok_schema())
    assert [c.verdict.value for c in r.cells] == ["entailed", "contradicted", "contradicted", "undetermined"]
    assert r.category is Design.DIRECT  # not believing is not yet doubting
    assert any(step.by == "closed(believes_that)" for step in r.cells[0].steps)
    assert r.cells[0].strength is not None and r.cells[0].strength.label == "default"
    s = read_clause("Dana sees that the wheel is moved to the other side of the shop.")
    assert s.clause is not None and s.clause.args == ("wheel", "shop")  # never 'other' as an argument


def test_closed_must_be_a_boolean(tmp_path: Path) -> None:
    from prontocheck.relations.errors import SchemaError
    from prontocheck.relations.loading import load_schema
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "prontocheck-relations/1", "name": "bad",
                               "relations": {"believes": {"closed": "yes"}}}))
    with pytest.raises(SchemaError, match="closed"):
        load_schema([bad], defaults=False)
