"""The page in a real browser: Debian's chromium, headless, driven by Selenium through Debian's chromedriver
(no browser download). A whole 2-player game of each of the five games (and tic-tac-toe) is played by clicking
the board where a move has a place and the move list where it has none, to the end; then its review is opened
and a decision in it clicked. Screenshots go to
$CAVEMIND_WEB_SCREENSHOTS when it is set (docs/web/ holds the ones the docs show), else to a temporary folder.
"""
from __future__ import annotations

import os
import random
import shutil
import time

import pytest

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the test extra) is not installed")

from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from cavemind.botspec import parse_bot_spec  # noqa: E402


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or CHROMEDRIVER is None,
                                reason="no chromium and chromedriver on PATH (Debian: apt-get install chromium "
                                       "chromium-driver; .ci/run installs them)")
MAX_CLICKS = 2000
SCREENSHOT_AT = 12          # the board is photographed at this human decision (or at the end, if sooner)
WAIT = 60                   # seconds for any one answer, bots' thinking included


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1400,1100"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory):
    folder = os.environ.get("CAVEMIND_WEB_SCREENSHOTS") or str(tmp_path_factory.mktemp("screenshots"))
    os.makedirs(folder, exist_ok=True)
    return folder


def waiting(driver):
    """A wait that looks often: a move's answer takes milliseconds."""
    return WebDriverWait(driver, WAIT, poll_frequency=0.01)


# The page's state in one round trip: busy, the error shown, the status, the board's places that stand for one
# legal move, and the move list's buttons.
PAGE_STATE = """
const single = [...document.querySelectorAll('#board .clickable')].filter(e => e.dataset.moves.split(' ').length === 1);
const error = document.getElementById('error');
return [document.body.classList.contains('busy'), error.hidden ? '' : error.textContent,
        document.getElementById('status').textContent, single, [...document.querySelectorAll('#moves button')]];
"""


def settled(driver):
    """Waits until no request is under way (the page marks the body busy meanwhile); returns the page's state
    then (PAGE_STATE, less busy)."""
    state = waiting(driver).until(lambda d: (lambda s: None if s[0] else s)(d.execute_script(PAGE_STATE)))
    assert not state[1], state[1]
    return state[2:]


ON_TOP = """
const element = arguments[0];
element.scrollIntoView({block: 'center', inline: 'center'});
const box = element.getBoundingClientRect();
const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
return top === element || element.contains(top);
"""


def click(driver, element):
    """A real click where the element is on top at its centre; an element under another (a person drawn on a
    place, a card on a period) gets the click event directly (a refused real click costs chromedriver a second)."""
    if driver.execute_script(ON_TOP, element):
        try:
            element.click()
            return
        except ElementClickInterceptedException:
            pass
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", element)


def start_game(driver, base, game, seats, seed):
    driver.get(base)
    waiting(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game-name option")) > 1)
    Select(driver.find_element(By.ID, "game-name")).select_by_value(game)
    players = driver.find_element(By.ID, "players")
    if players.is_enabled():          # set at once: typing would change it again when the focus leaves
        driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))",
                              players, str(len(seats)))
    for seat, spec in enumerate(seats):
        field = driver.find_element(By.CSS_SELECTOR, f"#seats [data-seat='{seat}']")
        field.clear()
        field.send_keys(spec)
    seed_field = driver.find_element(By.ID, "deal-seed")
    seed_field.clear()
    seed_field.send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    settled(driver)


def play_to_end(driver, game, rng, screenshot, chooser=None):
    """Clicks moves until the game is over: a board place that stands for one legal move when there is one
    (most of the time), else a button of the move list; with a `chooser` (the page's game id -> the action to
    play), the place or button of the move it chooses. Returns the number of board clicks and list clicks."""
    board_clicks = list_clicks = decisions = 0
    for _ in range(MAX_CLICKS):
        status, places, buttons = settled(driver)
        if "Game over" in status:
            break
        if decisions == SCREENSHOT_AT:
            screenshot()
        try:
            if chooser is not None:
                wanted = str(chooser(driver.execute_script("return document.body.dataset.game")))
                places = [e for e in places if e.get_attribute("data-moves") == wanted]
                buttons = [e for e in buttons if e.get_attribute("data-action") == wanted]
            if places and rng.random() < 0.8:
                click(driver, rng.choice(places))
                board_clicks += 1
            else:
                assert buttons, f"{game}: no move to click: {status}"
                click(driver, rng.choice(buttons))
                list_clicks += 1
        except StaleElementReferenceException:
            continue                        # the board was redrawn under the click: look again
        decisions += 1
    else:
        pytest.fail(f"{game}: not over after {MAX_CLICKS} clicks")
    if decisions <= SCREENSHOT_AT:
        screenshot()
    return board_clicks, list_clicks


# Random clicks make a game of Jäger und Späher last some 2,000 decisions; there the person clicks the move the
# expert bot would choose from their own view.
EXPERT_PERSON = ("jaeger_und_spaeher",)


@pytest.mark.parametrize("game, board_places", [("tictactoe", True), ("stone_age", True), ("honga", True),
                                                ("jaeger_und_spaeher", True), ("dino_jagd", True),
                                                ("prehistory", True)])
