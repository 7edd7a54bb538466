"""The dragon duel's record in the rule-set registry (see :mod:`gmkit.systems`)."""

from ..systems import System

SYSTEM = System(
    name="dragons",
    package=__package__ or "gmkit.dragons",
    engine="duel:DragonDuel",
    scenario="scenario:DragonScenario",
    policy="autopilot:Autopilot",
    form="ui:DragonOrderForm",
    desk="ui:DragonSession",
)
