"""One module per ``gmkit`` verb; each defines ``add_parser(subparsers)`` and sets ``func``.

The CLI finds them here, so a new verb is a new module and nothing else changes.
"""
