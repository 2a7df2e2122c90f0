"""Alembic's revisions, oldest first. A released revision never changes: a change is a new one."""
