"""The typed rule-set contract (gmkit.contract): every part checked when a rule set registers, a
broken one refused at registration naming the part, never deep in a report."""

from __future__ import annotations

import importlib.machinery
import sys
import types
from dataclasses import replace

import pytest

from gmkit.contract import PARTS, ContractError, check_rule_set
from gmkit.systems import System, _Registry, all_systems
from tests.toy import SYSTEM as RACE


@pytest.mark.parametrize("name", sorted(s.name for s in all_systems() if s.package.startswith("gmkit.")))
def test_every_own_rule_set_keeps_the_contract(name: str) -> None:
    from gmkit.systems import get

    check_rule_set(get(name))


def test_the_toy_keeps_the_contract() -> None:
    check_rule_set(RACE)


@pytest.mark.parametrize(("change", "told"), [
    ({"engine": "engine:Missing"}, r"part 'engine' \(engine:Missing\) cannot be loaded"),
    ({"engine": "orders:Run"},
     r"part 'engine' \(orders:Run\) is not a subclass of gmkit\.encounter\.Encounter"),
    ({"engine": "context:RaceContext"}, r"part 'engine' \(context:RaceContext\) leaves abstract: _legal"),
    ({"scenario": "scenario:RacerSpec"}, r"part 'scenario' \(scenario:RacerSpec\) is not a subclass of "
                                         r"gmkit\.scenario\.ScenarioModel"),
    ({"policy": "orders:Run"}, r"part 'policy' \(orders:Run\) lacks order"),
    ({"views": "odds"}, r"part 'views' \(odds\) lacks STATE_COLUMNS, picture"),
    ({"views": "no_such_views"}, r"part 'views' \(no_such_views\) cannot be loaded"),
    ({"form": "ui:RaceDesk"},
     r"part 'form' \(ui:RaceDesk\) is not a subclass of gmkit\.ui\.order_form\.OrderForm"),
    ({"posts": "views:nothing"}, r"part 'posts' \(views:nothing\) cannot be loaded"),
    ({"campaign": "posts"}, r"part 'campaign' \(posts\) lacks ENTRIES"),
    ({"language": "odds"}, r"part 'language' \(odds\) lacks LANGUAGE"),
])
def test_a_broken_toy_is_refused_at_registration_naming_the_part(change: dict[str, str], told: str) -> None:
    registry = _Registry()  # its own registry: the race is not in it yet
    with pytest.raises(ContractError, match=r"register\('race'\): the 'race' rule set's " + told):
        registry.register(replace(RACE, **change))
    assert "race" not in registry.names()
    registry.register(RACE)  # the toy as it is registers
    assert "race" in registry.names()


def test_a_language_part_whose_reader_is_no_order_language_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each rule set writes only its reader (``LANGUAGE``); the base class gives ``render_order``
    and ``order_format``, so a reader without them is not an OrderLanguage."""
    from gmkit.language import OrderLanguage

    class Half:  # reads and renders, but is no OrderLanguage: no render_order, no order_format
        read = render = context = staticmethod(lambda *a: None)

    module = types.ModuleType("tests.toy.half_language")
    module.__spec__ = importlib.machinery.ModuleSpec(module.__name__, None)
    module.LANGUAGE = Half()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tests.toy.half_language", module)
    with pytest.raises(ContractError, match=r"part 'language' \(half_language\): LANGUAGE is not an "
                                            r"OrderLanguage \(read, render, context, render_order, "
                                            r"order_format\)"):
        check_rule_set(replace(RACE, language="half_language"))

    class Whole(OrderLanguage):
        format_key = "posts.brief.kinds"

    module.LANGUAGE = Whole()  # type: ignore[attr-defined]
    check_rule_set(replace(RACE, language="half_language"))


def test_an_engine_of_another_rule_set_is_refused() -> None:
    with pytest.raises(ContractError, match="plays 'race', not 'otherrace'"):
        _Registry().register(replace(RACE, name="otherrace"))


def test_an_optional_part_may_be_left_out_but_a_required_one_not() -> None:
    check_rule_set(replace(RACE, language="no_language", campaign="no_campaign"))
    with pytest.raises(ContractError, match="part 'desk'"):
        check_rule_set(replace(RACE, desk="no_desk:Desk"))


def test_every_part_of_the_system_record_has_a_contract() -> None:
    """A new part added to System without a contract would go unchecked."""
    fields = set(System.__dataclass_fields__) - {"name", "package", "messages", "extras"}
    assert fields == set(PARTS)
