"""Gusset REST client: push and pull model versions as Gusset canonical JSON.

Standard library only (urllib, json, uuid), Python 3.8 or newer, so it runs in Rhino 8's Script editor
(CPython 3), Dynamo's CPython3 Python node and CSI's API scripts without installing anything.

    from gusset_client import GussetClient, GussetError

    gusset = GussetClient("https://gusset.example.com", "gst_...")
    version = gusset.push(model_id, model_dict, message="Moved grid C")
    model_dict = gusset.pull(model_id)             # the latest version
    model_dict = gusset.pull(model_id, version_id)  # one version

Create the token in Gusset under Profile -> Personal API tokens. The token acts as you: it can read and change
every model you can. Keep it out of shared files and revoke it when a computer or script no longer needs it.
The REST calls themselves are documented in docs/api.md.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Dict, List, Optional, Tuple

__all__ = ["GussetClient", "GussetError", "encode_upload"]
__version__ = "1.0.0"

# A job that failed (the file could not be translated) is not an HTTP error; it is reported with this status.
JOB_FAILED_STATUS = 422
# No answer at all (network down, wrong address, timeout), as Gusset's browser client reports it.
NO_ANSWER_STATUS = 0

_EXPIRED_HINT = (
    "The API token is unknown, revoked or expired. Create a new one in Gusset under "
    "Profile > Personal API tokens."
)


class GussetError(Exception):
    """A call Gusset refused or could not answer.

    ``status`` is the HTTP status (403: the token is unknown, revoked or expired; 401: you lack the permission;
    404: no such model or version, or not one you may see; 409: another upload of the model is still running;
    413: the file is too large), ``422`` when the upload was received but the file could not be translated, and
    ``0`` when the server could not be reached. ``message`` is Gusset's own sentence, meant for the user.
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    def __str__(self) -> str:
        if self.status == 403:
            return "{} ({}) {}".format(self.message, self.status, _EXPIRED_HINT)
        if self.status == NO_ANSWER_STATUS:
            return self.message
        return "{} ({})".format(self.message, self.status)


