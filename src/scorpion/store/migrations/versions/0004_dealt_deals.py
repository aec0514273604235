"""Dealt deals (F10): the deals each player was dealt, by variant, so that a later game of
the same deal number in a variant whose start hides cards the first one showed starts
marked peeked.

The record starts with the deals of the saved games and of the results (a game dealt and
replaced before its first move, before this migration, left no trace to record).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06 20:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of dealt deals and fill it from the saved games and results."""
    op.create_table(
        "dealt_deals",
        sa.Column("player_id", sa.String(length=64), nullable=False),
        sa.Column("variant", sa.String(length=32), nullable=False),
        sa.Column("deal", sa.String(length=32), nullable=False),
        sa.Column("first_dealt_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_dealt_deals_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("player_id", "variant", "deal", name=op.f("pk_dealt_deals")),
    )

    def dealt(name: str, when: str) -> sa.Select[tuple[str, str, str, object]]:
        table = sa.table(
            name, sa.column("player_id", sa.String), sa.column("variant", sa.String),
            sa.column("deal", sa.String), sa.column(when, sa.DateTime),
        )
        return sa.select(
            table.c.player_id, table.c.variant, table.c.deal, table.c[when].label("dealt")
        )

    both = sa.union_all(dealt("games", "created_at"), dealt("results", "started_at"))
    known = both.subquery("known")
    record = sa.table(
        "dealt_deals", sa.column("player_id"), sa.column("variant"), sa.column("deal"),
        sa.column("first_dealt_at"),
    )
    op.execute(
        sa.insert(record).from_select(
            ["player_id", "variant", "deal", "first_dealt_at"],
            sa.select(
                known.c.player_id, known.c.variant, known.c.deal, sa.func.min(known.c.dealt)
            ).group_by(known.c.player_id, known.c.variant, known.c.deal),
        )
    )


def downgrade() -> None:
    """Drop that table."""
    op.drop_table("dealt_deals")
