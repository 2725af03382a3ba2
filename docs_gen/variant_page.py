"""A page per base variant: every section of its resolved rules, in the order a player meets them.

Each section shows what the data says three ways: a short reading (cards drawn, the ranking
tables, the words players say, the scoring table), the settings with the schema's description
of each, and the rule clauses in the spec's own words with the scenarios that check them.
Sections the generator has no special view for are still shown, from the settings and clauses.
"""

from __future__ import annotations

from typing import Any

from reference_impl.deal import deal_number
from ruleset.compiled.cards import SUIT_NAMES, SUIT_SYMBOLS
from ruleset.semantics import clause_refs, named_house_rule, other_readings

from .award_text import award_words, player_points_words
from .context import Context, Page, humanize
from .hands import deal_table, dealt_codes, special_names
from .markup import cards, cite, cite_source, esc, one_line, plural, suit, table
from .ranking import suit_orders, trump_choices
from .rule_text import clause_block, setting_value, settings_table
from .schema_docs import value_at

TITLES = {
    "seats": "Players and seats",
    "deck": "The deck",
    "trump": "Card ranking",
    "deal": "The deal",
    "bidding": "Bidding",
    "auction": "The auction",
    "lone_play": "Going alone",
    "play": "The play",
    "scoring": "Scoring",
    "game": "The game",
    "match": "The match",
}
NOT_SECTIONS = {"$schema", "format", "id", "title", "summary", "sources", "extends", "labels", "choices", "errata", "clauses"}
ROLES = (("default", "Anyone"), ("dealer_partner", "Dealer's partner"), ("dealer", "Dealer"), ("round_two", "In round two"))


def variant_page(ctx: Context, variant_id: str) -> Page:
    data = ctx.data.resolved[variant_id]
    own = ctx.data.catalog.variants[variant_id]
    page = Page(f"variants/{variant_id}.md", data["title"], "")
    refs = list(clause_refs(data))
    disputed = set(data.get("choices", {}))
    parts = [_header(ctx, variant_id, data, own.path)]
    sections = [key for key in TITLES if key in data] + [key for key in data if key not in TITLES and key not in NOT_SECTIONS]
    sections = [key for key in sections if _applies(data[key])]
    for key in sections:
        parts.append(f"## {TITLES.get(key, humanize(key))} {{ #{key.replace('_', '-')} }}\n")
        parts.append(_reading(ctx, variant_id, key, data))
        for clause_id in dict.fromkeys(
            clause for pointer, clause in refs if pointer.split("/")[1] == key and _cited(data, pointer)
        ):
            parts.append(_clause(ctx, variant_id, clause_id, data, page))
        skip = ("rows", "player_rows") if key == "scoring" else ()
        settings = settings_table(ctx.variant_docs, data[key], f"/{key}", disputed, skip)
        if settings:  # the rule's words first, then the settings they come from
            parts.append(f"#### The settings {{ #settings-{key.replace('_', '-')} }}\n\n{settings}")
    leftover = [c for c in own.data.get("clauses", {}) if c not in page.anchors]
    if leftover:
        parts.append("## Other clauses\n\nClauses this variant defines that no setting cites.\n")
        parts += [_clause(ctx, variant_id, clause_id, data, page) for clause_id in leftover]
    parts.append(_parameters(ctx, variant_id, data))
    parts.append(_errata(data, page))
    parts.append(_house_rules(ctx, variant_id))
    page.markdown = "\n".join(part for part in parts if part)
    return page


def _applies(section: Any) -> bool:
    """Whether a section plays a part: not left at its null default (no match) nor switched off (no dummy, no fold)."""
    return section is not None and not (isinstance(section, dict) and section.get("enabled") is False)


INAPPLICABLE = {"/lone_play/defender_order_clause": ("/lone_play/defender", "never")}
"""Clause pointers whose rule plays no part when another setting has the value given: the order in which defenders
are asked to defend alone, where nobody defends alone."""


def _cited(data: dict[str, Any], pointer: str) -> bool:
    """Whether the clause cited at `pointer` states a rule these rules play."""
    if pointer not in INAPPLICABLE:
        return True
    setting, value = INAPPLICABLE[pointer]
    return bool(value_at(data, setting) != value)


def _clause(ctx: Context, variant_id: str, clause_id: str, data: dict[str, Any], page: Page) -> str:
    if clause_id in page.anchors or clause_id not in data["clauses"]:
        return ""
    page.anchors.add(clause_id)
    return clause_block(clause_id, data["clauses"][clause_id], ctx.examples.get((variant_id, clause_id), []))


def _header(ctx: Context, variant_id: str, data: dict[str, Any], path: str) -> str:
    facts = [f"id `{variant_id}`", f"written in `{path}`"]
    parent = ctx.data.catalog.variants[variant_id].data.get("extends")
    if parent:
        facts.append(f"starts from {cite('variant', parent)} and changes what is written here")
    if data.get("sources"):
        facts.append("sources: " + ", ".join(cite("source", key) for key in data["sources"]))
    count = sum(1 for scenario in ctx.data.scenarios if scenario.variant == variant_id)
    facts.append(f"{count} worked examples")
    return f'# {esc(data["title"])}\n\n!!! abstract "In short"\n\n    {one_line(data["summary"])}\n\n' + " · ".join(facts) + "\n"


