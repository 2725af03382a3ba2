"""The rules site: it builds strictly, shows every variant, house rule and scenario, and cites
only rule clauses and scenarios that exist."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from mkdocs.exceptions import PluginError

from conformance.engines.in_process import InProcessEngine
from conformance.reports.registry import entries, read_entry, registry_folder
from conformance.reports.report import report_data, write_junit
from conformance.running.runner import run_suite
from conformance.suite.scenarios import suite
from conformance.suite.spec_ids import all_clause_ids
from docs_gen import mkdocs_hook
from docs_gen.blocks import BLOCKS
from docs_gen.citations import Citation, UnknownCitations, expand, find_citations, unknown_citations
from docs_gen.data import REPORTS_ENV, MissingReport, Report, load_reports, load_site_data, with_registry
from docs_gen.markup import esc
from docs_gen.ranking import suit_orders
from docs_gen.registry_text import entry_section, registry_table
from docs_gen.site import Site, UnknownBlock, generate
from ruleset import builtin_catalog
from ruleset.compiled.loading import load_rules
from ruleset.semantics import clause_refs
from tests import ROOT

from .site_helpers import built_site

DOCS = ROOT / "docs"


def write_report(folder: Path, slug: str, count: int) -> None:
    """A real report of the reference engine on the first `count` scenarios, JSON and JUnit, as `conform` writes them."""
    (folder / slug).mkdir(parents=True)
    data = report_data(run_suite(InProcessEngine(), suite()[:count]), "reference")
    (folder / slug / "report.json").write_text(json.dumps(data), encoding="utf-8")
    write_junit(data, folder / slug / "junit.xml")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The site generated in process from two reports (the strict build, from the reports the site task makes, is built_site)."""
    reports = tmp_path_factory.mktemp("reports")
    write_report(reports, "reference", 5)
    write_report(reports, "second", 3)
    return generate(load_site_data(reports))


@pytest.fixture(scope="module")
def built() -> Path:
    return built_site()[0]


def hand_written() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


# The strict build, and what it contains


def test_mkdocs_build_strict_passes_without_warnings() -> None:
    folder, log = built_site()
    assert (folder / "index.html").exists()
    assert not re.search(r"^WARNING\b", log, flags=re.MULTILINE), log  # the theme's own notices are not build warnings


def test_mkdocs_config_makes_dead_links_and_anchors_fail_the_build() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["strict"] is True
    assert config["validation"]["anchors"] == "warn"
    assert config["validation"]["unrecognized_links"] == "warn"
    assert config["theme"]["name"] == "material"
    assert {"navigation.tabs"} <= set(config["theme"]["features"])
    assert {p["scheme"] for p in config["theme"]["palette"]} == {"default", "slate"}


def test_every_variant_and_house_rule_has_a_page(built: Path) -> None:
    catalog = builtin_catalog()
    for variant_id, document in catalog.variants.items():
        text = (built / "variants" / variant_id / "index.html").read_text(encoding="utf-8")
        assert document.data["title"].replace("'", "&#x27;") in text or document.data["title"] in text
        assert 'class="ranking"' in text, f"{variant_id} has no ranking table"
    for rule_id, document in catalog.house_rules.items():
        text = (built / "house-rules" / rule_id / "index.html").read_text(encoding="utf-8")
        assert 'id="changes"' in text
        for clause_id in document.data["clauses"]:
            assert f'id="{clause_id}"' in text


