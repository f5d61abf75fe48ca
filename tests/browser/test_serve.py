"""`rules-tutor serve` in a real browser: the landing page and every notebook
render through Voila, widgets work, and nothing is loaded from off the
machine (see conftest.py for the fixtures and what counts as an error)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

NOTEBOOKS = sorted(
    p.name for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb")
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000


def wait_rendered(page) -> None:
    """Wait until Voila has run every cell and shown the page (it hides its
    spinner and shows #rendered_cells at the end)."""
    expect(page.locator("#rendered_cells")).to_be_visible(timeout=RENDER_MS)


def test_root_lands_on_index_and_link_works(tutor_server, tutor_page):
    page = tutor_page.page
    page.goto(tutor_server + "/")
    expect(page).to_have_url(tutor_server + "/voila/render/index.ipynb")
    wait_rendered(page)
    expect(page.locator("h1").first).to_contain_text("Rules Tutor")

    # The landing page is links, not actions: its main button offers the three games' learn pages.
    gos = page.locator("a.tutor-link.rt-land-go")
    expect(gos).to_have_count(3, timeout=RENDER_MS)
    for name in ("Restless Spirits", "Spirited", "Spirit Duels"):
        expect(gos.filter(has_text=f"Learn {name}")).to_have_count(1)
    start = gos.first
    expect(start).to_be_visible(timeout=RENDER_MS)
    expect(start).to_contain_text("Learn Restless Spirits")
    # The link's icon comes from the locally served Font Awesome.
    icon = start.locator("i.fa-play")
    expect(icon).to_be_visible()
    page.wait_for_function(
        """() => [...document.fonts].some(
            (f) => f.family.includes("Font Awesome 5 Free") && f.status === "loaded")"""
    )
    tutor_page.screenshot("landing")

    start.click()
    expect(page).to_have_url(tutor_server + "/voila/render/learn-restless-spirits.ipynb")
    expect(page.locator(".tutor-action").first).to_be_visible(timeout=RENDER_MS)
    tutor_page.screenshot("learn")
    # Leaving a Voila page shuts its kernel down: tutor/serve.py sets the _xsrf cookie that the shutdown request
    # needs (upstream voila-dashboards/voila#1458), so no 403 is tolerated here.
    tutor_page.assert_clean()


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_renders(tutor_server, tutor_page, notebook):
    page = tutor_page.page
    response = page.goto(f"{tutor_server}/voila/render/{notebook}")
    assert response is not None and response.ok, f"HTTP {response and response.status}"
    wait_rendered(page)
    # A failing cell shows up as an error output, not as an HTTP error.
    body = page.locator("body")
    expect(body).not_to_contain_text("There was an error when executing cell")
    expect(
        page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
    ).to_have_count(0)
    tutor_page.assert_clean()


def test_tree_lists_notebooks(tutor_server, tutor_page):
    page = tutor_page.page
    page.goto(f"{tutor_server}/voila/tree")
    # The classic listing (tutor/serve.py) is server-side HTML: every notebook is a link, nothing fails to load.
    for notebook in NOTEBOOKS:
        expect(page.locator(f'a[href*="/voila/render/{notebook}"]')).to_be_visible(timeout=RENDER_MS)
    tutor_page.screenshot("tree")
    tutor_page.assert_clean()


def test_the_contents_api_is_not_served(tutor_server, tutor_page):
    """Attack (session 14 notes, L6): /voila/api/contents/ listed the notebooks and gave each one's source. The tree
    page (classic, server-side HTML) does not need it: a plain 404, and the tree still lists every notebook."""
    import urllib.error
    import urllib.request
    for path in ("/voila/api/contents/", "/voila/api/contents", "/voila/api/contents/index.ipynb?content=1"):
        with pytest.raises(urllib.error.HTTPError) as ei:
            urllib.request.urlopen(f"{tutor_server}{path}", timeout=30)
        assert ei.value.code == 404, path
        assert b"cells" not in ei.value.read()
    with urllib.request.urlopen(f"{tutor_server}/voila/tree", timeout=60) as r:
        assert r.status == 200 and all(nb.encode() in r.read() for nb in ["index.ipynb"])


def test_a_page_whose_kernel_is_gone_says_so(tutor_server, tutor_page):
    """A page whose kernel was shut down (the server restarted or stopped it) does not silently ignore clicks: the
    next click brings a notice in words, with a Reload button (tutor/share/.../tutor/index.html.j2)."""
    page = tutor_page.page
    page.goto(f"{tutor_server}/voila/render/learn-spirited.ipynb")
    wait_rendered(page)
    expect(page.locator(".tutor-action").first).to_be_attached(timeout=RENDER_MS)
    expect(page.locator(".rt-page-stopped")).to_have_count(0)
    # The request Voila's page sends when it is left, made while the page stays open.
    status = page.evaluate("""async () => {
        const kid = JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId;
        const xsrf = document.cookie.match('\\\\b_xsrf=([^;]*)\\\\b');
        const form = new FormData(); form.append('_xsrf', xsrf ? xsrf[1] : '');
        return (await fetch('/voila/api/shutdown/' + kid, {method: 'POST', body: form})).status; }""")
    assert status == 204
    page.wait_for_timeout(3_100)  # the page asks at most once in 3 s
    page.mouse.click(5, 400)
    notice = page.locator(".rt-page-stopped[role=alert]")
    expect(notice).to_be_visible(timeout=15_000)
    expect(notice).to_contain_text("This page has stopped")
    expect(notice.get_by_role("button", name="Reload the page")).to_be_focused()
    box = notice.bounding_box()
    assert box is not None and box["y"] == 0 and box["width"] == page.viewport_size["width"]
    # The page's own question about its kernel got the server's 404; nothing else failed.
    tutor_page.assert_clean(ignore=(r"api/kernels/[0-9a-f-]+\b.*404|404.*api/kernels/[0-9a-f-]+",
                                    r"status of 404"))
