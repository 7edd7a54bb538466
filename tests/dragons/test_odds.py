"""The dragons' odds: D-8's wound penalty computed by the rule, on the shared C-3/C-4 mathematics."""

from __future__ import annotations

import pytest

from gmkit import odds
from gmkit.cli import main
from gmkit.dragons import rules as R
from gmkit.dragons.odds import attack, pilot_roll


def test_d8_wound_penalty_stacks_with_the_multi_action_penalty() -> None:
    """D-8: -1 per wound on a Wild Card's action (at most -3), with C-4's -2 per extra action."""
    assert pilot_roll(8, actions=2, wounds=1).chance == odds.trait(8, -3).chance
    assert pilot_roll(8, wounds=5).chance == odds.trait(8, -3).chance


def test_d8_the_odds_use_the_rule_for_every_case() -> None:
    """Extras never roll wounded (they leave at the first wound); a roll that is not an action
    only takes the 3-wound penalty."""
    for wild in (True, False):
        for wounds in range(5):
            for action in (True, False):
                want = odds.trait(6, 1 + R.wound_penalty(wounds, wild, action), wild, 5)
                assert pilot_roll(6, 1, wild, 5, wounds=wounds, action=action) == want
    assert pilot_roll(8, wounds=2, wild=False) == odds.trait(8, wild=False)
    assert pilot_roll(8, wounds=2, action=False) == odds.trait(8)
    with pytest.raises(ValueError, match="D-8"):
        pilot_roll(8, wounds=-1)


def test_d8_a_wounded_attack_is_the_shared_attack_at_the_rule_s_modifier() -> None:
    assert attack(8, "2d8", 8, -2, wounds=2) == odds.attack(8, "2d8", 8, -4)
    assert attack(8, "2d8", 8, wounds=1, wild=False) == odds.attack(8, "2d8", 8, wild=False)


def test_cli_attack_takes_the_attacker_s_wounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "attack", "d8", "2d8", "--toughness", "8", "--wounds", "2"]) == 0
    assert "d8-2" in capsys.readouterr().out


def test_d7_cli_takes_armour_piercing_soak_rerolls_and_contests(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 13 item 6, D-7: ``gmkit odds attack`` with --armour/--ap/--soak/--rerolls, and the
    contest with rerolls; an attack's odds say whether they include the soak."""
    assert main(["odds", "attack", "d10", "2d8", "--toughness", "9", "--armour", "2", "--ap", "2",
                 "--soak", "d8"]) == 0
    out = capsys.readouterr().out
    assert "Toughness 7" in out and "Vigor d8" in out
    assert main(["odds", "attack", "d10", "2d8", "--toughness", "9"]) == 0
    assert "leaves out the target's soak" in capsys.readouterr().out
    assert main(["odds", "contest", "d10", "d8", "--rerolls", "1"]) == 0
    assert "Benny rerolls: 1 and 0" in capsys.readouterr().out
