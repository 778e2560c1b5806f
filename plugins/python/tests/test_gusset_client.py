"""Unit tests of gusset_client against a stub HTTP server in this process (standard library only).

Run from plugins/python:  python3 -m unittest discover -s tests -p "test_*.py"
The round trip against the real Gusset server is tests/roundtrip.py, run by tests/pythonClient.test.ts.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import unittest
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from gusset_client import GussetClient, GussetError, encode_upload  # noqa: E402

Answer = Tuple[int, Dict[str, str], bytes]
Route = Callable[["Recorded"], Answer]


class Recorded:
    """One request the stub received."""

    def __init__(self, method: str, path: str, headers: Dict[str, str], body: bytes) -> None:
        self.method = method
        self.url = urllib.parse.urlsplit(path)
        self.query = dict(urllib.parse.parse_qsl(self.url.query))
        self.headers = headers
        self.body = body


def json_answer(status: int, value: Any) -> Answer:
    return status, {"Content-Type": "application/json"}, json.dumps(value).encode("utf-8")


class Stub:
    """A local HTTP server answering by "METHOD /path" with functions of the request; it records every request."""

    def __init__(self, routes: Dict[str, Route]) -> None:
        self.routes = routes
        self.requests: List[Recorded] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep unittest's output clean
                pass

            def handle_any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                recorded = Recorded(
                    self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, self.rfile.read(length)
                )
                stub.requests.append(recorded)
                route = stub.routes.get("{} {}".format(self.command, recorded.url.path))
                try:
                    status, headers, body = route(recorded) if route else json_answer(404, {"message": "no route"})
                except ConnectionAbortedError:
                    self.close_connection = True
                    return
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_DELETE = handle_any

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:{}".format(self.server.server_address[1])
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


MODEL_ID = "6f1c2a4e-0000-4000-8000-000000000001"
VERSION_ID = "6f1c2a4e-0000-4000-8000-0000000000v1"
JOB_ID = "6f1c2a4e-0000-4000-8000-0000000000j1"
TOKEN = "gst_" + "a" * 43


def job(status: str, **extra: Any) -> Dict[str, Any]:
    return dict({"_id": JOB_ID, "status": status, "stage": "Reading the file", "versionId": None, "error": None}, **extra)


class EncodeUploadTest(unittest.TestCase):
    def test_the_model_is_the_raw_utf8_body_with_its_name_and_message_beside_it(self) -> None:
        model = {"name": "Tour Eiffel \u00e9tage 2", "nodes": [{"id": "1", "x": 0.5}]}
        url, body, headers = encode_upload(
            "https://gusset.example.com/", MODEL_ID, model, "Moved grid C & D", "Br\u00fccke 1.json", "key-1"
        )
        parts = urllib.parse.urlsplit(url)
        self.assertEqual(parts.path, "/api/v2/uploads")  # the trailing slash of the base is not doubled
        self.assertEqual(
            dict(urllib.parse.parse_qsl(parts.query)), {"modelId": MODEL_ID, "message": "Moved grid C & D"}
        )
        self.assertEqual(json.loads(body.decode("utf-8")), model)
        self.assertIn("\u00e9tage".encode("utf-8"), body)  # UTF-8, not \\u escapes
        self.assertEqual(headers["Content-Type"], "application/octet-stream")
        # The server reads the name as percent-encoded UTF-8 (what encodeURIComponent makes in the browser).
        self.assertEqual(headers["X-File-Name"], "Br%C3%BCcke%201.json")
        self.assertEqual(headers["Idempotency-Key"], "key-1")

    def test_no_message_sends_no_message_field(self) -> None:
        url, _, _ = encode_upload("http://h", MODEL_ID, {}, None, "model.json", "k")
        self.assertNotIn("message", dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query)))

    def test_a_model_with_nan_is_refused_before_sending(self) -> None:
        # JSON has no NaN; the server would refuse the file with a parse error the user could not place.
        with self.assertRaises(ValueError):
            encode_upload("http://h", MODEL_ID, {"nodes": [{"x": float("nan")}]}, None, "model.json", "k")


class ClientTest(unittest.TestCase):
    stub: Stub

    def start(self, routes: Dict[str, Route]) -> GussetClient:
        self.stub = Stub(routes)
        self.addCleanup(self.stub.close)
        client = GussetClient(self.stub.url, TOKEN, timeout=5)
        client.poll_interval = (0.01, 0.02)
        return client

    def test_push_sends_the_token_waits_for_the_job_and_returns_the_version(self) -> None:
        polls: List[int] = []

        def poll(_: Recorded) -> Answer:
            polls.append(1)
            return json_answer(200, job("done", versionId=VERSION_ID) if len(polls) >= 3 else job("running"))

        client = self.start(
            {
                "POST /api/v2/uploads": lambda _: json_answer(202, job("queued")),
                "GET /api/v2/uploads/" + JOB_ID: poll,
                "GET /api/models/{}/versions/{}".format(MODEL_ID, VERSION_ID): lambda _: json_answer(
                    200, {"ID": VERSION_ID, "number": 4, "message": "From Python"}
                ),
            }
        )
        version = client.push(MODEL_ID, {"nodes": []}, message="From Python")
        self.assertEqual(version, {"ID": VERSION_ID, "number": 4, "message": "From Python"})
        self.assertEqual(len(polls), 3)
        upload = self.stub.requests[0]
        self.assertEqual(upload.headers["authorization"], "Bearer " + TOKEN)
        self.assertEqual(upload.query, {"modelId": MODEL_ID, "message": "From Python"})
        self.assertEqual(upload.headers["x-file-name"], "model.json")
        self.assertTrue(upload.headers["idempotency-key"])
        self.assertTrue(all(r.headers["authorization"] == "Bearer " + TOKEN for r in self.stub.requests))

    def test_a_failed_job_raises_with_the_servers_reason(self) -> None:
        reason = "The file could not be read: line 3: not a Gusset model: nodes[0].x: expected number"
        client = self.start(
            {
                "POST /api/v2/uploads": lambda _: json_answer(202, job("queued")),
                "GET /api/v2/uploads/" + JOB_ID: lambda _: json_answer(200, job("failed", error=reason)),
            }
        )
        with self.assertRaises(GussetError) as raised:
            client.push(MODEL_ID, {"nodes": []})
        self.assertEqual(raised.exception.status, 422)
        self.assertEqual(raised.exception.message, reason)

    def test_a_refused_upload_raises_the_servers_status_and_message(self) -> None:
        busy = "Another upload of this model is still being processed."
        client = self.start({"POST /api/v2/uploads": lambda _: json_answer(409, {"message": busy})})
        with self.assertRaises(GussetError) as raised:
            client.push(MODEL_ID, {})
        self.assertEqual((raised.exception.status, raised.exception.message), (409, busy))
        self.assertEqual(len(self.stub.requests), 1)  # a refusal is an answer: no retry

    def test_an_expired_token_says_how_to_get_a_new_one(self) -> None:
        client = self.start({"GET /api/models": lambda _: json_answer(403, {"message": "Your session has expired"})})
        with self.assertRaises(GussetError) as raised:
            client.models()
        self.assertEqual(raised.exception.status, 403)
        self.assertEqual(raised.exception.message, "Your session has expired")
        self.assertIn("Personal API tokens", str(raised.exception))

    def test_an_answer_that_is_not_gussets_json_still_gives_its_status(self) -> None:
        client = self.start(
            {"GET /api/models": lambda _: (502, {"Content-Type": "text/html"}, b"<html>Bad gateway</html>")}
        )
        with self.assertRaises(GussetError) as raised:
            client.models()
        self.assertEqual(raised.exception.status, 502)
        self.assertIn("502", raised.exception.message)

    def test_pull_without_a_version_exports_the_latest_as_json(self) -> None:
        model = {"nodes": [{"id": "1"}], "units": "mm"}
        client = self.start(
            {
                "GET /api/models/" + MODEL_ID: lambda _: json_answer(200, {"_id": MODEL_ID, "latestVersionId": VERSION_ID}),
                "GET /api/models/{}/data/versions/{}/export".format(MODEL_ID, VERSION_ID): lambda r: (
                    (200, {"Content-Type": "application/octet-stream"}, json.dumps(model).encode("utf-8"))
                    if r.query == {"format": "json"}
                    else json_answer(400, {"message": "format"})
                ),
            }
        )
        self.assertEqual(client.pull(MODEL_ID), model)

    def test_pull_of_a_model_without_versions_says_so(self) -> None:
        client = self.start(
            {"GET /api/models/" + MODEL_ID: lambda _: json_answer(200, {"_id": MODEL_ID, "latestVersionId": None})}
        )
        with self.assertRaises(GussetError) as raised:
            client.pull(MODEL_ID)
        self.assertEqual(raised.exception.status, 404)

    def test_versions_and_models_read_the_lists(self) -> None:
        client = self.start(
            {
                "GET /api/models": lambda _: json_answer(200, {"data": [{"_id": MODEL_ID, "name": "Bridge"}]}),
                "GET /api/models/" + MODEL_ID: lambda _: json_answer(200, {"_id": MODEL_ID, "versions": [{"ID": "v2"}, {"ID": "v1"}]}),
            }
        )
        self.assertEqual([m["name"] for m in client.models()], ["Bridge"])
        self.assertEqual([v["ID"] for v in client.versions(MODEL_ID)], ["v2", "v1"])

    def test_an_upload_that_got_no_answer_is_sent_again_with_the_same_key(self) -> None:
        attempts: List[Recorded] = []

        def flaky(request: Recorded) -> Answer:
            attempts.append(request)
            if len(attempts) == 1:
                raise ConnectionAbortedError("dropped")  # the stub closes the connection without answering
            return json_answer(200, job("done", versionId=VERSION_ID))

        client = self.start(
            {
                "POST /api/v2/uploads": flaky,
                "GET /api/models/{}/versions/{}".format(MODEL_ID, VERSION_ID): lambda _: json_answer(200, {"ID": VERSION_ID}),
            }
        )
        client.retry_pause = 0.01
        self.assertEqual(client.push(MODEL_ID, {})["ID"], VERSION_ID)
        self.assertEqual(len(attempts), 2)
        # The server answers a repeated Idempotency-Key with the first upload's job: no second version.
        self.assertEqual(attempts[0].headers["idempotency-key"], attempts[1].headers["idempotency-key"])

    def test_an_unreachable_server_is_status_0(self) -> None:
        # A port nothing listens on: take one from the OS, then close it.
        stub = Stub({})
        url = stub.url
        stub.close()
        client = GussetClient(url, TOKEN, timeout=2)
        client.retry_pause = 0.01
        with self.assertRaises(GussetError) as raised:
            client.push(MODEL_ID, {})
        self.assertEqual(raised.exception.status, 0)
        self.assertIn(url, raised.exception.message)

    def test_the_token_never_shows_in_the_clients_repr(self) -> None:
        self.assertNotIn(TOKEN, repr(GussetClient("http://h", TOKEN)))

    def test_a_base_url_without_scheme_or_an_empty_token_is_refused_at_once(self) -> None:
        with self.assertRaises(ValueError):
            GussetClient("gusset.example.com", TOKEN)
        with self.assertRaises(ValueError):
            GussetClient("http://h", "  ")


if __name__ == "__main__":
    unittest.main()
