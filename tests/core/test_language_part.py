"""What the core gives every rule set's order language (gmkit.language.base.OrderLanguage): an
order as text (``render_order``) and how to write one (``order_format``), once for all rule sets;
a rule set writes only its reader and the catalogue key of its format."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gmkit.i18n import format_message
from gmkit.language import examples, language_of, offers, order_format, render
from gmkit.systems import all_systems, get

SPEAKING = sorted(s.name for s in all_systems() if s.package.startswith("gmkit.") and s.has("language"))


def _fight(system: str) -> tuple[object, str]:
    """The rule set's English starter, and an actor with an order to give now."""
    rules = get(system)
    root = Path(rules.part("system").__file__).parent
    enc = rules.engine_class(yaml.safe_load((root / "starter.en.yaml").read_text("utf-8")), seed=1)
    actor = next(a for a in enc.participants() if offers(enc, a))
    return enc, actor


def test_every_own_rule_set_speaks() -> None:
    assert len(SPEAKING) >= 3


@pytest.mark.parametrize("system", SPEAKING)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_order_format_is_the_catalogues_then_the_fights_own_examples(system: str, lang: str) -> None:
    language = language_of(system)
    bare = language.order_format(lang)
    assert bare and bare == format_message(language.format_key, lang) == order_format(system, lang)
    enc, actor = _fight(system)
    full = language.order_format(lang, enc, actor)
    said = examples(enc, actor, lang)
    assert said and full.startswith(bare + " ") and all(s in full for s in said)
    assert language.order_format(lang, enc, None) == bare  # no reader: no examples


@pytest.mark.parametrize("system", SPEAKING)
def test_render_order_with_and_without_the_fight(system: str) -> None:
    language = language_of(system)
    enc, actor = _fight(system)
    for order in list(enc.legal_orders(actor))[:5]:
        for lang in ("ru", "en"):
            assert language.render_order(order, lang) == language.render(order, lang, None)
            with_names = language.render_order(order, lang, enc, actor)
            assert with_names == render(enc, actor, order, lang)
            reading = language.read(enc, actor, with_names, lang)
            assert reading.ok and order in reading.orders, (with_names, reading.reply())


def test_a_name_is_picked_asked_about_or_refused() -> None:
    """Draft.pick, the one step every rule set's reader takes on a name it was given."""
    from gmkit.language import Draft
    from gmkit.language.grammar import NameRef

    d = Draft()
    assert d.pick(NameRef(("Bane",), "Бейна")) == "Bane" and not d.problems and not d.questions
    assert d.pick(NameRef(("Wolf 1", "Wolf 2"), "волка"), "target", "attack", weapon="Axe") is None
    q = d.questions[-1]
    assert (q.said, q.choices, q.what, q.verb, q.params) == ("волка", ("Wolf 1", "Wolf 2"), "target",
                                                            "attack", {"weapon": "Axe"})
    assert d.pick(NameRef((), "волка 7", 7, everyone=("Wolf 1", "Wolf 2")), "weapon") is None
    p = d.problems[-1]
    assert p.note is not None and p.note.key == "language.no_such"
    assert p.note.params == {"said": "волка 7", "names": "Wolf 1, Wolf 2"}
    assert len(d.questions) == 1


def test_a_name_standing_before_an_order_is_its_object() -> None:
    from gmkit.language.context import name_before
    from gmkit.language.grammar import Clause, NameRef, Token

    name = NameRef(("Bane",), "Бейна")
    stray = Clause("stray", (Token("NAME", name, "Бейна"),))
    number = Clause("stray", (Token("NUM", 2, "2"),))
    attack = Clause("attack", (Token("ATTACK", "attack", "атакую"),))
    assert name_before([stray, attack], 1) is name
    assert name_before([stray, attack], 0) is None
    assert name_before([number, attack], 1) is None
    assert name_before([attack, attack], 1) is None
