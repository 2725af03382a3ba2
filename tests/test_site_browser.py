"""The built rules site in a real browser: Debian's headless Chromium, driven by selenium
through the system chromedriver (nothing is downloaded). A variant page shows its trump
ranking, a worked example draws its cards, and the search finds 'left bower'. Screenshots are
kept in build/test-artifacts/ for a person to look at."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.suite.scenarios import suite
from docs_gen.context import scenario_page
from docs_gen.ranking import suit_orders
from ruleset import builtin_catalog
from ruleset.compiled.loading import load_rules

from .site_helpers import ARTIFACTS, BROWSER_MISSING, built_site, chromium, serving

if BROWSER_MISSING and os.environ.get("CI") != "true":
    pytest.skip(BROWSER_MISSING, allow_module_level=True)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serving(built_site()[0]) as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as driver:
        yield driver


def _wait(browser: Any, condition: Any, seconds: float = 15) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, seconds).until(condition)


def _screenshot(browser: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    browser.save_screenshot(str(path))
    return path


def _red(colour: str) -> bool:
    """Whether a CSS colour (rgb or rgba) is clearly red."""
    parts = [float(p) for p in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3]]
    red, green, blue = parts
    return red > 150 and green < 100 and blue < 100


def test_a_variant_page_shows_its_trump_ranking(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    variant = "north-american" if "north-american" in builtin_catalog().variants else sorted(builtin_catalog().variants)[0]
    browser.get(f"{base_url}variants/{variant}/")
    tab = _wait(
        browser, lambda b: next((t for t in b.find_elements(By.CSS_SELECTOR, ".tabbed-labels label") if "Hearts" in t.text), None)
    )
    tab.click()
    table = _wait(
        browser,
        lambda b: next((t for t in b.find_elements(By.CSS_SELECTOR, '.ranking[data-trump="H"] table') if t.is_displayed()), None),
    )
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", table)
    trump_row = table.find_elements(By.CSS_SELECTOR, "tbody tr")[0]
    assert trump_row.text.startswith("Trump")
    shown = [
        card.get_attribute("title").rsplit("(", 1)[1].rstrip(")") for card in trump_row.find_elements(By.CSS_SELECTOR, ".card")
    ]
    assert tuple(shown) == suit_orders(load_rules(variant), "H")[0].cards
    assert shown.index("JH") < shown.index("JD") < shown.index("AH")
    right_bower = trump_row.find_element(By.CSS_SELECTOR, '.card[title*="(JH)"]')
    assert _red(right_bower.value_of_css_property("color")), right_bower.value_of_css_property("color")
    black = table.find_element(By.CSS_SELECTOR, '.card[title*="(AS)"]')
    assert not _red(black.value_of_css_property("color"))
    assert right_bower.size["width"] > 15 and right_bower.size["height"] > 15
    _screenshot(browser, "variant-ranking.png")


def test_a_worked_example_draws_its_cards(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    scenario = next(s for s in suite() if len(s.deals) == 1 and "hands" in s.deals[0])
    browser.get(f"{base_url}{scenario_page(scenario).removesuffix('.md')}/#{scenario.id}")
    heading = _wait(browser, lambda b: b.find_element(By.ID, scenario.id))
    deal = heading.find_element(By.XPATH, "following::table[contains(@class, 'deal')][1]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", heading)
    drawn = [card for card in deal.find_elements(By.CSS_SELECTOR, ".card") if card.is_displayed()]
    dealt = [code for hand in scenario.deals[0]["hands"] for code in hand] + [scenario.deals[0]["up_card"]]
    assert len(drawn) == len(dealt)
    assert [card.get_attribute("title").rsplit("(", 1)[1].rstrip(")") for card in drawn] == dealt
    assert all(card.size["width"] > 15 for card in drawn)
    reds = [card for card in drawn if card.get_attribute("title").rstrip(")")[-1] in "DH"]
    assert reds and all(_red(card.value_of_css_property("color")) for card in reds)
    _screenshot(browser, "worked-example.png")


def test_the_search_finds_left_bower(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(base_url)
    _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, "label.md-search__icon, .md-search__input"))
    browser.execute_script("document.querySelector('.md-search__input').focus()")
    field = browser.find_element(By.CSS_SELECTOR, ".md-search__input")
    field.send_keys("left bower")
    results = _wait(
        browser, lambda b: [r for r in b.find_elements(By.CSS_SELECTOR, ".md-search-result__item") if r.text.strip()], 30
    )
    assert any("left bower" in result.text.lower() for result in results)
    _screenshot(browser, "search-left-bower.png")


def _at_phone_width(browser: Any, url: str, name: str) -> None:
    """The page at 390 px wide: it must not scroll sideways as a whole (wide tables scroll inside their box)."""
    browser.set_window_size(390, 844)
    try:
        browser.get(url)
        _wait(browser, lambda b: b.find_element("css selector", ".md-content"))
        width = browser.execute_script("return document.documentElement.scrollWidth")
        viewport = browser.execute_script("return window.innerWidth")
        _screenshot(browser, name)
        assert width <= viewport + 1, f"{url} is {width} px wide in a {viewport} px window"
    finally:
        browser.set_window_size(1400, 1100)


def test_the_results_matrix_marks_each_outcome_and_links_to_the_engines_entry(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{base_url}results/")
    matrix = _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, ".matrix table"))
    heads = [th.text for th in matrix.find_elements(By.CSS_SELECTOR, "thead th")]
    assert heads[0] == "Variant" and "OpenSpiel Euchre" in heads and len(heads) >= 3, heads
    colours = {
        status: browser.find_element(By.CSS_SELECTOR, f".matrix .mark-{status}").value_of_css_property("background-color")
        for status in ("pass", "xfail", "skipped", "not_applicable")
    }
    assert len(set(colours.values())) == 4, colours
    openspiel = heads.index("OpenSpiel Euchre")
    total = matrix.find_elements(By.CSS_SELECTOR, "tbody tr")[-1].find_elements(By.CSS_SELECTOR, "td")
    assert "grade-brightgreen" in total[1].find_element(By.CSS_SELECTOR, ".grade").get_attribute("class")
    assert "grade-brightgreen" not in total[openspiel].find_element(By.CSS_SELECTOR, ".grade").get_attribute("class")
    _screenshot(browser, "results-matrix.png")
    _at_phone_width(browser, f"{base_url}results/", "results-matrix-390.png")

    browser.get(f"{base_url}results/north-american/")
    xfail = _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, 'a[href$="compliance/openspiel/#r-na-r1-004"]'))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", xfail)
    assert xfail.find_element(By.CSS_SELECTOR, ".mark").get_attribute("class").endswith("mark-xfail")
    difference = xfail.find_element(By.XPATH, "following-sibling::small[contains(@class, 'difference')]")
    assert difference.is_displayed() and difference.text
    _screenshot(browser, "results-north-american.png")
    xfail.click()
    row = _wait(browser, lambda b: b.find_element(By.ID, "r-na-r1-004"))
    assert browser.current_url.endswith("compliance/openspiel/#r-na-r1-004")
    assert "xfail" in row.find_element(By.XPATH, "ancestor::tr").text.lower()
    _at_phone_width(browser, f"{base_url}results/north-american/", "results-north-american-390.png")


def test_the_results_page_lists_the_registry_and_offers_each_report_to_download(browser: Any, base_url: str) -> None:
    import json
    import urllib.request
    import xml.etree.ElementTree as ET

    from selenium.webdriver.common.by import By

    browser.get(f"{base_url}results/")
    heading = _wait(browser, lambda b: b.find_element(By.ID, "registry"))
    registry = heading.find_element(By.XPATH, "following::table[1]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", registry)
    row = next(r for r in registry.find_elements(By.CSS_SELECTOR, "tbody tr") if "euchre-spec-javascript" in r.text)
    assert "JavaScript" in row.text and "MIT" in row.text
    _screenshot(browser, "results-registry.png")
    junit = row.find_element(By.CSS_SELECTOR, 'a[href$="/junit.xml"]').get_attribute("href")
    with urllib.request.urlopen(junit) as response:
        suites = ET.fromstring(response.read())
    assert suites.tag == "testsuites" and suites.findall("testsuite")
    row.find_element(By.CSS_SELECTOR, 'a[href$="/report.json"]').click()
    report = json.loads(_wait(browser, lambda b: b.find_element(By.TAG_NAME, "body")).text)
    assert report["engine"]["name"] == "euchre-spec-javascript"
    assert sum(int(s.get("tests", 0)) for s in suites.findall("testsuite")) == report["summary"]["total"]


def test_the_badges_page_draws_each_badge_and_publishes_its_endpoint_file(browser: Any, base_url: str) -> None:
    import json

    from selenium.webdriver.common.by import By

    from tests.test_badges_and_history import endpoint_problems

    browser.get(f"{base_url}results/badges/")
    images = _wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, 'img[src$=".svg"]'))
    assert images and all(browser.execute_script("return arguments[0].naturalWidth", img) > 50 for img in images)
    pasted = browser.find_element(By.XPATH, "//code[contains(., 'img.shields.io/endpoint?url=')]").text
    assert "compliance.json" in pasted
    _screenshot(browser, "badges.png")
    _at_phone_width(browser, f"{base_url}results/badges/", "badges-390.png")
    link = browser.find_element(By.CSS_SELECTOR, 'a[href$="openspiel/compliance.json"]').get_attribute("href")
    browser.get(link)
    data = json.loads(browser.find_element(By.TAG_NAME, "body").text)
    assert endpoint_problems(data) == [] and data["color"] != "brightgreen", data
    _screenshot(browser, "badge-file.png")


@pytest.mark.parametrize("width", [1400, 390])
def test_the_history_plot_has_a_point_per_engine_and_nothing_clipped(browser: Any, base_url: str, width: int) -> None:
    from selenium.webdriver.common.by import By

    browser.set_window_size(width, 1000)
    try:
        browser.get(f"{base_url}results/history/")
        plot = _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, "svg.history-plot"))
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", plot)
        points = plot.find_elements(By.CSS_SELECTOR, "circle.plot-point")
        keys = browser.find_elements(By.CSS_SELECTOR, ".plot-key")
        assert len(keys) >= 3 and len(points) >= len(keys)
        # every point and label lies inside the drawing (the SVG cuts off whatever lies outside its view box) ...
        outside = browser.execute_script(
            """const svg = arguments[0], box = svg.viewBox.baseVal, out = [];
            for (const shape of svg.querySelectorAll('circle, text')) {
              const b = shape.getBBox();
              if (b.x < box.x || b.y < box.y || b.x + b.width > box.x + box.width || b.y + b.height > box.y + box.height)
                out.push(shape.textContent || shape.outerHTML.slice(0, 60));
            }
            return out;""",
            plot,
        )
        assert outside == [], f"cut off at {width} px: {outside}"
        # ... and the drawing inside the window and its column
        rect, column = plot.rect, browser.find_element(By.CSS_SELECTOR, "article").rect
        assert rect["x"] >= column["x"] - 1 and rect["x"] + rect["width"] <= column["x"] + column["width"] + 1
        assert rect["x"] + rect["width"] <= browser.execute_script("return window.innerWidth")
        assert rect["width"] > 300 and rect["height"] > 120
        _screenshot(browser, f"history-{width}.png")
    finally:
        browser.set_window_size(1400, 1100)


def _stepped_scenario(players: int) -> Any:
    """A scenario with a trick played: the one with the fewest actions past the first card, for that many seats."""
    with_play = [
        s
        for s in suite()
        if load_rules(s.variant, s.house_rules).players == players
        and len(s.deals) == 1
        and any("play:" in a.action for a in s.actions)
    ]
    return min(with_play, key=lambda s: (len(s.actions), s.id))


def _observations(scenario: Any) -> list[dict[str, Any]]:
    from conformance.engines.reference import ReferenceEngine
    from conformance.suite.requests import build_request

    reply = ReferenceEngine().handle(build_request(scenario, 0))
    assert reply is not None
    observations: list[dict[str, Any]] = reply["observations"]
    return observations


def _shown_codes(element: Any, selector: str) -> list[str]:
    from selenium.webdriver.common.by import By

    return [card.get_attribute("data-card") for card in element.find_elements(By.CSS_SELECTOR, selector)]


@pytest.mark.parametrize(("width", "name"), [(1400, "desktop"), (390, "phone")])
def test_a_worked_example_steps_through_the_engine_observations(browser: Any, base_url: str, width: int, name: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    scenario = _stepped_scenario(4)
    observations = _observations(scenario)
    browser.set_window_size(width, 900)
    try:
        browser.get("about:blank")  # the same address again would only scroll, keeping the step reached
        browser.get(f"{base_url}{scenario_page(scenario).removesuffix('.md')}/#{scenario.id}")
        block = _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, f'.table-view[data-for="{scenario.id}"][data-step]'))
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", block)
        assert block.get_attribute("data-step") == "0"
        seats = block.find_elements(By.CSS_SELECTOR, ".tv-seat")
        assert len(seats) == 4 and all(seat.is_displayed() for seat in seats)
        _screenshot(browser, f"table-view-{name}-start.png")
        block.click()
        presses = len(scenario.actions)
        for step in range(1, presses + 1):
            block.send_keys(Keys.ARROW_RIGHT)
            assert block.get_attribute("data-step") == str(step)
            seen = observations[step]
            for seat, hand in enumerate(seen["hands"]):
                assert _shown_codes(seats[seat], ".tv-hand .card") == hand, f"seat {seat} after step {step}"
            completed = len(seen["trick_winners"]) > len(observations[step - 1]["trick_winners"])
            assert completed or _shown_codes(block, ".tv-middle .tv-played .card") == (
                [card for _, card in seen["trick"]] or ([] if seen["trump"] else [seen["up_card"]])
            )
            to_act = [seat for seat, box in enumerate(seats) if "tv-to-act" in box.get_attribute("class")]
            assert to_act == ([] if seen["to_act"] is None else [seen["to_act"]])
        assert observations[presses]["hands"] != observations[0]["hands"]
        assert block.find_element(By.CSS_SELECTOR, ".tv-next").get_attribute("disabled")
        box = block.rect
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, "the table is wider than the window"
        _screenshot(browser, f"table-view-{name}-played.png")
        block.send_keys(Keys.ARROW_LEFT)
        assert block.get_attribute("data-step") == str(presses - 1)
        assert _shown_codes(seats[0], ".tv-hand .card") == observations[presses - 1]["hands"][0]
    finally:
        browser.set_window_size(1400, 1100)


def test_the_stepper_shows_each_completed_trick_and_its_winning_card(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    def tricks(scenario: Any) -> int:
        return max((len(seen["trick_winners"]) for seen in _observations(scenario)), default=0)

    candidates = [
        s for s in suite() if load_rules(s.variant, s.house_rules).players == 4 and len(s.deals) == 1 and s.id.startswith("na-")
    ]
    scenario = min(
        (s for s in candidates if sum("play:" in a.action for a in s.actions) >= 8), key=lambda s: (len(s.actions), s.id)
    )
    observations = _observations(scenario)
    assert tricks(scenario) >= 2
    browser.get("about:blank")
    browser.get(f"{base_url}{scenario_page(scenario).removesuffix('.md')}/#{scenario.id}")
    block = _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, f'.table-view[data-for="{scenario.id}"][data-step]'))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", block)
    block.click()
    seen_tricks = 0
    for step in range(1, len(scenario.actions) + 1):
        block.send_keys(Keys.ARROW_RIGHT)
        before, now = observations[step - 1], observations[step]
        middle = block.find_element(By.CSS_SELECTOR, ".tv-middle")
        if len(now["trick_winners"]) == len(before["trick_winners"]):
            continue
        seen_tricks += 1
        played = str(scenario.actions[step - 1]).split(" ", 1)
        cards = [card for _, card in before["trick"]] + [played[1].removeprefix("play:")]
        assert _shown_codes(middle, ".tv-played .card") == cards, f"step {step}: the completed trick is not shown"
        winner = now["trick_winners"][-1]
        seat_of = {card: seat for seat, card in [*before["trick"], [int(played[0]), cards[-1]]]}
        won = middle.find_element(By.CSS_SELECTOR, ".tv-won")
        assert seat_of[won.find_element(By.CSS_SELECTOR, ".card").get_attribute("data-card")] == winner
        assert won.find_element(By.TAG_NAME, "small").text == f"seat {winner} wins"
        assert "no trick yet" not in middle.text and f"trick won by seat {winner}" in middle.text
        if seen_tricks == 1:
            _screenshot(browser, "table-view-trick-won.png")
    assert seen_tricks == tricks(scenario)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_table_seats_every_player(browser: Any, base_url: str, players: int) -> None:
    from selenium.webdriver.common.by import By

    scenario = _stepped_scenario(players)
    browser.get(f"{base_url}{scenario_page(scenario).removesuffix('.md')}/#{scenario.id}")
    block = _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, f'.table-view[data-for="{scenario.id}"][data-step]'))
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", block)
    seats = block.find_elements(By.CSS_SELECTOR, ".tv-seat")
    assert len(seats) == players and all(seat.is_displayed() for seat in seats)
    corners = {(seat.rect["x"], seat.rect["y"]) for seat in seats}
    assert len(corners) == players, "two seats drawn in the same place"
    _screenshot(browser, f"table-view-{players}-seats.png")


def test_a_house_rule_page_shows_the_witness_under_both_rule_sets_side_by_side(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from conformance.measuring.rules_diff import measure
    from docs_gen.rule_figures import HANDS, SEED

    figure = measure(load_rules("north-american"), load_rules("north-american", ("super-euchre",)), HANDS, SEED)
    assert figure.witness is not None
    browser.get(f"{base_url}house-rules/super-euchre/#diff")
    heading = _wait(browser, lambda b: b.find_element(By.ID, "diff"))
    words = heading.find_element(By.XPATH, "ancestor::article").text
    assert f"changes {figure.share:.1%} of hands" in words
    assert "What the share measures" in words and "random" in words and "real table" in words
    pair = _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, ".tv-pair"))
    titles = [title.text for title in pair.find_elements(By.CSS_SELECTOR, ".tv-side-title")]
    assert titles == ["Without the rule: north-american", "With the rule: north-american+super-euchre"]
    without, with_rule = _wait(browser, lambda b: [v for v in pair.find_elements(By.CSS_SELECTOR, ".table-view[data-step]")])
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", pair)
    assert without.rect["y"] == with_rule.rect["y"] and without.rect["x"] + without.rect["width"] <= with_rule.rect["x"], (
        "the two tables are not side by side at 1400 px"
    )
    _screenshot(browser, "house-rule-diff-start.png")
    without.click()
    for step in range(1, len(figure.witness.steps) + 1):
        without.send_keys(Keys.ARROW_RIGHT)
        assert without.get_attribute("data-step") == with_rule.get_attribute("data-step") == str(step), "they step together"
    assert without.find_element(By.CSS_SELECTOR, ".tv-next").get_attribute("disabled")
    # where they part: the score of the hand (super-euchre pays four for all five tricks, north-american two)
    assert figure.witness.field == "hand_points"
    status = [view.find_element(By.CSS_SELECTOR, ".tv-status").text for view in (without, with_rule)]
    assert "Score: " + " – ".join(map(str, figure.witness.actual)) in status[0], status
    assert "Score: " + " – ".join(map(str, figure.witness.expected)) in status[1], status
    part = browser.find_element(By.ID, "diff-part").find_element(By.XPATH, "following::table[1]")
    row = part.find_elements(By.CSS_SELECTOR, "tbody tr")[0].find_elements(By.CSS_SELECTOR, "td")
    assert row[1].text == ", ".join(f"side {s}: {p}" for s, p in enumerate(figure.witness.actual))
    assert row[2].text == ", ".join(f"side {s}: {p}" for s, p in enumerate(figure.witness.expected))
    _screenshot(browser, "house-rule-diff-parted.png")


def test_a_witness_that_parts_on_the_legal_actions_says_what_each_rule_set_allows(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    pages = sorted((built_site()[0] / "house-rules").glob("*/index.html"))
    rule = next(page.parent.name for page in pages if "allowed under one rule set only" in page.read_text(encoding="utf-8"))
    browser.get(f"{base_url}house-rules/{rule}/#diff-part")
    part = _wait(browser, lambda b: b.find_element(By.ID, "diff-part")).find_element(By.XPATH, "following::table[1]")
    cells = part.find_elements(By.CSS_SELECTOR, "tbody tr")[0].find_elements(By.CSS_SELECTOR, "td")
    only = [{bold.text for bold in cell.find_elements(By.CSS_SELECTOR, "strong")} for cell in cells[1:]]
    assert only[0] or only[1], "no action is marked as allowed under one rule set only"
    assert not only[0] & only[1]
    views = browser.find_elements(By.CSS_SELECTOR, ".tv-pair .table-view[data-step]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", views[0])
    views[0].click()
    views[0].send_keys(Keys.END)  # no key of ours: nothing moves
    while not views[0].find_element(By.CSS_SELECTOR, ".tv-next").get_attribute("disabled"):
        views[0].send_keys(Keys.ARROW_RIGHT)
    shown = [view.find_element(By.CSS_SELECTOR, ".tv-status").text.split(" may: ")[-1].split(", ") for view in views]
    for side, marked in zip(shown, only, strict=True):
        assert marked <= set(side), (side, marked)  # the table says, at the last step, what the table below marks
    assert set(shown[0]) ^ set(shown[1]) == only[0] | only[1]
    _screenshot(browser, "house-rule-diff-legal.png")


def test_the_mutation_score_page_lists_every_clause(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{base_url}mutation-score/")
    table = _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, "article table"))
    assert len(table.find_elements(By.CSS_SELECTOR, "tbody tr")) >= 10
    assert " of " in browser.find_element(By.CSS_SELECTOR, "article").text
    _screenshot(browser, "mutation-score.png")


def test_the_adapter_guides_pointer_for_other_languages_is_an_item_of_its_list(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{base_url}guides/adapter/")
    marks = _wait(browser, lambda b: b.find_elements(By.XPATH, "//strong[starts-with(normalize-space(.), 'In ')]"))
    items = {mark.text: mark.find_element(By.XPATH, "ancestor::li[1]") for mark in marks if mark.text.startswith("In ")}
    assert {"In Python", "In any other language"} <= set(items), set(items)
    other = items["In any other language"]
    assert other.find_element(By.XPATH, "..").tag_name == "ul"
    assert other.find_element(By.XPATH, "..") == items["In Python"].find_element(By.XPATH, "..")
    assert other.text.startswith("In any other language") and "engines/javascript/" in other.text
    assert other.find_element(By.XPATH, "..").find_elements(By.CSS_SELECTOR, ":scope > li") == [items["In Python"], other]
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", other)
    _screenshot(browser, "adapter-other-languages.png")


def test_no_navigation_title_or_window_title_shows_a_backtick(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{base_url}schemas/egn/")
    _wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, ".md-nav__link"))
    titles = browser.execute_script(
        "return [...document.querySelectorAll('.md-nav__link, .md-tabs__link')].map(e => e.textContent.trim())"
    )
    assert len(titles) > 200 and not [title for title in titles if "`" in title]
    assert "`" not in browser.title and "euchre-spec audit" in browser.title
    heading = browser.find_element(By.CSS_SELECTOR, "article h1")
    assert "`" not in heading.text and heading.find_element(By.TAG_NAME, "code").text == "euchre-spec audit"


def test_a_count_of_one_is_singular(browser: Any, base_url: str) -> None:
    import re

    from selenium.webdriver.common.by import By

    browser.get(f"{base_url}results/two-handed/")
    summaries = _wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "details summary"))
    texts = [summary.get_attribute("textContent").strip() for summary in summaries]
    assert any(re.search(r": 1 scenario$", text) for text in texts), texts
    assert not [text for text in texts if re.search(r"\b1 scenarios\b", text)]
    browser.get(f"{base_url}house-rules/compulsory-dummy/#diff")
    words = _wait(browser, lambda b: b.find_element(By.ID, "diff")).find_element(By.XPATH, "ancestor::article").text
    assert "(1 action)" in words and "1 actions" not in words


def test_the_home_page_lists_the_four_hand_game_first(browser: Any, base_url: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(base_url)
    table = _wait(browser, lambda b: b.find_element(By.ID, "variants")).find_element(By.XPATH, "following::table[1]")
    listed = [link.text for link in table.find_elements(By.CSS_SELECTOR, "tbody tr td:first-child a")]
    catalog = builtin_catalog()
    assert listed[0] == catalog.variants["north-american"].data["title"]
    assert listed.index(catalog.variants["north-american"].data["title"]) < listed.index(
        catalog.variants["bid-euchre"].data["title"]
    )
    family = [v for v in catalog.variants if v != "north-american" and _extends(v, "north-american")]
    assert {catalog.variants[v].data["title"] for v in family} == set(listed[1 : 1 + len(family)])
    tabs = browser.execute_script(
        "return [...document.querySelectorAll('.md-nav__link')].map(e => e.textContent.trim())"
        ".filter(t => t === 'North American Euchre' || t === 'Bid Euchre')"
    )
    assert tabs[0] == "North American Euchre", tabs


def _extends(variant: str, base: str) -> bool:
    parent = builtin_catalog().variants[variant].data.get("extends")
    return parent == base or (isinstance(parent, str) and _extends(parent, base))
