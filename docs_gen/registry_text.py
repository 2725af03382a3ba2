"""What the site says of the registry of engines: each entry's facts, how to reproduce its run,
and the files of every report shown, to download.

Each report is offered as it was written: its JSON report and JUnit file (and, for a registry
entry, its manifest and the expected failures it names) are copied into the built site under
results/files/ENGINE/. A manifest is written by whoever submits the engine, so every text taken
from it is escaped, and an address is a link only as an HTML attribute, escaped too.
"""

from __future__ import annotations

import posixpath

from conformance.reports.registry import REGISTRY

from .context import Context
from .data import Report
from .markup import esc, table

FILES = "results/files"
GUIDE = "guides/registry.md"


SUPERSEDED = "registry"
"""The folder, beside a report's files, of its registry entry's files when the report shown is a newer run."""


def site_files(ctx: Context) -> dict[str, str]:
    """Site path -> text: the files of every report the site shows, and of the registry entries newer runs stand for."""
    found: dict[str, str] = {}
    for report in ctx.data.reports:
        found |= {f"{FILES}/{report.slug}/{name}": text for name, text in report.files.items()}
        found |= {f"{FILES}/{report.slug}/{SUPERSEDED}/{name}": text for name, text in report.entry_files.items()}
    return found


def downloads(report: Report, page: str, superseded: bool = False) -> str:
    """Links from the site page `page` to the report's files (or to those of the registry entry it is newer than)."""
    here = posixpath.dirname(page)
    folder, files = (
        (f"{FILES}/{report.slug}/{SUPERSEDED}", report.entry_files) if superseded else (f"{FILES}/{report.slug}", report.files)
    )
    links = [f"[`{esc(name)}`]({posixpath.relpath(f'{folder}/{name}', here)})" for name in files]
    return " · ".join(links) or "—"


def _link(here: str, page: str, text: str) -> str:
    return f"[{text}]({posixpath.relpath(page, posixpath.dirname(here))})"


def _place(location: object) -> str:
    """A manifest's repository or adapter: an address as a link, a path in this repository as code."""
    text = str(location)
    if "://" in text:
        return f'<a href="{esc(text)}">{esc(text)}</a>'
    return f"<code>{esc(text)}</code> (in this repository)"


def entry_section(report: Report, page: str) -> str:
    """The compliance page's part on the engine's registry entry: who the engine is and how to run it again."""
    entry = report.entry
    if entry is None:
        return (
            "## Registry entry { #registry }\n\n"
            f"This engine has no entry in the registry: the report is a run from `reports/`. "
            f"{_link(page, GUIDE, 'Submit an engine')} says how to add one.\n"
        )
    manifest = entry.manifest
    facts = [
        ("Entry", f"<code>{esc(entry.shown)}/</code>"),
        ("Language", esc(manifest.get("language", "—"))),
        ("Repository", _place(manifest["repository"]) if "repository" in manifest else "—"),
        ("Licence", esc(manifest.get("licence", "—"))),
        ("Graded", f"against suite {esc(manifest.get('suite_version', '?'))} on {esc(manifest.get('date', '?'))}"),
        ("Expected failures", f"<code>{esc(listed)}</code>" if (listed := manifest.get("expected_failures")) else "none"),
    ]
    if "adapter" in manifest:
        facts.insert(3, ("Adapter", _place(manifest["adapter"])))
    parts = ["## Registry entry { #registry }\n", "\n".join(f"- **{name}:** {text}" for name, text in facts) + "\n"]
    reproduce = manifest.get("reproduce", {})
    commands = [*reproduce.get("setup", []), reproduce.get("command", "")]
    parts.append(
        "To make the run again, from the root of a checkout of this repository:\n\n"
        f"<pre><code>{esc(chr(10).join(str(c) for c in commands if c))}</code></pre>\n"
    )
    if not report.from_registry:
        parts.append(
            '!!! note "A newer run than the registry\'s"\n\n'
            f"    This page shows the run in `{esc(report.origin)}`, made after the registry's entry "
            f"(graded against suite {esc(entry.report.get('suite_version', '?'))} "
            f"on {esc(entry.report.get('generated', '?')[:10])}), whose files are "
            f"{downloads(report, page, superseded=True)}.\n"
        )
    return "\n".join(parts)


def registry_table(reports: list[Report], page: str) -> str:
    """Every engine shown: what its entry says, the suite it was graded against, and its files."""
    rows = []
    for report in reports:
        engine = _link(page, f"compliance/{report.slug}.md", esc(report.data.get("engine", {}).get("name", report.slug)))
        graded = f"{esc(report.data.get('suite_version', '?'))}, {esc(report.data.get('generated', '?')[:10])}"
        if report.entry is None:
            rows.append((engine, "—", "—", "a run from `reports/`, not in the registry", graded, downloads(report, page)))
            continue
        manifest = report.entry.manifest
        source = _place(manifest["repository"]) if "repository" in manifest else "—"
        language, licence = esc(manifest.get("language", "—")), esc(manifest.get("licence", "—"))
        files = downloads(report, page)
        if report.entry_files:
            older = report.entry.report.get("generated", "?")[:10]
            files += f"; the registry's entry ({esc(older)}): {downloads(report, page, superseded=True)}"
        rows.append((engine, language, licence, source, graded, files))
    intro = (
        f"Each engine's entry in the registry (`{REGISTRY}/`, added by pull request: "
        f"{_link(page, GUIDE, 'submit an engine')}), with the suite release and day of the run shown, "
        "and the run's files as it wrote them.\n"
    )
    return intro + "\n" + table(["Engine", "Language", "Licence", "Source", "Suite, day", "Files"], rows)
