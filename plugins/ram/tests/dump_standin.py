"""Prints the canonical JSON model ram_to_canonical makes of the stand-in building.

tests/ramPlugin.test.ts reads this output with Gusset's own JSON reader, so the plugin's output is checked
against the real server-side schema, not against this folder's idea of it.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gusset_ram import ram_to_canonical  # noqa: E402
from ram_standin import two_storey_steel_building  # noqa: E402

if __name__ == "__main__":
    json.dump(ram_to_canonical(two_storey_steel_building()), sys.stdout, indent=1)
    sys.stdout.write("\n")