def test_every_scenario_appears_under_its_id(built: Path, site: Site) -> None:
    shown: dict[str, str] = {}
    for path in site.context.scenario_files:
        html = (built / path.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
        for ident in re.findall(r'<h2 id="([^"]+)"', html):
            shown[ident] = path
    missing = [scenario.id for scenario in suite() if scenario.id not in shown]
    assert not missing, f"scenarios missing from the site: {missing[:10]}"


def test_every_clause_has_a_home_anchor(built: Path) -> None:
    catalog = builtin_catalog()
    for variant_id, document in catalog.variants.items():
        html = (built / "variants" / variant_id / "index.html").read_text(encoding="utf-8")
        for clause_id in document.data["clauses"]:
            assert f'id="{clause_id}"' in html, f"{clause_id} is not shown on the {variant_id} page"


def test_the_compliance_report_the_site_task_makes_is_built_into_the_site(built: Path) -> None:
    html = (built / "compliance" / "reference" / "index.html").read_text(encoding="utf-8")
    assert "Must-level scenarios passed" in html
    assert f"<strong>Scenarios run:</strong> {len(suite())}<" in html


def test_no_generated_page_is_in_docs(site: Site) -> None:
    written = {path.relative_to(DOCS).as_posix() for path in hand_written()}
    assert not written & set(site.pages)


def test_the_site_has_every_part_the_issue_asks_for(site: Site) -> None:
    pages = set(site.pages)
    assert {"index.md", "compare.md", "examples/index.md", "compliance/index.md", "schemas/index.md"} <= pages
    assert {f"schemas/{name.removesuffix('.schema.json')}.md" for name in site.context.data.schemas} <= pages
    for hand in ("how-to-read.md", "protocol.md", "guides/adapter.md", "guides/house-rule.md", "guides/registry.md"):
        assert (DOCS / hand).exists()


# Citations: everything cited exists, and the checker can tell when it does not


def test_every_citation_on_every_page_exists(site: Site) -> None:
    problems = {path: unknown_citations(page.markdown, site.index, frozenset(BLOCKS)) for path, page in site.pages.items()}
    for path in hand_written():
        problems[str(path)] = unknown_citations(path.read_text(encoding="utf-8"), site.index, frozenset(BLOCKS))
    assert not {path: found for path, found in problems.items() if found}
    assert sum(len(list(find_citations(page.markdown))) for page in site.pages.values()) > 1000


def test_every_rendered_page_resolves_its_citations(site: Site) -> None:
    for path, page in site.pages.items():
        rendered = site.render(path, page.markdown)
        assert not list(find_citations(rendered)), path
    for path in hand_written():
        site.render(path.relative_to(DOCS).as_posix(), path.read_text(encoding="utf-8"))


def test_every_clause_and_scenario_the_spec_and_suite_cite_exists(site: Site) -> None:
    catalog = builtin_catalog()
    clauses = all_clause_ids(catalog)
    for scenario in suite():
        for clause in scenario.clauses:
            assert site.index.knows("clause", clause), f"{scenario.id} cites {clause}"
    for variant_id, data in site.context.data.resolved.items():
        for pointer, clause in clause_refs(data):
            assert clause in clauses, f"{variant_id} {pointer} cites {clause}"
    for clause in clauses:
        assert site.index.knows("clause", clause)


def test_the_checker_finds_a_fabricated_citation(site: Site) -> None:
    text = (
        "A rule: [[clause:trump.bowers]], a made-up rule: [[clause:no.such-rule]],\n"
        "a made-up scenario: [[scenario:zz-nothing-999]], a real one: [[scenario:"
        + suite()[0].id
        + "]]\n```\n[[clause:inside.a-code-block]]\n```\n[[block:no-such-block]]\n"
    )
    found = unknown_citations(text, site.index, frozenset(BLOCKS))
    assert found == [
        Citation("clause", "no.such-rule", 1),
        Citation("scenario", "zz-nothing-999", 2),
        Citation("block", "no-such-block", 6),
    ]
    with pytest.raises(UnknownCitations, match=r"no\.such-rule"):
        expand(text, "variants/x.md", site.index)
    with pytest.raises(UnknownBlock):
        site.render("how-to-read.md", "[[block:no-such-block]]\n")


def test_a_citation_becomes_a_relative_link_or_stays_on_its_page(site: Site) -> None:
    assert expand("[[clause:trump.bowers]]", "examples/a/b.md", site.index).startswith(
        '[`trump.bowers`](../../variants/north-american.md#trump.bowers "'
    )
    assert expand("[[clause:trump.bowers]]", "variants/north-american.md", site.index).startswith(
        "[`trump.bowers`](#trump.bowers"
    )


# What the pages say comes from the data


def test_ranking_tables_are_the_engines_order() -> None:
    hearts = suit_orders(load_rules("north-american"), "H")
    assert hearts[0].is_trump
    assert hearts[0].cards == ("JH", "JD", "AH", "KH", "QH", "TH", "9H")
    diamonds = next(order for order in hearts if order.suit == "D")
    assert diamonds.cards == ("AD", "KD", "QD", "TD", "9D")
    british = suit_orders(load_rules("british"), "S")
    assert british[0].cards[:3] == ("JK", "JS", "JC")


def test_variant_pages_show_the_variants_own_words_and_numbers(site: Site) -> None:
    for variant_id, data in site.context.data.resolved.items():
        page = site.pages[f"variants/{variant_id}.md"].markdown
        target = data["game"]["target"]
        counting_down = data["game"]["direction"] == "down"
        assert (f"starts at **{target}** points and counts down" if counting_down else f"played to **{target}** points") in page
        partnership = load_rules(variant_id).is_partnership()
        for words in data.get("labels", {}).values():
            for role, text in words.items():
                assert (esc(text) in page) or (role == "dealer_partner" and not partnership)
        for choice in data.get("choices", {}).values():
            assert esc(choice.get("parameter", "")) in page
        for erratum in data.get("errata", []):
            assert erratum["id"] in page


def test_variant_pages_show_only_the_sections_that_play_a_part(site: Site) -> None:
    for variant_id in ("bid-euchre", "railroad", "buck-euchre"):
        page = site.pages[f"variants/{variant_id}.md"].markdown
        assert "## Dummy " not in page, variant_id
    for variant_id in ("bid-euchre", "railroad", "pepper"):
        assert "## Fold " not in site.pages[f"variants/{variant_id}.md"].markdown, variant_id
    assert "## Dummy " in site.pages["variants/three-handed-dummy.md"].markdown
    assert "## Fold " in site.pages["variants/buck-euchre.md"].markdown


def test_a_game_without_partners_or_lone_defence_shows_neither(site: Site) -> None:
    buck = site.pages["variants/buck-euchre.md"].markdown
    assert "I assist" not in buck and "| Dealer's partner |" not in buck and "| Dealer&#x27;s partner |" not in buck
    assert "{ #alone.defender-order }" not in buck
    assert "There is no call to go alone" in buck
    north_american = site.pages["variants/north-american.md"].markdown
    assert "I assist" in north_american
    assert "{ #alone.defender-order }" in site.pages["variants/railroad.md"].markdown


def test_reports_are_read_and_a_stale_one_is_flagged(tmp_path: Path) -> None:
    scenarios = suite()[:10]
    write_report(tmp_path, "reference", len(scenarios))
    write_report(tmp_path, "other", 3)
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "report.json").write_text("{", encoding="utf-8")
    loaded = {report.slug: report for report in load_reports(tmp_path, scenarios)}
    assert list(loaded) == ["reference", "broken", "other"]
    assert loaded["reference"].problems == []
    assert loaded["reference"].origin.endswith("report.json")
    assert any("not in the report" in problem for problem in loaded["other"].problems)
    assert loaded["broken"].problems


