"""Persistence only: tables, their rounds, and the earlier versions of corrected rounds."""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime, timedelta

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeEngine

from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import Action, EntryKind
from scorekeeper.round_data import (
    EngineInput,
    Entry,
    JournalData,
    Result,
    StateJSON,
    StateShape,
    TallyJSON,
)


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


_EPOCH = datetime(1970, 1, 1)
_SECOND = timedelta(seconds=1)


def _token() -> str:
    """A new unguessable id (as ``tables.store.new_token``: 192 random bits)."""
    return secrets.token_urlsafe(24)


class Moment(TypeDecorator[datetime]):
    """A UTC time (naive, as ``now`` gives it). SQLite keeps it as whole seconds since 1970
    (what the API and the pages show of it): 4 bytes where its text took 26, in a column
    every stored round has (migration 0006). Other databases keep their own timestamp."""

    impl = DateTime
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[int] | TypeEngine[datetime]:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(BigInteger())
        return dialect.type_descriptor(DateTime())

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> int | datetime | None:
        if value is None or dialect.name != "sqlite":
            return value
        return (value - _EPOCH) // _SECOND

    def process_result_value(
        self, value: int | str | datetime | None, dialect: Dialect
    ) -> datetime | None:
        if value is None or isinstance(value, datetime):
            return value
        if isinstance(value, str):  # as SQLite kept it before 0006
            return datetime.fromisoformat(value)
        assert isinstance(value, int)
        return _EPOCH + value * _SECOND


