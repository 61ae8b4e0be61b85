"""Issue 39: on the stale page, *Save mine as round N* puts the player's entry in a round
another player deals. Otoroku's roles and teyaku follow the dealer (RULES 5.3: a June and a
September is *makezu* for anyone but the dealer), so the page says, beside the button and
before any Save, who deals round N and whether the entry scores otherwise for it. Through
the Flask test client, CSRF on, in English and in Japanese."""

from __future__ import annotations

import html
import re

from tests.web.test_pages import app, entry_form, new_table  # noqa: F401  (CSRF stays on)

NAMES = ["Aki", "Ben", "Chie"]
JA = {"Accept-Language": "ja,en-US;q=0.7,en;q=0.3"}
# Round 1 from another phone: Aki deals, Ben's 9 takes the pot and deals round 2.
THEIRS = ["1 2", "4 5", "1 3"]


def _form(base, values, dealer="0"):
    data = {**base, "wager": "10", "dealer": dealer, "dealer_shown": "0"}
    for i, (name, typed) in enumerate(zip(NAMES, values, strict=True)):
        data.update({f"p{i}_name": name, f"p{i}_values": typed})
    return data


def _stale(client, mine, headers=None, dealer="0"):
    """Phone B opens round 1's form, phone A saves round 1 (THEIRS), then B saves ``mine``:
    the stale page's text, and the page itself."""
    url = new_table(client, "otoroku", NAMES)
    form_url, phone_b = entry_form(client, url)
    _, phone_a = entry_form(client, url)
    assert client.post(form_url, data=_form(phone_a, THEIRS)).status_code == 302
    resp = client.post(form_url, data=_form(phone_b, mine, dealer), headers=headers or {})
    assert resp.status_code == 409
    page = resp.get_data(as_text=True)
    moved = re.search(r'<p class="stale-moved" id="stale-moved">([^<]*)</p>', page)
    return (html.unescape(moved.group(1)) if moved else None), page


def test_save_mine_as_the_next_round_says_its_other_dealer_and_teyaku(client):
    # Aki's June and September: a plain 15 while he deals round 1, makezu as Ben's last
    # player in round 2. The changes happen to be the same (+20): the teyaku is not.
    said, page = _stale(client, ["6 9", "4 5", "1 3"])
    assert said == (
        "At round 2 Ben deals, not Aki as in the round you entered: "
        "saved as round 2, yours scores differently."
    )
    assert 'class="button" aria-describedby="stale-moved">Save mine as round 2<' in page
    assert page.index('id="stale-moved"') < page.index('class="mine-score"')
    said, _ = _stale(client, ["6 9", "4 5", "1 3"], JA)
    assert said == (
        "第2回の親は、あなたが入力した回のAkiではなくBenです。"
        "第2回として保存すると、あなたの入力は点数が変わります。"
    )


def test_the_page_says_when_the_other_dealer_changes_nothing(client):
    said, _ = _stale(client, ["1 3", "4 5", "1 2"])
    assert said == (
        "At round 2 Ben deals, not Aki as in the round you entered: "
        "saved as round 2, yours scores the same."
    )
    said, _ = _stale(client, ["1 3", "4 5", "1 2"], JA)
    assert said == (
        "第2回の親は、あなたが入力した回のAkiではなくBenです。"
        "第2回として保存しても、あなたの入力の点数は変わりません。"
    )


def test_nothing_is_said_when_the_player_chose_the_dealer(client):
    # Chie picked as the dealer on the form: she deals whichever round it is saved as.
    said, page = _stale(client, ["6 9", "4 5", "1 3"], dealer="2")
    assert said is None and 'aria-describedby="stale-moved"' not in page
