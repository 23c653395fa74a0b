"""`pyrules ask FILE --html OUT`: one self-contained page with the questions, the answers, their
derivation trees, CR numbers linked to their text and the cards' text (issue 20), checked in headless
Chromium (Debian's `chromium` package): the DOM it builds and a screenshot. Skipped with a reason where
Chromium is missing; under CI=true a missing Chromium fails."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
from html.parser import HTMLParser
from importlib import resources

import pytest

from pyrules.cli import main

SPLIT = str(resources.files("pyrules.examples") / "split_card_scenario.toml")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"]


@pytest.fixture(scope="module")
def page(tmp_path_factory, cr_newest):
    out = tmp_path_factory.mktemp("html") / "why.html"
    assert main(["ask", SPLIT, "search", "permission", "--html", str(out), "--cr", str(cr_newest),
                 "--time-limit", "60"]) == 0
    return out


@pytest.fixture(scope="module")
def chromium():
    if CHROMIUM is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is missing (apt-get install chromium): the HTML page must be checked in a browser")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium); the page is not checked in a browser")
    return CHROMIUM


class _Page(HTMLParser):
    """Ids, links (href), the text of each <dt>/<dd> and of each <summary>, the tags used."""

    def __init__(self) -> None:
        super().__init__()
        self.ids, self.links, self.tags, self.text = set(), [], set(), []
        self._open: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if "href" in attrs:
            self.links.append(attrs["href"])
        self._open.append(tag)

    def handle_endtag(self, tag):
        if self._open and self._open[-1] == tag:
            self._open.pop()

    def handle_data(self, data):
        self.text.append(((self._open or [""])[-1], data))


def test_the_page_is_self_contained_and_escapes_the_data(page):
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html and "src=" not in html and "http" not in html
    # the card's name holds a quote: escaped everywhere it is printed
    assert "They&#x27;re" in html and "They're" not in html


def test_the_browser_builds_the_tree_with_every_cr_link_resolving(page, chromium):
    dom = subprocess.run([chromium, *FLAGS, "--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    parsed = _Page()
    parsed.feed(dom)
    assert {"details", "summary", "ul", "li", "dl", "dt", "dd", "pre"} <= parsed.tags
    # every in-page link lands on an element of the page: CR numbers and cards
    targets = [link[1:] for link in parsed.links if link.startswith("#")]
    assert targets and set(targets) <= parsed.ids
    assert {"cr-701.23a", "cr-709.3a", "card-1"} <= parsed.ids
    texts = [t for _, t in parsed.text]
    assert "To search for a card in a zone, look at all cards in that zone (even if it’s a hidden zone) and find a " \
           "card that matches the given description." in texts
    summaries = [t for tag, t in parsed.text if tag == "code"]
    assert "cannot_find(tutor,l1,mana_value(6,at_most,4))" in summaries
    assert "may_not_cast(alice,g1,3,sword,mana_value(3,at_most,2))" in summaries
    assert "fails(sword,g1,face(3),mana_value(3,at_most,2))" in summaries
    assert any(t.startswith("There {U}\n  Instant — Lesson\n  Exile target creature") for t in texts)


def test_the_browser_renders_the_page(page, chromium, tmp_path):
    shot = tmp_path / "page.png"
    subprocess.run([chromium, *FLAGS, "--window-size=1200,1600", f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1200, 1600)
    # a page of text and trees compresses far less than a blank one (a few kB)
    assert len(data) > 50_000


def test_a_page_that_cannot_be_written_is_one_error_naming_it(tmp_path, capsys):
    out = tmp_path / "no-such-folder" / "why.html"
    assert main(["ask", SPLIT, "search", "--html", str(out), "--time-limit", "60"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pyrules: error: ") and f"--html: cannot write {out}: No such file or directory" in err
