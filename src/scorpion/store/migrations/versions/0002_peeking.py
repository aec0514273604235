"""Peeking (F10): the player's setting, and the mark on games and results that used it.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 21:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the peeking setting and the peeked mark of games and results (the rows already
    there: peeking off, not peeked)."""
    with op.batch_alter_table("settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("peeking", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("peeked", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("peeked", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    """Drop those columns."""
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_column("peeked")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("peeked")
    with op.batch_alter_table("settings", schema=None) as batch_op:
        batch_op.drop_column("peeking")
