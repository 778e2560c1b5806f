"""Push a canonical model to a real Gusset server with the Python client, pull it back and compare.

    GUSSET_URL=http://127.0.0.1:3000 GUSSET_TOKEN=gst_... GUSSET_MODEL_ID=<uuid> \
        python3 plugins/python/tests/roundtrip.py model.json pulled.json

"The same" here means equal as JSON values: the pulled document, parsed, equals the pushed one, parsed (every
key, every object, every number). The server adds nothing to a canonical model and keeps each object's own
`source`, so no field is excluded; the Vitest suite that runs this script also compares the engine's model hash
of the pulled file with the original's. Prints one line of JSON with what it saw; exits 1 on any difference.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, List

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from gusset_client import GussetClient, GussetError  # noqa: E402


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two JSON values first differ, for a readable failure."""
    if type(a) is not type(b):
        return "{}: {} vs {}".format(path, type(a).__name__, type(b).__name__)
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return "{}.{}: only on one side".format(path, key)
            found = first_difference(a[key], b[key], "{}.{}".format(path, key))
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return "{}: {} vs {} items".format(path, len(a), len(b))
        for index, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, "{}[{}]".format(path, index))
            if found:
                return found
        return None
    return None if a == b else "{}: {!r} vs {!r}".format(path, a, b)


def main(argv: List[str]) -> int:
    model_path, pulled_path = argv[1], argv[2]
    url, token, model_id = os.environ["GUSSET_URL"], os.environ["GUSSET_TOKEN"], os.environ["GUSSET_MODEL_ID"]
    with open(model_path, encoding="utf-8") as file:
        model = json.load(file)

    gusset = GussetClient(url, token, timeout=30)
    listed = any(entry["_id"] == model_id for entry in gusset.models())
    version = gusset.push(model_id, model, message="Round trip from Python", file_name="roundtrip.json")
    newest = gusset.versions(model_id)[0]
    latest = gusset.pull(model_id)
    by_id = gusset.pull(model_id, version["ID"])
    with open(pulled_path, "w", encoding="utf-8") as file:
        json.dump(latest, file, ensure_ascii=False)

    # The errors a script meets most: a version that does not exist, and a token that is no longer valid.
    try:
        gusset.pull(model_id, "00000000-0000-4000-8000-000000000000")
        missing_status = None
    except GussetError as error:
        missing_status = error.status
    try:
        GussetClient(url, "gst_" + "x" * 43).models()
        bad_token_status = None
        bad_token_message = None
    except GussetError as error:
        bad_token_status, bad_token_message = error.status, error.message

    difference = first_difference(model, latest) or first_difference(model, by_id)
    summary = {
        "listed": listed,
        "versionNumber": version["number"],
        "message": version["message"],
        "newestIsPushed": newest["ID"] == version["ID"],
        "same": difference is None,
        "difference": difference,
        "elements": len(latest.get("elements", [])),
        "nodes": len(latest.get("nodes", [])),
        "missingVersionStatus": missing_status,
        "badTokenStatus": bad_token_status,
        "badTokenMessage": bad_token_message,
    }
    print(json.dumps(summary))
    return 0 if difference is None and listed and summary["newestIsPushed"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
