"""A search reports its best so far as it goes (``progress``), so that a caller that may not wait for it can
answer with the last report (docs/players.md, cost and limits): each report is what a search given that much work
answers, cut short."""

from __future__ import annotations

import importlib

import pytest

from service.players import MAX_BUDGET_MS, MAX_EXPLAIN, Suggestion, observe, suggest
from tests.clock import SteppingClock

from .positions import deal

search_module = importlib.import_module("service.players.search")


@pytest.mark.parametrize("name", ["scopa", "briscola"])
def test_each_report_is_the_answer_of_a_search_given_that_much_work(
    name: str, search_clock: SteppingClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_module, "REPORT_EVERY", 0.0)  # a report after every world but the last
    game, state = deal(name, 2, 11)
    seat = state.turn
    assert seat is not None
    seen = observe(game, state, seat)
    reports: list[Suggestion] = []
    final = suggest(game, seen, "strong", 5, MAX_BUDGET_MS, worlds=8, explain=MAX_EXPLAIN, progress=reports.append)
    assert final.complete and final.worlds == 8
    assert [report.worlds for report in reports] == list(range(1, 8))
    for report in reports:
        assert (report.level, report.complete, report.stopped_by) == ("strong", False, "time")
        assert report.considered == report.worlds * len(report.alternatives)
    for report in reports[3:]:  # a search meets at least four worlds
        assert report.worlds is not None
        given = suggest(game, seen, "strong", 5, MAX_BUDGET_MS, worlds=report.worlds, explain=MAX_EXPLAIN)
        cut = given._replace(elapsed_ms=0.0, complete=False, stopped_by="time")
        assert report._replace(elapsed_ms=0.0) == cut

