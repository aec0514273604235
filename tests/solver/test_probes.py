"""Probes (randomized restarts) before the search, in the games without Scorpion's safe
moves and proofs of loss, and those kept to the games where their argument holds (B1,
V2). (Scorpion Tail and Farmer's Wife have a proof of their own: test_colour_proof.py.)"""

from __future__ import annotations

import pytest

from scorpion.engine import VARIANTS, deal
from scorpion.solver import (
    Verdict,
    check_line,
    core,
    default_probes,
    has_probes,
    safe_move,
    solve,
)
from scorpion.solver.search import (
    PROBE_BASE,
    PROBE_SHARE,
    PROBE_SHARE_ALTERNATE,
    _safe_moves_hold,
    is_deadlocked,
    luby,
)

NO_PROOF = ("wasp", "wasp-ii", "scorpion-tail", "farmers-wife", "how-they-run",
            "scorpion-head", "chelicera")
PROOF = ("scorpion", "scorpion-ii", "scorpion-strict", "three-blind-mice")


def test_luby_sequence() -> None:
    """Luby, Sinclair and Zuckerman's sequence, term by term from 1."""
    assert [luby(i) for i in range(1, 32)] == [
        1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8,
        1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16,
    ]
    with pytest.raises(ValueError, match="starts at 1"):
        luby(0)


def test_b1_the_games_with_and_without_proofs() -> None:
    """Exactly the same-suit games whose empty columns take Kings alone, without free
    cells or refilled columns, have the safe moves and proofs; the others get probes."""
    assert sorted(v for v in VARIANTS if _safe_moves_hold(VARIANTS[v])) == sorted(PROOF)
    assert sorted(v for v in VARIANTS if not _safe_moves_hold(VARIANTS[v])) == sorted(NO_PROOF)
    assert sorted(v for v in VARIANTS if has_probes(VARIANTS[v])) == sorted(NO_PROOF)


def test_b1_a_probe_is_the_same_search_in_another_order_and_repeats() -> None:
    """The same seed gives the same probe, node for node; another seed another order;
    without a seed the search is the search of before."""
    start = deal(55, VARIANTS["scorpion-tail"])
    first = core.search(start, 5_000, None, seed=3)
    assert core.search(start, 5_000, None, seed=3) == first
    plain = core.search(start, 5_000, None)
    assert plain == core.search(start, 5_000, None, seed=None)
    outcomes = {core.search(start, 5_000, None, seed=s)[:2] != plain[:2] for s in range(1, 6)}
    assert True in outcomes


def test_b1_probes_win_where_the_fixed_order_does_not() -> None:
    """Scorpion Tail 142: the search's own order finds no win in 100,000 positions; the
    probes, within their share of the same budget, find one (probe 2, after probe 1 spent
    its 1,000 positions), which wins on the engine. (Scorpion Tail 5 showed it until the
    proof of loss of 2026-12-06 let the search's own order win it.)"""
    start = deal(142, VARIANTS["scorpion-tail"])
    outcome, _, nodes = core.search(start, 100_000, None)
    assert (outcome, nodes) == ("out", 100_000)
    result = solve(start, max_nodes=100_000)
    assert result.verdict is Verdict.WINNABLE
    assert core.search(start, PROBE_BASE, None, seed=1)[0] == "out"
    won = core.search(start, 1_000, None, seed=2)
    assert won == ("won", won[1], 69)
    assert result.nodes == PROBE_BASE + won[2]
    check_line(start, result.line)


