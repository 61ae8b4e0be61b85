"""Who did what (API.md "Who did what"): a phone names itself once, and every write says so.

The API names the phone with the header ``X-Scorekeeper-Device``; the pages with a cookie kept
on the phone, set from a short form (the table's page asks until the phone has a name; the
footer links to it to change it). Every request tells ``scorekeeper.devices`` how to read the
name, so the journal records it beside each entry.
"""

from __future__ import annotations

from urllib.parse import quote, unquote

from flask import (
    Blueprint,
    Response,
    after_this_request,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from scorekeeper import devices
from scorekeeper.forms import DeviceForm
from scorekeeper.i18n import local_path
from scorekeeper.i18n import translate as tr
from scorekeeper.messages import N_

bp = Blueprint("device", __name__)

COOKIE = "scorekeeper-device"
COOKIE_AGE = 2 * 365 * 24 * 3600
TOO_LONG = N_("A phone's name is 1 to %(max)s characters, without control characters")
EXPIRED = N_("This form had expired, so nothing was saved: check it and tap the button again.")
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def phone_name() -> str | None:
    """The name this request's phone gave itself: the header, else the pages' cookie. A
    header that is no name names nobody on a page that only shows (a write naming its phone
    wrongly is refused first, ``_read_the_name``)."""
    header = request.headers.get(devices.HEADER)
    if header is not None:
        try:
            return devices.clean(devices.from_header(header))
        except ValueError:
            return None
    kept = request.cookies.get(COOKIE)
    if kept:
        try:
            return devices.clean(unquote(kept))
        except ValueError:
            return None  # a cookie the phone never got from us: no name
    return None


@bp.before_app_request
def _read_the_name() -> ResponseReturnValue | None:
    """Tell the journal how to read this request's phone name; a write naming its phone
    wrongly is ``422`` naming the header, and nothing is stored."""
    devices.set_reader(phone_name)
    header = request.headers.get(devices.HEADER)
    if header is None or request.method not in WRITES:
        return None
    try:
        name = devices.from_header(header)
    except ValueError:
        message = N_("A phone's name is sent as UTF-8")
    else:
        try:
            devices.clean(name)
        except ValueError:
            message = TOO_LONG(max=devices.MAX_LENGTH)
        else:
            return None
    from scorekeeper.views.api import errors_response

    return errors_response([{"field": devices.HEADER, "message": message}], 422)


@bp.teardown_app_request
def _forget_the_name(_exc: BaseException | None) -> None:
    """The reader reads this request: once it is over, a write outside any request (a
    script, the bench's long tables, a backup) names no phone instead of asking for a
    request that is gone."""
    devices.set_reader(None)


@bp.route("/device", methods=["GET", "POST"])
def name_this_phone() -> ResponseReturnValue:
    """Give this phone a name (or change or forget it), then go back to the page it came from."""
    target = request.values.get("next", "")
    target = target if local_path(target) else url_for("tables.home")
    form = DeviceForm()
    errors: dict[str, list[str]] = {}
    if request.method == "GET":
        form.device.data = phone_name() or ""
    elif form.validate_on_submit():
        typed = (form.device.data or "").strip()
        response: Response = redirect(target, 303)  # type: ignore[assignment]
        if not typed:
            response.delete_cookie(COOKIE, samesite="Lax", httponly=True)
            return response
        try:
            name = devices.clean(typed)
        except ValueError:
            errors = {"device": [tr(TOO_LONG(max=devices.MAX_LENGTH))]}
        else:
            return _kept(response, name)
    else:  # the form had expired (its CSRF token)
        errors = {"device": [tr(EXPIRED)]}
    status = 422 if errors else 200
    return render_template("device.html", form=form, errors=errors, next=target), status


def named_on_a_form(typed: str | None) -> str | None:
    """A name typed on a page that writes (the round form asks a phone without one): from now
    on this request's writes carry it and the phone keeps it (its cookie); ValueError when it
    cannot be a name. None when nothing was typed or the phone has a name already."""
    typed = (typed or "").strip()
    if not typed or phone_name() is not None:
        return None
    name = devices.clean(typed)
    devices.set_reader(lambda: name)

    @after_this_request
    def keep(response: Response) -> Response:
        return _kept(response, name) if response.status_code < 400 else response

    return name


def _kept(response: Response, name: str) -> Response:
    """``response`` with the phone's name kept on it (the pages' cookie)."""
    response.set_cookie(
        COOKIE,
        quote(name, safe=""),
        max_age=COOKIE_AGE,
        samesite="Lax",
        httponly=True,
        secure=request.is_secure,
    )
    return response


@bp.app_context_processor
def _helpers() -> dict[str, object]:
    return {"phone_name": phone_name, "device_form": DeviceForm}
