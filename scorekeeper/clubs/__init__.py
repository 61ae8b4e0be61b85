"""Clubs (API.md "Clubs"): members across tables and evenings, their changes journalled with
undo, tables joining, and standings over a period of the club's days. The views use
``clubs.service`` to write and ``clubs.reading`` to read."""