def test_without_a_reference_report_the_build_stops_naming_the_command_that_makes_it(tmp_path: Path) -> None:
    write_report(tmp_path, "other", 2)
    with pytest.raises(MissingReport) as excinfo:
        load_reports(tmp_path, suite()[:4])
    message = str(excinfo.value)
    assert f"{tmp_path / 'reference' / 'report.json'}: no report of the reference engine" in message
    assert f"euchre-spec conform --engine reference --report-dir {tmp_path}" in message


def test_the_mkdocs_hook_turns_a_missing_report_into_a_build_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REPORTS_ENV, str(tmp_path))
    with pytest.raises(PluginError, match="no report of the reference engine; make it with `euchre-spec conform"):
        mkdocs_hook.on_config(object())


def test_the_results_matrix_has_every_scenario_of_a_report_once_linked_to_the_engines_entry(site: Site) -> None:
    from docs_gen.results import variant_path

    reports = [report for report in site.context.data.reports if report.data.get("results")]
    assert len(reports) >= 2
    for report in reports:
        for result in report.data["results"]:
            page = site.pages[variant_path(result["variant"])].markdown
            link = f"](../compliance/{report.slug}.md#r-{result['id']})"
            assert page.count(link) == 1, (report.slug, result["id"])
            assert f'<a id="r-{result["id"]}"></a>' in site.pages[f"compliance/{report.slug}.md"].markdown
    index = site.pages["results/index.md"].markdown
    assert all(f"{v}.md)" in index for v in site.context.data.variants)


