"""prontocheck.common.slots: the faster constructor builds the same objects, and is applied only where exact."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, InitVar, dataclass, field, replace

import pytest

from prontocheck.common.slots import slot_init


@slot_init
@dataclass(frozen=True, slots=True)
class Record:
    name: str
    size: int = 3
    tags: tuple[str, ...] = field(default_factory=tuple)
    seen: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.seen.append(self.size)


@dataclass(frozen=True, slots=True)
class Plain:
    name: str
    size: int = 3
    tags: tuple[str, ...] = field(default_factory=tuple)
    seen: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.seen.append(self.size)


def test_the_same_objects_as_the_dataclass_constructor() -> None:
    for args, kwargs in (((("a",), {})), (("a", 5), {}), (("a",), {"tags": ("x",)}), ((), {"name": "b", "size": 0})):
        made, expected = Record(*args, **kwargs), Plain(*args, **kwargs)
        assert (made.name, made.size, made.tags, made.seen) == (expected.name, expected.size, expected.tags,
                                                                 expected.seen)
    assert Record("a").seen is not Record("a").seen  # a fresh default each time
    assert replace(Record("a"), size=7).seen == replace(Plain("a"), size=7).seen == [3, 7]  # (__post_init__ again)
    assert pickle.loads(pickle.dumps(Record("a"))) == Record("a")
    with pytest.raises(FrozenInstanceError):
        Record("a").size = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        Record()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Record("a", nope=1)  # type: ignore[call-arg]


def test_classes_it_cannot_reproduce_are_left_as_they_are() -> None:
    @dataclass(slots=True)
    class Mutable:
        x: int

    @dataclass(frozen=True, slots=True)
    class KeywordOnly:
        x: int
        y: int = field(default=0, kw_only=True)

    @dataclass(frozen=True, slots=True)
    class WithInitVar:
        x: int
        scale: InitVar[int] = 1

    @dataclass(frozen=True)
    class NoSlots:
        x: int

    for cls in (Mutable, KeywordOnly, WithInitVar, NoSlots):
        init = cls.__init__
        assert slot_init(cls).__init__ is init
