"""Plain data files read defensively, before any rule set sees them (:func:`read_yaml`):

* it must be UTF-8 text (a UTF-8 byte-order mark is allowed) of at most :data:`MAX_BYTES`;
* nesting deeper than :data:`MAX_DEPTH` is refused before the YAML is composed;
* anchors and aliases are allowed, but the values they expand to are counted (on the composed
  nodes, so a "billion laughs" file is refused in microseconds) and bounded by :data:`MAX_NODES`;
* a key given twice in one mapping is refused (a merge key ``<<`` may still be overridden);
* then every text of one line — names and the fields that refer to names (``side``, ``owner``,
  ``target``...) alike — is normalised (:func:`normalise_text`: stripped, NFC, zero-width
  characters removed) before the model checks names for duplicates, so ``"Ash"`` and
  ``" Ash\\u200b"`` are the same dragon. Text of several lines (a description) is only NFC-ed.

Apart from :mod:`gmkit.scenario` (the models and their checks), which re-exports these names.

>>> normalise_text(" A\\u200bsh ")
'Ash'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import Problem, ScenarioError, quoted

__all__ = ["read_yaml", "normalise_text", "normalise_data", "MAX_BYTES", "MAX_DEPTH", "MAX_NODES"]

MAX_BYTES = 2_000_000
"""Largest scenario (or orders) file read, in bytes."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and lists a scenario may have."""
MAX_NODES = 200_000
"""Most values (scalars, lists, mappings) a scenario may hold once its aliases are expanded."""

ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u180e\u00ad"), None)
"""Characters that take no room on screen and are removed from one-line texts."""


def normalise_text(text: str) -> str:
    """A one-line text as gmkit compares it: zero-width characters removed, NFC, stripped."""
    return unicodedata.normalize("NFC", text.translate(ZERO_WIDTH)).strip()


# --- reading YAML -------------------------------------------------------------------------------


def _loader() -> type:
    """A SafeLoader that refuses a key given twice in one mapping (built on first use: PyYAML
    is imported only when a file is read)."""
    import yaml

    class Loader(yaml.SafeLoader):
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            if isinstance(node, yaml.MappingNode):
                seen: dict[Any, Any] = {}
                for key_node, _ in node.value:
                    if key_node.tag == "tag:yaml.org,2002:merge":
                        continue
                    key = self.construct_object(key_node, deep=True)
                    try:
                        if key in seen:
                            raise ScenarioError("", [Problem(
                                _where(key_node.start_mark), key="scenario.file.key_twice",
                                name=quoted(key) if isinstance(key, str) else repr(key),
                                line=seen[key].line + 1)])
                        seen[key] = key_node.start_mark
                    except TypeError:
                        pass  # an unhashable key: the constructor below refuses it
            return super().construct_mapping(node, deep)

    return Loader


_LOADER: type | None = None


def _decode(p: Path, raw: bytes) -> str:
    """The file's text; a :class:`ScenarioError` naming the encoding when it is not UTF-8."""
    boms = {b"\xff\xfe\x00\x00": "UTF-32", b"\x00\x00\xfe\xff": "UTF-32",
            b"\xff\xfe": "UTF-16", b"\xfe\xff": "UTF-16"}
    for bom, name in boms.items():
        if raw.startswith(bom):
            raise ScenarioError(str(p), [Problem("(file)", key="scenario.file.bom", name=name)])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        if raw.count(b"\x00") > len(raw) // 4:
            guess = "utf16"
        else:
            try:
                raw.decode("cp1251")
                guess = "codepage"
            except UnicodeDecodeError:
                guess = "not_text"
        raise ScenarioError(str(p), [Problem(
            "(file)", key="scenario.file.not_utf8", byte=f"0x{raw[e.start]:02x}", offset=e.start,
            guess={"key": f"scenario.file.guess.{guess}"})]) from None


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "(yaml)"


