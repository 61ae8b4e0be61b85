"""Issue 32 item 5: undo for tables and clubs is one mechanism, a registry of how each
effect of a journal entry is undone (``tables.undoing``); PATCH checks are one small function
per key. These keep every effect and every key covered, so that a new one cannot be added
without saying how it is checked and taken back."""

from __future__ import annotations

import pytest

from scorekeeper.clubs import membership as club_membership
from scorekeeper.clubs import undo as club_undo
from scorekeeper.kinds import Effect
from scorekeeper.tables import patch_checks, undo
from scorekeeper.tables.undoing import Undoers


def test_every_effect_of_a_tables_journal_has_its_undo():
    # An imported entry is the exported table's history: nothing to undo (its refusal is the
    # registry's "cannot be undone"); a rematch's undoer refuses with its own reason.
    assert {e for e in Effect if not undo.TABLE_UNDO.knows(e)} == {Effect.IMPORTED}


def test_every_effect_a_clubs_change_keeps_has_its_undo():
    assert all(club_undo.CLUB_UNDO.knows(k) for k in ("remove", "unmerge", "attach"))
    assert club_undo.CLUB_UNDO.knows("patch")  # name, time zone, renames, archive flags


def test_every_key_of_a_change_has_its_check():
    checked = {key for key, _ in patch_checks.CHECKS} | {"seats", "first_dealer"}
    assert checked == set(patch_checks.PATCH_KEYS)
    assert {key for key, _ in club_membership.CHECKS} == set(club_membership.PATCH_KEYS)


def test_an_effect_is_undone_one_way_only():
    undoers = Undoers[str, str, str]()
    undoers.on("deleted")(lambda target, entry: "restored")
    with pytest.raises(AssertionError):
        undoers.on("deleted")(lambda target, entry: "again")


def test_the_effects_of_one_entry_are_undone_in_the_registrys_order():
    undoers = Undoers[list[str], str, str]()
    for effect in ("first", "second", "third"):
        undoers.on(effect)(lambda done, entry, effect=effect: done.append(effect) or effect)
    done: list[str] = []
    assert undoers.undo_each(done, "entry", ["third", "unknown", "first"]) == ["first", "third"]
    assert done == ["first", "third"]
    assert not undoers.knows("unknown") and not undoers.knows(None)


def test_a_clubs_table_refuses_a_rename_of_its_own(client):
    # The first check of "rename" in CHECKS (API.md "Clubs": a member has one name across the
    # club), said at its key, before the rename's own checks; nothing changes.
    from tests.web.test_clubs import make_club, table

    club = make_club(client)
    t = table(client, club, "toppa", ["Aki", "Ben"])
    resp = client.patch(f"/api/v1/sessions/{t['id']}", json={"rename": {"Aki": "Akiko"}})
    assert resp.status_code == 422
    assert [(e["field"], e["message"]) for e in resp.get_json()["errors"]] == [
        ("rename", "This table plays in a club: rename them at the club")
    ]
    players = client.get(f"/api/v1/sessions/{t['id']}").get_json()["players"]
    assert [p["name"] for p in players] == ["Aki", "Ben"]
