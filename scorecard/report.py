"""A scorecard audit as text or JSON, and the exit code: 0 when no card breaks the rules, else 1."""

from __future__ import annotations

from typing import Any

from .findings import ScorecardAudit


def render(audit: ScorecardAudit) -> str:
    rules = audit.variant + "".join(f" -r {rule}" for rule in audit.house_rules)
    lines = [f"{audit.path}: a progressive session under {rules}: {audit.games} games, {audit.hands} hands"]
    lines += [finding.text(audit.path) for finding in audit.findings]
    if audit.totals:
        lines.append("session totals from the hands:")
        ranked = sorted(audit.totals.items(), key=lambda item: (-item[1], item[0]))
        for name, points in ranked:
            lone = audit.lone_hands.get(name, 0)
            lines.append(f"  {name}: {points}" + (f" ({lone} lone hand{'s' if lone != 1 else ''})" if lone else ""))
    count = len(audit.findings)
    lines.append(f"{count} broken rule{'s' if count != 1 else ''} found" if count else "no broken rule found")
    return "\n".join(lines) + "\n"


def as_dict(audit: ScorecardAudit) -> dict[str, Any]:
    return {
        "file": audit.path,
        "variant": audit.variant,
        "house_rules": list(audit.house_rules),
        "games": audit.games,
        "hands": audit.hands,
        "findings": [finding.as_dict() for finding in audit.findings],
        "totals": audit.totals,
        "lone_hands": audit.lone_hands,
        "exit_code": audit.exit_code,
    }
