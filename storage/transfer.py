"""Copy a Parlor SQLite database into an empty PostgreSQL one: the move to several processes.

    .venv/bin/python -m storage.transfer data/parlor.db postgresql://parlor@db.internal/parlor

Stop the bot first. Opening each side migrates it to the schema this code ships, so both agree
on the columns. The target must hold no data at all. Every row is copied as it is, match ids
included, in one PostgreSQL transaction (all or nothing); new matches then continue after the
highest id. The SQLite file is only read.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import asyncpg

from storage.postgres import PostgresRepository
from storage.sqlite import SqliteRepository, from_db_time

Convert = Callable[[Any], Any]
_BATCH = 5_000


def _same(value: Any) -> Any:
    return value


def _bool(value: Any) -> bool:
    return bool(value)


def _time(value: Any) -> Any:
    return from_db_time(value)


def _seed(value: Any) -> Decimal:
    return Decimal(int(value))


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[tuple[str, Convert], ...]  # every column, with SQLite text → Python value

    @property
    def column_names(self) -> list[str]:
        return [name for name, _ in self.columns]

    def convert(self, row: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(
            None if value is None else convert(value)
            for value, (_, convert) in zip(row, self.columns, strict=True)
        )


# Parents before children, so the foreign keys hold at every row.
TABLES = (
    Table(
        "matches",
        (
            ("id", _same), ("game", _same), ("guild_id", _same), ("channel_id", _same),
            ("host_id", _same), ("status", _same), ("version", _same), ("seed", _seed),
            ("options", _same), ("outcome", _same), ("locale", _same), ("created_at", _time),
            ("updated_at", _time),
        ),
    ),
    Table(
        "seats",
        (
            ("match_id", _same), ("seat", _same), ("user_id", _same), ("display_name", _same),
            ("is_bot", _bool), ("locale", _same),
        ),
    ),
    Table(
        "actions",
        (
            ("match_id", _same), ("version", _same), ("seat", _same), ("user_id", _same),
            ("source", _same), ("action", _same), ("created_at", _time),
        ),
    ),
    Table(
        "snapshots",
        (("match_id", _same), ("version", _same), ("state", _same), ("updated_at", _time)),
    ),
    Table(
        "messages",
        (
            ("match_id", _same), ("kind", _same), ("channel_id", _same),
            ("message_id", _same), ("created_at", _time),
        ),
    ),
    # A match's timers as one row (migration 0008): the JSON text as it is, deadlines with
    # their offset, which PostgreSQL reads as they are.
    Table("match_timers", (("match_id", _same), ("timers", _same), ("warned", _same))),
    Table("guild_settings", (("guild_id", _same), ("data", _same), ("updated_at", _time))),
    Table(
        "stats",
        (
            ("match_id", _same), ("seat", _same), ("guild_id", _same), ("game", _same),
            ("user_id", _same), ("is_bot", _bool), ("score", float), ("won", _bool),
            ("role", _same), ("with_bots", _bool), ("finished_at", _time), ("character", _same),
            ("place", _same), ("rated", _bool),
        ),
    ),
    Table(
        "ratings",
        (
            ("match_id", _same), ("seat", _same), ("scope", _same), ("game", _same),
            ("user_id", _same), ("mu", float), ("sigma", float), ("finished_at", _time),
        ),
    ),
    Table(
        "replay_checkpoints",
        (("match_id", _same), ("step", _same), ("state", _same), ("events", _same)),
    ),
)


class TransferError(RuntimeError):
    """The copy was refused before anything was written."""


async def transfer(source: SqliteRepository, target: PostgresRepository) -> dict[str, int]:
    """Copy every row of the open ``source`` into the open, empty ``target``; rows per table."""
    copied: dict[str, int] = {}
    async with target.pool.acquire() as conn, conn.transaction():
        for table in TABLES:
            if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table.name})"):
                raise TransferError(
                    f"the PostgreSQL database already has rows in {table.name}; "
                    "the copy goes only into an empty one"
                )
        for table in TABLES:
            copied[table.name] = await _copy_table(source, conn, table, target.schema)
        # COPY wrote the ids as they were; the identity must carry on after the highest.
        await conn.execute(
            "SELECT setval(pg_get_serial_sequence('matches', 'id'), "
            "COALESCE((SELECT max(id) FROM matches), 0) + 1, false)"
        )
    return copied


async def _copy_table(
    source: SqliteRepository, conn: asyncpg.Connection, table: Table, schema: str | None
) -> int:
    count = 0
    sql = f"SELECT {', '.join(table.column_names)} FROM {table.name}"
    async with source.connection.execute(sql) as cursor:
        while records := [table.convert(row) for row in await cursor.fetchmany(_BATCH)]:
            # COPY writes identity values as given (like OVERRIDING SYSTEM VALUE).
            await conn.copy_records_to_table(
                table.name, records=records, columns=table.column_names, schema_name=schema
            )
            count += len(records)
    return count


async def run(source_path: Path, target_url: str) -> dict[str, int]:
    if not source_path.is_file():
        raise TransferError(f"no SQLite database at {source_path}")
    async with SqliteRepository(source_path) as source, PostgresRepository(target_url) as target:
        return await transfer(source, target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("source", type=Path, help="the SQLite file (DATABASE_PATH)")
    parser.add_argument("target", help="the PostgreSQL URL (DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        copied = asyncio.run(run(args.source, args.target))
    except TransferError as refused:
        print(f"transfer: {refused}", file=sys.stderr)
        return 1
    for name, count in copied.items():
        print(f"{name:<15} {count:>9} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