def test_a_whole_game_by_clicking(live_server, browser, screenshots, game, board_places):
    rng = random.Random(game)
    chooser = None
    if game in EXPERT_PERSON:
        expert = parse_bot_spec("expert").make(seed=1)

        def chooser(game_id):
            return expert.step(live_server.app.state.games.get(game_id).session.view(0))
    start_game(browser, live_server, game, ["human", "random"], seed=5)
    board_clicks, list_clicks = play_to_end(
        browser, game, rng, lambda: browser.save_screenshot(os.path.join(screenshots, f"{game}.png")), chooser)
    assert (board_clicks > 0) == board_places, (board_clicks, list_clicks)
    assert "Game over" in browser.find_element(By.ID, "status").text
    assert os.path.getsize(os.path.join(screenshots, f"{game}.png")) > 10_000
    open_review(browser)
    if game == "stone_age":
        browser.save_screenshot(os.path.join(screenshots, "stone_age-review.png"))


def open_review(browser):
    """Opens the review of the game over, and clicks its first flagged decision (or its first)."""
    browser.find_element(By.ID, "review").click()
    waiting(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#review-table tbody tr"))
    assert browser.find_elements(By.CSS_SELECTOR, "#review-graph svg")
    rows = browser.find_elements(By.CSS_SELECTOR, "#review-table tbody tr")
    flagged = [row for row in rows if "flag-" in (row.get_attribute("class") or "")]
    click(browser, (flagged or rows)[0])
    waiting(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#review-board svg"))
    assert "best" in browser.find_element(By.ID, "review-line").text


def test_review_of_a_finished_game(live_server, browser, screenshots):
    start_game(browser, live_server, "tictactoe", ["human", "ismcts:iterations=300"], seed=1)
    play_to_end(browser, "tictactoe", random.Random(3), lambda: None)
    open_review(browser)
    browser.save_screenshot(os.path.join(screenshots, "review.png"))


def test_hot_seat_hides_each_view_behind_a_pass_screen(live_server, browser):
    start_game(browser, live_server, "tictactoe", ["human", "human"], seed=0)
    click(browser, browser.find_element(By.CSS_SELECTOR, "#board .clickable"))
    settled(browser)
    cover = browser.find_element(By.ID, "pass-device")
    assert cover.is_displayed() and "seat 1" in cover.text
    assert not browser.find_elements(By.CSS_SELECTOR, "#board svg")
    browser.find_element(By.ID, "pass-ready").click()
    settled(browser)
    assert not cover.is_displayed() and "You are seat 1" in browser.find_element(By.ID, "status").text


def test_hint_shows_the_search_live_and_stops(live_server, browser):
    start_game(browser, live_server, "stone_age", ["human", "random"], seed=2)
    browser.find_element(By.ID, "hint").click()
    waiting(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-table tbody tr"))
    first = browser.find_element(By.CSS_SELECTOR, "#analysis-table tbody tr").text
    assert "±" in first and "%" in first                 # visit share, value ± standard error
    assert browser.find_element(By.ID, "analysis-status").text.startswith("searching")
    browser.find_element(By.ID, "stop-analysis").click()
    waiting(browser).until(lambda d: d.find_element(By.ID, "analysis-status").text.startswith("stopped"))


def test_watching_the_ai_think_and_making_it_move_now(live_server, browser, screenshots):
    start_game(browser, live_server, "tictactoe", ["human", "ismcts:seconds=20"], seed=0)
    click(browser, browser.find_element(By.CSS_SELECTOR, "#board .clickable"))
    waiting(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#analysis-table tbody tr")) >= 3)
    assert browser.find_element(By.ID, "analysis-title").text == "Seat 1 is thinking"
    browser.save_screenshot(os.path.join(screenshots, "thinking.png"))
    assert "%" in browser.find_element(By.CSS_SELECTOR, "#analysis-table tbody tr").text
    started = time.monotonic()
    stop = browser.find_element(By.ID, "stop-analysis")
    assert stop.text == "Move now"
    stop.click()
    status, _, _ = settled(browser)
    assert "Seat 0 to move" in status and time.monotonic() - started < 15     # not the bot's 20 seconds
    assert len(browser.find_elements(By.CSS_SELECTOR, "#log li")) == 2


def test_dice_appear_as_they_are_rolled(live_server, browser, screenshots):
    start_game(browser, live_server, "stone_age", ["human", "random"], seed=2)
    rng = random.Random(1)
    for _ in range(200):
        status, places, buttons = settled(browser)
        if browser.find_elements(By.CSS_SELECTOR, "#chance .die"):
            break
        click(browser, rng.choice(places or buttons))
    else:
        pytest.fail("no die shown in 200 decisions")
    die = browser.find_element(By.CSS_SELECTOR, "#chance .die")
    assert die.text.isdigit() and die.get_attribute("title").startswith("chance: ")
    time.sleep(0.6)             # the dice roll in for 0.4 s
    browser.save_screenshot(os.path.join(screenshots, "stone_age-dice.png"))


def test_a_position_file_is_loaded_to_play_on(live_server, browser, tmp_path):
    import json

    import cavemind

    state = cavemind.load_game("kuhn_poker").new_initial_state(seed=3)
    while state.is_chance_node():
        state.apply(state.sample_chance(1))
    state.apply("pass")
    path = tmp_path / "kuhn-seat1.json"
    path.write_text(json.dumps(state.to_dict(observer=1)))
    browser.get(live_server)
    waiting(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game-name option")) > 1)
    browser.find_element(By.ID, "load-file").send_keys(str(path))
    status, _, buttons = settled(browser)
    assert "You are seat 1" in status and "Seat 1 to move" in status and buttons
