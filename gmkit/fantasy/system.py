"""The fantasy skirmish's record in the rule-set registry (see :mod:`gmkit.systems`)."""

from ..systems import System

SYSTEM = System(
    name="fantasy",
    package=__package__ or "gmkit.fantasy",
    engine="skirmish:Skirmish",
    scenario="scenario:FantasyScenario",
    policy="autopilot:Autopilot",
    form="ui:SkirmishOrderForm",
    desk="ui:SkirmishSession",
)
