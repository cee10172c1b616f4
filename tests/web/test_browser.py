"""The replay page in a real browser: the distribution's Chromium, headless, through
Selenium and the distribution's chromedriver. Opened through its link, stepped forward and
back (buttons and keys), seats switched, the picture loaded, no console error, a wrong token
answered with 404; in English and in Chinese. Skipped where Chromium is not installed
(``.ci/run`` installs it)."""

from __future__ import annotations

import asyncio
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from tests.web.tables import EVIL_NAME, World, finished_table, world
from web.site import make_app

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                       reason="Chromium and chromedriver are not installed "
                              "(apt-get install chromium chromium-driver)"),
    # One browser and one server for the module: its tests stay on one worker under xdist.
    pytest.mark.xdist_group("browser"),
]
SHOTS = Path(__file__).resolve().parents[2] / ".pytest_cache" / "web"


class Served:
    """The web app on a free port, on its own event loop in a thread."""

    def __init__(self, tmp: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.world: World = self.run(world(tmp))
        self.runner = web.AppRunner(make_app(self.world.parts))
        self.run(self.runner.setup())
        self.run(web.TCPSite(self.runner, "127.0.0.1", self.port).start())

    def run(self, work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout=300)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self) -> None:
        self.run(self.runner.cleanup())
        self.run(self.world.repo.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    made = Served(tmp_path_factory.mktemp("browser"))
    yield made
    made.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,1600"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    yield driver
    driver.quit()


def _errors(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def _wait_step(driver: Any, step: int) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 20).until(
        lambda d: d.find_element("id", "replay").get_attribute("data-step") == str(step))


@pytest.mark.parametrize("lang, counter", [("en", "Step 2 of"), ("zh-CN", "第 2 /")])
def test_replay_in_a_browser(served: Served, browser: Any, lang: str, counter: str) -> None:
    from selenium.webdriver.common.keys import Keys

    live = served.run(finished_table(served.world.service, "lifeboat", channel=hash(lang) % 99,
                                     seats=4))
    browser.get(served.url(served.world.links.replay_path(live.id) + f"?lang={lang}"))
    assert browser.find_element("tag name", "html").get_attribute("lang") == lang
    _wait_step(browser, 0)
    browser.find_element("id", "next").click()
    _wait_step(browser, 1)
    browser.find_element("tag name", "body").send_keys(Keys.ARROW_RIGHT)
    _wait_step(browser, 2)
    assert counter in browser.find_element("id", "counter").text
    browser.find_element("id", "prev").click()
    _wait_step(browser, 1)
    assert "step=1" in browser.current_url
    # A held key: the steps asked for on the way fold into the last one.
    body = browser.find_element("tag name", "body")
    for _ in range(10):
        body.send_keys(Keys.ARROW_RIGHT)
    _wait_step(browser, 11)
    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = '5';"
        "s.dispatchEvent(new Event('input'));")
    _wait_step(browser, 5)
    browser.find_element("id", "first").click()
    _wait_step(browser, 0)
    browser.find_element("id", "next").click()
    _wait_step(browser, 1)
    _shows_the_name_as_text(browser)
    # Another seat's own view: its panel changes, the address remembers the seat.
    before = browser.find_element("id", "panel").text
    browser.find_element("css selector", '#seat-tabs a[data-seat="2"]').click()
    assert "seat=2" in browser.current_url
    assert browser.find_element("id", "panel").text != before
    assert "current" in browser.find_element(
        "css selector", '#seat-tabs a[data-seat="2"]').get_attribute("class")
    loaded = browser.execute_script(
        "const p = document.getElementById('picture'); return p.complete && p.naturalWidth;")
    assert loaded and loaded > 100
    browser.find_element("id", "last").click()
    _wait_step(browser, live.version)
    assert browser.find_element("id", "reveal-box").is_displayed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / f"replay-{lang}.png"))
    assert _errors(browser) == []


def _shows_the_name_as_text(driver: Any) -> None:
    """The host's name (HTML, script and markdown) in the board the script drew for a step:
    every character as text, nothing of it made an element, a link or a style."""
    board = driver.find_element("id", "board")
    assert EVIL_NAME in board.text
    made = driver.execute_script(
        "const b = document.getElementById('board');"
        "return [b.querySelectorAll('script, a').length,"
        " [...b.querySelectorAll('strong, u, b')].filter(e => ['b', 'c'].includes(e.textContent))"
        ".length];")
    assert made == [0, 0]


def test_wrong_token_is_not_found(served: Served, browser: Any) -> None:
    live = served.run(finished_table(served.world.service, "zombie", channel=50, seats=1))
    good = served.world.links.replay_path(live.id)
    # A page of the site first: a fetch from the browser's blank first page never settles.
    browser.get(served.url("/healthz"))
    status = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then(r => done(r.status));", served.url(good[:-2] + "zz"))
    assert status == 404
    browser.get(served.url(good[:-2] + "zz"))
    assert browser.find_element("tag name", "h1").text == "Nothing here"


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


