"""The documentation stands on its own: no pointers outside the repository, links that resolve, every rule option
in docs/rules.md with its default, and README examples taken from the scripts the tests run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.engine.games import OPTIONS

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Written on other branches at the same time as these pages; they exist once the branches are merged.
WRITTEN_ELSEWHERE = {ROOT / "docs" / "sessions.md", ROOT / "docs" / "deployment.md"}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_no_page_points_outside_the_repository(page: Path) -> None:
    text = page.read_text()
    for outside in ("shared/", "RULES.md", "API.md", "STYLE.md", "ECOSYSTEM.md"):
        assert outside not in text, f"{page.name} names {outside}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_relative_links_resolve(page: Path) -> None:
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text()):
        if re.match(r"[a-z]+:", target):
            continue
        path = (page.parent / target).resolve()
        assert path.exists() or path in WRITTEN_ELSEWHERE, f"{page.name} links to missing {target}"


@pytest.mark.parametrize("game", OPTIONS)
def test_rules_page_lists_every_option_with_its_default(game: str) -> None:
    text = (ROOT / "docs" / "rules.md").read_text()
    for option in OPTIONS[game]:
        default = str(option.default).lower() if isinstance(option.default, bool) else str(option.default)
        row = next((line for line in text.splitlines() if line.startswith(f"| `{option.name}` |")), None)
        assert row is not None, option.name
        assert f"**`{default}`**" in text, (game, option.name, default)
        assert row.count("|") >= 5, row  # option, values, meaning, source


def test_readme_loop_is_the_walkthrough_script() -> None:
    readme = (ROOT / "README.md").read_text()
    script = (ROOT / "examples" / "play-round.sh").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.S)
    loop = next(block for block in blocks if "legal-moves" in block)
    for line in loop.strip().splitlines():
        assert line in script, line