class KindColumn(TypeDecorator[EntryKind]):
    """An entry's kind, stored as its string (as before the enum): read back as the member."""

    impl = String(8)
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: Dialect) -> str | None:
        return None if value is None else str(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> EntryKind | None:
        return None if value is None else EntryKind(value)


class ActionColumn(TypeDecorator[Action]):
    """A journal entry's action, stored as its string: read back as the member."""

    impl = String(16)
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: Dialect) -> str | None:
        return None if value is None else str(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> Action | None:
        return None if value is None else Action(value)


class Table(db.Model):  # type: ignore[name-defined,misc]
    """One table (session): its game, players in turn order, house rules and cached totals."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(16))
    players: Mapped[list[str]] = mapped_column(JSON)
    rules: Mapped[JSONObject] = mapped_column(JSON, default=dict)
    settings: Mapped[JSONObject] = mapped_column(JSON, default=dict)
    point_value: Mapped[str | None] = mapped_column(String(40), nullable=True)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    opening: Mapped[StateJSON | None] = mapped_column(JSON, nullable=True)
    """The ledger state before round 1 when the table continues another (totals carried)."""
    state: Mapped[StateJSON] = mapped_column(JSON)
    """The ledger state after the last round (totals, pot, house, next dealer, ...)."""
    round_count: Mapped[int] = mapped_column(Integer, default=0)
    """Live entries (rounds, game ends, changes, settle-ups): the last entry's position."""
    rounds_played: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Live rounds only (kind ``round``): what players count, the API's ``round_count``."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """The ``seq`` of the table's last journal entry: changes with every write."""
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    club_id: Mapped[int | None] = mapped_column(
        ForeignKey("clubs.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The club the table plays in (API.md "Clubs"; migration 0009), None for none."""
    view_token: Mapped[str | None] = mapped_column(
        String(64), unique=True, index=True, nullable=True, default=lambda: _token()
    )
    """The read-only link's id (migration 0010): its pages and JSON, every write refused."""
    figures_through: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """At a club's table, the last entry (``Round.number``) its kept figures
    (``ClubFigure``) include; None when they are to be built (migration 0010)."""
    deck_id: Mapped[int | None] = mapped_column(
        ForeignKey("decks.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The taught deck the table's photos are read with (migration 0011); at a club's table
    the club's deck stands in while this is None."""
    start_id: Mapped[str | None] = mapped_column(String(64), unique=True, index=True, nullable=True)
    """The id the start form that opened the table carried (migration 0015): that form sent
    again (Start tapped twice) lands on this table instead of opening another."""

    rounds: Mapped[list[Round]] = relationship(
        back_populates="table",
        order_by="Round.number",
        cascade="all, delete-orphan",
        lazy="raise_on_sql",
    )


class Round(db.Model):  # type: ignore[name-defined,misc]
    """One entry of a table: what was entered, and the server's result for it."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="uq_rounds_table_number"),
        Index("ix_rounds_table_round_no", "table_id", "round_no"),  # migration 0007
        Index(  # only rounds that have one (migration 0006)
            "uq_rounds_table_submission",
            "table_id",
            "submission_id",
            unique=True,
            sqlite_where=text("submission_id IS NOT NULL"),
            postgresql_where=text("submission_id IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    """Indexed by ``uq_rounds_table_number``, whose first column it is."""
    number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The entry's position: 1..N without gaps among the table's live entries of every kind
    (the order of play); None once the entry is deleted. Internal: the API and the pages
    show ``round_no``."""
    round_no: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round's number as players count it (API.md "Round numbers count rounds"): 1..N
    without gaps among the table's live rounds (kind ``round``), in the order of ``number``;
    None for a game's end, a change of the table, a settle-up, and a deleted entry."""
    kind: Mapped[EntryKind] = mapped_column(KindColumn, default=EntryKind.ROUND)
    entry: Mapped[Entry] = mapped_column(JSON)
    """The input as the players entered it (the table derives dealer, pot, ...)."""
    body: Mapped[EngineInput] = mapped_column(JSON)
    """The scoring engine's full input, as derived when last computed."""
    result: Mapped[Result | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    """The engine's result as the API shows it; None when it is left to be recomputed from
    ``body`` on reading (``store.result_of``): rounds rescored by a replay or an import."""
    outcome: Mapped[JSONObject | None] = mapped_column(JSON, nullable=True)
    """How the round moved the table on (``rules.Outcome``); None for rounds stored before it."""
    deltas: Mapped[list[str]] = mapped_column(JSON)
    after: Mapped[StateShape] = mapped_column(JSON)
    """The ledger state after this round that later rounds depend on (``State.shape``): not
    the running totals and house, which only ``checkpoint`` and the table keep."""
    checkpoint: Mapped[TallyJSON | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    """Every ``CHECKPOINT``-th round: the running totals and house after it."""
    game_no: Mapped[int] = mapped_column(Integer, default=1)
    game_round: Mapped[int] = mapped_column(Integer, default=1)
    dealer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    submission_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(Moment, default=now)
    deleted_at: Mapped[datetime | None] = mapped_column(nullable=True)
    deleted_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The number the round had when it was deleted (where a restore puts it back)."""

    table: Mapped[Table] = relationship(back_populates="rounds")
    versions: Mapped[list[RoundVersion]] = relationship(
        back_populates="round",
        order_by="RoundVersion.version",
        cascade="all, delete-orphan",
        lazy="raise_on_sql",
    )


class RoundVersion(db.Model):  # type: ignore[name-defined,misc]
    """An earlier version of a corrected round, kept for the history."""

    __tablename__ = "round_versions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    entry: Mapped[Entry] = mapped_column(JSON)
    result: Mapped[Result] = mapped_column(JSON)
    deltas: Mapped[list[str]] = mapped_column(JSON)
    replaced_at: Mapped[datetime] = mapped_column(default=now)
    note: Mapped[str] = mapped_column(Text, default="")

    round: Mapped[Round] = relationship(back_populates="versions")


class JournalEntry(db.Model):  # type: ignore[name-defined,misc]
    """One write to a table, appended and never removed (API.md "Journal")."""

    __tablename__ = "journal"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_journal_table_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(default=now)
    action: Mapped[Action] = mapped_column(ActionColumn)
    """What the write was (``Action``; a rematch is a note kept on the old table)."""
    number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round's number (``Round.round_no``) when the entry concerns a round."""
    round_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    summary: Mapped[str] = mapped_column(Text)
    data: Mapped[JournalData] = mapped_column(JSON)
    """What the write did, so it can be undone: its ``effect`` and what that needs."""
    device: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The name of the phone that made the write (API.md "Who did what"; migration 0008),
    None when it gave none."""


class Club(db.Model):  # type: ignore[name-defined,misc]
    """A group of people who play at many tables over many evenings (API.md "Clubs")."""

    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    """The club's id: whoever holds it reads and writes the club and its tables."""
    view_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    """The read-only link's id."""
    name: Mapped[str] = mapped_column(String(80))
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    members: Mapped[list[JSONObject]] = mapped_column(JSON)
    """``[{"name": "Aki", "archived": false}, ...]`` in the order they joined."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    """The ``seq`` of the club's last journal entry."""
    figures_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Counts the changes of the club's kept figures (migration 0010): what its pages
    computed from them stays true while it stays the same."""
    deck_id: Mapped[int | None] = mapped_column(
        ForeignKey("decks.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The taught deck of the club's tables (migration 0011), None for the built-in model."""
    seasons: Mapped[list[JSONValue] | None] = mapped_column(JSON, nullable=True)
    """``[{"name": "Winter 2026", "from": "2026-12-01", "to": "2027-02-28"}]`` (migration
    0012; None before a season is named): ``clubs.seasons`` reads it."""
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)


class ClubFigure(db.Model):  # type: ignore[name-defined,misc]
    """A club's kept figures (migration 0010): one seat's rounds at one table on one of the
    club's days, kept up to date by every write, so that the club's pages add up a few rows
    instead of reading every round. Seat -1 keeps the pot's and the house's changes."""

    __tablename__ = "club_figures"
    __table_args__ = (UniqueConstraint("table_id", "day", "seat", name="uq_club_figures"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    """Indexed by ``uq_club_figures``, whose first column it is."""
    day: Mapped[date] = mapped_column(Date)
    seat: Mapped[int] = mapped_column(Integer)
    points: Mapped[str] = mapped_column(String(80), default="0")
    """The exact sum of the seat's changes (rounds and game ends); at seat -1, the pot's."""
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    best: Mapped[str | None] = mapped_column(String(80), nullable=True)
    best_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The number of the round (``Round.round_no``) that first made ``best`` (migration 0013;
    None in rows kept before it)."""
    worst: Mapped[str | None] = mapped_column(String(80), nullable=True)
    yaku: Mapped[JSONObject] = mapped_column(JSON, default=dict)
    """How often the seat made each yaku: ``{"five-brights": 1}``."""
    together: Mapped[JSONObject] = mapped_column(JSON, default=dict)
    """Per other seat: ``[rounds together, this seat's points, theirs]`` over those rounds."""
    house: Mapped[str] = mapped_column(String(80), default="0")
    """At seat -1: what the house took."""
    first_at: Mapped[datetime | None] = mapped_column(Moment, nullable=True)
    last_at: Mapped[datetime | None] = mapped_column(Moment, nullable=True)
    money: Mapped[str | None] = mapped_column(String(80), nullable=True)
    """The exact sum of the seat's changes each times the point value it was played at (none
    counts nothing); None in rows kept before migration 0014."""
    unpriced: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    """Whether any of the row's entries was played without a point value (0014; None
    before)."""


class ClubJournalEntry(db.Model):  # type: ignore[name-defined,misc]
    """One change of a club, appended and never removed; ``data`` says how to undo it."""

    __tablename__ = "club_journal"
    __table_args__ = (UniqueConstraint("club_id", "seq", name="uq_club_journal_club_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(default=now)
    action: Mapped[str] = mapped_column(String(16))
    summary: Mapped[str] = mapped_column(Text)
    data: Mapped[JSONObject] = mapped_column(JSON)
    device: Mapped[str | None] = mapped_column(String(40), nullable=True)


class Deck(db.Model):  # type: ignore[name-defined,misc]
    """A player's own deck, taught from photos (API.md "Photos and decks"; migration 0011):
    its faces are read against when a table or club names it."""

    __tablename__ = "decks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    """The deck's id, a write key as a table's: whoever holds it changes or deletes it."""
    name: Mapped[str | None] = mapped_column(String(60), nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Counts the changes of the deck's faces: what was built from them (the recogniser's
    ``Faces``) stays true while it stays the same."""
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)


class DeckFace(db.Model):  # type: ignore[name-defined,misc]
    """One card's face of a taught deck: a small JPEG of that card alone (never the photo)."""

    __tablename__ = "deck_faces"
    __table_args__ = (UniqueConstraint("deck_id", "card", name="uq_deck_faces_deck_card"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deck_id: Mapped[int] = mapped_column(ForeignKey("decks.id", ondelete="CASCADE"))
    """Indexed by ``uq_deck_faces_deck_card``, whose first column it is."""
    card: Mapped[str] = mapped_column(String(40))
    jpeg: Mapped[bytes] = mapped_column(LargeBinary)
    """The face, upright, at most 400 px on its longer side (``scorekeeper.decks``)."""
    looks_like: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The card the built-in model read this face as, when another (for the page to ask)."""
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)