def test_fixes_found_by_reading_the_site(site: Site) -> None:
    compare = site.pages["compare.md"].markdown
    assert not any(line.startswith("|") and "## Scoring" in line for line in compare.splitlines())
    assert "\n## Scoring { #scoring }" in compare
    for rule_id in site.context.data.house_rules:
        assert f"-r {rule_id}" in site.pages[f"house-rules/{rule_id}.md"].markdown, rule_id
    sources = site.pages["sources.md"].markdown
    assert ".txt" not in sources and "half of" not in sources and "Document:" not in sources
    protocol = (DOCS / "protocol.md").read_text(encoding="utf-8")
    assert "\n   ```" not in protocol, "code blocks in list items need four spaces, or the steps are all numbered 1."
    example = next(path for path in site.pages if path.startswith("examples/north-american/"))
    assert "(left)" in site.pages[example].markdown and "(dealer)" in site.pages[example].markdown


def test_an_inherited_reading_says_when_its_house_rule_is_not_offered_here(site: Site) -> None:
    cutthroat = site.pages["variants/cutthroat.md"].markdown
    row = next(line for line in cutthroat.splitlines() if "house rule lead-left-of-loner" in line)
    assert "(that house rule is not offered for this variant)" in row
    american = site.pages["variants/north-american.md"].markdown
    row = next(line for line in american.splitlines() if "house rule lead-left-of-loner" in line)
    assert "not offered" not in row


# The registry of engines on the site


def test_the_registry_joins_the_reports_and_an_engine_shows_its_newer_run(tmp_path: Path) -> None:
    scenarios = suite()
    write_report(tmp_path, "reference", 3)
    registry = entries(ROOT)
    shown = {report.slug: report for report in with_registry(load_reports(tmp_path, scenarios), registry, ROOT, scenarios)}
    assert next(iter(shown)) == "reference" and {"openspiel", "euchre-spec-javascript"} <= set(shown)
    local = shown["reference"]
    assert local.entry is not None and not local.from_registry and local.origin.endswith("reference/report.json")
    assert set(local.files) == {"report.json", "junit.xml"}
    assert set(local.entry_files) == {"manifest.yaml", "report.json", "junit.xml"}  # the entry stays downloadable
    javascript = shown["euchre-spec-javascript"]
    assert javascript.from_registry and javascript.problems == []
    assert set(javascript.files) == {"manifest.yaml", "report.json", "junit.xml"}
    report = json.loads((tmp_path / "reference" / "report.json").read_text(encoding="utf-8"))
    report["generated"] = "2000-01-01T00:00:00Z"  # a run older than the registry's
    (tmp_path / "reference" / "report.json").write_text(json.dumps(report), encoding="utf-8")
    again = {report.slug: report for report in with_registry(load_reports(tmp_path, scenarios), registry, ROOT, scenarios)}
    assert again["reference"].from_registry and len(again["reference"].data["results"]) == len(scenarios)


def test_the_javascript_engine_is_in_the_results_matrix_and_every_report_can_be_downloaded(site: Site) -> None:
    index = site.pages["results/index.md"].markdown
    assert "[euchre-spec-javascript](../compliance/euchre-spec-javascript.md)" in index.split("## The registry")[0]
    assert "## The registry { #registry }" in index
    for report in site.context.data.reports:
        page = site.pages[f"compliance/{report.slug}.md"].markdown
        for name in ("report.json", "junit.xml"):
            assert f"(../results/files/{report.slug}/{name})" in page, (report.slug, name)
            assert f"(files/{report.slug}/{name})" in index, (report.slug, name)
        assert json.loads(site.files[f"results/files/{report.slug}/report.json"]) == report.data
        assert ET.fromstring(site.files[f"results/files/{report.slug}/junit.xml"]).tag == "testsuites"
        if report.entry is not None and not report.from_registry:  # a newer local run: the entry's files stay offered
            assert f"(../results/files/{report.slug}/registry/report.json)" in page
            assert (
                site.files[f"results/files/{report.slug}/registry/junit.xml"] == (report.entry.folder / "junit.xml").read_text()
            )
    folder = registry_folder(ROOT) / "euchre-spec-javascript"
    for name in ("manifest.yaml", "report.json", "junit.xml"):
        assert site.files[f"results/files/euchre-spec-javascript/{name}"] == (folder / name).read_text(encoding="utf-8")
    page = site.pages["compliance/euchre-spec-javascript.md"].markdown
    assert "## Registry entry { #registry }" in page and "<code>engines/javascript</code> (in this repository)" in page
    assert "euchre-spec conform --engine &#x27;node engines/javascript/engine.js&#x27;</code></pre>" in page