def _reading(ctx: Context, variant_id: str, key: str, data: dict[str, Any]) -> str:
    """The short reading of a section, where the generator has one."""
    rules = ctx.data.rules[variant_id]
    section = data[key]
    if key == "seats":
        teams = [" & ".join(f"seat {seat}" for seat in team) for team in rules.teams]
        kind = "in partnerships" if rules.is_partnership() else "each for themselves"
        return f"{rules.players} players, {kind}: " + " against ".join(teams) + ". Seats are numbered clockwise.\n"
    if key == "deck":
        return _deck(rules, data)
    if key == "trump":
        return _ranking(rules, data)
    if key == "deal":
        hands, up_card, kitty = dealt_codes(rules, deal_number(rules, 0, 0))
        packets = ", then ".join(str(size) for size in rules.packets)
        text = f"Each player gets {plural(rules.hand_size, 'card')}, dealt in rounds of {packets}, starting at the dealer's left."
        if rules.up_card:
            text += " The next card is turned face up: the up-card."
        text += (
            f" The other {plural(len(kitty), 'card')} (the kitty) {'is' if len(kitty) == 1 else 'are'} not used in the hand.\n\n"
            if kitty
            else " Every card is dealt.\n\n"
        )
        text += "Deal number 0 (`spec/deal-numbers.yaml`), dealt by seat 0, as an example:\n\n"
        return text + deal_table(rules, hands, 0, up_card, kitty, special_names(data))
    if key == "bidding":
        return _words(data.get("labels", {}), rules.is_partnership())
    if key == "scoring":
        return _scoring(section)
    if key == "game":
        if section.get("hands") is not None:
            return (
                f"A game is **{plural(section['hands'], 'hand')}**; the side with the best score after the last of them wins.\n"
            )
        if section.get("direction") == "down":
            start = section.get("target")
            return f"Every side starts at **{start}** points and counts down; the first to reach 0 or less wins.\n"
        return f"The game is played to **{section.get('target')}** points.\n"
    if key == "match":
        return _match(section)
    return ""


def _match(section: dict[str, Any]) -> str:
    """The match in one paragraph: games to win, laps, slams and the rubber's points."""
    text = f"Games are played as a match: the first side to win **{plural(section['games_to_win'], 'game')}** wins it."
    if section["laps"]:
        text += " Points beyond the target carry into the next game (laps)."
    if section["slam_games"] > 1:
        text += f" A game won before the losers score (a slam) counts as {plural(section['slam_games'], 'game')}."
    if section["rubber_points"]:
        text += f" The winner of the match adds {plural(section['rubber_points'], 'point')}."
    return text + "\n"


def _deck(rules: Any, data: dict[str, Any]) -> str:
    names = special_names(data)
    faces = list(dict.fromkeys(card.face for card in rules.deck))
    copies = data["deck"].get("copies", 1)
    rows = []
    for letter in dict.fromkeys(card.suit for card in rules.deck if card.suit):
        rows.append((suit(letter, name=True), cards([face for face in faces if face[1:] == letter])))
    extra = [face for face in faces if face[1:] not in ("C", "D", "H", "S")]
    if extra:
        rows.append(("Extra cards", cards(extra, names)))
    intro = f"{len(rules.deck)} cards" + (f", {copies} copies of a {len(faces)}-card pack" if copies > 1 else "") + ":\n\n"
    return intro + table(["Suit", "Cards, in plain order (highest first)"], rows)


def _ranking(rules: Any, data: dict[str, Any]) -> str:
    """A tab per trump suit: the trump order and the order of every other suit."""
    names = special_names(data)
    parts = ["Highest first. A trump beats any card of another suit; otherwise the highest card of the suit led wins.\n"]
    for trump in trump_choices(rules):
        label = {"N": "No trump", "L": "Low no trump"}.get(trump) or f"{suit_name(trump)} trump"
        rows = []
        for order in suit_orders(rules, trump):
            if order.is_trump:
                head = f"**Trump** {suit(trump)}"
            elif order.suit is None:
                head = "Special cards"
            else:
                head = suit(order.suit, name=True)
            rows.append((head, *[cards([face], names) for face in order.cards]))
        width = max(len(row) for row in rows)
        rows = [row + ("",) * (width - len(row)) for row in rows]
        body = table(["Suit", *[str(n) for n in range(1, width)]], rows)
        indented = "\n".join("    " + line for line in body.splitlines())
        parts.append(f'=== "{label}"\n\n    <div class="ranking" data-trump="{trump}" markdown>\n\n{indented}\n\n    </div>\n')
    return "\n".join(parts)


def suit_name(letter: str) -> str:
    """A tab label: plain text, since tab labels are not Markdown."""
    return f"{SUIT_SYMBOLS[letter]} {SUIT_NAMES[letter].capitalize()}"


