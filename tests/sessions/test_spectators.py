"""Spectators (docs/sessions.md): a spectator token reads the public view, never a hand, and does nothing else;
the owner hands more out and revokes them."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.sessions.conftest import bearer, cards_in, hidden_from, open_table


def test_a_spectator_sees_the_public_view_and_no_hand(client: FlaskClient) -> None:
    table = open_table(client, "briscola", players=2, seed=5)
    watcher = table.created["tokens"]["spectator"]
    state = table.state()
    view = client.get(f"{table.path}/view", headers=bearer(watcher))
    assert view.status_code == 200
    seen = view.get_json()
    assert seen["seat"] is None and seen["hand"] is None and seen["hand_sizes"] == [3, 3]
    assert not cards_in(seen) & (set(state["hands"][0]) | set(state["hands"][1]) | hidden_from(state, 0))
    assert not set(seen["names"]) & (set(state["hands"][0]) | set(state["hands"][1]))


def test_a_spectator_does_nothing_else(client: FlaskClient) -> None:
    table = open_table(client, "scopa", players=2, seed=5)
    watcher = bearer(table.created["tokens"]["spectator"], **{"If-Match": table.etag()})
    version = table.etag()
    refused = {
        "session": client.get(table.path, headers=watcher),
        "a seat": client.get(f"{table.path}/view?seat=0", headers=watcher),
        "legal moves": client.get(f"{table.path}/legal-moves", headers=watcher),
        "suggest": client.post(f"{table.path}/suggest", json={"level": "random"}, headers=watcher),
        "move": client.post(f"{table.path}/moves", json={"computer": {"level": "random"}}, headers=watcher),
        "delete": client.delete(table.path, headers=watcher),
        "more spectators": client.post(f"{table.path}/spectators", headers=watcher),
    }
    for what, response in refused.items():
        assert response.status_code == 403, what
        assert response.get_json()["code"] in ("read_only_token", "owner_token_required"), what
    assert table.etag() == version


def test_the_owner_hands_out_and_revokes_spectator_tokens(client: FlaskClient) -> None:
    table = open_table(client, "escoba", players=2, seed=5)
    made = client.post(f"{table.path}/spectators", headers=bearer(table.owner, **{"If-Match": table.etag()}))
    assert made.status_code == 201 and made.get_json()["spectator"] == 1
    second = made.get_json()["token"]
    assert client.get(f"{table.path}/view", headers=bearer(second)).status_code == 200
    revoked = client.delete(
        f"{table.path}/spectators/1", headers=bearer(table.owner, **{"If-Match": table.etag()})
    )
    assert revoked.status_code == 204
    after = client.get(f"{table.path}/view", headers=bearer(second))
    assert after.status_code == 403 and after.get_json()["code"] == "invalid_token"
    first = client.get(f"{table.path}/view", headers=bearer(table.created["tokens"]["spectator"]))
    assert first.status_code == 200
    again = client.delete(
        f"{table.path}/spectators/1", headers=bearer(table.owner, **{"If-Match": table.etag()})
    )
    assert again.status_code == 404
    reused = client.post(
        f"{table.path}/spectators", headers=bearer(table.owner, **{"If-Match": table.etag()})
    )
    assert reused.get_json()["spectator"] == 1  # a revoked token's place is given to the next one
