"""cavemind.analysis(): the search as an iterator of reports ending with its result."""
import gc
import threading

import pytest

import cavemind
from cavemind import search as search_module

KUHN = cavemind.load_game("kuhn_poker", players=2)
TICTACTOE = cavemind.load_game("tictactoe")


def analysis_threads():
    return [t for t in threading.enumerate() if t.name == "cavemind-analysis"]


def wait_for_analysis_threads():
    """Joins the analysis threads still running; a generous timeout only guards against a hang."""
    for thread in analysis_threads():
        thread.join(timeout=60)
    return analysis_threads()


def test_stream_reports_grow_and_end_with_the_result_of_analyse():
    state = KUHN.new_initial_state(seed=2)
    limit = cavemind.Limit(iterations=300_000)
    with cavemind.analysis(state, limit, seed=9, progress_every=0.005) as search:
        infos = list(search)
    assert len(infos) >= 2, "a search of this size lasts several report intervals"
    *reports, result = infos
    assert not any(r.final for r in reports) and result.final and not result.stopped
    counts = [r.iterations for r in reports]
    assert counts == sorted(counts) and 0 < counts[0] and counts[-1] < result.iterations == 300_000
    assert all(sum(m.visits for m in r.moves) == r.iterations for r in reports)
    plain = cavemind.analyse(state, limit, seed=9)
    assert plain.final and result.best.action == plain.best.action
    assert [(m.action, m.visits, m.value) for m in result.moves] == \
        [(m.action, m.visits, m.value) for m in plain.moves]
    assert not search.running


def test_stream_takes_every_analyse_option():
    state = KUHN.new_initial_state(seed=4)
    options = dict(algorithm="pimc", determinizations=3, exploration=1.1, rollout_depth=2, seed=5)
    result = cavemind.analysis(state, cavemind.Limit(iterations=900), **options).wait()
    plain = cavemind.analyse(state, cavemind.Limit(iterations=900), **options)
    assert result.final and result.algorithm == "pimc"
    assert [(m.action, m.visits, m.value) for m in result.moves] == \
        [(m.action, m.visits, m.value) for m in plain.moves]


def test_stream_searches_a_copy_of_the_state():
    state = TICTACTOE.new_initial_state()
    search = cavemind.analysis(state, cavemind.Limit(iterations=2000), algorithm="mcts")
    state.apply(4)                       # the caller's state moves on; the search is not affected
    result = search.wait()
    assert sum(m.visits for m in result.moves) == 2000 and len(result.moves) == 9


def test_leaving_the_block_stops_the_search_and_ends_its_thread():
    state = TICTACTOE.new_initial_state()
    with cavemind.analysis(state, cavemind.Limit(seconds=600), algorithm="mcts", progress_every=0.01) as search:
        first = next(search)
        assert not first.final and first.iterations > 0
    assert not search.running
    assert list(search) == []            # closed: nothing more is yielded
    assert wait_for_analysis_threads() == []


def test_stop_ends_the_search_early_with_the_result_so_far():
    state = TICTACTOE.new_initial_state()
    search = cavemind.analysis(state, cavemind.Limit(iterations=2**31 - 1), algorithm="mcts",
                               progress_every=0.01)
    report = next(search)
    search.stop()
    rest = list(search)
    assert rest and rest[-1].final and rest[-1].stopped
    assert report.iterations <= rest[-1].iterations < 2**31 - 1
    assert rest[-1].best.visits > 0 and not search.running


def test_breaking_out_of_a_loop_without_a_block_stops_the_search():
    state = TICTACTOE.new_initial_state()
    for info in cavemind.analysis(state, cavemind.Limit(seconds=600), algorithm="mcts", progress_every=0.01):
        assert not info.final
        break
    gc.collect()                         # the dropped Analysis stops its search
    assert wait_for_analysis_threads() == []


def test_an_error_in_the_search_is_raised_by_the_iteration(monkeypatch):
    real = search_module._analysis_info

    def failing(raw, root, algorithm, final=True, stopped=False):
        if not final:
            raise RuntimeError("report failed")
        return real(raw, root, algorithm, final, stopped)

    monkeypatch.setattr(search_module, "_analysis_info", failing)
    search = cavemind.analysis(TICTACTOE.new_initial_state(), cavemind.Limit(seconds=600), algorithm="mcts",
                               progress_every=0.01)
    with pytest.raises(RuntimeError, match="report failed"):
        next(search)
    assert list(search) == [] and not search.running


@pytest.mark.parametrize("arguments, message", [
    ({"algorithm": "alphabeta"}, "algorithm='alphabeta'"),
    ({"progress_every": 0}, "progress_every=0"),
    ({"determinizations": 0}, "determinizations=0"),
    ({"seed": "1"}, "seed='1'"),
])
def test_bad_arguments_are_refused_before_a_thread_starts(arguments, message):
    before = len(analysis_threads())
    with pytest.raises(cavemind.SearchError, match=message):
        cavemind.analysis(KUHN.new_initial_state(seed=1), cavemind.Limit(iterations=10), **arguments)
    assert len(analysis_threads()) == before


def test_a_chance_node_is_refused():
    with pytest.raises(cavemind.SearchError, match="decision node"):
        cavemind.analysis(KUHN.new_initial_state(), cavemind.Limit(iterations=10))


def test_progress_reports_of_analyse_are_marked_as_not_final():
    reports = []
    info = cavemind.analyse(KUHN.new_initial_state(seed=2), cavemind.Limit(iterations=200_000),
                            on_progress=reports.append, progress_every=0.005)
    assert reports and not any(r.final for r in reports) and info.final and not info.stopped
