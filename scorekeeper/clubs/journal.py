"""A club's journal: each change of the club is one entry, its summary in English and its
messages in the reader's language; ``undo.undo`` takes one back."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from scorekeeper import devices
from scorekeeper.clubs.store import iso
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.messages import Msg
from scorekeeper.models import Club, ClubJournalEntry, db, now


def record(
    club: Club,
    action: str,
    words: Sequence[str],
    undo: JSONObject,
    redo: JSONObject | None = None,
) -> ClubJournalEntry:
    """A journal entry of the club: its summary in English, and its messages, which the
    pages show in the reader's language. ``undo`` is how it is taken back; an undo of a
    change keeps instead how that change is made again (``redo``, a PATCH of the club)."""
    club.version += 1
    club.updated_at = now()
    messages: list[JSONValue] = [m.to_json() for m in words if isinstance(m, Msg)]
    entry = ClubJournalEntry(
        club_id=club.id,
        seq=club.version,
        at=now(),
        action=action,
        summary="; ".join(words),
        data={"undo": undo, "messages": messages, **({} if redo is None else {"redo": redo})},
        device=devices.current(),
    )
    db.session.add(entry)
    db.session.flush()
    return entry


def summary_messages(entry: JSONObject) -> list[Msg]:
    """The messages of a journal entry (``journal(..., messages=True)``), to translate."""
    raw = entry.get("messages")
    found = [Msg.from_json(m) for m in raw] if isinstance(raw, list) else []
    return [m for m in found if m is not None]


def journal(club: Club, *, messages: bool = False) -> list[JSONObject]:
    rows = db.session.scalars(
        select(ClubJournalEntry)
        .where(ClubJournalEntry.club_id == club.id)
        .order_by(ClubJournalEntry.seq.desc())
    )
    return [
        {
            "seq": e.seq,
            "at": iso(e.at),
            "action": e.action,
            "summary": e.summary,
            "undone": bool(e.data.get("undone")),
            "by": e.device,
            # For the pages: whether Undo is offered (a change, or an undo that keeps how
            # its change is made again; an undo kept before undos were undone does not).
            **(
                {
                    "messages": e.data.get("messages", []),
                    "undoable": e.action == "edit"
                    or isinstance(e.data.get("redo"), dict)
                    or bool(e.data.get("undo")),
                }
                if messages
                else {}
            ),
        }
        for e in rows
    ]
