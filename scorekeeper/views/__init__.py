"""The web layer: one blueprint per module."""
