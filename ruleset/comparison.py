"""The variant comparison matrix: every base variant's main rules side by side.

Each cell is derived from the compiled rules (never from hand-written summaries), so the matrix
printed by `euchre-spec variants --table` and shown on the rules site cannot drift from what the
engine plays.
"""

from __future__ import annotations

from collections import Counter

from ruleset import Catalog, builtin_catalog
from ruleset.compiled.cards import SUIT_SYMBOLS, SUITS
from ruleset.compiled.contracts import Formula
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import TRUMP_BONUS, Rules

COLUMNS = ("variant", "players", "deck", "deal", "trump order", "going alone", "scoring", "target")


def comparison_rows(catalog: Catalog | None = None) -> list[dict[str, str]]:
    """One row per base variant, in id order."""
    catalog = catalog or builtin_catalog()
    return [variant_row(load_rules(variant_id)) for variant_id in sorted(catalog.variants)]


def variant_row(rules: Rules) -> dict[str, str]:
    return {
        "variant": rules.variant_id,
        "players": players_text(rules),
        "deck": deck_text(rules),
        "deal": deal_text(rules),
        "trump order": trump_order_text(rules),
        "going alone": lone_text(rules),
        "scoring": scoring_text(rules),
        "target": target_text(rules),
    }


def target_text(rules: Rules) -> str:
    """How the game ends: at the target, counting up or down, or after a fixed number of hands."""
    if rules.game_hands is not None:
        return f"{rules.game_hands} hands"
    return f"from {rules.target} down to 0" if rules.count_down else str(rules.target)


def players_text(rules: Rules) -> str:
    sizes = Counter(len(team) for team in rules.teams)
    if sizes == Counter({1: rules.players}):
        text = f"{rules.players}, each for themselves"
    else:
        text = f"{rules.players}, {len(rules.teams)} teams of {max(sizes)}"
    return text + (" + a dummy" if rules.dummy else "")


def deck_text(rules: Rules) -> str:
    copies = max(card.copy for card in rules.deck)
    ranks = []
    for suit in SUITS:
        suited = [
            card.rank
            for index, card in enumerate(rules.deck)
            if card.suit == suit and card.copy == 1 and index not in rules.special_cards
        ]
        ranks.append("".join("10" if rank == "T" else rank for rank in suited))
    plain = ranks[0] if len(set(ranks)) == 1 else " / ".join(f"{SUIT_SYMBOLS[s]}{r}" for s, r in zip(SUITS, ranks, strict=True))
    specials = sorted({rules.deck[card].face for card in rules.special_cards})
    extra = f" + {', '.join(specials)}" if specials else ""
    pack = f"{copies} × ({plain}{extra})" if copies > 1 else f"{plain}{extra}"
    return f"{len(rules.deck)}: {pack}"


def deal_text(rules: Rules) -> str:
    hands = rules.players + (1 if rules.dummy else 0)
    kitty = len(rules.deck) - hands * rules.hand_size - (1 if rules.up_card else 0)
    packets = "+".join(str(p) for p in rules.packets)
    up = ", up-card" if rules.up_card else ""
    return f"{rules.hand_size} each ({packets}){up}, kitty {kitty}"


def trump_order_text(rules: Rules) -> str:
    """The trump suit from the top, shown for spades."""
    spades = SUITS.index("S")
    power = rules.power[spades]
    trumps = sorted(
        (
            card
            for card in range(len(rules.deck))
            if (rules.effective_suit[spades][card] == spades and rules.deck[card].copy == 1) or card in rules.special_cards
        ),
        key=lambda card: -power[card],
    )
    names = []
    for card in trumps:
        face = rules.deck[card]
        if card in rules.special_cards:
            names.append(face.face)
        elif face.rank == "J":
            names.append("R" if face.suit == "S" else "L")
        else:
            names.append("10" if face.rank == "T" else face.rank)
    count = sum(1 for c in trumps if power[c] >= TRUMP_BONUS)
    return " ".join(dict.fromkeys(names)) + f" ({count} trumps; shown for {SUIT_SYMBOLS['S']})"


def lone_text(rules: Rules) -> str:
    maker = {"choice": "maker may", "always": "maker always", "never": "no"}[rules.lone_play.maker_alone]
    parts = [maker]
    if rules.lone_play.defender_alone != "never":
        parts.append("defender " + rules.lone_play.defender_alone.replace("_", " "))
    if rules.lone_play.partner_card:
        parts.append("lone player gets a partner's card")
    if rules.lone_play.dealer_partner_must_go_alone:
        parts.append("dealer's partner accepts only alone")
    auction = rules.auction
    if auction is not None:
        lone = sorted({bid.name for bid in auction.bids.values() if bid.alone})
        lead = "bidder" if auction.bidder_leads else "left_of_dealer"
        lead_text = lead if auction.no_trump_lead == lead else f"{lead} (no trump: {auction.no_trump_lead})"
        parts = [
            f"lone bids: {', '.join(lone)}" if lone else "no",
            "lead: " + lead_text.replace("_", " "),
        ]
        return "; ".join(parts)
    parts.append("lead: " + rules.first_lead.replace("_", " "))
    return "; ".join(parts)


def scoring_text(rules: Rules) -> str:
    """The rows that can score, in the order the variant writes them (a contract game's as formulas)."""
    if rules.player_scoring is not None:
        return player_scoring_text(rules)
    if rules.contract_scoring is not None:
        rows = {row.name: row for row in rules.contract_scoring.rows.values()}
        return ", ".join(
            f"{name} {_formula_text(row.makers)} / {_formula_text(row.defenders)} (def.)" for name, row in rows.items()
        )
    paying = {row.name: row for row in [*rules.scoring.values(), *rules.scoring_predicted_alone.values()]}
    order = [name for name in rules.document["scoring"]["rows"] if name in paying]
    return ", ".join(f"{name} {paying[name].points}{'' if paying[name].to == 'makers' else ' (def.)'}" for name in order)


def player_scoring_text(rules: Rules) -> str:
    """The per-player rows, each with its points: per trick, a constant, or nothing."""
    assert rules.player_scoring is not None
    rows = {row.name: row for row in rules.player_scoring.rows.values()}
    order = [name for name in rules.document["scoring"]["player_rows"] if name in rows]
    parts = []
    for name in order:
        row = rows[name]
        terms = [f"{row.per_trick:+d}/trick"] if row.per_trick else []
        terms += [f"{row.constant:+d}"] if row.constant or not terms else []
        parts.append(f"{name} {' '.join(terms)}")
    return "each player: " + ", ".join(parts)


def _formula_text(formula: Formula) -> str:
    """A contract formula in short: bid, tricks and a constant, as "tricks", "-bid", "12", "0"."""
    terms = [
        f"{'' if coefficient == 1 else '-' if coefficient == -1 else coefficient}{name}"
        for coefficient, name in ((formula.bid, "bid"), (formula.tricks, "tricks"))
        if coefficient
    ]
    if formula.points or not terms:
        terms.append(str(formula.points))
    return "+".join(terms)


def render_table(rows: list[dict[str, str]], columns: tuple[str, ...] = COLUMNS) -> str:
    """A Markdown table, readable in a terminal too."""
    lines = ["| " + " | ".join(columns) + " |", "|" + "|".join(" --- " for _ in columns) + "|"]
    lines.extend("| " + " | ".join(row[column] for column in columns) + " |" for row in rows)
    return "\n".join(lines)
