"""Tables and their rounds: the one code path behind the pages and the session API.

- ``checks``: a new table's body checked (API, home page form, import).
- ``service``: one function per action (open, enter, correct, delete, end a game, export,
  import); pages and API call these and commit.
- ``store``: queries and persistence, no decisions.
- ``shapes``: the API's JSON for a session and a round.
"""

from __future__ import annotations
