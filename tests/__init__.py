"""Scorekeeper's tests. ``fuzz_counts`` collects how many generated cases each fuzz test tried."""

fuzz_counts: dict[str, int] = {}
