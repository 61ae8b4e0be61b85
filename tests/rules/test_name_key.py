"""How names compare (``rules.common.name_key``): Unicode's canonical caseless match, the
invisible joiners a name may keep aside, and one fast path for plain ASCII names."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.common import clean_name, name_key


def _canonical(name: str) -> str:
    """Unicode's canonical caseless key, written out (D145), joiners and tags dropped."""
    seen = "".join(
        ch for ch in name if ch not in "\u200c\u200d" and not 0xE0020 <= ord(ch) < 0xE0080
    )
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", seen).casefold())


@given(st.text())
def test_a_name_s_key_is_its_canonical_caseless_form_ascii_or_not(name):
    assert name_key(name) == _canonical(name)


@given(st.text())
def test_a_name_and_its_composed_and_decomposed_forms_share_a_key(name):
    for form in ("NFC", "NFD"):
        assert name_key(unicodedata.normalize(form, name)) == name_key(name)


@given(st.text())
def test_a_cleaned_name_is_composed_and_cleaned_again_unchanged(name):
    cleaned = clean_name(name)
    assert unicodedata.is_normalized("NFC", cleaned)
    assert clean_name(cleaned) == cleaned
