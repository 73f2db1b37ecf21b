"""Issue 25, finding 9: a side with nothing left to do passes by itself, in both rule sets.

The property: in every state that random play reaches (the hex game's autoplay choices,
the regiments' choices), once the automatic steps are taken, some side can act - it has a
legal action - or the game is over. And the case the newcomer met: the regiments scenario
charge_head_on (r2 of side B already has its order) must not leave side B "to act".
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import flow
from game.core.actions import Refused
from game.core.files import ScenarioError
from game.phases.actions import StartGame
from game.regiments import engine as regiments
from game.regiments.setup import game_from_scenario
from game.setup import new_game_from_map, with_forces

ROOT = Path(__file__).resolve().parents[1]
REGIMENT_SCENARIOS = sorted((ROOT / "tests" / "regiments" / "scenarios").glob("*.json"))
REGIMENT_SCENARIOS = [p for p in REGIMENT_SCENARIOS if not p.name.endswith(".expected.json")]
REGIMENT_SCENARIOS += sorted((ROOT / "scenarios").glob("regiments-*.json"))


def _two_sided(path: Path) -> bool:
    try:
        game_from_scenario(path)
    except ScenarioError:  # a referee scenario of one side: no game to play
        return False
    return True


REGIMENT_SCENARIOS = [p for p in REGIMENT_SCENARIOS if _two_sided(p)]


def _someone_can_act_hex(state) -> bool:
    side = flow.actor(state)
    if side is None:
        return False
    return any(not isinstance(flow.apply(state, a), Refused) for a in flow.choices(state))


def _someone_can_act_regiments(state) -> bool:
    side = regiments.ENGINE.actor(state)
    if side is None:
        return False
    return any(
        not isinstance(regiments.apply(state, a), Refused) for a in regiments.ENGINE.choices(state)
    )


def test_charge_head_on_lets_side_a_act_when_b_has_had_its_order() -> None:
    s = game_from_scenario(ROOT / "tests" / "regiments" / "scenarios" / "charge_head_on.json")
    assert regiments.ENGINE.actor(s) == "A"  # B's only regiment carries its marker
    assert _someone_can_act_regiments(s)
    first = next(e for e in s.log if e.event.kind == "first_activation").event.text
    if s.first == "B":  # the roll said B: the log says why A acts
        assert "side B has no regiment without an order, so side A acts" in first


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(REGIMENT_SCENARIOS),
    st.integers(min_value=1, max_value=10_000),
    st.integers(min_value=0, max_value=2**16),
)
def test_regiments_some_side_can_act_in_every_state_random_play_reaches(
    path: Path, seed: int, pick_seed: int
) -> None:
    state = game_from_scenario(path, seed=seed)
    pick = random.Random(pick_seed)
    for _ in range(30):
        state, _ = regiments.advance(state)
        assert _someone_can_act_regiments(state), (path.name, state.turn, state.phase)
        options = regiments.ENGINE.choices(state)
        pick.shuffle(options)
        for action in options:
            out = regiments.apply(state, action)
            if not isinstance(out, Refused):
                state = out.state
                break


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=10_000), st.booleans())
def test_hex_game_some_side_can_act_or_the_game_is_over(seed: int, tacops: bool) -> None:
    from game.core.options import TW, Rules

    rules = Rules(tacops=True) if tacops else TW
    state = with_forces(new_game_from_map(ROOT / "maps" / "grassland.tmx", seed=seed, rules=rules))
    state = flow.apply_strict(state, StartGame()).state
    pick = random.Random(seed)
    for _ in range(60):  # about two turns of random play
        state, _ = flow.advance(state)
        if flow.outcome(state) is not None:
            return
        assert _someone_can_act_hex(state), (state.turn, state.phase, flow.waiting(state))
        options = flow.choices(state)
        pick.shuffle(options)
        state = next(
            out.state for a in options if not isinstance(out := flow.apply(state, a), Refused)
        )