def _words(labels: dict[str, dict[str, str]], partnership: bool) -> str:
    """The words players say for each action, by who says them: a dealer's partner only where players have partners."""
    if not labels:
        return ""
    roles = [
        (key, title)
        for key, title in ROLES
        if any(key in words for words in labels.values()) and (partnership or key != "dealer_partner")
    ]
    rows = [
        (f"`{kind}`", *[f"“{esc(words[key])}”" if key in words else "" for key, _ in roles]) for kind, words in labels.items()
    ]
    return "What the players say (the neutral action id, then the words):\n\n" + table(["Action", *[t for _, t in roles]], rows)


def _scoring(section: dict[str, Any]) -> str:
    if section.get("player_rows"):
        return _player_scoring(section["player_rows"])
    rows = section.get("rows", {})
    conditions = list(dict.fromkeys(key for row in rows.values() for key in row.get("when", {})))
    out = []
    for name, row in rows.items():
        when = row.get("when", {})
        cells = [_condition(when.get(key)) for key in conditions]
        award = row.get("award", {})
        out.append(
            (
                esc(row.get("label", name)),
                *cells,
                f"**{award.get('points')}**" if "to" in award else esc(award_words(award)),
                esc(award.get("to", "")) if "to" in award else "each side",
                cite("clause", row["clause"]),
            )
        )
    headers = ["Outcome", *[humanize(key) for key in conditions], "Points", "To", "Rule"]
    return "Exactly one row covers each way a hand can end.\n\n" + table(headers, out)


def _player_scoring(rows: dict[str, Any]) -> str:
    """The per-player table: each player's points by their own role and tricks (and, where a row asks, whether the bid
    was made)."""
    bid_column = any("made" in row.get("when", {}) for row in rows.values())
    out = []
    for name, row in rows.items():
        when, award = row.get("when", {}), row.get("award", {})
        bid = [{True: "made", False: "missed"}.get(when.get("made"), "any")] if bid_column else []
        out.append(
            (
                esc(row.get("label", name)),
                _condition(when.get("role")),
                _condition(when.get("tricks")),
                *bid,
                f"**{player_points_words(award)}**",
                cite("clause", row["clause"]),
            )
        )
    intro = "Every player is scored on their own: exactly one row covers each role and trick count a player can end with"
    intro += ", and whether the bid was made.\n\n" if bid_column else ".\n\n"
    return intro + table(["Outcome", "Role", "Tricks", *(["Bid"] if bid_column else []), "Points", "Rule"], out)


def _condition(wanted: Any) -> str:
    if wanted is None:
        return "any"
    if isinstance(wanted, list):
        return ", ".join(str(item) for item in wanted)
    return setting_value(wanted)


def _parameters(ctx: Context, variant_id: str, data: dict[str, Any]) -> str:
    choices = data.get("choices", {})
    if not choices:
        return ""
    rows = []
    offered = set(ctx.house_rules_for(variant_id))
    for pointer, choice in choices.items():
        others = "; ".join(_other_reading(text, offered) for _ident, text in other_readings(choice))
        rows.append(
            (esc(choice.get("parameter", pointer)), setting_value(value_at(data, pointer)), cite_source(choice["source"]), others)
        )
    intro = "Where the sources disagree, the value here follows one source; the others are house rules or other variants.\n\n"
    return (
        "## Parameters and sources { #parameters }\n\n" + intro + table(["Parameter", "Here", "Follows", "Other readings"], rows)
    )


def _other_reading(text: str, offered: set[str]) -> str:
    """A reading as the spec words it; one naming a house rule this variant does not offer says so.

    Variants inherit the choices of the variant they extend, and with them readings whose house
    rule applies only to that other variant.
    """
    named = named_house_rule(text)
    if named is None or named.split("=")[0] in offered:
        return esc(text)
    return esc(text) + " (that house rule is not offered for this variant)"


def _errata(data: dict[str, Any], page: Page) -> str:
    errata = data.get("errata", [])
    if not errata:
        return ""
    parts = ["## Errata { #errata }\n\nWhere a source is wrong or silent, and how this spec reads it.\n"]
    for erratum in errata:
        page.anchors.add(erratum["id"])
        parts.append(
            f"### `{erratum['id']}` {{ #{erratum['id']} }}\n\n"
            f"**Source:** {cite_source(erratum['source'])}\n\n**Problem:** {one_line(erratum['problem'])}\n\n"
            f"**Decision:** {one_line(erratum['decision'])}\n"
        )
    return "\n".join(parts)


def _house_rules(ctx: Context, variant_id: str) -> str:
    rows = []
    for rule_id in ctx.house_rules_for(variant_id):
        rule = ctx.data.catalog.house_rules[rule_id].data
        modes = ", ".join(f"`{mode}`" for mode in rule.get("modes", {})) or "—"
        rows.append((cite("house-rule", rule_id), one_line(rule["summary"]), modes))
    if not rows:
        return ""
    return "## House rules for this variant { #house-rules }\n\n" + table(["House rule", "What it does", "Modes"], rows)
