"""Chance is deterministic: the same seed, stream and number give the same order."""

from __future__ import annotations

from rules_core.kernel import STANDARD_52, shuffled


def test_same_inputs_same_order() -> None:
    a = shuffled(STANDARD_52.cards, seed=7, stream="deal")
    b = shuffled(STANDARD_52.cards, seed=7, stream="deal")
    assert a == b
    assert sorted(a) == sorted(STANDARD_52.cards)


def test_streams_and_numbers_are_independent() -> None:
    base = shuffled(STANDARD_52.cards, seed=7, stream="deal")
    assert shuffled(STANDARD_52.cards, seed=8, stream="deal") != base
    assert shuffled(STANDARD_52.cards, seed=7, stream="reshuffle") != base
    assert shuffled(STANDARD_52.cards, seed=7, stream="deal", number=1) != base


def test_does_not_touch_the_global_generator() -> None:
    import random

    random.seed(1)
    expected = random.random()
    random.seed(1)
    shuffled(STANDARD_52.cards, seed=3, stream="deal")
    assert random.random() == expected


def test_shuffled_is_random_shuffle_step_for_step() -> None:
    # ``shuffled`` inlines ``random.Random.shuffle``; the order must be the library's exactly.
    import random

    for n in (0, 1, 2, 3, 7, 52, 55, 108, 300):
        items = list(range(n))
        for seed in range(20):
            expected = list(items)
            random.Random(f"{seed}/deal/3").shuffle(expected)
            assert shuffled(items, seed=seed, stream="deal", number=3) == tuple(expected)
