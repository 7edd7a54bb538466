"""The dragon duel's record in the rule-set registry (see :mod:`gmkit.systems`)."""

from ..systems import System

SYSTEM = System(
    name="dragons",
    package=__package__ or "gmkit.dragons",
    engine="engine:DragonDuel",
    scenario="scenario:DragonScenario",
    policy="policy:Autopilot",
    form="ui:DragonOrderForm",
    desk="ui:DragonSession",
)
