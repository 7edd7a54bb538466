"""The fantasy skirmish's record in the rule-set registry (see :mod:`gmkit.systems`)."""

from ..systems import System

SYSTEM = System(
    name="fantasy",
    package=__package__ or "gmkit.fantasy",
    engine="engine:Skirmish",
    scenario="scenario:FantasyScenario",
    policy="policy:Autopilot",
    form="ui:SkirmishOrderForm",
    desk="ui:SkirmishSession",
)
