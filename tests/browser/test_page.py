"""The page itself: keyboard use, a phone-sized window, rule links, seat views, hot-seat."""

from __future__ import annotations

from .conftest import Pages
from .driver import deal, moves, settle, state


def test_a_move_made_with_the_keyboard_only(pages: Pages) -> None:
    page = pages.open()
    deal(page, "99", seed=1)
    before = moves(page)
    # "/" goes to the listing's search; typing filters it.
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.classList.contains('search')")
    page.keyboard.type("king")
    assert page.locator("#listing li.entry").count() == 1
    page.keyboard.press("Escape")
    page.locator("#table .seat[data-seat='0'] button.card").first.focus()
    page.keyboard.press("Space")  # select the card: the builder judges it
    assert page.locator("#table .seat[data-seat='0'] button.card[aria-pressed=true]").count() == 1
    page.wait_for_selector("#verdict [data-legal=true]")
    page.keyboard.press("Control+Enter")
    page.wait_for_function("n => Number(document.getElementById('play-area').dataset.moves) > n", arg=before)
    settle(page)
    assert state(page)["move"] >= before + 1


def test_a_huge_listing_comes_in_pages_and_can_be_searched(pages: Pages) -> None:
    page = pages.open()
    deal(page, "dabong", preset="master", seed=5)
    head = page.locator("#listing .listing-head")
    total = int(head.inner_text().split("entries")[0].split()[-1])
    assert total > 400 and page.locator("#listing li.entry").count() == 200
    page.click("#listing button.more")  # the next page: next_cursor sent back as cursor
    page.wait_for_function("() => document.querySelectorAll('#listing li.entry').length === 400")
    assert "400 loaded" in head.inner_text()
    page.fill("#listing input.search", "draw")
    assert page.locator("#listing li.entry").count() == 1
    # A hint from the CPU fills the builder with its action, judged like any other.
    page.fill("#listing input.search", "")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("h")
    page.wait_for_selector("#log-list .hint")
    page.wait_for_selector("#verdict [data-legal=true]")


def test_a_phone_sized_window_needs_no_sideways_scrolling(pages: Pages) -> None:
    page = pages.open(viewport={"width": 390, "height": 844})
    deal(page, "dabong", preset="master", seed=5)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    hand = page.locator("#table .seat[data-seat='0'] button.card")
    assert hand.count() >= 8 and hand.first.is_visible()
    box = hand.first.bounding_box()
    assert box and box["width"] >= 40 and box["height"] >= 56  # big enough to tap


def test_a_reason_links_to_the_rule_text(pages: Pages) -> None:
    page = pages.open()
    deal(page, "99", seed=1)
    page.locator("#listing li.entry button.pick").first.click()
    page.wait_for_selector("#verdict [data-legal=true]")
    page.locator("#verdict a.rule-link").first.click()
    dialog = page.locator("#rule-dialog")
    page.wait_for_selector("#rule-body h2")
    assert dialog.is_visible()
    assert page.inner_text("#rule-body .statement")
    page.keyboard.press("Escape")
    assert not dialog.is_visible()


def test_each_seats_view_and_the_whole_table(pages: Pages) -> None:
    page = pages.open()
    deal(page, "dobon", preset="action_cards", seats=3, seed=2, pace="step")
    # Seat 0's view (the default for a person against the CPU): the others' hands are counts.
    assert page.locator("#table .seat[data-seat='1'] .card.back").count() == 1
    page.select_option("#view-as", "table")
    page.wait_for_function("() => !document.querySelector('#table .seat .card.back')")
    page.select_option("#view-as", "2")
    page.wait_for_selector("#table .seat[data-seat='0'] .card.back")
    assert page.locator("#table .seat[data-seat='2'] .card.back").count() == 0


def test_hot_seat_passes_the_turn_between_people(pages: Pages) -> None:
    page = pages.open()
    deal(page, "99", seats=2, seed=3, roles=["human", "human"])
    for expected in (0, 1, 0):
        assert settle(page) == "person"
        assert page.locator(f"#table .seat.waiting[data-seat='{expected}']").count() == 1
        assert page.inner_text("#listing h3") == f"Legal actions of seat {expected}"
        before = moves(page)
        page.locator("#listing li.entry button.send").first.click()
        page.wait_for_function(
            "n => Number(document.getElementById('play-area').dataset.moves) > n", arg=before
        )
    # Both seats are people: the log names who moved as a person, never a CPU.
    assert set(page.locator("#log-list .step .by").all_inner_texts()) == {" (person)"}
