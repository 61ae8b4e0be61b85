"""A real server process (gunicorn, several workers) on loopback with a file database."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

GUNICORN = str(Path(sys.executable).with_name("gunicorn"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """Start, kill and restart one gunicorn serving the app on one database."""

    def __init__(self, tmp: Path, workers: int = 4) -> None:
        self.tmp = tmp
        self.workers = workers
        self.db_url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or (
            f"sqlite:///{tmp / 'server.sqlite'}"
        )
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": self.db_url,
            "SCOREKEEPER_SECRET_KEY": secrets.token_hex(16),
            "SCOREKEEPER_INSTANCE_PATH": str(self.tmp),
        }
        with open(self.tmp / "server.log", "ab") as log:
            self.proc = subprocess.Popen(
                [
                    GUNICORN,
                    "--workers",
                    str(self.workers),
                    "--bind",
                    f"127.0.0.1:{self.port}",
                    "--graceful-timeout",
                    "1",
                    "--log-level",
                    "warning",
                    "scorekeeper:create_app()",
                ],
                env=env,
                start_new_session=True,
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        deadline = time.monotonic() + 60  # a ceiling: workers start slowly on a busy machine
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start: " + (self.tmp / "server.log").read_text())

    def kill(self) -> None:
        if self.proc is not None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
            self.proc = None

    def call(
        self, method: str, path: str, body: object = None, timeout: float = 30
    ) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, json.loads(r.read() or b"{}")
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                return e.code, json.loads(raw or b"{}")
            except ValueError:
                return e.code, {"raw": raw.decode(errors="replace")}


@pytest.fixture()
def server(tmp_path):
    srv = Server(tmp_path)
    srv.start()
    yield srv
    srv.stop()
