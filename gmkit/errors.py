"""One error family, so a GM-facing caller can catch every gmkit refusal at once.

Each error's message is complete on its own: it names the rule id or the field and the numbers,
because it is shown to a GM as it is.
"""

from __future__ import annotations


class GmkitError(Exception):
    """Base of every error gmkit raises on purpose."""


class DiceError(GmkitError, ValueError):
    """A dice expression or a typed-in face that cannot be rolled.

    ``position`` is the 0-based offset in the expression where the fault is, or None.
    """

    def __init__(self, message: str, expression: str | None = None, position: int | None = None):
        self.expression = expression
        self.position = position
        if expression is not None and position is not None:
            message = f"{message} at position {position} in {expression!r}\n  {expression}\n  {' ' * position}^"
        super().__init__(message)


class IllegalOrder(GmkitError, ValueError):
    """An order the rules do not allow. ``rule`` is the rule id (``D-4``) the refusal rests on."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        super().__init__(f"{rule}: {message}")


class ScenarioError(GmkitError, ValueError):
    """A scenario file that does not validate: names the file, the field path and what was expected."""

    def __init__(self, source: str, problems: list[tuple[str, str]]):
        self.source = source
        self.problems = problems
        lines = [f"{source}: scenario is not valid"]
        lines += [f"  - {field}: {expected}" for field, expected in problems]
        super().__init__("\n".join(lines))


class JournalError(GmkitError):
    """A journal that cannot be resumed or written: wrong system, wrong scenario, not a gmkit
    journal, a damaged line, a line that does not replay, or a journal another writer holds.

    When the fault is in one line, ``line`` is its 1-based number (the header is line 1) and
    ``field`` the entry's field path (``order.amount``, ``events[2].params``), or None.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 field: str | None = None):
        self.path = path
        self.line = line
        self.field = field
        super().__init__(message)

    @classmethod
    def at(cls, path: object, line: int, problem: str, field: str | None = None) -> "JournalError":
        """The error for one line: ``journal j.jsonl: line 7, field 'actor': <problem>``, or
        ``journal j.jsonl: line 7 is damaged: <problem>`` when no field is to blame."""
        if field:
            text = f"journal {path}: line {line}, field {field!r}: {problem}"
        else:
            text = f"journal {path}: line {line} is damaged: {problem}"
        return cls(text, path=str(path), line=line, field=field)


class EncounterOver(GmkitError):
    """An order or a resolution asked of an encounter that has already ended."""