def encode_upload(
    base_url: str,
    model_id: str,
    model: Dict[str, Any],
    message: Optional[str],
    file_name: str,
    idempotency_key: str,
) -> Tuple[str, bytes, Dict[str, str]]:
    """The URL, body and headers of POST /api/v2/uploads for a canonical model (no network involved).

    Gusset takes the file itself as the request body (not multipart form data): the model as UTF-8 JSON, the
    file name percent-encoded in ``X-File-Name`` (its extension chooses the reader, so keep ``.json``), the
    target model and the version message in the query, and an ``Idempotency-Key`` that makes a retried
    upload return the first upload's job instead of making a second version.
    """
    query = {"modelId": model_id}
    if message is not None:
        query["message"] = message
    url = "{}/api/v2/uploads?{}".format(base_url.rstrip("/"), urllib.parse.urlencode(query))
    body = json.dumps(model, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    headers = {
        "Content-Type": "application/octet-stream",
        "X-File-Name": urllib.parse.quote(file_name, safe=""),
        "Idempotency-Key": idempotency_key,
    }
    return url, body, headers


class GussetClient:
    """A Gusset server as one user, authenticated with a personal API token (``gst_...``).

    ``timeout`` bounds each HTTP request, in seconds. ``job_timeout`` (an attribute, 600 s by default) bounds
    how long ``push`` waits for the server to translate and store the upload.
    """

    #: Seconds ``push`` waits for the upload job before giving up (the upload may still finish on the server).
    job_timeout: float = 600.0
    #: First and longest pause between two looks at the upload job, in seconds.
    poll_interval: Tuple[float, float] = (0.2, 2.0)
    #: How many times an upload is sent when no answer comes back (the same Idempotency-Key each time).
    upload_attempts: int = 3
    #: Seconds before the second sending of an upload; the third waits twice as long.
    retry_pause: float = 1.0

    def __init__(self, base_url: str, token: str, timeout: float = 60) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ValueError("base_url must start with http:// or https://, for example https://gusset.example.com")
        token = token.strip()
        if not token:
            raise ValueError("token is empty: create one in Gusset under Profile > Personal API tokens")
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self._token = token

    def __repr__(self) -> str:
        # Never the token: a repr ends up in logs and Grasshopper panels.
        return "GussetClient({!r})".format(self.base_url)

    # ---- the API -------------------------------------------------------------------------------------------

    def models(self) -> List[Dict[str, Any]]:
        """Every model you can see, most recently updated first (``_id``, ``name``, ``latestVersionId``...)."""
        return self._json("GET", "/api/models")["data"]

    def versions(self, model_id: str) -> List[Dict[str, Any]]:
        """The versions of a model, newest first (``ID``, ``number``, ``message``, ``Time``, ``counts``...)."""
        return self._model(model_id).get("versions") or []

    def push(
        self,
        model_id: str,
        model: Dict[str, Any],
        message: Optional[str] = None,
        file_name: str = "model.json",
    ) -> Dict[str, Any]:
        """Uploads ``model`` (a Gusset canonical model) as a new version of ``model_id`` and waits for it.

        Returns the new version (``ID``, ``number``, ``message``, ``counts``, ``report``...). Raises GussetError
        with Gusset's message when the upload is refused or the file cannot be translated.
        """
        url, body, headers = encode_upload(
            self.base_url, model_id, model, message, file_name, str(uuid.uuid4())
        )
        job = self._send_upload(url, body, headers)
        job = self._wait_for_job(job)
        version_id = job.get("versionId")
        if not version_id:
            raise GussetError(JOB_FAILED_STATUS, "The upload finished without a version.")
        return self._json("GET", "/api/models/{}/versions/{}".format(_quote(model_id), _quote(version_id)))

    def pull(self, model_id: str, version_id: Optional[str] = None) -> Dict[str, Any]:
        """A version of the model as Gusset canonical JSON (the latest one when ``version_id`` is None).

        The model's filters towards Gusset apply, as for any export.
        """
        if version_id is None:
            version_id = self._model(model_id).get("latestVersionId")
            if not version_id:
                raise GussetError(404, "This model has no versions yet: push one first.")
        path = "/api/models/{}/data/versions/{}/export?format=json".format(
            _quote(model_id), _quote(version_id)
        )
        return json.loads(self._request("GET", path).decode("utf-8"))

    # ---- plumbing ------------------------------------------------------------------------------------------

    def _model(self, model_id: str) -> Dict[str, Any]:
        return self._json("GET", "/api/models/{}".format(_quote(model_id)))

    def _send_upload(self, url: str, body: bytes, headers: Dict[str, str]) -> Dict[str, Any]:
        for attempt in range(1, self.upload_attempts + 1):
            try:
                return json.loads(self._request("POST", url, body=body, headers=headers).decode("utf-8"))
            except GussetError as error:
                # Only "no answer" is worth another try: the Idempotency-Key makes a repeat harmless.
                if error.status != NO_ANSWER_STATUS or attempt == self.upload_attempts:
                    raise
                time.sleep(self.retry_pause * attempt)
        raise AssertionError("unreachable")

    def _wait_for_job(self, job: Dict[str, Any]) -> Dict[str, Any]:
        deadline = time.monotonic() + self.job_timeout
        pause, longest = self.poll_interval
        while job.get("status") not in ("done", "failed"):
            if time.monotonic() > deadline:
                raise GussetError(
                    NO_ANSWER_STATUS,
                    "Gusset is still processing the upload after {:.0f} s (job {}, {}). It may still finish: "
                    "look at the model's history before pushing again.".format(
                        self.job_timeout, job.get("_id"), job.get("stage")
                    ),
                )
            time.sleep(pause)
            pause = min(pause * 2, longest)
            job = self._json("GET", "/api/v2/uploads/{}".format(_quote(str(job.get("_id")))))
        if job["status"] == "failed":
            raise GussetError(JOB_FAILED_STATUS, job.get("error") or "Gusset could not translate the upload.")
        return job

    def _json(self, method: str, path: str) -> Any:
        return json.loads(self._request(method, path).decode("utf-8"))

    def _request(
        self,
        method: str,
        path_or_url: str,
        body: Optional[bytes] = None,
        headers: Optional[Dict[str, str]] = None,
    ) -> bytes:
        url = path_or_url if path_or_url.startswith(("http://", "https://")) else self.base_url + path_or_url
        request = urllib.request.Request(url, data=body, method=method)
        request.add_header("Authorization", "Bearer " + self._token)
        request.add_header("Accept", "application/json")
        request.add_header("User-Agent", "gusset-python/{}".format(__version__))
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.read()
        except urllib.error.HTTPError as error:
            raise GussetError(error.code, _message_of(error)) from None
        except (urllib.error.URLError, socket.timeout, ConnectionError) as error:
            reason = getattr(error, "reason", error)
            raise GussetError(
                NO_ANSWER_STATUS, "Could not reach Gusset at {}: {}".format(self.base_url, reason)
            ) from None


def _quote(segment: str) -> str:
    return urllib.parse.quote(segment, safe="")


def _message_of(error: urllib.error.HTTPError) -> str:
    """Gusset's ``{ "message": ... }``, or a plain sentence when something else (a proxy) answered."""
    try:
        text = error.read().decode("utf-8", "replace")
    except Exception:  # noqa: BLE001 - a broken error body must not hide the status
        text = ""
    try:
        message = json.loads(text).get("message")
        if isinstance(message, str) and message:
            return message
    except (ValueError, AttributeError):
        pass
    return "Gusset answered {} {}".format(error.code, error.reason or "").strip()
