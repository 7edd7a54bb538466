"""The space battle's order language (S-5): one order for the ship on turn, in Russian or English.

Cells are written as the map writes them, ``(x, y)`` (``3,4`` and ``клетка 3 4`` too);
directions count from the ship's first cell, with y growing down the map: ``вверх``/``north``
is y - 1, ``вправо``/``east`` is x + 1.

>>> from gmkit.space import SpaceBattle
>>> b = SpaceBattle({"system": "space", "name": "duel", "initiative": ["A", "B"],
...     "grid": {"width": 8, "height": 8},
...     "ships": [{"name": "A", "side": "red", "cell": [0, 0], "hull": 10, "defence": 5, "damage": "2d6"},
...               {"name": "B", "side": "blue", "cell": [1, 1], "hull": 10, "defence": 5, "damage": "d6"}]},
...     seed=1)
>>> LANGUAGE.read(b, "A", "Огонь по B (по системам)!").orders
(Attack(target='B', aim='systems', cell=None, then=None),)
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..i18n import format_message, grammar
from ..language.base import Context, Draft, OrderLanguage
from ..language.context import name_before
from ..language.grammar import Clause, NameRef
from .clauses import delta as _delta
from .clauses import prepared
from .orders import (
    Attack,
    BreakFree,
    Choose,
    Cloak,
    Flee,
    Launch,
    Move,
    Pass,
    Pursue,
    RaiseShields,
    Release,
    Tractor,
)
from .words import RULES, VOCABULARY

__all__ = ["LANGUAGE", "SpaceLanguage"]

_CELL = r"\(\s*-?\d{1,3}\s*[,;:]\s*-?\d{1,3}\s*\)|(?<![\d.])-?\d{1,3}[,:]-?\d{1,3}(?![\d.])"


class SpaceLanguage(OrderLanguage):
    format_key = "space.order.format"
    vocabulary = VOCABULARY
    rules = RULES
    terminals: ClassVar[dict[str, str]] = {"participant": "NAME"}
    patterns = (("cell", _CELL),)
    turn_rule = "S-5"
    noun_kinds: ClassVar[dict[str, str]] = {"participant": "ship"}

    def build(self, ctx: Context, clauses: list[Clause]) -> Draft:
        d = Draft()
        me = _ship(ctx.board, ctx.actor) or {}
        made: list[tuple[Any, str]] = []
        seen: set[str] = set()
        for k, c in enumerate(clauses):
            rule = c.rule
            if rule in ("sep", "stray"):
                continue
            handler = self._handlers.get(rule)
            if handler is None:
                continue
            if rule in seen and rule != "dir" and len(c.tokens) == 1 and name_before(clauses, k) is None:
                continue  # "огонь по Стражу 2, огонь!": the order said again, bare
            if rule in ("move", "dir") and _where(c, me) is None and any(
                    d.rule in ("move", "dir") and _where(d, me) is not None for d in clauses):
                continue  # "курс вправо! Сдвигаемся на клетку": the move has its way already
            seen.add(rule)
            before = name_before(clauses, k)
            after = next((x for x in clauses[k + 1:] if x.rule != "sep"), None)
            if before is None and not c.all("NAME") and after is not None and \
                    after.rule == "stray" and after.first("NAME") is not None:
                before = after.first("NAME").value  # type: ignore[union-attr]  # "Залп! По Чайке!"
            got = handler(self, ctx, me, c, before, d)
            if got is not None:
                made.append((got, c.text))
        if d.questions or d.problems:
            return d
        if _deciding(ctx):
            made = self._choice(ctx, me, made, clauses)
        else:
            made = _aimed(made, clauses)
        if len(made) == 2 and isinstance(made[0][0], Attack) and isinstance(made[1][0], Move) \
                and me.get("cloaked"):
            a, m = made[0][0], made[1][0]
            made = [(Attack(a.target, a.aim, a.cell, m.to), made[0][1])]
        elif len(made) == 2 and isinstance(made[0][0], Attack) and isinstance(made[1][0], Pass) \
                and me.get("cloaked") and me.get("cells") and any(c.rule == "stay" for c in clauses):
            a = made[0][0]  # "огонь по Чайке и остаюсь": its place after the shot, said ahead (S-10)
            made = [(Attack(a.target, a.aim, a.cell, tuple(me["cells"][0])), made[0][1])]
        made = list({repr(o): (o, t) for o, t in made}.values())  # the same order twice is one
        keeps = {c.text for c in clauses if c.rule == "keep"}
        if len(made) > 1 and keeps:  # «щиты держим, уходим влево»: the shields stay up anyway (S-6)
            made = [(o, t) for o, t in made if not (isinstance(o, Pass) and t in keeps)] or made
        stays = {c.text for c in clauses if c.rule == "stay"}
        made = _stay_after_move(_freed_to(made), stays)
        if len(made) > 1 and stays and not any(isinstance(o, (Move, Flee)) for o, _ in made):
            # «стоим на месте, огонь по Чайке»: staying put is what a shot does anyway (S-5)
            made = [(o, t) for o, t in made if not (isinstance(o, Pass) and t in stays)] or made
        if len(made) > 1:
            d.problem("language.one_order", "S-5", orders=" / ".join(t for _, t in made))
            d.orders.extend(o for o, _ in made)
            return d
        d.orders.extend(o for o, _ in made)
        return d

    # --- one handler per rule ---------------------------------------------------------------

    def prepare(self, ctx: Context, clauses: list[Clause]) -> list[Clause]:
        """The clauses as a ship's order reads them (:func:`gmkit.space.clauses.prepared`): «на
        одну клетку вправо», «по диагонали вверх и вправо» one move each, «Чайка левее нас» none."""
        return prepared(clauses)

    def _move(self, ctx: Context, me: dict[str, Any], c: Clause, before: Any, d: Draft) -> Any:
        cells = _cells(c)
        if len(cells) > 1:  # a path of several cells is a flight, not a move (S-2: one cell)
            return Flee(tuple(cells))
        delta = _delta(c)
        if not cells and c.first("DIAG") is not None and (delta is None or 0 in delta):
            d.ask(NameRef(_diag_words(ctx.lang), c.text), "direction")  # «по диагонали вверх»
            return None
        to = _where(c, me)
        if to is None:
            d.ask(NameRef(_dir_words(ctx.lang), c.text), "direction")
            return None
        steps = next((int(t.value) for t in c.tokens if t.kind == "NUM"), 1) if not cells else 1
        if steps > 1 and me.get("cells"):  # «вправо на 3»: that far, for the rules to refuse (S-2)
            x, y = me["cells"][0]
            to = (x + (to[0] - x) * steps, y + (to[1] - y) * steps)
        return Move(to)

    def _attack(self, ctx: Context, me: dict[str, Any], c: Clause, before: Any, d: Draft) -> Any:
        if not c.all("NAME") and before is None and c in ctx.clauses:
            unknown = ctx.unknown_name(ctx.clauses, ctx.clauses.index(c))
            if unknown is not None:
                d.problem("reading.unknown_target", None, said=unknown,
                          names=", ".join(ctx.shown(n) for n in _enemies(ctx)))
                return None
        if _deciding(ctx) and not c.all("NAME") and before is None:
            aim = _aim(c, "SYSTEMS", "SHIELDS", "CLOAK")
            if aim is not None:  # "бью по корпусу" once the hit is known: the choice (S-8)
                return Choose(aim)
        target = self._target(ctx, c, before, d)
        if target is None:
            return None
        aim = _aim(c, "SYSTEMS", "SHIELDS", "CLOAK")
        named = [t for t in c.all("SYSTEMS", "SHIELDS", "CLOAK") if t.value not in ("система",
                                                                                    "systems", "system")]
        if named:
            d.note("language.space.note.system_die")
        cells = _cells(c)
        cell = cells[0] if cells else None
        ship = _ship(ctx.board, target) or {}
        if cell is None and ship.get("hidden"):
            seen = ship.get("revealed_at")
            d.questions.append(_cell_question(ctx, target, seen))
            return None
        return Attack(target, aim, cell)

    def _target(self, ctx: Context, c: Clause, before: NameRef | None, d: Draft,
                default: list[str] | None = None) -> str | None:
        refs = [t.value for t in c.all("NAME")] or ([before] if before else [])
        if refs:
            ref = ctx.narrow(refs[0], _enemies(ctx) if default is None else default)
            return d.pick(ref, "target", _VERBS.get(c.rule, ""))
        foes = _enemies(ctx) if default is None else default
        if len(foes) == 1:
            d.note("language.space.note.only_target", target=ctx.shown(foes[0]))
            return foes[0]
        d.ask(NameRef(tuple(foes), c.text, kind="participant"), "target", _VERBS.get(c.rule, ""))
        return None

    def _flee(self, ctx: Context, me: dict[str, Any], c: Clause, before: Any, d: Draft) -> Any:
        cells = _cells(c)
        if cells:
            return Flee(tuple(cells))
        delta = _delta(c)
        if delta is None:
            d.ask(NameRef(_dir_words(ctx.lang), c.text), "direction")
            return None
        dep = ctx.board.get("departure") or {}
        limit = int(dep.get("headstart", 8)) if dep.get("ship") == ctx.actor else 8
        return Flee(_straight(ctx, me, delta, limit, True))

    def _pursue(self, ctx: Context, me: dict[str, Any], c: Clause, before: Any, d: Draft) -> Any:
        refs = [t.value for t in c.all("NAME")]
        target = None
        if refs:
            target = self._target(ctx, c, None, d)
            if target is None:
                return None
        path: list[tuple[int, int]] = []
        cell = None
        after_path = False
        prev = ""
        for t in c.tokens[1:]:
            if t.kind == "PATH":
                after_path = True
            elif t.kind == "CELL":
                if not after_path and prev in ("NAME", "CELLWORD") and cell is None:
                    cell = tuple(t.value)
                else:
                    path.append(tuple(t.value))
            prev = t.kind
        delta = _delta(c)
        if not path and delta is not None:
            path = list(_straight(ctx, me, delta, 4, False))
        return Pursue(tuple(path), target, _aim(c, "SYSTEMS"), cell)

    def _tractor(self, ctx: Context, me: dict[str, Any], c: Clause, before: Any, d: Draft) -> Any:
        t = self._target(ctx, c, before, d)
        return Tractor(t) if t is not None else None

    def _breakfree(self, ctx: Context, me: dict[str, Any], c: Clause, before: Any, d: Draft) -> Any:
        return BreakFree(_where(c, me))

    def _lower(self, ctx: Context, me: dict[str, Any], c: Clause, before: Any, d: Draft) -> Any:
        """«опускаем щиты»: no order lowers shields (S-6 knows raising only), so it is refused,
        never read as raising them; «отключаем щиты Буревестнику» is a shot at its systems."""
        if not c.all("NAME"):
            d.problem("language.space.lower_shields", "S-6")
            return None
        target = self._target(ctx, c, None, d)
        if target is None:
            return None
        d.note("language.space.note.system_die")
        return Attack(target, "systems")

    def _choice(self, ctx: Context, me: dict[str, Any], made: list[tuple[Any, str]],
                clauses: list[Clause]) -> list[tuple[Any, str]]:
        """S-8/S-10: while the turn waits for this ship's choice, the hull or the systems and a
        move (or "stay") are read as its :class:`Choose`."""
        aim = None
        to = None
        texts = []
        asks = (ctx.board.get("decision") or {}).get("asks") or ()
        for o, t in made:
            if isinstance(o, Choose):
                aim = o.aim
                texts.append(t)
        made = [(o, t) for o, t in made if not isinstance(o, Choose)]
        for c in clauses:
            if c.rule == "aim":
                aim = "systems" if c.all("SYSTEMS") else "hull"
                texts.append(c.text)
            elif c.rule == "stay" and me.get("cells") and "shift" in asks:
                to = tuple(me["cells"][0])  # «по корпусу, остаюсь»: a cloaked ship's place (S-10)
                texts.append(c.text)
        moves = [(o, t) for o, t in made if isinstance(o, Move)]
        if moves:
            to = moves[0][0].to
            texts.append(moves[0][1])
        if aim is None and to is None:
            return made
        rest = [(o, t) for o, t in made if not isinstance(o, Move)]
        return [(Choose(aim, to), ", ".join(texts)), *rest]

    _handlers: ClassVar[dict[str, Any]] = {
        "move": _move, "dir": _move, "attack": _attack, "flee": _flee, "pursue": _pursue,
        "tractor": _tractor, "breakfree": _breakfree, "lower": _lower,
        "shields": lambda self, ctx, me, c, *a: _shields(ctx, c), "cloak": lambda self, *a: Cloak(True),
        "uncloak": lambda self, *a: Cloak(False), "release": lambda self, *a: Release(),
        "launch": lambda self, *a: Launch(),
        "pass": lambda self, *a: Pass(),
        "stay": lambda self, ctx, *a: None if _deciding(ctx) else Pass(),
        "keep": lambda self, ctx, *a: None if _deciding(ctx) else Pass(),
    }
    """Rule name -> handler, one dict built once (as d20 dispatches on node types)."""

    # --- options and rendering --------------------------------------------------------------

    def options(self, ctx: Context) -> list[Any]:
        try:
            legal = list(ctx.encounter.legal_orders(ctx.actor))
        except Exception:  # the options are a courtesy: never let them cost the reply
            return []
        seen: dict[type, int] = {}
        out = []
        for o in legal:
            cap = 1 if isinstance(o, (Flee, Pursue)) else 3
            if seen.get(type(o), 0) < cap:
                seen[type(o)] = seen.get(type(o), 0) + 1
                out.append(o)
        return out

    def render(self, order: Any, lang: str, ctx: Context | None = None) -> str:
        """``order`` as a captain could write it (``space.order.*`` in the catalogue), each name
        as the reply shows it (its alias in the reply's script) in the case its phrase needs."""
        if ctx is None:
            return _render(order, lang, None)
        with grammar.cast(ctx.encounter.cast):
            return _render(order, lang, ctx)


def _render(order: Any, lang: str, ctx: Context | None) -> str:
    def t(key: str, **params: Any) -> str:
        return format_message(f"space.order.{key}", lang, **params)

    def name(n: str) -> str:
        return ctx.shown(n, lang) if ctx is not None else n

    def cell(key: str, at: Any) -> str:  # an optional cell of the order: "" when not given
        return "" if at is None else t(f"part.{key}", cell=_c(at))

    def aim(a: str | None) -> str:
        return "" if a is None else t(f"part.aim.{a}")

    if isinstance(order, Move):
        return t("move", cell=_c(order.to))
    if isinstance(order, Attack):
        then = cell("then", order.then)
        if order.then is not None and tuple(order.then) == _here(ctx):
            then = t("part.then_stay")
        return t("fire", target=name(order.target), cell=cell("cell", order.cell), aim=aim(order.aim),
                 then=then)
    if isinstance(order, RaiseShields):
        return t("shields")
    if isinstance(order, Cloak):
        return t("cloak" if order.on else "uncloak")
    if isinstance(order, Flee):
        return t("flee", cells=" ".join(_c(x) for x in order.path))
    if isinstance(order, Pursue):
        path = t("part.path", cells=" ".join(_c(x) for x in order.path)) if order.path else ""
        parts = {"cell": cell("cell", order.cell), "aim": aim(order.aim), "path": path}
        if order.target is None:
            return t("pursue", **parts)
        return t("pursue_ship", target=name(order.target), **parts)
    if isinstance(order, Launch):
        return t("launch")
    if isinstance(order, Choose):
        chosen = t(f"aim.{order.aim}") if order.aim is not None else None
        place = None
        if order.to is not None:
            place = t("stay") if tuple(order.to) == _here(ctx) else t("shift", cell=_c(order.to))
        if chosen is not None and place is not None:
            return t("choose_both", aim=chosen, place=place)
        return chosen or place or t("choose")
    if isinstance(order, Tractor):
        return t("tractor", target=name(order.target))
    if isinstance(order, BreakFree):
        return t("break_free") if order.to is None else t("break_free_to", cell=_c(order.to))
    if isinstance(order, Release):
        return t("release")
    if isinstance(order, Pass):
        return t("pass")
    return repr(order)


def _here(ctx: Context | None) -> tuple[int, ...] | None:
    """The cell the replying ship stands on, when the reply knows the board."""
    mine = (_ship(ctx.board, ctx.actor) or {}).get("cells") if ctx and ctx.board else None
    return tuple(mine[0]) if mine else None


_VERBS = {"attack": "fire", "tractor": "tractor", "pursue": "pursue"}
"""Rule -> the order a question about its target names (``reading.ask.target.<verb>``)."""


def _aimed(made: list[tuple[Any, str]], clauses: list[Clause]) -> list[tuple[Any, str]]:
    """``огонь по Буревестнику, целимся в двигатели``: an aim said on its own joins the one shot
    (S-8: the systems, or the whole ship)."""
    aims = [c for c in clauses if c.rule == "aim"]
    shots = [k for k, (o, _) in enumerate(made) if isinstance(o, Attack) and o.aim is None]
    if not aims or len(shots) != 1:
        return made
    aim = "systems" if aims[-1].all("SYSTEMS") else "hull"
    k = shots[0]
    o, t = made[k]
    return [*made[:k], (Attack(o.target, aim, o.cell, o.then), t), *made[k + 1:]]


def _c(cell: Any) -> str:
    return f"({cell[0]}, {cell[1]})"


def _aim(c: Clause, *systems: str) -> str | None:
    """S-8: the aim a clause names: the systems (or one of them), the whole ship, or None (to be
    chosen once the hit is known)."""
    if c.all(*systems):
        return "systems"
    return "hull" if c.all("HULL") else None


def _deciding(ctx: Context) -> bool:
    """The turn waits for this ship's choice (S-8, S-10)."""
    return (ctx.board.get("decision") or {}).get("ship") == ctx.actor


def _ship(board: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((s for s in board.get("ships", ()) if s["name"] == name), None)


def _enemies(ctx: Context) -> list[str]:
    return [s["name"] for s in ctx.board.get("ships", ())
            if s["side"] != ctx.side and not s.get("destroyed") and not s.get("escaped")]


def _cells(c: Clause) -> list[tuple[int, int]]:
    out = [tuple(t.value) for t in c.all("CELL") if len(t.value) == 2]
    nums = [int(t.value) for t in c.all("NUM")]
    if c.first("CELLWORD") is not None and len(nums) >= 2:
        out.append((nums[0], nums[1]))
    return out


def _where(c: Clause, me: dict[str, Any]) -> tuple[int, int] | None:
    cells = _cells(c)
    if cells:
        return cells[0]
    delta = _delta(c)
    first = (me.get("cells") or [None])[0]
    if delta is None or first is None:
        return None
    return (first[0] + delta[0], first[1] + delta[1])


def _straight(ctx: Context, me: dict[str, Any], delta: tuple[int, int], limit: int,
              off_map: bool) -> tuple[tuple[int, int], ...]:
    """Steps in one direction, as far as ``limit``, stopping before a taken cell (and after
    leaving the map, when a flight may)."""
    cells = [tuple(x) for x in me.get("cells") or ()]
    if not cells:
        return ()
    taken = {tuple(x) for x in ctx.board.get("station", ())}
    for s in ctx.board.get("ships", ()):
        if s["name"] != ctx.actor:
            taken |= {tuple(x) for x in s.get("cells", ())}
    w, h = int(ctx.board.get("width", 0)), int(ctx.board.get("height", 0))
    path = []
    for _ in range(limit):
        cells = [(x + delta[0], y + delta[1]) for x, y in cells]
        if any(c in taken for c in cells):
            break
        path.append(cells[0])
        if not all(0 <= x < w and 0 <= y < h for x, y in cells):
            if not off_map:
                path.pop()
            break
    return tuple(path)


def _diag_words(lang: str) -> tuple[str, ...]:
    if lang == "ru":
        return ("вверх-вправо", "вверх-влево", "вниз-вправо", "вниз-влево", "(x, y)")
    return ("up-right", "up-left", "down-right", "down-left", "(x, y)")


def _shields(ctx: Context, c: Clause) -> Any:
    """«Щиты!» raises them (S-6); «по щитам!» once the hit is known aims at the systems (S-8)."""
    if _deciding(ctx) and c.tokens[0].text in ("щитам", "щиту"):
        return Choose("systems")
    return RaiseShields()


def _stay_after_move(made: list[tuple[Any, str]], stays: set[str]) -> list[tuple[Any, str]]:
    """«летим на (4, 2), там и останемся»: staying after the move is where the move ends (S-2),
    not a second order; staying said before it still clashes with it (S-5)."""
    first = next((k for k, (o, _) in enumerate(made) if isinstance(o, Move)), None)
    if first is None or not stays:
        return made
    return [(o, t) for k, (o, t) in enumerate(made) if not (k > first and isinstance(o, Pass) and t in stays)]


def _freed_to(made: list[tuple[Any, str]]) -> list[tuple[Any, str]]:
    """«вырываемся из луча и уходим вправо»: S-13 lets the freed ship move that turn, so the
    move is where the break-free goes, one order."""
    k = next((k for k, (o, _) in enumerate(made) if isinstance(o, BreakFree) and o.to is None), None)
    if k is None or k + 1 >= len(made) or not isinstance(made[k + 1][0], Move):
        return made
    return [*made[:k], (BreakFree(made[k + 1][0].to), f"{made[k][1]}, {made[k + 1][1]}"), *made[k + 2:]]


def _dir_words(lang: str) -> tuple[str, ...]:
    if lang == "ru":
        return ("вверх", "вниз", "вправо", "влево", "(x, y)")
    return ("up", "down", "right", "left", "(x, y)")


def _cell_question(ctx: Context, target: str, seen: Any) -> Any:
    from ..language.reading import Question

    hint = (_c(seen),) if seen else ("(x, y)",)
    return Question(ctx.shown(target), hint, "cell")


LANGUAGE = SpaceLanguage()
"""The space battle's order language, built once."""