def test_what_a_manifest_says_reaches_the_site_escaped(tmp_path: Path) -> None:
    folder = registry_folder(tmp_path) / "hostile"
    shutil.copytree(registry_folder(ROOT) / "euchre-spec-javascript", folder)
    manifest = yaml.safe_load((folder / "manifest.yaml").read_text(encoding="utf-8"))
    manifest["language"] = "<script>alert(1)</script>"
    manifest["repository"] = 'https://example.org/"><img/src=x/onerror=alert(1)>'
    manifest["reproduce"]["setup"] = ["</code></pre><script>alert(2)</script>"]
    (folder / "manifest.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    entry = read_entry(folder, tmp_path)
    assert entry.problems == ()  # a sound entry: what it says is the submitter's text
    report = Report("hostile", entry.report, f"{entry.shown}/report.json", entry=entry)
    shown = entry_section(report, "compliance/hostile.md") + registry_table([report], "results/index.md")
    assert "<script>" not in shown and "<img" not in shown and "</code></pre><script>" not in shown
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown
    assert '<a href="https://example.org/&quot;&gt;&lt;img/src=x/onerror=alert(1)&gt;">' in shown


def test_every_report_is_in_the_built_site_to_download(built: Path) -> None:
    index = (built / "results" / "index.html").read_text(encoding="utf-8")
    for slug in ("reference", "euchre-spec-javascript"):
        for name in ("report.json", "junit.xml"):
            assert (built / "results" / "files" / slug / name).is_file(), (slug, name)
            assert f'href="files/{slug}/{name}"' in index, (slug, name)
        page = (built / "compliance" / slug / "index.html").read_text(encoding="utf-8")
        assert f'href="../../results/files/{slug}/report.json"' in page
    registry = registry_folder(ROOT)
    served = built / "results" / "files"
    assert (served / "euchre-spec-javascript" / "report.json").read_bytes() == (
        registry / "euchre-spec-javascript" / "report.json"
    ).read_bytes()
    assert ET.parse(served / "euchre-spec-javascript" / "junit.xml").getroot().tag == "testsuites"
    # the site task's own run of the reference engine is newer than its entry, whose files are offered beside it
    assert (served / "reference" / "registry" / "junit.xml").read_bytes() == (registry / "reference" / "junit.xml").read_bytes()
    assert 'href="files/reference/registry/report.json"' in index


# What every built page holds


def _page_texts(built: Path) -> dict[str, str]:
    """Each built page's text as a reader sees it: tags dropped, scripts and styles left out, references read."""
    import html as html_lib

    texts = {}
    for page in sorted(built.rglob("*.html")):
        source = page.read_text(encoding="utf-8")
        source = re.sub(r"<(script|style)\b.*?</\1\s*>", " ", source, flags=re.DOTALL | re.IGNORECASE)
        texts[page.relative_to(built).as_posix()] = html_lib.unescape(re.sub(r"<[^>]+>", " ", source))
    return texts


def test_no_paragraph_of_any_page_holds_a_list_the_markdown_did_not_read_as_one(built: Path) -> None:
    """A list item's fenced block indented less than four spaces ends the list: what follows reads as a paragraph
    with '- ' inside (the adapter guide's pointer for other languages was one)."""
    found = []
    for page in sorted(built.rglob("*.html")):
        for paragraph in re.findall(r"<p>(.*?)</p>", page.read_text(encoding="utf-8"), flags=re.DOTALL):
            if re.search(r"\n\s*(?:[-*+]|\d+\.) \S", paragraph):
                found.append(f"{page.relative_to(built)}: {paragraph[:80]!r}")
    assert not found, found


COUNTED = ("scenarios", "actions", "readings", "ways", "compositions", "clauses", "variants", "house rules")
"""Nouns the generators put after a count: after a count of one, each must be singular."""


def test_a_count_of_one_takes_the_singular_on_every_page(built: Path) -> None:
    wrong = re.compile(r"(?<![\d.,:/-])\b1 (?:\w+ )?(?:" + "|".join(COUNTED) + r")\b")
    found = {page: sorted(set(wrong.findall(text))) for page, text in _page_texts(built).items() if wrong.search(text)}
    assert not found, found


# The schemas at their addresses


def _site_url() -> str:
    url = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["site_url"]
    assert isinstance(url, str) and url.endswith("/")
    return url


def served_at(built: Path, address: str) -> Path:
    """The built file a published address names (its fragment dropped), as the site's site_url maps addresses to files."""
    url = _site_url()
    assert address.startswith(url), f"{address} is not under the site's address {url}"
    return built / address.split("#", 1)[0].removeprefix(url)


def test_every_schema_is_served_at_the_address_its_id_names(built: Path) -> None:
    from docs_gen.badge_pages import PUBLISHED

    assert _site_url() == PUBLISHED
    schemas = sorted((ROOT / "schemas").glob("*.schema.json"))
    assert len(schemas) >= 20
    for source in schemas:
        schema_id = json.loads(source.read_text(encoding="utf-8"))["$id"]
        served = served_at(built, schema_id)
        assert served.is_file(), f"{source.name}: nothing is built at {schema_id}"
        assert served.read_bytes() == source.read_bytes(), f"{schema_id} serves another text than {source.name}"


def test_every_schema_address_an_example_names_is_served(built: Path) -> None:
    """Each `$schema` (and schema address) in the guides, their example files, the registry's reports and the files
    the commands write points at a built file."""
    from conformance.fuzzing.witnesses import SCHEMA as WITNESS_SCHEMA
    from conformance.suite.bundle import SCHEMA_ID as BUNDLE_SCHEMA

    address = re.compile(re.escape(_site_url()) + r"[\w./-]+\.json")
    files = [*sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "docs").rglob("*.yaml"))]
    files += sorted(registry_folder(ROOT).glob("*/report.json"))
    named = {(file.relative_to(ROOT).as_posix(), found) for file in files for found in address.findall(file.read_text("utf-8"))}
    named |= {("conformance/fuzzing/witnesses.py", WITNESS_SCHEMA), ("conformance/suite/bundle.py", BUNDLE_SCHEMA)}
    named |= {("conformance/reports/report.py", report_data(run_suite(InProcessEngine(), suite()[:1]), "reference")["$schema"])}
    assert any(place.startswith("docs/guides/examples/") for place, _ in named), named
    missing = sorted((place, found) for place, found in named if not served_at(built, found).is_file())
    assert not missing, missing


