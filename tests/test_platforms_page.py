"""The site's page of other platforms' settings: every setting of every table, beside ours, escaped."""

from __future__ import annotations

import dataclasses
import re
from typing import cast

import pytest

from docs_gen import platforms_page as page_module
from docs_gen.context import Context
from docs_gen.markup import esc
from rosetta import platforms
from ruleset import builtin_catalog

NO_CONTEXT = cast(Context, None)  # the page reads only the Rosetta's tables


def test_every_setting_value_and_reason_of_every_table_is_on_the_page() -> None:
    page = page_module.platforms_page(NO_CONTEXT)
    assert page.path == "platforms.md" and page.anchors == {table.id for table in platforms()}
    for table in platforms():
        assert f"{{ #{table.id} }}" in page.markdown
        assert esc(table.documented.url) in page.markdown
        for setting in table.settings:
            assert f"`{setting.key}`" in page.markdown
            for citation in setting.documented:
                assert esc(citation.url) in page.markdown
            for _, reading in setting.values:
                if reading.no_counterpart:
                    assert esc(" ".join(reading.no_counterpart.split())) in page.markdown


def test_the_matrix_cites_only_our_own_rules_and_names_each_platforms_setting() -> None:
    page = page_module.platforms_page(NO_CONTEXT).markdown
    catalog = builtin_catalog()
    for kind, ident in re.findall(r"\[\[(variant|house-rule):([a-z0-9-]+)\]\]", page):
        assert ident in (catalog.variants if kind == "variant" else catalog.house_rules), ident
    matrix = page.split("## Side by side", 1)[1].split("\n## ", 1)[0]
    stick = next(line for line in matrix.splitlines() if line.startswith("| [[house-rule:stick-the-dealer]]"))
    cells = [cell.strip() for cell in stick.strip("|").split("|")]
    assert cells == [
        "[[house-rule:stick-the-dealer]]",
        "`std=true`",
        "`stick_the_dealer=true`",
        "`stickTheDealer=true`",
        "`stickTheDealer=true`",
    ]


def test_text_from_a_table_reaches_the_page_only_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    table = platforms()[0]
    hostile = dataclasses.replace(table, title="<script>alert(1)</script>", base_note="[x](javascript:alert(1)) *no*")
    monkeypatch.setattr(page_module, "platforms", lambda: (hostile,))
    page = page_module.platforms_page(NO_CONTEXT).markdown
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "[x](javascript" not in page