def test_b1_in_the_alternate_colour_games_the_probes_take_three_quarters() -> None:
    """Scorpion Tail 84: the probes win after 4,061 positions in all (probe 4), more than
    a tenth of 10,000 and less than three quarters of it, so a budget of 10,000 positions
    wins it (the line wins on the engine), while the search's own order, which a tenth
    would leave with the rest, finds no win in 10,000; one of 5,000 (probes: 3,750) does
    not. In a same-suit game the probes keep a tenth."""
    start = deal(84, VARIANTS["scorpion-tail"])
    result = solve(start, max_nodes=10_000)
    assert (result.verdict, result.nodes) == (Verdict.WINNABLE, 4_061)
    assert result.nodes > 10_000 * PROBE_SHARE // 100
    assert result.nodes <= 10_000 * PROBE_SHARE_ALTERNATE // 100
    check_line(start, result.line)
    assert core.search(start, 10_000, None)[0] == "out"
    assert solve(start, max_nodes=5_000).verdict is Verdict.UNDECIDED
    wasp = solve(deal(4651, VARIANTS["wasp"]), max_nodes=200_000)
    assert (wasp.verdict, wasp.nodes) == (Verdict.WINNABLE, 11_932)  # probes: 20,000 at most
    assert solve(deal(4651, VARIANTS["wasp"]), max_nodes=100_000).verdict is Verdict.UNDECIDED


def test_b1_a_probe_that_ends_proves_the_loss_as_the_search_does() -> None:
    """Chelicera 160 is lost: the search proves it in 1,816 positions (exhaustive, its
    proof of loss asked at each); a probe of that many positions is as complete, so the
    solve is "not winnable" at once when the probes' limits reach it, and "undecided" when
    the budget cannot hold it."""
    start = deal(160, VARIANTS["chelicera"])
    outcome, _, nodes = core.search(start, 10**6, None)
    assert (outcome, nodes) == ("lost", 1_816)
    probe = core.search(start, 10**6, None, seed=7)
    assert probe[0] == "lost" and probe[2] == nodes  # every position, in another order
    assert solve(start).verdict is Verdict.NOT_WINNABLE
    assert solve(start, max_nodes=nodes - 1).verdict is Verdict.UNDECIDED
    assert nodes > PROBE_BASE


@pytest.mark.parametrize("game", NO_PROOF)
def test_b1_no_proof_of_loss_or_safe_move_where_its_argument_fails(game: str) -> None:
    """The proof of loss and the safe moves are Scorpion's arguments: in the games whose
    rules break them they claim nothing (they once called winnable deals of Scorpion Tail,
    Farmer's Wife, How They Run and Scorpion Head lost)."""
    variant = VARIANTS[game]
    for number in range(1, 13):
        start = deal(number, variant)
        assert not is_deadlocked(start), number
        after = start.apply(start.legal_moves()[0]) if start.legal_moves() else start
        assert safe_move(after, list(after.legal_moves())) is None


@pytest.mark.parametrize(("game", "number"), [
    ("scorpion-tail", 1), ("farmers-wife", 2), ("how-they-run", 2), ("scorpion-head", 1),
])
def test_b1_deals_once_called_deadlocked_are_won(game: str, number: int) -> None:
    """The deals the proof of loss wrongly called lost: each is won, on the engine."""
    start = deal(number, VARIANTS[game])
    result = solve(start, max_nodes=200_000)
    assert result.verdict is Verdict.WINNABLE
    check_line(start, result.line)
    assert not is_deadlocked(start)


def test_b1_the_proof_still_holds_in_three_blind_mice_with_ten_columns() -> None:
    """Three Blind Mice: its deals the solver proves lost at the start are the ones
    :func:`is_deadlocked` names (ten columns counted, the reserve cards off the table)."""
    variant = VARIANTS["three-blind-mice"]
    named = 0
    for number in range(1, 61):
        start = deal(number, variant)
        if is_deadlocked(start):
            named += 1
            assert solve(start, max_nodes=1).verdict is Verdict.NOT_WINNABLE, number
    assert named >= 5, named


