"""D-8 Wounds: each row of the wound table a dragon reaches, in order."""

from __future__ import annotations

from .. import rules as R
from ..context import DuelContext
from .falling import start_fall
from .out import downed, put_out
from .turning import spirit_check

__all__ = ["wound_effects"]


def wound_effects(duel: DuelContext, name: str, before: int, after: int) -> None:
    """Apply each row of the wound table from ``before`` to ``after`` wounds: withdrawal or a
    downing, lost Speed, weapon checks, lost Height, a fall, the D-10 check; a stall at Speed 0."""
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    for row in R.wound_rows(spec.wild_card, before, after):
        if row.out == "withdrew":
            put_out(duel, name, "withdrew")
            return
        if row.out is not None:
            if row.out == "unconscious":
                duel.emit("wound_row", name, "dragons.out.unconscious", {"name": name})
            downed(duel, name)
            return
        duel.emit("wound_row", name, f"dragons.wound.row{row.wounds}",
                  {"name": name, "penalty": R.wound_penalty(row.wounds, True)})
        if row.speed_loss:
            s0 = s.speed
            s.speed = max(0, s.speed - row.speed_loss)
            duel.emit("speed_loss", name, "dragons.wound.speed",
                      {"name": name, "lost": s0 - s.speed, "speed": s.speed})
        for i, w in enumerate(spec.weapons):
            if row.weapon_break and not s.weapons_out[i]:
                r = duel.dice.d(6, purpose=f"weapon check: {w.name}", actor=name)
                broken = int(r.total) <= row.weapon_break
                if broken:
                    s.weapons_out = (*s.weapons_out[:i], True, *s.weapons_out[i + 1:])
                duel.emit("weapon_check", name,
                          "dragons.weapon.out" if broken else "dragons.weapon.ok",
                          {"name": name, "weapon": w.name, "roll": r.total,
                           "limit": row.weapon_break}, rolls=(r,), data={"out": broken})
        if row.height_loss:
            s.height -= row.height_loss
            duel.emit("height_loss", name, "dragons.wound.height",
                      {"name": name, "height": s.height})
        if row.starts_fall:
            start_fall(duel, name, "dragons.fall.wound")
        if row.spirit_check:
            spirit_check(duel, name, "dragons.cause.third_wound")
    if s.speed <= 0 and not s.falling and not s.out:
        start_fall(duel, name, "dragons.fall.stall")
