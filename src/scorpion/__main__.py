"""``python -m scorpion``: the same as the ``scorpion`` command."""

from .cli import main

main()