def test_b1_odd_probes_deal_first_and_shuffle() -> None:
    """Scorpion Tail 417 was undecided after 2,000,000 positions when every probe, like the
    search, sorted its moves by a score that puts the deal after the moves that build
    (docs/win-shares.md); the odd probes now try the deal first and the other moves in
    random order (DEAL_FIRST), and probe 1 wins the deal in 71 positions, which wins on
    the engine. Farmer's Wife 195, undecided after 100,000 positions in its survey, is
    won in 2,069 so."""
    start = deal(417, VARIANTS["scorpion-tail"])
    order = core.Board(start)
    scored = order.moves(False)
    assert scored[-1] == core.DEAL_MOVE
    order.deal_first = True
    assert order.moves(False)[0] == core.DEAL_MOVE
    won = core.search(start, PROBE_BASE, None, seed=1)
    assert won[0] == "won" and won[1][0] == core.DEAL_MOVE and won[2] == 71
    result = solve(start, max_nodes=20_000)
    assert (result.verdict, result.nodes) == (Verdict.WINNABLE, 71)
    check_line(start, result.line)
    wife = deal(195, VARIANTS["farmers-wife"])
    won_wife = solve(wife, max_nodes=30_000)
    assert (won_wife.verdict, won_wife.nodes) == (Verdict.WINNABLE, 2_069)
    check_line(wife, won_wife.line)


def test_b1_the_probes_share_of_the_budget_may_be_given() -> None:
    """B1, B3: ``probes`` gives the probes' percentage of the budget. How They Run 469 was
    left undecided by its survey's 1,000,000 positions (a tenth of them probes); with the
    whole budget in probes, a probe wins it after 38,116 positions, a line the engine
    replays; half the budget, or the game's own tenth, leaves it undecided at 50,000. At 100%
    no search follows the probes: deal 6, not won by them, is undecided at the budget."""
    variant = VARIANTS["how-they-run"]
    position = deal(469, variant)
    won = solve(position, max_nodes=50_000, probes=100)
    assert (won.verdict, won.nodes) == (Verdict.WINNABLE, 38_116)
    check_line(position, won.line)
    for probes in (None, 50):
        left = solve(position, max_nodes=50_000, probes=probes)
        assert (left.verdict, left.nodes) == (Verdict.UNDECIDED, 50_000), probes
    assert solve(deal(6, variant), max_nodes=20_000, probes=100).verdict is Verdict.UNDECIDED


@pytest.mark.parametrize(("variant_id", "probes", "message"), [
    ("how-they-run", 0, "percentage from 1 to 100, not 0"),
    ("how-they-run", 101, "percentage from 1 to 100, not 101"),
    ("scorpion", 50, "Scorpion has no probes"),
    ("three-blind-mice", 50, "Three Blind Mice has no probes"),
])
def test_b1_a_probes_share_out_of_range_or_for_a_game_without_probes_is_refused(
    variant_id: str, probes: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        solve(deal(1, VARIANTS[variant_id]), max_nodes=1_000, probes=probes)


@pytest.mark.parametrize(("variant_id", "number", "nodes", "share"), [
    ("scorpion-tail", 84, 10_000, 75), ("farmers-wife", 57, 30_011, 75),
    ("how-they-run", 469, 50_000, 10), ("wasp", 14, 30_011, 10),
])
def test_b1_the_game_s_default_share_is_the_solve_without_one(
    variant_id: str, number: int, nodes: int, share: int,
) -> None:
    """``default_probes`` names the share a node budget gives the probes when ``solve`` is
    not given one (the CLI and the surveys rely on it to treat both as one budget): the
    same verdict, positions and line."""
    start = deal(number, VARIANTS[variant_id])
    assert default_probes(start.variant) == share
    plain = solve(start, max_nodes=nodes)
    given = solve(start, max_nodes=nodes, probes=share)
    assert (given.verdict, given.nodes, given.line) == (plain.verdict, plain.nodes, plain.line)


def test_b1_games_without_probes_have_no_default_share() -> None:
    assert [v for v in VARIANTS if default_probes(VARIANTS[v]) is None] == [
        v for v in VARIANTS if not has_probes(VARIANTS[v])]
    assert default_probes(VARIANTS["scorpion"]) is None
    # Another share is another solve: Scorpion Tail 84, won at 10,000 with its own share
    # (test_b1_in_the_alternate_colour_games_the_probes_take_three_quarters), is not with
    # a same-suit game's.
    start = deal(84, VARIANTS["scorpion-tail"])
    assert solve(start, max_nodes=10_000, probes=10).verdict is Verdict.UNDECIDED
