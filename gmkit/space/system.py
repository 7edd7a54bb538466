"""The space battle's record in the rule-set registry (see :mod:`gmkit.systems`)."""

from ..systems import System

SYSTEM = System(
    name="space",
    package=__package__ or "gmkit.space",
    engine="engine:SpaceBattle",
    scenario="scenario:SpaceScenario",
    policy="policy:Autopilot",
    form="ui:SpaceOrderForm",
    desk="ui:SpaceSession",
)
