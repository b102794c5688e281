"""A prompt's shape found through the previous prompt's shape (prontocheck.modal.skeleton.prompt_shape) is the shape
it has on its own: on the grid, in grid order and shuffled, and on prompts made to look like the previous one."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from prontocheck.modal import skeleton as skeleton_module
from prontocheck.modal.benchmark import generate
from prontocheck.modal.skeleton import PromptShape, prompt_shape


@pytest.fixture(autouse=True)
def no_previous_shape() -> Iterator[None]:
    skeleton_module._last = None
    yield
    skeleton_module._last = None


def _own(prompt: str) -> tuple[PromptShape, tuple[str, ...]] | None:
    """The prompt's shape with no previous shape to try."""
    skeleton_module._last = None
    return prompt_shape(prompt)


def test_grid_shapes_are_their_own() -> None:
    prompts = [g.prompt for g in generate()][::3]
    shuffled = random.Random(5).sample(prompts, len(prompts))
    for order in (prompts, shuffled):
        skeleton_module._last = None
        through_previous = [prompt_shape(p) for p in order]
        assert through_previous == [_own(p) for p in order]


FIRST = "Ann might be at the party. Is it true that Ann must be at the party? Answer Yes or No."


@pytest.mark.parametrize("second", [
    "Bob might be at the concert. Is it true that Bob must be at the concert? Answer Yes or No.",  # of the shape
    "Bob might be at the concert. Is it true that Ann must be at the party? Answer Yes or No.",
    "Is might be at the party. Is it true that Ann must be at the party? Answer Yes or No.",  # a kept word
    "Bob might be at the the. Is it true that Bob must be at the party? Answer Yes or No.",
    "Bob2 might be at the party. Is it true that Bob must be at the party? Answer Yes or No.",  # not a name
    "Mary-Ann might be at the party. Is it true that Mary-Ann must be at the party? Answer Yes or No.",
    "Bo b might be at the party. Is it true that Bob must be at the party? Answer Yes or No.",  # two runs
    "ItX might be at the party. Is it true that ItX must be at the party? Answer Yes or No.",  # lowered by parser
    "bob might be at the party. Is it true that bob must be at the party? Answer Yes or No.",  # other class
    "Bob might be at the Party. Is it true that Bob must be at the Party? Answer Yes or No.",
    "Bob might be at the party. Is it true that Bob must be at the party? Answer Yes or No. Extra",
    "So Bob might be at the party. Is it true that Bob must be at the party? Answer Yes or No.",
    "Bob might be at the party. Is it true that Bob must be at the party? Answer Yes or No.Answer Yes or No.",
    "Bob might be at the party. Is it true that Bob must be at the party? Answer Yes or No. Answer Yes or No.",
    "Bob might be at the party.  Is it true that Bob must be at the party? Answer Yes or No.",
    "Élodie might be at the party. Is it true that Élodie must be at the party? Answer Yes or No.",  # not plain
    "Answer might be at the party. Is it true that Answer must be at the party? Answer Yes or No.",
    "Bob might be at the party. Is it true that Bob must be at the party?",
    "Bob might be at the party. Is it true that Bob must be at the party? Answer Yes or",
    "might be at the party. Is it true that Bob must be at the party? Answer Yes or No.",
])
def test_lookalikes_get_their_own_shape(second: str) -> None:
    prompt_shape(FIRST)
    assert prompt_shape(second) == _own(second)


def test_random_edits_get_their_own_shape() -> None:
    rng = random.Random(11)
    words = ["Ann", "Bob", "X", "Y", "Is", "It", "If", "party", "the", "a", "must", "Answer", "Yes", "go", "Bo-b",
             "b0b", "ItX", "Step", "3", "", " ", ".", "?", "Mary", "McDonald", "don't"]
    prompts = [g.prompt for g in generate()][::97]
    for prompt in prompts:
        for _ in range(20):
            pieces = prompt.split(" ")
            pieces[rng.randrange(len(pieces))] = rng.choice(words) + rng.choice(["", ".", "?", ","])
            edited = " ".join(pieces)
            skeleton_module._last = None
            prompt_shape(prompt)
            assert prompt_shape(edited) == _own(edited), edited