def read_yaml(path: str | Path) -> Any:
    """Read a YAML file within the limits above; any fault is a :class:`ScenarioError`."""
    import yaml

    global _LOADER
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise ScenarioError(str(p), [Problem("(file)", key="scenario.file.too_big", size=size,
                                                 max=MAX_BYTES)])
        raw = p.read_bytes()
    except FileNotFoundError:
        raise ScenarioError(str(p), [Problem("(file)", key="scenario.file.missing")]) from None
    except OSError as e:
        raise ScenarioError(str(p), [Problem("(file)", key="scenario.file.unreadable",
                                             reason=str(e.strerror))]) from None
    text = _decode(p, raw)
    if _LOADER is None:
        _LOADER = _loader()
    try:
        _check_depth(text, _LOADER)
        loader = _LOADER(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            _check_expansion(node)
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except ScenarioError as e:
        raise ScenarioError(str(p), e.problems) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        problem = getattr(e, "problem", None) or str(e)
        raise ScenarioError(str(p), [Problem(_where(mark), key="scenario.file.not_yaml",
                                             problem=str(problem))]) from None
    except (ValueError, TypeError, OverflowError, RecursionError) as e:
        # what PyYAML's constructors let through: an int of 5,000 digits, a date of month 13
        raise ScenarioError(str(p), [Problem("(yaml)", key="scenario.file.bad_value",
                                             error=str(e))]) from None


def _check_depth(text: str, loader: type) -> None:
    """Refuse nesting deeper than MAX_DEPTH from the event stream (PyYAML's parser keeps its own
    stack; its composer recurses, so this runs first)."""
    import yaml

    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise ScenarioError("", [Problem(_where(event.start_mark),
                                                 key="scenario.file.too_deep", n=MAX_DEPTH)])
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def _check_expansion(root: Any) -> None:
    """Refuse a document whose aliases expand to more than MAX_NODES values: each node's
    expanded size is computed once (aliases share nodes), so this is linear in the file."""
    import yaml

    sizes: dict[int, int] = {}
    open_: set[int] = set()  # nodes whose children are being counted: meeting one is a cycle
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if id(node) in sizes:
            continue
        children: list[Any] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        if not done:
            if id(node) in open_:
                raise ScenarioError("", [Problem(_where(node.start_mark),
                                                 key="scenario.file.recursive")])
            open_.add(id(node))
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
            continue
        open_.discard(id(node))
        total = 1 + sum(sizes[id(c)] for c in children)
        if total > MAX_NODES:
            raise ScenarioError("", [Problem(_where(node.start_mark), key="scenario.file.expands",
                                             n=MAX_NODES)])
        sizes[id(node)] = total


# --- plain data ---------------------------------------------------------------------------------


def normalise_data(data: Any) -> Any:
    """A copy of plain data with every one-line text (keys included) normalised and multi-line
    text NFC-ed; refused (:class:`ScenarioError`) when nested more than MAX_DEPTH deep, holding
    more than MAX_NODES values, or when two keys of one mapping become the same."""
    count = 0

    def walk(value: Any, depth: int, where: str) -> Any:
        nonlocal count
        count += 1
        if count > MAX_NODES:
            raise ScenarioError("", [Problem(where or "(top level)", key="scenario.file.too_many",
                                             n=MAX_NODES)])
        if depth > MAX_DEPTH:
            raise ScenarioError("", [Problem(where or "(top level)", key="scenario.file.too_deep",
                                             n=MAX_DEPTH)])
        if isinstance(value, str):
            return unicodedata.normalize("NFC", value) if "\n" in value else normalise_text(value)
        if isinstance(value, Mapping):
            out: dict[Any, Any] = {}
            for k, v in value.items():
                key = walk(k, depth + 1, where) if isinstance(k, str) else k
                here = f"{where}.{key}" if where else str(key)
                if key in out:
                    raise ScenarioError("", [Problem(here, key="scenario.file.same_key",
                                                     given=quoted(k), same=quoted(key))])
                out[key] = walk(v, depth + 1, here)
            return out
        if isinstance(value, (list, tuple)):
            return [walk(v, depth + 1, f"{where}[{i}]") for i, v in enumerate(value)]
        return value

    return walk(data, 0, "")
