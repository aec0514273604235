"""The browser table: a FastAPI server over the store, and the static page it serves."""

from .app import create_app

__all__ = ["create_app"]