def test_every_page_fits_a_phone(served: Served, browser: Any) -> None:
    """Issue 33, item 7: at 390 px the server page was 430 px wide and the Replay column cut."""
    from tests.web.tables import GUILD, HOST

    world = served.world
    live = served.run(finished_table(world.service, "sanguosha", channel=61, seats=5))
    served.run(finished_table(world.service, "lifeboat", channel=62, seats=4))
    server = world.links.server_path(GUILD)
    pages = [server, f"{server}/leaderboard/sanguosha?bots=1", f"{server}/player/{HOST}?bots=1",
             world.links.replay_path(live.id)]
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        for path in pages:
            for lang in ("en", "zh-CN"):
                browser.get(served.url(f"{path}{'&' if '?' in path else '?'}lang={lang}"))
                wide = browser.execute_script(
                    "return document.documentElement.scrollWidth")
                assert wide <= PHONE["width"], (path, lang, wide)
                for link in browser.find_elements("css selector", "a"):
                    right = browser.execute_script(
                        "return arguments[0].getBoundingClientRect().right", link)
                    assert right <= PHONE["width"], (path, lang, link.text, right)
        SHOTS.mkdir(parents=True, exist_ok=True)
        browser.get(served.url(f"{server}?lang=en"))
        browser.save_screenshot(str(SHOTS / "server-phone.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_language_switch_keeps_the_step_reached(served: Served, browser: Any) -> None:
    """Issue 33, item 8: the language links kept the step of page load, not the step reached
    with the keys."""
    from selenium.webdriver.common.keys import Keys

    live = served.run(finished_table(served.world.service, "lifeboat", channel=63, seats=4))
    _errors(browser)  # what the tests before left in the console
    browser.get(served.url(served.world.links.replay_path(live.id) + "?lang=en"))
    _wait_step(browser, 0)
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.ARROW_RIGHT)
    _wait_step(browser, 1)
    body.send_keys(Keys.ARROW_RIGHT)
    _wait_step(browser, 2)
    browser.find_element("css selector", '#seat-tabs a[data-seat="1"]').click()
    switch = browser.find_element("css selector", 'a.lang-link[hreflang="zh-CN"]')
    assert "step=2" in switch.get_attribute("href") and "seat=1" in switch.get_attribute("href")
    switch.click()
    _wait_step(browser, 2)
    assert browser.find_element("tag name", "html").get_attribute("lang") == "zh-CN"
    assert "current" in browser.find_element(
        "css selector", '#seat-tabs a[data-seat="1"]').get_attribute("class")
    assert _errors(browser) == []


def test_the_step_buttons_are_drawn_and_named(served: Served, browser: Any) -> None:
    """Issue 33, item 11: the first and last buttons were emoji glyphs alone (boxes where no
    emoji font is installed): each button is a drawn icon with a name a screen reader says."""
    live = served.run(finished_table(served.world.service, "lifeboat", channel=64, seats=4))
    names = {"en": ("First step", "Step back", "Step forward", "Last step"),
             "zh-CN": ("第一步", "后退一步", "前进一步", "最后一步")}
    for lang, labels in names.items():
        browser.get(served.url(served.world.links.replay_path(live.id) + f"?lang={lang}"))
        _wait_step(browser, 0)
        for button, label in zip(("first", "prev", "next", "last"), labels, strict=True):
            found = browser.find_element("id", button)
            assert found.accessible_name == label, (lang, button, found.accessible_name)
            assert found.text.strip() == ""  # no glyph a font may lack
            icon = found.find_element("tag name", "svg")
            assert icon.size["width"] >= 12 and icon.size["height"] >= 12
    browser.find_element("id", "last").click()
    _wait_step(browser, live.version)


def test_a_players_rating_picture_loads_within_the_pages_policy(served: Served,
                                                               browser: Any) -> None:
    """Issue 33, ratings: a player's page shows their rating over time as a picture drawn by
    the server, which the page's CSP lets in (no console error), on a phone too."""
    from selenium.webdriver.support.ui import WebDriverWait

    from tests.web.tables import GUILD

    world = served.world
    for seed in range(3):
        served.run(finished_table(world.service, "lifeboat", channel=70 + seed, seats=4,
                                  seed=seed, people=(91, 92, 93)))
    _errors(browser)
    page = served.url(f"{world.links.server_path(GUILD)}/player/91?lang=en")
    for metrics in (None, PHONE):
        if metrics is not None:
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        try:
            browser.get(page)
            chart = browser.find_element("css selector", "img.rating-chart")
            WebDriverWait(browser, 20).until(lambda d, shown=chart: d.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth", shown) == 720)
            shown = browser.execute_script(
                "return arguments[0].getBoundingClientRect().right", chart)
            assert shown <= (metrics or {"width": 1280})["width"]
            SHOTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(SHOTS / f"player-{'phone' if metrics else 'wide'}.png"))
        finally:
            browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert _errors(browser) == []
