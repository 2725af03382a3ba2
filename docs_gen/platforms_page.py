"""Other platforms' settings beside ours: one page from the Rosetta's tables (rosetta/platforms/).

The page has the matrix first (each of our variants and house rules a platform can say, and the
setting that says it on each platform), then one section per platform: how its settings are
written, what it always plays, and every setting with each value's meaning in our rules or the
reason none of ours says it, and where the platform documents it. Everything is read from the same
tables `euchre-spec rules from-ID` reads, so the page and the command cannot disagree.
"""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import urlparse

from rosetta import Platform, Setting, platforms
from rosetta.ours import spelt_out
from rosetta.tables import Citation, Reading
from ruleset import parse_house_rule_ref

from .context import Context, Page
from .markup import cite, code, esc, prose, table

PATH = "platforms.md"
SYNTAX = {
    "json": "a JSON object of keys and values",
    "game-string": "a game string, `game(key=value,...)`",
    "arguments": "`key=value` words (a bare name for a switch that is on)",
}


def platforms_page(ctx: Context) -> Page:
    tables = platforms()
    parts = [
        "# Other platforms' settings, beside ours\n",
        "Every platform writes its table rules its own way. Each table below reads one platform's settings, value by "
        "value, as one of our variants and house rules (with modes), or says why nothing of ours says it, and cites "
        "where the platform shows the setting. `euchre-spec rules from-ID SETTINGS` reads a platform's settings with "
        "these tables, `euchre-spec rules to-ID VARIANT -r ...` writes ours as its settings, and both refuse by name "
        "what has no counterpart; `euchre-spec audit` judges Trickster Cards' game records by the rules their options "
        "mean here.\n",
        "## Side by side { #matrix }\n\n" + _matrix(tables),
    ]
    for platform in tables:
        parts.append(_section(platform))
    return Page(PATH, "Other platforms' settings", "\n".join(parts), {platform.id for platform in tables})


def _matrix(tables: tuple[Platform, ...]) -> str:
    """Our rules (rows) and the setting that says each on each platform (columns)."""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for platform in tables:
        found[f"variant:{platform.variant}"][platform.id].append("(base)")
        for ref in platform.always:
            found[f"house-rule:{spelt_out(ref)}"][platform.id].append("(always)")
        for entry in platform.combined:
            words = ", ".join(f"{key}={_shown(value)}" for key, value in entry.when.items())
            found[f"variant:{entry.variant}"][platform.id].append(words)
        for setting in platform.settings:
            for value, reading in setting.values:
                if reading.variant:
                    found[f"variant:{reading.variant}"][platform.id].append(f"{setting.key}={_shown(value)}")
                for ref in reading.house_rules:
                    found[f"house-rule:{spelt_out(ref)}"][platform.id].append(f"{setting.key}={_shown(value)}")
    rows = []
    for key in sorted(found, key=lambda item: (not item.startswith("variant:"), item)):
        kind, _, ident = key.partition(":")
        shown = cite("variant", ident) if kind == "variant" else _rule(ident)
        cells = [
            ", ".join(code(words) if not words.startswith("(") else esc(words) for words in found[key][p.id]) or "—"
            for p in tables
        ]
        rows.append((shown, *cells))
    headers = ["Ours", *[f"[{esc(platform.title)}](#{platform.id})" for platform in tables]]
    return table(headers, rows)


def _section(platform: Platform) -> str:
    always = ", ".join(_rule(ref) for ref in platform.always) or "nothing beyond the variant"
    lines = [
        f"## {esc(platform.title)} {{ #{platform.id} }}\n",
        prose(platform.summary) + "\n",
        f"Settings are written as {SYNTAX[platform.syntax]}"
        + (f", for example {code(platform.example)}" if platform.example else "")
        + f". Commands: {code(f'euchre-spec rules from-{platform.id}')}, {code(f'euchre-spec rules to-{platform.id}')}. "
        + f"Its settings are documented at {_link(platform.documented)}: {prose(platform.documented.says)}\n",
        f"With no setting it plays {cite('variant', platform.variant)} with {always}. {prose(platform.base_note)}"
        + "".join(f" {_link(citation)}" for citation in platform.base_documented)
        + "\n",
    ]
    for entry in platform.combined:
        words = ", ".join(code(f"{key}={_shown(value)}") for key, value in entry.when.items())
        note = f" {prose(entry.note)}" if entry.note else ""
        lines.append(f"Together, {words} mean the variant {cite('variant', entry.variant)}.{note}\n")
    rows = []
    for setting in platform.settings:
        rows.extend(_rows(setting))
    lines.append(table(["Setting", "Value", "Ours", "Where it is seen"], rows))
    return "\n".join(lines)


def _rows(setting: Setting) -> list[tuple[str, ...]]:
    name = f"{code(setting.key)}<br>{esc(setting.title)}"
    seen = "<br>".join(_link(citation) for citation in setting.documented)
    if setting.not_a_rule is not None:
        return [(name, "any", f"not a rule: {esc(setting.not_a_rule)}", seen)]
    rows: list[tuple[str, ...]] = []
    for value, reading in setting.values:
        default = " (default)" if value == setting.default and type(value) is type(setting.default) else ""
        rows.append((name, code(_shown(value)) + esc(default), _ours(reading), seen))
        name, seen = "", ""
    if setting.other_values is not None:
        rows.append((name, "any other", _ours(setting.other_values), seen))
    return rows


def _ours(reading: Reading) -> str:
    if reading.no_counterpart is not None:
        shown = f"**no counterpart**: {esc(reading.no_counterpart)}"
    else:
        parts = [f"variant {cite('variant', reading.variant)}"] if reading.variant else []
        parts += [_rule(ref) for ref in reading.house_rules]
        shown = ", ".join(parts) or "the base game's own reading"
    return shown + (f"<br><em>{esc(reading.note)}</em>" if reading.note else "")


def _rule(ref: str) -> str:
    rule, mode = parse_house_rule_ref(ref)
    return cite("house-rule", rule) + (f" {code(f'={mode}')}" if mode else "")


def _link(citation: Citation) -> str:
    """A citation as a short link: an issue or pull request by number, a file by its name, a page by its host."""
    parsed = urlparse(citation.url)
    parts = [part for part in parsed.path.split("/") if part]
    if parsed.netloc == "github.com" and len(parts) >= 4 and parts[2] in ("issues", "pull"):
        shown = f"{parts[1]} #{parts[3]}"
    elif parsed.netloc == "github.com" and len(parts) >= 4 and parts[2] == "commit":
        shown = f"{parts[1]} commit {parts[3][:7]}"
    elif parts:
        shown = parts[-1]
    else:
        shown = parsed.netloc
    return f'<a href="{esc(citation.url)}" title="{esc(citation.says)}">{esc(shown)}</a>'


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