# The build step both generators start from


def test_the_build_step_writes_every_page_and_touches_only_what_changed(site: Site, tmp_path: Path) -> None:
    from docs_gen.site_sources import GeneratedInDocs, generator_config, sources_for, write_sources

    docs, out = tmp_path / "docs", sources_for(tmp_path / "site")
    shutil.copytree(DOCS, docs)
    pages = write_sources(site, docs, out)
    assert out == tmp_path / "site-sources"
    assert set(site.pages) <= set(pages) and {p.relative_to(DOCS).as_posix() for p in hand_written()} <= set(pages)
    assert (out / "stylesheets" / "euchre.css").read_bytes() == (DOCS / "stylesheets" / "euchre.css").read_bytes()
    assert (out / "schemas" / "variant.schema.json").read_bytes() == (ROOT / "schemas" / "variant.schema.json").read_bytes()
    guide = (out / "how-to-read.md").read_text(encoding="utf-8")
    assert "[[clause:" not in guide and "../spec/variants/" not in guide  # citations and source links made page links
    written = {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file()}
    (out / "left-over.md").write_text("# an old page\n", encoding="utf-8")
    write_sources(site, docs, out)
    assert not (out / "left-over.md").exists()
    assert {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file()} == written
    config = generator_config(ROOT / "mkdocs.yml", out, tmp_path / "site", site.nav)
    assert "hooks" not in config and config["nav"] == site.nav
    assert (config["docs_dir"], config["site_dir"]) == ("site-sources", "site")
    assert (tmp_path / config["theme"]["custom_dir"]).resolve() == ROOT / "overrides"
    (docs / "compare.md").write_text("# Compare, by hand\n", encoding="utf-8")
    with pytest.raises(GeneratedInDocs, match=r"docs/compare\.md is generated from the spec"):
        write_sources(site, docs, out)
