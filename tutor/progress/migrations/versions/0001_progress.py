"""The progress tables: learner, lesson_completion, practice_answer, clause_card, resume_place.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learner",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "lesson_completion",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learner.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("lesson", sa.String(100), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "game", "lesson", name="uq_lesson_completion"),
    )
    op.create_index("ix_lesson_completion_learner_id", "lesson_completion", ["learner_id"])
    op.create_table(
        "practice_answer",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learner.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("clause", sa.String(100), nullable=False),
        sa.Column("chosen_clause", sa.String(100), nullable=True),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("question", sa.String(300), nullable=False),
    )
    op.create_index("ix_practice_answer_learner_id", "practice_answer", ["learner_id"])
    op.create_table(
        "clause_card",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("clause", sa.String(100), primary_key=True),
        sa.Column("card", sa.Text, nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "resume_place",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("page", sa.String(100), primary_key=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for table in ("resume_place", "clause_card", "practice_answer", "lesson_completion", "learner"):
        op.drop_table(table)
