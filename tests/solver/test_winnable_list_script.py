"""``scripts/winnable_list.py`` (B2): the shipped lists are written from survey files, and a
file of another game, a damaged winning line or a contradiction between files stops it."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest

from scorpion.solver import Verdict
from scorpion.solver.survey import BUDGET_FIELDS, Budget, read_results, run_survey

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "winnable_list.py"


def _main() -> Callable[[list[str]], str]:
    spec = importlib.util.spec_from_file_location("winnable_list", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    main: Callable[[list[str]], str] = module.main
    return main


def test_b2_the_list_comes_from_the_survey_and_its_re_solves(tmp_path: Path) -> None:
    """How They Run 1..12 at 500 positions, then its undecided deals at 3,000: the list
    names the range, the deals still undecided and every deal won in either file."""
    main = _main()
    survey, again = tmp_path / "s.csv", tmp_path / "r.csv"
    first = run_survey(1, 12, "how-they-run", Budget(500, None), survey, workers=1)
    undecided = {n for n, r in first.items() if r.verdict is Verdict.UNDECIDED}
    second = run_survey(1, 12, "how-they-run", Budget(3000, None), again, workers=1,
                        only=undecided)
    assert any(r.verdict is Verdict.WINNABLE for r in second.values())
    won = sorted(n for n, r in {**first, **second}.items() if r.verdict is Verdict.WINNABLE)
    left = sorted(n for n, r in second.items() if r.verdict is Verdict.UNDECIDED)
    text = main(["how-they-run", "1..12", str(survey), str(again)])
    lines = text.splitlines()
    assert lines[0] == "# range: 1..12"
    listed_undecided = [int(n) for line in lines if line.startswith("# undecided:")
                        for n in line.removeprefix("# undecided:").split()]
    assert listed_undecided == left and left
    assert [int(line) for line in lines if not line.startswith("#")] == won
    assert f"{len(won):,} proved winnable" in text


def test_b2_another_game_s_file_a_damaged_line_or_a_contradiction_stops_it(
    tmp_path: Path,
) -> None:
    main = _main()
    survey = tmp_path / "s.csv"
    results = run_survey(1, 4, "farmers-wife", Budget(20_000, None), survey, workers=1)
    assert list(results) == [1, 2, 3, 4]  # by deal number: won[0] is the first a check meets
    won = [r for r in results.values() if r.verdict is Verdict.WINNABLE]
    assert won
    with pytest.raises(SystemExit, match="is a survey of farmers-wife, not how-they-run"):
        main(["how-they-run", "1..4", str(survey)])
    text = survey.read_text(encoding="utf-8")
    legacy = tmp_path / "legacy.csv"  # before the game was recorded: lines replayed
    legacy.write_text("".join(line.rpartition(",")[0] + "\n" for line in text.splitlines()),
                      encoding="utf-8")
    assert legacy.read_text(encoding="utf-8").startswith(",".join(BUDGET_FIELDS))
    assert main(["farmers-wife", "1..4", str(legacy)]).startswith("# range: 1..4")
    with pytest.raises(SystemExit, match=f"winning line of deal {won[0].deal} does not win"):
        main(["how-they-run", "1..4", str(legacy)])
    damaged = tmp_path / "d.csv"
    first_move = won[0].line.split()[0]
    damaged.write_text(text.replace(won[0].line, won[0].line.replace(first_move, "AS-1", 1)),
                       encoding="utf-8")
    with pytest.raises(SystemExit, match=f"winning line of deal {won[0].deal} does not win"):
        main(["farmers-wife", "1..4", str(damaged)])
    lost = tmp_path / "lost.csv"
    lost.write_text(text.replace(f"{won[0].deal},winnable,", f"{won[0].deal},not winnable,")
                    .replace(won[0].line, ""), encoding="utf-8")
    assert read_results(lost)[won[0].deal].verdict is Verdict.NOT_WINNABLE
    with pytest.raises(SystemExit, match=f"deal {won[0].deal}: .* says not winnable"):
        main(["farmers-wife", "1..4", str(survey), str(lost)])
