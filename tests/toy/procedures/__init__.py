"""The race's procedures, one module per rule section: only ``running`` (R-1, R-2)."""
