"""Seen deals (F10): the deals whose hidden cards a player was shown, so that a later game of
such a deal starts marked peeked, and the mark's reason on the game.

The record starts with the deals of the games and results already marked peeked (the
solutions shown before this migration were not recorded, so they cannot be).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02 12:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of seen deals, fill it from the games and results marked peeked,
    and add the mark's reason (``deal_seen``) on the games."""
    op.create_table(
        "seen_deals",
        sa.Column("player_id", sa.String(length=64), nullable=False),
        sa.Column("variant", sa.String(length=32), nullable=False),
        sa.Column("deal", sa.String(length=32), nullable=False),
        sa.Column("first_seen_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_seen_deals_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("player_id", "variant", "deal", name=op.f("pk_seen_deals")),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("deal_seen", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    # The deals of the games and results marked peeked so far: peeking help was shown in
    # a game of each.
    def peeked(name: str, when: str) -> sa.Select[tuple[str, str, str, object]]:
        table = sa.table(
            name, sa.column("player_id", sa.String), sa.column("variant", sa.String),
            sa.column("deal", sa.String), sa.column(when, sa.DateTime),
            sa.column("peeked", sa.Boolean),
        )
        return sa.select(
            table.c.player_id, table.c.variant, table.c.deal, table.c[when].label("seen")
        ).where(table.c.peeked == sa.true())

    both = sa.union_all(peeked("games", "created_at"), peeked("results", "started_at"))
    marked = both.subquery("marked")
    seen = sa.table(
        "seen_deals", sa.column("player_id"), sa.column("variant"), sa.column("deal"),
        sa.column("first_seen_at"),
    )
    op.execute(
        sa.insert(seen).from_select(
            ["player_id", "variant", "deal", "first_seen_at"],
            sa.select(
                marked.c.player_id, marked.c.variant, marked.c.deal, sa.func.min(marked.c.seen)
            ).group_by(marked.c.player_id, marked.c.variant, marked.c.deal),
        )
    )


def downgrade() -> None:
    """Drop that table and the mark's reason on the games."""
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("deal_seen")
    op.drop_table("seen_deals")
