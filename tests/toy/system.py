"""The race's record in the rule-set registry."""

from gmkit.systems import System

SYSTEM = System(name="race", package=__package__ or "tests.toy", engine="engine:Race",
                scenario="scenario:RaceScenario", policy="policy:Autopilot",
                form="ui:RaceOrderForm", desk="ui:RaceDesk")
