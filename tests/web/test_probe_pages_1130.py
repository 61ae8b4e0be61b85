"""The pages' side of the probes of 2026-11-30."""

from __future__ import annotations

from tests.helpers import EXAMPLE_A
from tests.web.test_pages import HALF_A, app, entry_form, new_table, pile_fields, totals  # noqa: F401


def test_a_correction_priced_at_another_value_is_refused_on_its_page(client):
    """A correction of a round settled at 1/2 a point, after the point value became 3, is
    refused on the correction page too, saying what to do, with the cards kept."""
    url = new_table(client, "toppa", ["Aki", "Ben"])
    sid = url.rsplit("/", 1)[1]
    client.patch(f"/api/v1/sessions/{sid}", json={"point_value": "1/2"})
    form_url, base = entry_form(client, url)
    fields = {**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1", "dealer": "0"}
    assert client.post(form_url, data=fields).status_code == 302
    assert client.post(f"/api/v1/sessions/{sid}/settle").status_code == 200
    assert client.patch(f"/api/v1/sessions/{sid}", json={"point_value": "3"}).status_code == 200
    form_url, base = entry_form(client, url, 1)
    fields = {**base, **pile_fields("p0_pile", HALF_A), "rest": "1", "dealer": "0"}
    resp = client.post(form_url, data=fields)
    assert resp.status_code == 409
    page = resp.get_data(as_text=True)
    assert "Settle up, set the point value back, then make the change" in page
    assert 'value="pine-crane" checked' in page
    assert totals(client, url) == ["0", "0"]
