"""Every refusal a player or a GM can meet carries a message key (issue 17 item 5), so it reaches
a desk or a reply in the reader's language. Read from the source: an ``IllegalOrder`` raised
without ``key=`` must be one of the few below, which refuse a wrong Python value (a type, a field)
that only code can give, never a message or a form."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WHERE = ["gmkit/*/legal.py", "gmkit/*/offers.py", "gmkit/*/engine.py", "gmkit/*/procedures/*.py",
         "gmkit/encounter.py"]

CODE_ONLY = {
    "a dragon's order is one DragonOrder(",   # a Python object of the wrong type
    "actions must be a tuple of actions",
    "the GM's ruling for the round is an Initiative(",
    "the movement must be a Move, got ",
    "forcing names speed 'up'/'down'",       # Force(speed=...) given another string
    " is not a dragon action",
    "actor: expected a participant's name (text)",
    " is not an order of ",
    " cannot be checked (",                   # a rule set's checker failed on a strange value
    ".turns: at least 1, got ",               # an effect described in code with a bad field
    ".heal: a table like '1-2-3', got ",
    ".: ",
    " is not a ship's order",
    "the GM gives only ",
    "is the GM's order (actor 'GM')",
    " is not a cell (x, y)",
    "aim at 'hull' or 'systems'",
    "Cloak(on=...) takes True or False",
    "minutes since the departure must be 0 or more",
}


def _text(node: ast.expr) -> str:
    if isinstance(node, ast.Constant):
        return str(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.IfExp):
        return _text(node.body)
    return ""


def test_every_refusal_but_a_few_for_code_has_a_message_key() -> None:
    plain = []
    for pattern in WHERE:
        for path in sorted(ROOT.glob(pattern)):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalOrder"
                        and not any(k.arg == "key" for k in node.keywords)):
                    text = _text(node.args[1]) if len(node.args) > 1 else ""
                    if not any(part in text for part in CODE_ONLY):
                        plain.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text[:60]!r}")
    assert not plain, "refusals in English only (give them a key= and catalogue texts):\n" + "\n".join(plain)


def test_the_check_can_fail() -> None:
    node = ast.parse('IllegalOrder("D-4", f"{actor} cannot climb")').body[0].value  # type: ignore[attr-defined]
    assert not any(part in _text(node) for part in CODE_ONLY)
