"""The space battle's record in the rule-set registry (see :mod:`gmkit.systems`)."""

from ..systems import System

SYSTEM = System(
    name="space",
    package=__package__ or "gmkit.space",
    engine="battle:SpaceBattle",
    scenario="model:SpaceScenario",
    policy="autopilot:Autopilot",
    form="ui:SpaceOrderForm",
    desk="ui:SpaceSession",
)
