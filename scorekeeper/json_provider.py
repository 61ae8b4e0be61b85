"""Flask's JSON for the app's answers, written by orjson (the web layer's; ``jsonio`` names the
JSON types every layer uses, without Flask)."""

from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider


class Provider(DefaultJSONProvider):
    """Flask's JSON for responses, written by orjson: the API's answers are its largest
    output (a long table's session is hundreds of kilobytes). Keys keep their order, text is
    written as UTF-8 rather than escaped, and whatever orjson does not write itself (dates,
    dataclasses, an integer beyond 64 bits) goes the standard library's way, as before."""

    sort_keys = False
    _OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs.keys() - {"separators"}:  # indented (debug) or other options
            return super().dumps(obj, **kwargs)
        try:
            return orjson.dumps(obj, default=self.default, option=self._OPTIONS).decode()
        except TypeError:  # orjson.JSONEncodeError
            return super().dumps(obj, **kwargs)
